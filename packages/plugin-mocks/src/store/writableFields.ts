import type { SchemaNode } from '@reslayer/core';
import { objectProperties, resolveSchema } from '@reslayer/core';
import type { EntityFacts, Fields } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { fits, satisfies } from '../values/satisfies.js';

/**
 * The payload properties a create or update copies into the stored entity: those the entity's response
 * schema declares (never writeOnly ones, never the key or readOnly ones) whose request schema only admits
 * values the response schema accepts (see {@link assignable}). A property whose request and response objects
 * differ (`{ article: NewArticle }` over `{ article: Article }`) is merged one level down, so the stored
 * object keeps its other (required) fields. Anything else in the payload is ignored.
 * @param request the request body schema (JSON), if any
 * @param entity the entity facts
 * @param ctx the planning context
 */
export function writableFields(request: SchemaNode | undefined, entity: EntityFacts, ctx: PlanContext): Fields {
  return request ? fieldsOf(request, entity.schema, entity.serverFields, false, ctx, 0) : [];
}

/**
 * The key property a create's payload names for itself (a template's `name`, a branch's `name`): the entity's
 * one-property key, when the request schema requires it (not readOnly) with values the key accepts. An optional key
 * (petstore's order `id`) stays the server's to assign. The store keeps a given key no stored item has (see
 * docs/mocks.md, "A key the client names").
 * @param request the create's request body schema (or the object its wrapper holds)
 * @param entity the entity facts
 * @param ctx the planning context
 * @returns the key property's name, or undefined
 */
export function givenKey(request: SchemaNode | undefined, entity: EntityFacts, ctx: PlanContext): string | undefined {
  const key = entity.key?.path.length === 1 ? entity.key : undefined;
  const q = key && request ? objectProperties(request, ctx.names)?.props.find((p) => p.name === key.path[0]) : undefined;
  return key && q?.required && !q.schema.readOnly && assignable(q.schema, key.schema, ctx, 0, true) ? key.path[0] : undefined;
}

function fieldsOf(req: SchemaNode, ent: SchemaNode, server: Fields, nested: boolean, ctx: PlanContext, depth: number): Fields {
  const r = resolveSchema(req, ctx.names.byName).leaf;
  const e = resolveSchema(ent, ctx.names.byName).leaf;
  if (depth > 10) return [];
  // A union on either side: only what every variant allows, copied as is.
  const variants = e.kind === 'union' ? e.variants.map((v) => fieldsOf(req, v, server, true, ctx, depth + 1))
    : r.kind === 'union' ? r.variants.map((v) => fieldsOf(v, ent, server, true, ctx, depth + 1)) : undefined;
  if (variants) return (variants[0] ?? []).filter((f) => typeof f === 'string' && variants.every((l) => l.includes(f)));
  const rv = objectProperties(req, ctx.names);
  const ev = objectProperties(ent, ctx.names);
  if (!rv || !ev) return [];
  const out: Fields = [];
  for (const p of ev.props) {
    const q = rv.props.find((x) => x.name === p.name);
    if (!q || p.schema.readOnly || q.schema.readOnly || server.includes(p.name)) continue;
    if (assignable(q.schema, p.schema, ctx)) out.push(p.name);
    // A nullable request property over a non-null one (`null` resets or leaves it): its other values are copied.
    else if (assignable(q.schema, p.schema, ctx, 0, true)) out.push([p.name, 'non-null']);
    else if (!nested && isPlainObject(q.schema, ctx) && isPlainObject(p.schema, ctx)) {
      const inner = server.find((f): f is [string, Fields] => Array.isArray(f) && f[0] === p.name)?.[1] ?? [];
      const sub = fieldsOf(q.schema, p.schema, inner, true, ctx, depth + 1);
      if (sub.length > 0) out.push([p.name, sub]);
    }
  }
  return out;
}

/** True for an object (or `allOf` of objects) schema, through references. */
function isPlainObject(node: SchemaNode, ctx: PlanContext): boolean {
  const n = resolveSchema(node, ctx.names.byName).leaf;
  return (n?.kind === 'object' || n?.kind === 'intersection') && objectProperties(node, ctx.names) !== undefined;
}

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

/**
 * True when every value the request schema `q` admits is valid for the response schema `p`: the same named
 * schema, or scalars (and arrays of them) whose enum, format, pattern, length and range constraints are the
 * same or narrower. Objects of different schemas are not assignable (they are merged one level down instead).
 * @param q the request (payload) property's schema
 * @param p the response (entity) property's schema
 * @param ctx the planning context
 * @param depth nesting of the check (it gives up, answering false, below 10)
 * @param nonNull leave out the request's `null` (a value that is not null must fit)
 */
export function assignable(q: SchemaNode, p: SchemaNode, ctx: PlanContext, depth = 0, nonNull = false): boolean {
  if (q === p) return true;
  if (q.kind === 'ref' && p.kind === 'ref' && q.target === p.target) return nonNull || !q.nullable || p.nullable === true;
  // The leaves (references followed, `allOf: [{ $ref }, { description }]` wrappers and `null` variants unwrapped).
  const ra = resolveSchema(q, ctx.names.byName);
  const rb = resolveSchema(p, ctx.names.byName);
  const a = ra.leaf;
  const b = rb.leaf;
  if (depth > 10 || ctx.names.cut.has(q) || ctx.names.cut.has(p)) return false;
  if (b.kind === 'unknown') return true;
  if (!nonNull && ra.nullable && !rb.nullable) return false;
  if (a.kind === 'union') return a.variants.every((v) => (nonNull && v.kind === 'null') || assignable(v, p, ctx, depth + 1, nonNull));
  if (b.kind === 'union') return b.variants.some((v) => assignable(q, v, ctx, depth + 1));
  if (a === b) return true;
  switch (b.kind) {
    case 'string':
      if (a.kind !== 'string' || a.format === 'binary' || b.format === 'binary') return false;
      if (a.enum?.length) return a.enum.every((v) => fits(v, b) && satisfies(v, b, ctx.scope.patterns));
      return !b.enum?.length && (b.format === undefined || b.format === a.format) && (b.pattern === undefined || b.pattern === a.pattern) &&
        (b.minLength === undefined || (a.minLength ?? 0) >= b.minLength) && (b.maxLength === undefined || (a.maxLength ?? Infinity) <= b.maxLength);
    case 'number':
      if (a.kind !== 'number') return false;
      if (a.enum?.length) return a.enum.every((v) => fits(v, b) && satisfies(v, b, ctx.scope.patterns));
      return !b.enum?.length && (!b.integer || a.integer) && BOUNDS.every((k) => b[k] === undefined || b[k] === a[k]);
    case 'boolean':
      return a.kind === 'boolean' && (!b.enum?.length || (a.enum?.length ? a.enum.every((v) => b.enum?.includes(v)) : b.enum.length === 2));
    case 'null':
      return a.kind === 'null';
    case 'array':
      return a.kind === 'array' && (b.minItems === undefined || (a.minItems ?? 0) >= b.minItems) && (b.maxItems === undefined || (a.maxItems ?? Infinity) <= b.maxItems) &&
        (!b.uniqueItems || a.uniqueItems === true) && assignable(a.items, b.items, ctx, depth + 1) &&
        (a.prefixItems?.length ?? 0) === (b.prefixItems?.length ?? 0) && (a.prefixItems ?? []).every((x, i) => assignable(x, b.prefixItems?.[i] ?? b.items, ctx, depth + 1));
    default:
      return false;
  }
}
