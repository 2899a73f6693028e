import type { NamedSchema, PropertyNode, SchemaNode } from '@reslayer/core';
import { cmp } from '@reslayer/core';

/** Named schemas by key, as `getSchemaTypeNames(model).byName` gives them. */
export type SchemaIndex = ReadonlyMap<string, NamedSchema>;

/**
 * A property schema with `$ref`s followed and trivial wrappers removed, plus the facts gathered on
 * the way (the first `description`/`default` found, and nullable/readOnly/writeOnly from any level).
 */
export interface ResolvedSchema {
  /** The schema that decides the control/cell kind: never a `ref`; a union or intersection only when it has several real members. */
  leaf: SchemaNode;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  description?: string;
  default?: unknown;
}

const MAX_DEPTH = 32;

/**
 * Follows `ref`s, drops `null` variants of unions (setting `nullable`) and unwraps unions and
 * intersections with a single remaining member. Cycle-safe: a loop ends in an `unknown` leaf.
 * @param node a schema
 * @param schemas named schemas by key
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function resolveSchema(node: SchemaNode, schemas: SchemaIndex): ResolvedSchema {
  const out: ResolvedSchema = { leaf: node, nullable: false, readOnly: false, writeOnly: false };
  let current: SchemaNode | undefined = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    out.leaf = current;
    if (current.nullable) out.nullable = true;
    if (current.readOnly) out.readOnly = true;
    if (current.writeOnly) out.writeOnly = true;
    if (out.description === undefined && typeof current.description === 'string' && current.description.trim() !== '') out.description = current.description;
    if (out.default === undefined && current.default !== undefined) out.default = current.default;
    current = unwrap(current, schemas, out);
  }
  if (current) out.leaf = { kind: 'unknown', pointer: current.pointer };
  return out;
}

/** The next schema to look at, or undefined when `node` is the leaf. */
function unwrap(node: SchemaNode, schemas: SchemaIndex, out: ResolvedSchema): SchemaNode | undefined {
  if (node.kind === 'ref') return schemas.get(node.target)?.schema ?? { kind: 'unknown', pointer: node.pointer };
  if (node.kind === 'union') {
    const real = node.variants.filter((v) => v.kind !== 'null');
    if (real.length < node.variants.length) out.nullable = true;
    return real.length === 1 ? real[0] : undefined;
  }
  if (node.kind === 'intersection') {
    const real = node.members.filter((m) => m.kind !== 'unknown');
    return real.length === 1 ? real[0] : undefined;
  }
  return undefined;
}

/**
 * Properties of an object-like schema: an object's own; the merged properties of an `allOf`
 * (first definition of a name wins, `required` if any member requires it, sorted by name);
 * for a union (`oneOf`/`anyOf`), those of its first object-like variant.
 * @param node a schema
 * @param schemas named schemas by key
 * @returns the properties, or undefined when the schema is not object-like
 * @see https://spec.openapis.org/oas/v3.1.0#composition-and-inheritance-polymorphism
 */
export function objectProperties(node: SchemaNode, schemas: SchemaIndex, seen: Set<SchemaNode> = new Set()): PropertyNode[] | undefined {
  if (seen.has(node)) return undefined;
  seen.add(node);
  switch (node.kind) {
    case 'ref': {
      const target = schemas.get(node.target);
      return target ? objectProperties(target.schema, schemas, seen) : undefined;
    }
    case 'object':
      return node.properties;
    case 'union':
      for (const variant of node.variants) {
        const props = objectProperties(variant, schemas, seen);
        if (props) return props;
      }
      return undefined;
    case 'intersection': {
      const merged = new Map<string, PropertyNode>();
      let objectLike = false;
      for (const member of node.members) {
        const props = objectProperties(member, schemas, seen);
        if (!props) continue;
        objectLike = true;
        for (const p of props) {
          const prior = merged.get(p.name);
          merged.set(p.name, prior ? { ...prior, required: prior.required || p.required } : p);
        }
      }
      return objectLike ? [...merged.values()].sort((a, b) => cmp(a.name, b.name)) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A schema `default` or example as plain JSON: dates (YAML timestamps) become ISO strings,
 * non-finite numbers and other non-JSON values are dropped (undefined).
 * @param value any value from the contract
 */
export function jsonValue(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map((v) => jsonValue(v, depth + 1));
    return items.includes(undefined) ? undefined : items;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, jsonValue(v, depth + 1)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => cmp(a, b));
    return Object.fromEntries(entries);
  }
  return undefined;
}
