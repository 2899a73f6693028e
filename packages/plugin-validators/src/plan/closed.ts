import type { NamedSchema, SchemaNode } from '@reslayer/core';
import type { BuildContext } from './buildNode.js';
import { buildNode } from './buildNode.js';
import type { VNode } from './vnode.js';

/** Deepest chain of references, unions and intersections {@link composesClosed} walks. */
const MAX_DEPTH = 20;

/**
 * The context of a value nested in the current one (a property, an item, a record value): a new instance, so
 * its closed objects are strict again, whatever `allOf` the current value sits in.
 * @param ctx the current build context
 */
export function instanceContext(ctx: BuildContext): BuildContext {
  if (!ctx.open && !ctx.inlining) return ctx;
  const { open: _open, inlining: _inlining, ...rest } = ctx;
  return rest;
}

/**
 * True when an object schema is planned strict: `additionalProperties: false` (core's `closed`), no rest schema,
 * and not inside an `allOf` (see {@link BuildContext.open}).
 * @param node the object schema
 * @param ctx the build context
 */
export function isStrict(node: Extract<SchemaNode, { kind: 'object' }>, ctx: BuildContext): boolean {
  return node.closed === true && node.additionalProperties === undefined && !ctx.open;
}

/**
 * A reference met inside an `allOf` member whose target is, or composes (through references, unions and
 * intersections), an object with `additionalProperties: false`: the target planned in place with the context's
 * `open`, so its objects do not reject the other members' properties (its named constant stays strict for
 * every other use). Undefined when the reference can stay a reference (nothing closed, or the target is
 * already being inlined: a cycle).
 * @param target the referenced schema's key
 * @param ctx the build context (`open` set)
 */
export function openReference(target: string, ctx: BuildContext): VNode | undefined {
  if (ctx.inlining?.has(target)) return undefined;
  const named = ctx.names.byName.get(target);
  if (!named || !composesClosed(named.schema, ctx.names.byName, 0)) return undefined;
  return buildNode(named.schema, { ...ctx, inlining: new Set([...(ctx.inlining ?? []), target]) });
}

function composesClosed(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (node.kind) {
    case 'object':
      return node.closed === true && node.additionalProperties === undefined;
    case 'union':
      return node.variants.some((v) => composesClosed(v, byName, depth + 1));
    case 'intersection':
      return node.members.some((m) => composesClosed(m, byName, depth + 1));
    case 'ref': {
      const named = byName.get(node.target);
      return named !== undefined && composesClosed(named.schema, byName, depth + 1);
    }
    default:
      return false;
  }
}
