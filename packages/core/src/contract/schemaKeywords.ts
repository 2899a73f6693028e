// The type-keyword pass of schema normalization: a schema's own `type`, `enum`/`const` and the keywords of its
// type (string, number, boolean, array, object), as one `SchemaNode`, composition left out (`SchemaNormalizer`
// combines them). Nested schemas are normalized through the `Normalize` callback it is given.
import type { ObjectSchema, SchemaMeta, SchemaNode } from '../model/types.js';
import { escapePointerToken } from './loadContract.js';

type Raw = Record<string, unknown>;

/** Normalizes a nested schema object at its pointer (`SchemaNormalizer.normalize`). */
export type Normalize = (raw: unknown, pointer: string) => SchemaNode;

/** A schema's types after `null` is taken out into `nullable`, and its `enum`/`const` values. */
export interface TypeKeywords {
  /** The JSON Schema types (`string`, `object`, …); inferred from other keywords when `type` is absent. */
  types: string[];
  /** `enum`, or `const` as one value; `null` taken out. */
  values: unknown[] | undefined;
  meta: SchemaMeta;
}

/**
 * Reads `type`, `enum` and `const`: 3.1 `type: [T, "null"]` and a `null` value make the schema `nullable`; without
 * `type`, `properties`/`additionalProperties` mean an object, `items`/`prefixItems` an array, and the values' kinds
 * their type.
 * @returns the types and values, or the finished node when there is no type at all (`null` only, or nothing)
 * @see https://spec.openapis.org/oas/v3.1.0#data-types
 */
export function typeKeywords(s: Raw, meta: SchemaMeta): TypeKeywords | SchemaNode {
  let types: string[] = [];
  const t = s['type'];
  if (typeof t === 'string') types = [t];
  else if (Array.isArray(t)) types = t.filter((x): x is string => typeof x === 'string');
  let values: unknown[] | undefined;
  if (Array.isArray(s['enum'])) values = s['enum'] as unknown[];
  if (s['const'] !== undefined) values = [s['const']];
  if (values?.includes(null)) {
    meta = { ...meta, nullable: true };
    values = values.filter((v) => v !== null);
  }
  if (types.includes('null')) {
    types = types.filter((x) => x !== 'null');
    if (types.length === 0) return { ...meta, kind: 'null' };
    meta = { ...meta, nullable: true };
  }
  if (types.length === 0) {
    if (s['properties'] !== undefined || s['additionalProperties'] !== undefined) types = ['object'];
    else if (s['items'] !== undefined || Array.isArray(s['prefixItems'])) types = ['array'];
    else if (values && values.length > 0) types = [...new Set(values.map((v) => (typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string')))];
    else return { ...meta, kind: 'unknown' };
  }
  return { types, values, meta };
}

/** Kinds whose values are never arrays. */
const NOT_ARRAY: ReadonlySet<SchemaNode['kind']> = new Set(['string', 'number', 'boolean', 'object', 'null']);

/**
 * `items` without `type` beside a `oneOf`/`anyOf` that also allows other values than arrays: JSON Schema applies
 * `items` to array values alone, so it constrains the union's array variants instead of making the whole schema an
 * array (slack.com's profile `fields`: `items: {type: object}` with `oneOf: [{type: object}, {type: array}]` is an
 * object or an array of objects, not an array that is also an object).
 * @param s the raw schema
 * @param base its own part (`typeKeywords`' reading: an array when `items` stood alone)
 * @param union its `oneOf`/`anyOf`
 * @returns the union with `items` in its array variants, or undefined when the rule does not apply
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-items
 */
export function itemsOnArrayVariants(s: Raw, base: SchemaNode, union: SchemaNode): SchemaNode | undefined {
  if (s['type'] !== undefined || base.kind !== 'array' || union.kind !== 'union' || !union.variants.some((v) => NOT_ARRAY.has(v.kind))) return undefined;
  const items = base.items;
  const variants = union.variants.map((v): SchemaNode => {
    if (v.kind !== 'array') return v;
    return v.items.kind === 'unknown' && v.prefixItems === undefined ? { ...v, items } : { kind: 'intersection', pointer: v.pointer, members: [v, base] };
  });
  return { ...union, variants };
}

/** A `string` schema: format, enum, length bounds and pattern. */
export function stringNode(s: Raw, meta: SchemaMeta, values: unknown[] | undefined): SchemaNode {
  const node: SchemaNode = { ...meta, kind: 'string' };
  if (typeof s['format'] === 'string') node.format = s['format'];
  if (values) node.enum = values.filter((v): v is string => typeof v === 'string');
  if (typeof s['minLength'] === 'number') node.minLength = s['minLength'];
  if (typeof s['maxLength'] === 'number') node.maxLength = s['maxLength'];
  if (typeof s['pattern'] === 'string') node.pattern = s['pattern'];
  return node;
}

/** A `number` or `integer` schema: format, enum and bounds (3.0 boolean exclusive flags and 3.1 numeric ones). */
export function numberNode(s: Raw, meta: SchemaMeta, values: unknown[] | undefined, integer: boolean): SchemaNode {
  const node: SchemaNode = { ...meta, kind: 'number', integer };
  if (typeof s['format'] === 'string') node.format = s['format'];
  if (values) node.enum = values.filter((v): v is number => typeof v === 'number');
  for (const k of ['minimum', 'maximum', 'multipleOf'] as const) if (typeof s[k] === 'number') node[k] = s[k] as number;
  if (typeof s['exclusiveMinimum'] === 'number') node.exclusiveMinimum = s['exclusiveMinimum'];
  else if (s['exclusiveMinimum'] === true && node.minimum !== undefined) node.exclusiveMinimum = node.minimum;
  if (typeof s['exclusiveMaximum'] === 'number') node.exclusiveMaximum = s['exclusiveMaximum'];
  else if (s['exclusiveMaximum'] === true && node.maximum !== undefined) node.exclusiveMaximum = node.maximum;
  return node;
}

/** A `boolean` schema, with its enum. */
export function booleanNode(meta: SchemaMeta, values: unknown[] | undefined): SchemaNode {
  const node: SchemaNode = { ...meta, kind: 'boolean' };
  if (values) node.enum = values.filter((v): v is boolean => typeof v === 'boolean');
  return node;
}

/** An `array` schema: 2020-12 `prefixItems` + `items`, or the pre-2020 tuple form (an `items` array + `additionalItems`). */
export function arrayNode(s: Raw, meta: SchemaMeta, pointer: string, normalize: Normalize): SchemaNode {
  const tuple = Array.isArray(s['items']);
  const prefix = (tuple ? s['items'] : s['prefixItems']) as unknown;
  const restKey = tuple ? 'additionalItems' : 'items';
  const node: SchemaNode = { ...meta, kind: 'array', items: normalize(s[restKey], `${pointer}/${restKey}`) };
  if (Array.isArray(prefix) && prefix.length > 0) {
    const key = tuple ? 'items' : 'prefixItems';
    node.prefixItems = prefix.map((p, i) => normalize(p, `${pointer}/${key}/${i}`));
  }
  if (typeof s['minItems'] === 'number') node.minItems = s['minItems'];
  if (typeof s['maxItems'] === 'number') node.maxItems = s['maxItems'];
  // `items: false` after a prefix: no item beyond it.
  if (node.prefixItems && s[restKey] === false) node.maxItems = Math.min(node.maxItems ?? Infinity, node.prefixItems.length);
  if (s['uniqueItems'] === true) node.uniqueItems = true;
  return node;
}

/**
 * An `object` schema: its properties in declaration order (forms and tables show them as the contract lists
 * them; a parsed document keeps its key order, so this is deterministic), `additionalProperties` and bounds.
 * @param props the `properties` map (a `$ref` to the whole map already followed)
 */
export function objectNode(s: Raw, meta: SchemaMeta, pointer: string, props: Raw, normalize: Normalize): ObjectSchema {
  const required = new Set(Array.isArray(s['required']) ? (s['required'] as unknown[]).filter((x) => typeof x === 'string') : []);
  const properties = Object.keys(props).map((name) => ({
    name,
    required: required.has(name),
    schema: normalize(props[name], `${pointer}/properties/${escapePointerToken(name)}`),
  }));
  const node: ObjectSchema = { ...meta, kind: 'object', properties };
  const ap = s['additionalProperties'];
  if (ap === true || (ap && typeof ap === 'object' && Object.keys(ap).length === 0)) node.additionalProperties = true;
  else if (ap && typeof ap === 'object') node.additionalProperties = normalize(ap, `${pointer}/additionalProperties`);
  else if (ap === false) node.closed = true;
  if (typeof s['minProperties'] === 'number') node.minProperties = s['minProperties'];
  if (typeof s['maxProperties'] === 'number') node.maxProperties = s['maxProperties'];
  return node;
}

/**
 * A `required` list written beside `allOf` may name properties that only the members declare
 * (`required: [name]`, `allOf: [{ $ref: Base }]`). JSON Schema applies it to the whole instance, so those
 * properties become required properties of `base` with an unconstrained schema: in the intersection, the
 * members' own schemas give their types (the later member wins in `objectProperties`) and this part only
 * makes them required.
 * @param base the schema's own part (an object, or `unknown` when it has none)
 * @param s the raw schema
 * @param pointer its JSON pointer
 * @param declared the schema a member declares for a property (so the printed `{ name: string } & Member`
 *   agrees with the member: an `unknown` part would read as `string | undefined` under
 *   `exactOptionalPropertyTypes`); none found or not given: `unknown`
 * @returns `base`, with one required property per name that is required but not declared beside `allOf`;
 *   `base` itself when there is none
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#name-required
 */
export function withRequiredOnly(base: SchemaNode, s: Raw, pointer: string, declared?: (name: string) => SchemaNode | undefined): SchemaNode {
  if (base.kind !== 'object' && base.kind !== 'unknown') return base;
  const own = new Set(base.kind === 'object' ? base.properties.map((p) => p.name) : []);
  const names = Array.isArray(s['required']) ? (s['required'] as unknown[]).filter((x): x is string => typeof x === 'string' && !own.has(x)) : [];
  if (names.length === 0) return base;
  const extra = [...new Set(names)].map((name) => ({
    name,
    required: true,
    schema: declared?.(name) ?? { kind: 'unknown' as const, pointer: `${pointer}/required` },
  }));
  if (base.kind === 'object') return { ...base, properties: [...base.properties, ...extra] };
  return { kind: 'object', pointer, properties: extra };
}

/** The meta fields that a `$ref`'s siblings (or an allOf wrapper) may add to its target. */
export function pick(meta: SchemaMeta): Partial<SchemaMeta> {
  const out: Partial<SchemaMeta> = {};
  if (meta.nullable) out.nullable = true;
  if (meta.readOnly) out.readOnly = true;
  if (meta.writeOnly) out.writeOnly = true;
  if (meta.description !== undefined) out.description = meta.description;
  if (meta.deprecated) out.deprecated = true;
  if (meta.default !== undefined) out.default = meta.default;
  if (meta.example !== undefined) out.example = meta.example;
  return out;
}
