import type { SchemaNode } from '@reslayer/core';
import { deref, printType, resolveSchema } from '@reslayer/core';
import type { EntityFacts } from './mockPlan.js';
import type { PlanContext } from './planContext.js';

/** Deepest nesting {@link mayBeUnknown} follows. */
const MAX_DEPTH = 20;

/**
 * Read-mode type text of a schema, as plugin-client prints it (to compare two schemas' TypeScript types);
 * printed once per node and run.
 * @param node the schema (undefined: content without a schema)
 * @param ctx the planning context (naming table and printed texts)
 * @returns the type text, `unknown` without a schema
 */
export function typeText(node: SchemaNode | undefined, ctx: PlanContext): string {
  if (!node) return 'unknown';
  let text = ctx.typeTexts.get(node);
  if (text === undefined) ctx.typeTexts.set(node, (text = printType(node, { mode: 'read', names: ctx.names })));
  return text;
}

/**
 * True when two schemas print as the same TypeScript type (read mode). References compare by target
 * (a reference never prints like an inline schema); two inline schemas compare by their printed text.
 * @param a a schema
 * @param b another schema
 * @param ctx the planning context
 */
export function sameType(a: SchemaNode | undefined, b: SchemaNode | undefined, ctx: PlanContext): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const cut = ctx.names.cut;
  if ((a.kind === 'ref' || b.kind === 'ref') && !cut.has(a) && !cut.has(b)) return a.kind === 'ref' && b.kind === 'ref' && a.target === b.target && !a.nullable === !b.nullable;
  return typeText(a, ctx) === typeText(b, ctx);
}

/**
 * True when a value of one of these schemas may be typed `unknown` in TypeScript (a schema without
 * type, a missing schema, or a union with such a member); such values need a cast before `HttpResponse.json`.
 * @param nodes schemas of the possible bodies (undefined: content without a schema)
 * @param ctx the planning context
 */
export function mayBeUnknown(nodes: ReadonlyArray<SchemaNode | undefined>, ctx: PlanContext): boolean {
  const { cut, byName } = ctx.names;
  const check = (node: SchemaNode | undefined, depth: number): boolean => {
    if (node && cut.has(node)) return true;
    const n = node && deref(node, byName);
    if (!n || depth > MAX_DEPTH) return true;
    if (n.kind === 'unknown') return true;
    if (n.kind === 'union') return n.variants.length === 0 || n.variants.some((v) => check(v, depth + 1));
    if (n.kind === 'intersection') return n.members.every((m) => cut.has(m) || check(m, depth + 1));
    return false;
  };
  return nodes.length === 0 || nodes.some((n) => check(n, 0));
}

/**
 * True when a list's scalar items are keys of the entity (GitHub's gitignore template names beside
 * `GET /gitignore/templates/{name}`): the entity's key is one top-level property, a string or number as the items are.
 * @param item the list's item schema
 * @param facts the entity's facts
 * @param ctx the planning context
 */
export function listsKeys(item: SchemaNode, facts: EntityFacts, ctx: PlanContext): boolean {
  const kind = (n: SchemaNode): string => resolveSchema(n, ctx.names.byName).leaf.kind;
  return facts.key?.path.length === 1 && ['string', 'number'].includes(kind(item)) && kind(facts.key.schema) === kind(item);
}
