import type { SchemaNode, SchemaTypeNames, TypeMode } from '@reslayer/core';
import { tupleShape } from '@reslayer/core';
import { validatorNaming } from '../naming.js';
import type { Check, StringFormat, VNode, VProperty } from './vnode.js';
import { STRING_FORMATS } from './vnode.js';
import { discriminatedVariants, discriminatorValues } from './discriminated.js';
import { instanceContext, isStrict, openReference } from './closed.js';

/** A contract feature the generated schemas leave out, reported once per schema pointer. */
export interface Skipped {
  pointer: string;
  message: string;
}

/** What {@link buildNode} reads besides the schema. */
export interface BuildContext {
  names: SchemaTypeNames;
  /** `read` for responses, `write` for request bodies and parameters (as plugin-client's types). */
  mode: TypeMode;
  /**
   * `date`/`date-time` strings are `Date`s (the model's `dates: 'Date'`): decoded from strings in the read
   * direction, checked as `Date` objects in the write direction (before the client encodes them).
   */
  dates: boolean;
  /** Collects features left out (e.g. a pattern JavaScript cannot compile). */
  skipped: Skipped[];
  /** With `dates`, the request ("wire") schema of named schemas whose read schema decodes dates (see `wireSchemaNames`). */
  wire?: ReadonlyMap<string, string>;
  /**
   * Set while planning the members of an `allOf` (and the variants of unions among them), which all apply to
   * the same value: an object with `additionalProperties: false` there does not reject the other members'
   * properties (JSON Schema would, which no API means: see the README, "Strict objects").
   */
  open?: boolean;
  /** With `open`, the named schemas being planned in place (see `openReference`), to stop at a cycle. */
  inlining?: ReadonlySet<string>;
}

/**
 * Plans the schema of a contract schema, mirroring core's `printType` (the TypeScript type the schema
 * is checked against) so the schema's output type is always assignable to it:
 * - `nullable` wraps the node; `enum`/`const` become literals; `format: binary` a Blob check;
 * - objects keep their properties of the mode (readOnly ones left out in `write`, writeOnly ones in
 *   `read`), allow other keys unless `additionalProperties` is a schema or `false` (a strict object, outside
 *   an `allOf`: inside one, its members' closed objects, referenced ones too, are planned open);
 * - `allOf` becomes an intersection, `oneOf`/`anyOf` a union, and a union with a discriminator whose
 *   variants are plain objects a discriminated union;
 * - references become lazy references to the named schema's constant (recursion works), a reference
 *   core cuts to break a type-alias cycle accepts anything, as its `unknown` type does.
 * @param node the contract schema
 * @param ctx naming table, mode and options
 * @returns the planned node
 */
export function buildNode(node: SchemaNode, ctx: BuildContext): VNode {
  if (ctx.names.cut.has(node)) return { kind: 'unknown' };
  const bare = buildBare(node, ctx);
  if (node.nullable && node.kind !== 'null' && node.kind !== 'unknown') return { kind: 'nullable', inner: bare };
  return bare;
}

function buildBare(node: SchemaNode, ctx: BuildContext): VNode {
  switch (node.kind) {
    case 'ref': {
      if (!ctx.names.byName.has(node.target)) return { kind: 'unknown' };
      const inlined = ctx.open ? openReference(node.target, ctx) : undefined;
      if (inlined) return inlined;
      const wire = ctx.mode === 'write' ? ctx.wire?.get(node.target) : undefined;
      return { kind: 'ref', name: wire ?? validatorNaming.schemaConst(ctx.names.typeName(node.target, ctx.mode)) };
    }
    case 'string': {
      if (node.enum && node.enum.length > 0) return { kind: 'literal', values: [...new Set(node.enum)] };
      if (node.format === 'binary') return { kind: 'blob' };
      if (ctx.dates && (node.format === 'date' || node.format === 'date-time')) return { kind: 'date', format: node.format, decode: ctx.mode === 'read' };
      const checks: Check[] = [];
      if (node.minLength !== undefined) checks.push({ kind: 'minLength', value: node.minLength });
      if (node.maxLength !== undefined) checks.push({ kind: 'maxLength', value: node.maxLength });
      if (node.pattern !== undefined) {
        const flags = regexFlags(node.pattern);
        if (flags === undefined) ctx.skipped.push({ pointer: node.pointer, message: `pattern ${JSON.stringify(node.pattern)} is not a JavaScript regular expression; it is not checked` });
        else checks.push({ kind: 'pattern', source: node.pattern, flags });
      }
      const format = node.format !== undefined && STRING_FORMATS.has(node.format) ? (node.format as StringFormat) : undefined;
      return format ? { kind: 'string', format, checks } : { kind: 'string', checks };
    }
    case 'number': {
      if (node.enum && node.enum.length > 0) return { kind: 'literal', values: [...new Set(node.enum)] };
      const checks: Check[] = [];
      if (node.minimum !== undefined) checks.push({ kind: 'min', value: node.minimum });
      if (node.exclusiveMinimum !== undefined) checks.push({ kind: 'gt', value: node.exclusiveMinimum });
      if (node.maximum !== undefined) checks.push({ kind: 'max', value: node.maximum });
      if (node.exclusiveMaximum !== undefined) checks.push({ kind: 'lt', value: node.exclusiveMaximum });
      if (node.multipleOf !== undefined && node.multipleOf > 0) checks.push({ kind: 'multipleOf', value: node.multipleOf });
      return { kind: 'number', integer: node.integer, checks };
    }
    case 'boolean':
      return node.enum && node.enum.length > 0 ? { kind: 'literal', values: [...new Set(node.enum)] } : { kind: 'boolean' };
    case 'null':
      return { kind: 'null' };
    case 'unknown':
      return { kind: 'unknown' };
    case 'array': {
      const checks: Check[] = [];
      if (node.minItems !== undefined) checks.push({ kind: 'minItems', value: node.minItems });
      if (node.maxItems !== undefined) checks.push({ kind: 'maxItems', value: node.maxItems });
      if (node.uniqueItems) checks.push({ kind: 'unique' });
      const tuple = tupleShape(node);
      const item = instanceContext(ctx);
      if (tuple) return { kind: 'tuple', elements: tuple.elements.map((e) => buildNode(e, item)), required: tuple.required, ...(tuple.rest ? { rest: buildNode(tuple.rest, item) } : {}), checks };
      return { kind: 'array', items: buildNode(node.items, item), checks };
    }
    case 'object':
      return buildObject(node, ctx);
    case 'union': {
      const discriminated = discriminatedVariants(node, ctx);
      if (discriminated) return discriminated;
      const d = node.discriminator;
      const variants = node.variants.flatMap((v, i): VNode[] => {
        const inner = buildNode(v, ctx);
        const mapped = d?.mapping.filter((m) => m.variant === i).map((m) => m.value) ?? [];
        if (!d || mapped.length === 0) return [inner];
        const values = discriminatorValues(v, d.propertyName, mapped, ctx);
        // The type `(Variant & { kind: 'value' })`; `never` (left out) when the variant's own enum excludes every value.
        if (values.length === 0) return [];
        return [{ kind: 'intersection', members: [inner, { kind: 'object', properties: [{ name: d.propertyName, required: true, node: { kind: 'literal', values } }], checks: [] }] }];
      });
      const unique = dedupe(variants);
      if (unique.length === 0) return node.variants.length === 0 ? { kind: 'unknown' } : { kind: 'never' };
      return unique.length === 1 ? (unique[0] as VNode) : { kind: 'union', variants: unique };
    }
    case 'intersection': {
      const member: BuildContext = { ...ctx, open: true };
      const members = dedupe(node.members.filter((m) => m.kind !== 'unknown' && !ctx.names.cut.has(m)).map((m) => buildNode(m, member)));
      return members.length === 0 ? { kind: 'unknown' } : members.length === 1 ? (members[0] as VNode) : { kind: 'intersection', members };
    }
  }
}

/**
 * Plans an object: the properties of the mode, `additionalProperties` as a rest schema (or a record when
 * there are no properties) or, when `false`, a strict object (see {@link isStrict}), `minProperties`/`maxProperties`
 * as a key count check.
 * @param node the object schema
 * @param ctx the build context
 */
export function buildObject(node: Extract<SchemaNode, { kind: 'object' }>, ctx: BuildContext): Extract<VNode, { kind: 'object' | 'record' }> {
  const checks: Check[] = [];
  if (node.minProperties !== undefined || node.maxProperties !== undefined) {
    checks.push({ kind: 'propertyCount', min: node.minProperties ?? 0, max: node.maxProperties ?? Number.MAX_SAFE_INTEGER });
  }
  const properties: VProperty[] = objectMembers(node, ctx);
  const ap = node.additionalProperties;
  if (ap !== undefined && ap !== true) {
    const rest = buildNode(ap, instanceContext(ctx));
    if (properties.length === 0) return { kind: 'record', value: rest, checks };
    // The type prints `[key: string]: unknown` next to the properties: the rest schema only adds checks.
    return { kind: 'object', properties, rest, checks };
  }
  return isStrict(node, ctx) ? { kind: 'object', properties, strict: true, checks } : { kind: 'object', properties, checks };
}

/**
 * The properties of an object schema in the context's mode. A strict object keeps the properties the mode
 * leaves out as optional and unchecked: the contract lists them, so a value that holds one (an object read from
 * the API sent back in an update) is not an unknown property.
 * @param node the object schema
 * @param ctx the build context
 */
export function objectMembers(node: Extract<SchemaNode, { kind: 'object' }>, ctx: BuildContext): VProperty[] {
  const strict = isStrict(node, ctx);
  const inner = instanceContext(ctx);
  return node.properties.flatMap((p): VProperty[] => {
    if (!(ctx.mode === 'write' ? p.schema.readOnly : p.schema.writeOnly)) return [{ name: p.name, required: p.required, node: buildNode(p.schema, inner) }];
    return strict ? [{ name: p.name, required: false, node: { kind: 'unknown' } }] : [];
  });
}

/**
 * The flags a contract pattern compiles with in JavaScript: `u` when it can (Unicode-aware, as JSON Schema
 * asks), else none; undefined when it compiles with neither.
 * @param pattern an ECMA-262 regular expression, as JSON Schema's `pattern`
 */
export function regexFlags(pattern: string): string | undefined {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return flags;
    } catch {
      // Try the next flags.
    }
  }
  return undefined;
}

function dedupe(nodes: VNode[]): VNode[] {
  const seen = new Set<string>();
  return nodes.filter((n) => {
    const key = JSON.stringify(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
