import type { SchemaNode } from '@reslayer/core';
import { deref, objectProperties } from '@reslayer/core';
import type { BuildContext } from './buildNode.js';
import { objectMembers } from './buildNode.js';
import { isStrict } from './closed.js';
import type { VNode, VProperty } from './vnode.js';

/** Deepest chain of references and `allOf` members a variant is flattened through. */
const MAX_DEPTH = 20;

/**
 * Plans a `oneOf`/`anyOf` with a discriminator as a discriminated union (`z.discriminatedUnion`,
 * `v.variant`) when the contract allows it: every variant has at least one mapping value, no value
 * names two variants, and every variant is a plain object (directly, through references, or as an
 * `allOf` of plain objects whose property names do not overlap). Each variant becomes one object with
 * its properties inlined and the discriminator property required as a literal of its values: the type
 * `(Variant & { kind: 'value' })` plugin-client prints for it.
 * @param node the union
 * @param ctx the build context
 * @returns the discriminated node, or undefined when the union must stay a plain union
 */
export function discriminatedVariants(node: Extract<SchemaNode, { kind: 'union' }>, ctx: BuildContext): Extract<VNode, { kind: 'discriminated' }> | undefined {
  const d = node.discriminator;
  if (!d || node.variants.length < 2) return undefined;
  const values = new Set<string>();
  for (const m of d.mapping) {
    if (values.has(m.value)) return undefined;
    values.add(m.value);
  }
  const variants: Array<Extract<VNode, { kind: 'object' }>> = [];
  for (const [i, variant] of node.variants.entries()) {
    const mapped = d.mapping.filter((m) => m.variant === i).map((m) => m.value);
    if (mapped.length === 0) return undefined;
    const mine = discriminatorValues(variant, d.propertyName, mapped, ctx);
    // The type `(Variant & { kind: 'value' })` is `never` when the variant's own enum excludes every value.
    if (mine.length === 0) continue;
    const props = flatten(variant, ctx, 0);
    if (!props) return undefined;
    const rest = props.filter((p) => p.name !== d.propertyName);
    const key: VProperty = { name: d.propertyName, required: true, node: { kind: 'literal', values: mine } };
    const properties = [...rest, key].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    variants.push(strictVariant(variant, ctx) ? { kind: 'object', properties, strict: true, checks: [] } : { kind: 'object', properties, checks: [] });
  }
  if (variants.length < 2) return undefined;
  return { kind: 'discriminated', key: d.propertyName, variants };
}

/**
 * The mapping values a variant can really hold: those of its own discriminator property's string enum, when
 * it has one (a contract whose implicit mapping names the schema, `FileCitationBody`, while the property is
 * `enum: [file_citation]` makes the type `never`: no value is left).
 * @param variant the variant schema
 * @param property the discriminator property
 * @param values the mapping values of the variant
 * @param ctx the build context
 */
export function discriminatorValues(variant: SchemaNode, property: string, values: string[], ctx: BuildContext): string[] {
  const prop = objectProperties(variant, ctx.names, ctx.mode)?.props.find((p) => p.name === property);
  const schema = prop ? deref(prop.schema, ctx.names.byName) : undefined;
  if (schema?.kind !== 'string' || !schema.enum || schema.enum.length === 0) return values;
  const allowed = new Set(schema.enum);
  return values.filter((v) => allowed.has(v));
}

/** True when a variant is (through references) one object with `additionalProperties: false`: its flattened object is strict. */
function strictVariant(variant: SchemaNode, ctx: BuildContext): boolean {
  const target = deref(variant, ctx.names.byName);
  return target?.kind === 'object' && isStrict(target, ctx);
}

/** The properties of a variant that is a plain object, or undefined. */
function flatten(node: SchemaNode, ctx: BuildContext, depth: number): VProperty[] | undefined {
  if (depth > MAX_DEPTH || ctx.names.cut.has(node) || node.nullable) return undefined;
  switch (node.kind) {
    case 'ref': {
      const target = ctx.names.byName.get(node.target);
      return target ? flatten(target.schema, ctx, depth + 1) : undefined;
    }
    case 'object':
      if (node.additionalProperties !== undefined && node.additionalProperties !== true) return undefined;
      if (node.minProperties !== undefined || node.maxProperties !== undefined) return undefined;
      return objectMembers(node, ctx);
    case 'intersection': {
      const out: VProperty[] = [];
      // The members apply to the same value: a closed one does not reject the others' properties.
      const member: BuildContext = { ...ctx, open: true };
      for (const m of node.members) {
        if (m.kind === 'unknown' || ctx.names.cut.has(m)) continue;
        const props = flatten(m, member, depth + 1);
        if (!props) return undefined;
        for (const p of props) {
          if (out.some((o) => o.name === p.name)) return undefined;
          out.push(p);
        }
      }
      return out;
    }
    default:
      return undefined;
  }
}

