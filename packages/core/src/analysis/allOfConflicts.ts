import type { ApiModel, SchemaNode } from '../model/types.js';
import { stringLiteral } from '../naming/literals.js';
import { arrayItemSchemas, objectProperties } from './schemaQueries.js';
import type { SchemaTypeNames, TypeMode } from './schemaTypeNames.js';

/** A JSON value kind a schema admits; `number` covers `integer`. */
type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/** The kinds a schema admits, each with its literal values (`enum`/`const`) or `'any'` when unrestricted. */
type Kinds = Map<Kind, Set<string | number | boolean> | 'any'>;

/** Deepest nesting of references and unions {@link kindsOf} walks. */
const MAX_DEPTH = 20;

/**
 * The kinds a schema admits, or undefined when that is not obvious (unknown schemas, intersections that are
 * not all objects, dangling references): an undefined side is compatible with anything.
 */
function kindsOf(node: SchemaNode, names: Pick<SchemaTypeNames, 'byName' | 'cut'>, depth = 0): Kinds | undefined {
  if (depth > MAX_DEPTH || names.cut.has(node)) return undefined;
  let out: Kinds | undefined;
  switch (node.kind) {
    case 'ref': {
      const target = names.byName.get(node.target);
      out = target ? kindsOf(target.schema, names, depth + 1) : undefined;
      if (out) out = new Map(out);
      break;
    }
    case 'string':
    case 'number':
    case 'boolean':
      out = new Map([[node.kind, node.enum && node.enum.length > 0 ? new Set<string | number | boolean>(node.enum) : 'any']]);
      break;
    case 'null':
      out = new Map([['null', 'any']]);
      break;
    case 'array':
      out = new Map([['array', 'any']]);
      break;
    case 'object':
      out = new Map([['object', 'any']]);
      break;
    case 'union': {
      out = new Map();
      for (const v of node.variants) {
        const k = kindsOf(v, names, depth + 1);
        if (!k) return undefined;
        for (const [kind, values] of k) {
          const have = out.get(kind);
          if (have === 'any' || values === 'any') out.set(kind, 'any');
          else out.set(kind, new Set([...(have ?? []), ...values]));
        }
      }
      break;
    }
    case 'intersection': {
      const members = node.members.filter((m) => m.kind !== 'unknown');
      const all = members.map((m) => kindsOf(m, names, depth + 1));
      out = members.length > 0 && all.every((k) => k !== undefined && k.size === 1 && k.get('object') === 'any') ? new Map([['object', 'any']]) : undefined;
      break;
    }
    case 'unknown':
      return undefined;
  }
  if (out && node.nullable) out.set('null', 'any');
  return out;
}

/** True when no value fits both: no shared kind, or only literal sets of a shared kind that do not overlap. */
function disjoint(a: Kinds, b: Kinds): boolean {
  for (const [kind, values] of a) {
    const other = b.get(kind);
    if (other === undefined) continue;
    if (values === 'any' || other === 'any') return false;
    for (const v of values) if (other.has(v)) return false;
  }
  return true;
}

/** Short text of a kind set for messages: `0 | 1 | 2`, `string | boolean`. */
function describeKinds(k: Kinds): string {
  return [...k].map(([kind, values]) => (values === 'any' ? kind : [...values].map((v) => (typeof v === 'string' ? stringLiteral(v) : String(v))).join(' | '))).join(' | ');
}

/** One property an `allOf` member declares that a later member retypes so that no value fits both. */
export interface AllOfConflict {
  /** Index of the earlier member (in the list given) whose declaration is overridden. */
  member: number;
  /** Index of the later member whose declaration wins. */
  by: number;
  /** The property name. */
  property: string;
  /** The kinds each side admits, e.g. `0 | 1 | 2` and `string | boolean`. */
  earlier: string;
  later: string;
}

/**
 * The properties that `allOf` members declare with types no value satisfies at once (different kinds, such
 * as a number and a string, or disjoint literal sets), which would make the intersection `never`. Decided
 * conservatively: a side whose kinds are not obvious (unknown, `$ref` cut for a cycle, mixed intersections)
 * never conflicts, and objects and arrays are compatible with each other's kind whatever their contents.
 * The printer resolves each conflict in favour of the later member (`Omit<Earlier, 'p'> & Later`), the rule
 * {@link objectProperties} applies too.
 *
 * @param members the `allOf` members in order (already without the ones the printer leaves out)
 * @param names the naming table (named schemas, cut references)
 * @param mode which properties count: `read` leaves writeOnly ones out, `write` readOnly ones
 * @returns the conflicts, by earlier member then property
 * @see https://spec.openapis.org/oas/v3.1.0#composition-and-inheritance-polymorphism
 */
export function allOfConflicts(members: readonly SchemaNode[], names: Pick<SchemaTypeNames, 'byName' | 'cut'>, mode: TypeMode | 'all'): AllOfConflict[] {
  if (members.length < 2) return [];
  const views = members.map((m) => objectProperties(m, names, mode)?.props);
  const out: AllOfConflict[] = [];
  views.forEach((props, i) => {
    for (const p of props ?? []) {
      for (let j = views.length - 1; j > i; j--) {
        const q = views[j]?.find((x) => x.name === p.name);
        if (!q) continue;
        const a = kindsOf(p.schema, names);
        const b = kindsOf(q.schema, names);
        if (a && b && disjoint(a, b)) out.push({ member: i, by: j, property: p.name, earlier: describeKinds(a), later: describeKinds(b) });
        break;
      }
    }
  });
  return out;
}

/** A contradicting `allOf` found in the model, for the `RSL_ALLOF_CONFLICT` diagnostic. */
export interface AllOfConflictReport extends AllOfConflict {
  /** Named schema, or `METHOD path` of the operation, that holds the `allOf`. */
  owner: string;
  /** Pointer of the `allOf` schema. */
  pointer: string;
  /** Printable labels of the two members (`Pet`, or `member 1`). */
  earlierLabel: string;
  laterLabel: string;
}

/** Members of an intersection the printer keeps, in order (see `printType`). */
export function printedMembers(node: Extract<SchemaNode, { kind: 'intersection' }>, names: Pick<SchemaTypeNames, 'cut'>, mode: TypeMode): SchemaNode[] {
  const kept = node.members.filter((m) => m.kind !== 'unknown' && !names.cut.has(m));
  const open = kept.filter((m) => !isBareObject(m, mode));
  return open.length > 0 ? open : kept;
}

/**
 * True for an object schema that contributes nothing to an intersection: no properties (in this mode) and no
 * `additionalProperties`, e.g. the `type: object` written beside `allOf`. Printed alone it would be an open
 * `Record<string, unknown>`, whose index signature would let every misspelt property through.
 * @param node an intersection member
 * @param mode the print mode
 */
export function isBareObject(node: SchemaNode, mode: TypeMode): boolean {
  return (
    node.kind === 'object' &&
    node.additionalProperties === undefined &&
    node.nullable !== true &&
    node.properties.every((p) => (mode === 'write' ? p.schema.readOnly : p.schema.writeOnly))
  );
}

/**
 * Every contradicting `allOf` of the model's named schemas and operation schemas (request bodies, responses,
 * parameters), in read and write mode, once per schema and property.
 * @param model the API model
 * @param names its naming table
 * @returns the reports, in model order
 */
export function findAllOfConflicts(model: ApiModel, names: SchemaTypeNames): AllOfConflictReport[] {
  const out: AllOfConflictReport[] = [];
  const seen = new Set<string>();
  const label = (m: SchemaNode | undefined, i: number) => (m?.kind === 'ref' ? (names.byName.get(m.target)?.typeName ?? m.target) : `member ${i + 1}`);
  const walk = (node: SchemaNode, owner: string, visited: Set<SchemaNode>) => {
    if (visited.has(node)) return;
    visited.add(node);
    switch (node.kind) {
      case 'array':
        for (const i of arrayItemSchemas(node)) walk(i, owner, visited);
        break;
      case 'object':
        for (const p of node.properties) walk(p.schema, owner, visited);
        if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, owner, visited);
        break;
      case 'union':
        for (const v of node.variants) walk(v, owner, visited);
        break;
      case 'intersection': {
        for (const mode of ['read', 'write'] as const) {
          const members = printedMembers(node, names, mode);
          for (const c of allOfConflicts(members, names, mode)) {
            const key = `${node.pointer}\u0000${c.property}`;
            if (seen.has(key)) continue;
            seen.add(key);
            out.push({ ...c, owner, pointer: node.pointer, earlierLabel: label(members[c.member], c.member), laterLabel: label(members[c.by], c.by) });
          }
        }
        for (const m of node.members) walk(m, owner, visited);
        break;
      }
      default:
        break;
    }
  };
  for (const s of model.schemas) walk(s.schema, s.name, new Set());
  // One set for every operation: a schema node several operations share (a component response's) is walked once;
  // walking it again would find only the conflicts already reported (`seen`: by the node's pointer).
  const visited = new Set<SchemaNode>();
  for (const op of model.operations) {
    for (const p of op.parameters) walk(p.schema, op.key, visited);
    for (const c of op.requestBody?.contents ?? []) if (c.schema) walk(c.schema, op.key, visited);
    for (const r of op.responses) for (const c of r.contents) if (c.schema) walk(c.schema, op.key, visited);
  }
  return out;
}
