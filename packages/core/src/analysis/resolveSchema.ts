import type { NamedSchema, SchemaNode } from '../model/types.js';
import { cmp } from '../diagnostics/Diagnostics.js';

/**
 * A schema with `$ref`s followed and trivial wrappers removed, plus the facts gathered on the way: the first
 * non-blank `description` and the first `default` met (outermost first), and nullable/readOnly/writeOnly when
 * any level on the way sets them.
 */
export interface ResolvedSchema {
  /** The schema that decides what kind of value this is: never a `ref`; a union or intersection only when it has several real members. */
  leaf: SchemaNode;
  /** True when a level on the way is nullable or a union on the way has a `null` variant. */
  nullable: boolean;
  /** True when a level on the way is readOnly. */
  readOnly: boolean;
  /** True when a level on the way is writeOnly. */
  writeOnly: boolean;
  /** The first non-blank description met, outermost first. */
  description?: string;
  /** The first default met, outermost first (as the contract gives it; see {@link jsonValue}). */
  default?: unknown;
}

/** Longest chain of references and wrappers {@link resolveSchema} follows, and deepest nesting {@link jsonValue} copies. */
const MAX_DEPTH = 32;

/**
 * The leaf of a schema: follows `$ref`s, drops `null` variants of unions (setting `nullable`) and unwraps
 * unions with a single remaining variant and intersections with a single member that is not `unknown`.
 * Cycle-safe: a reference cycle, a dangling reference or a chain longer than 32 ends in an `unknown` leaf.
 * @param node a schema
 * @param byName named schemas by key (`getSchemaTypeNames(model).byName`)
 * @returns the leaf and the facts gathered on the way to it
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function resolveSchema(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): ResolvedSchema {
  const out: ResolvedSchema = { leaf: node, nullable: false, readOnly: false, writeOnly: false };
  let current: SchemaNode | undefined = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    out.leaf = current;
    if (current.nullable) out.nullable = true;
    if (current.readOnly) out.readOnly = true;
    if (current.writeOnly) out.writeOnly = true;
    if (out.description === undefined && typeof current.description === 'string' && current.description.trim() !== '') out.description = current.description;
    if (out.default === undefined && current.default !== undefined) out.default = current.default;
    current = unwrap(current, byName, out);
  }
  if (current) out.leaf = { kind: 'unknown', pointer: current.pointer };
  return out;
}

/** The next schema to look at, or undefined when `node` is the leaf. */
function unwrap(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>, out: ResolvedSchema): SchemaNode | undefined {
  if (node.kind === 'ref') return byName.get(node.target)?.schema ?? { kind: 'unknown', pointer: node.pointer };
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
 * A schema `default` or example as plain JSON, for printing into generated code: dates (YAML timestamps)
 * become ISO strings, object keys are sorted, and non-finite numbers and other non-JSON values are dropped.
 * An array holding a dropped value is dropped as a whole (its positions would shift); an object loses only
 * that key.
 * @param value any value from the contract
 * @param depth nesting level of `value` (values nested deeper than 32 are dropped)
 * @returns the JSON value, or undefined when `value` has no JSON form
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
