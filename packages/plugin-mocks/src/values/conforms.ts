import type { ObjectSchema, PropertyNode, SchemaNode, SchemaTypeNames, UnionSchema } from '@reslayer/core';
import { deref, isDateString, objectProperties } from '@reslayer/core';
import { BlobSample } from './sampleString.js';
import { DateSample } from './dateSamples.js';
import { fits, satisfies, type Patterns } from './satisfies.js';

/** What the value checks read: named schemas and nodes typed `unknown`, the mode, compiled patterns. */
export interface CheckScope {
  /** Named schemas (`byName`) and the nodes the client types `unknown` (`cut`). */
  names: Pick<SchemaTypeNames, 'byName' | 'cut'>;
  /** `read`: writeOnly properties are left out of objects; `write`: readOnly ones. */
  mode: 'read' | 'write';
  /** The run's compiled patterns. */
  patterns?: Patterns;
}

/** Deepest nesting the checks follow. */
const MAX_DEPTH = 20;

/**
 * True for a JSON object (not an array, not a {@link BlobSample}).
 * @param v any value
 */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof BlobSample) && !(v instanceof DateSample);
}

/**
 * The properties of an object schema a value has in the scope's mode (core's `objectProperties` rule).
 * @param node an object schema
 * @param c the check scope
 */
export function visibleProperties(node: SchemaNode, c: CheckScope): PropertyNode[] {
  return objectProperties(node, c.names, c.mode)?.props ?? [];
}

/**
 * Deep check that a JSON value fits a schema's TypeScript type (to pick a union variant, or to check a typed map).
 * @param v the value
 * @param node the schema
 * @param c the check scope
 * @param depth nesting of the check (false below 20)
 */
export function conforms(v: unknown, node: SchemaNode, c: CheckScope, depth = 0): boolean {
  if (c.names.cut.has(node)) return v !== undefined;
  const n = deref(node, c.names.byName);
  if (!n || depth > MAX_DEPTH) return false;
  if (v === null) return node.nullable === true || n.nullable === true || n.kind === 'null' || n.kind === 'unknown';
  if (n.kind === 'array') return Array.isArray(v) && v.every((x, i) => conforms(x, n.prefixItems?.[i] ?? n.items, c, depth + 1));
  if (n.kind === 'union') return n.variants.some((x) => conforms(v, x, c, depth + 1));
  if (n.kind === 'intersection') return n.members.every((x) => conforms(v, x, c, depth + 1));
  if (n.kind !== 'object') return fits(v, n);
  if (!isObject(v)) return false;
  const props = visibleProperties(n, c);
  const known = new Set(props.map((p) => p.name));
  const ap = n.additionalProperties;
  return props.every((p) => (p.name in v ? conforms(v[p.name], p.schema, c, depth + 1) : !p.required)) &&
    (n.properties.length === 0 || ap !== undefined || Object.keys(v).every((k) => known.has(k))) &&
    (props.length > 0 || typeof ap !== 'object' || Object.values(v).every((x) => conforms(x, ap, c, depth + 1)));
}

/**
 * False only when a JSON value certainly does not validate against a schema (JSON Schema rules: objects
 * accept unknown properties, since the model does not tell `additionalProperties: false` from its absence;
 * a pattern that does not compile and an unchecked format accept anything). Used to make `oneOf` samples exact.
 * @param v the value
 * @param node the schema
 * @param c the check scope
 * @param depth nesting of the check (true below 20)
 */
export function mayValidate(v: unknown, node: SchemaNode, c: CheckScope, depth = 0): boolean {
  if (c.names.cut.has(node) || depth > MAX_DEPTH) return true;
  const n = deref(node, c.names.byName);
  if (!n) return true;
  if (v === null) return node.nullable === true || n.nullable === true || n.kind === 'null' || n.kind === 'unknown';
  switch (n.kind) {
    case 'array':
      return Array.isArray(v) && v.length >= (n.minItems ?? 0) && v.length <= (n.maxItems ?? Infinity) && v.every((x, i) => mayValidate(x, n.prefixItems?.[i] ?? n.items, c, depth + 1));
    case 'union':
      return n.variants.some((x) => mayValidate(v, x, c, depth + 1));
    case 'intersection':
      return n.members.every((x) => mayValidate(v, x, c, depth + 1));
    case 'object': {
      if (!isObject(v)) return false;
      const ap = n.additionalProperties;
      const declared = new Set(n.properties.map((p) => p.name));
      return n.properties.every((p) => (Object.hasOwn(v, p.name) ? mayValidate(v[p.name], p.schema, c, depth + 1) : !p.required)) &&
        (typeof ap !== 'object' || Object.keys(v).every((k) => declared.has(k) || mayValidate(v[k], ap, c, depth + 1)));
    }
    case 'unknown':
      return true;
    case 'null':
      return false;
    default:
      if (v instanceof DateSample) return isDateString(n);
      return v instanceof BlobSample || (fits(v, n) && satisfies(v, n, c.patterns));
  }
}

/**
 * The discriminator values of a union variant that its own discriminator property accepts (every declaration
 * of the property in the variant and its `allOf` members must accept the value; all of them when unconstrained).
 * @param node the union
 * @param i the variant's position
 * @param c the check scope
 * @param lenient best-effort mode: the mapped values, unchecked
 */
export function discriminatorValues(node: UnionSchema, i: number, c: CheckScope, lenient: boolean): string[] {
  const d = node.discriminator;
  const values = d?.mapping.filter((m) => m.variant === i).map((m) => m.value) ?? [];
  const variant = node.variants[i];
  if (!d || values.length === 0 || !variant || lenient) return values;
  const members = [variant];
  const props: PropertyNode[] = [];
  for (let k = 0; k < members.length && k < MAX_DEPTH; k++) {
    const n = deref(members[k] as SchemaNode, c.names.byName);
    if (n?.kind === 'object') props.push(...n.properties.filter((p) => p.name === d.propertyName));
    if (n?.kind === 'intersection') members.push(...n.members);
  }
  return values.filter((v) => props.every((p) => fits(v, deref(p.schema, c.names.byName) ?? p.schema)));
}

/**
 * A sampled object cut to at most `maxProperties` keys: optional properties are left out, the last first.
 * @param node the object schema
 * @param out the sampled object (changed in place)
 * @param props the properties sampled
 * @returns `out`
 */
export function fitCount(node: ObjectSchema, out: Record<string, unknown>, props: readonly PropertyNode[]): Record<string, unknown> {
  const max = node.maxProperties;
  if (max === undefined) return out;
  const optional = props.filter((p) => !p.required && Object.hasOwn(out, p.name)).map((p) => p.name);
  while (Object.keys(out).length > max && optional.length > 0) delete out[optional.pop() as string];
  return out;
}
