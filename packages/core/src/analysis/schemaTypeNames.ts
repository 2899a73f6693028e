import type { ApiModel, NamedSchema, SchemaNode } from '../model/types.js';
import { UniqueNames } from '../naming/identifiers.js';
import { memoOnSchemas } from './memo.js';
import { arrayItemSchemas } from './schemaQueries.js';
import { reachable } from './reach.js';

/**
 * `read`: a value the API returns (writeOnly properties left out).
 * `write`: a value sent to the API (readOnly properties left out).
 * @see https://spec.openapis.org/oas/v3.1.0#fixed-fields-20 (readOnly / writeOnly)
 */
export type TypeMode = 'read' | 'write';

/**
 * Names of the TypeScript types of a model's named schemas, and which of them need a separate
 * write-mode ("Writable") variant because they, or a schema they reach, hold readOnly or writeOnly properties.
 */
export interface SchemaTypeNames {
  /** Type name of a named schema in a mode (`Contact`, or `ContactWritable` in write mode when it differs). */
  typeName(target: string, mode: TypeMode): string;
  /** Named schemas whose write-mode type differs, with the Writable type name. */
  writable: ReadonlyMap<string, string>;
  /** Lookup of named schemas by key. */
  byName: ReadonlyMap<string, NamedSchema>;
  /**
   * `$ref` nodes printed as `unknown` because they would close a cycle of type aliases that TypeScript
   * cannot express (`type A = B; type B = A`, or `Cat = Pet & …` where `Pet = Cat | Dog`).
   */
  cut: ReadonlySet<SchemaNode>;
  /** One entry per cut `$ref`, for diagnostics: the schema holding it and its target. */
  cuts: ReadonlyArray<{ from: string; target: string; pointer: string; inheritance: boolean }>;
  /** True when `date`/`date-time` strings print as `Date` (the model's `dates: 'Date'`, see `isDateString`). */
  dates?: boolean;
}

/**
 * The named schemas whose write-mode type differs from the read-mode one: those holding a readOnly or writeOnly
 * node themselves (not through a `$ref`), and every schema that references one of them, directly or through
 * others. One walk per schema finds the first kind and the `$ref`s; the second comes from following the
 * references backwards.
 * @param model the API model
 * @returns the names of the differing schemas
 */
function differingSchemas(model: ApiModel): Set<string> {
  const differs = new Set<string>();
  const referrers = new Map<string, string[]>();
  for (const s of model.schemas) {
    const targets = new Set<string>();
    if (holdsAccessMode(s.schema, targets, new Set())) differs.add(s.name);
    for (const t of targets) {
      const list = referrers.get(t);
      if (list) list.push(s.name);
      else referrers.set(t, [s.name]);
    }
  }
  return reachable(differs, referrers);
}

/** True when the schema holds a readOnly or writeOnly node, not looking through `$ref`s, whose targets it collects. */
function holdsAccessMode(node: SchemaNode | undefined, targets: Set<string>, seen: Set<SchemaNode>): boolean {
  if (!node || seen.has(node)) return false;
  seen.add(node);
  if (node.readOnly || node.writeOnly) return true;
  switch (node.kind) {
    case 'ref':
      targets.add(node.target);
      return false;
    case 'array':
      return arrayItemSchemas(node).some((i) => holdsAccessMode(i, targets, seen));
    case 'object':
      return node.properties.some((p) => holdsAccessMode(p.schema, targets, seen)) || (typeof node.additionalProperties === 'object' && holdsAccessMode(node.additionalProperties, targets, seen));
    case 'union':
      return node.variants.some((v) => holdsAccessMode(v, targets, seen));
    case 'intersection':
      return node.members.some((m) => holdsAccessMode(m, targets, seen));
    default:
      return false;
  }
}

/**
 * Computes type names for the model's named schemas, including Writable variants.
 * @param model the API model
 * @returns the naming table
 */
export function schemaTypeNames(model: ApiModel): SchemaTypeNames {
  const byName = new Map(model.schemas.map((s) => [s.name, s] as const));
  const differs = differingSchemas(model);
  const names = new UniqueNames();
  for (const s of model.schemas) names.reserve(s.typeName);
  const writable = new Map<string, string>();
  for (const s of model.schemas) if (differs.has(s.name)) writable.set(s.name, names.take(`${s.typeName}Writable`));
  const { cut, cuts } = aliasCycleCuts(model);
  return {
    byName,
    writable,
    cut,
    cuts,
    ...(model.dates === 'Date' ? { dates: true } : {}),
    typeName(target, mode) {
      if (mode === 'write') {
        const w = writable.get(target);
        if (w) return w;
      }
      return byName.get(target)?.typeName ?? 'unknown';
    },
  };
}

/** A `$ref` a type alias resolves eagerly: at its top level, or inside unions and intersections. */
interface EagerRef {
  ref: Extract<SchemaNode, { kind: 'ref' }>;
  /** True when reached through an intersection member (an `allOf` parent). */
  inheritance: boolean;
}

function eagerRefs(node: SchemaNode, inheritance: boolean, out: EagerRef[]): EagerRef[] {
  if (node.kind === 'ref') out.push({ ref: node, inheritance });
  else if (node.kind === 'union') for (const v of node.variants) eagerRefs(v, inheritance, out);
  else if (node.kind === 'intersection') for (const m of node.members) eagerRefs(m, true, out);
  // Object members, array items and index signatures are resolved lazily by TypeScript: recursion there is fine.
  return out;
}

/**
 * Finds the `$ref`s that would make a named type alias circularly reference itself (TS2456) and must
 * be printed as `unknown`. First the `allOf` parents that lead back to the schema (the usual
 * "`Pet = oneOf [Cat, Dog]`, `Cat = allOf [Pet, …]`" polymorphism: the union keeps its members), then,
 * for any cycle left, the back edges of a depth-first walk in type-name order. Deterministic.
 * @param model the API model
 */
function aliasCycleCuts(model: ApiModel): { cut: Set<SchemaNode>; cuts: Array<{ from: string; target: string; pointer: string; inheritance: boolean }> } {
  const edges = new Map(model.schemas.map((s) => [s.name, eagerRefs(s.schema, false, [])] as const));
  const cut = new Set<SchemaNode>();
  const cuts: Array<{ from: string; target: string; pointer: string; inheritance: boolean }> = [];
  const cutRef = (from: string, e: EagerRef) => {
    cut.add(e.ref);
    cuts.push({ from, target: e.ref.target, pointer: e.ref.pointer, inheritance: e.inheritance });
  };
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      if (at === goal) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      for (const e of edges.get(at) ?? []) if (!cut.has(e.ref)) stack.push(e.ref.target);
    }
    return false;
  };
  for (const s of model.schemas) {
    for (const e of edges.get(s.name) ?? []) if (e.inheritance && !cut.has(e.ref) && reaches(e.ref.target, s.name)) cutRef(s.name, e);
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string) => {
    state.set(name, 'open');
    for (const e of edges.get(name) ?? []) {
      if (cut.has(e.ref)) continue;
      const next = state.get(e.ref.target);
      if (next === 'open') cutRef(name, e);
      else if (next === undefined && edges.has(e.ref.target)) visit(e.ref.target);
    }
    state.set(name, 'done');
  };
  for (const s of model.schemas) if (!state.has(s.name)) visit(s.name);
  return { cut, cuts };
}

/**
 * {@link schemaTypeNames}, computed once per schemas array and memoized on it (`memoOnSchemas`), so every plugin of a
 * run, and the next run of a watch that reused the model, shares it.
 * @param model the API model
 * @returns the naming table of the model's named schemas
 */
export function getSchemaTypeNames(model: ApiModel): SchemaTypeNames {
  return memoOnSchemas(model, 'schemaTypeNames', () => schemaTypeNames(model));
}
