import { apiCompare } from 'api-smart-diff';
import { type ChangeLevel, type DiffCode, CHANGE_LEVELS, worseLevel } from '../codes.js';
import { type ChangeSite, type Classified, type RawDiff, METHODS, classifyDiff } from './classifyDiff.js';
import { type ParameterIdentity, originOf, schemaLabel } from './origin.js';
import { liftPointer, lowerForComparison, opKey } from './lower32.js';
import { prefilterContracts } from './prefilter.js';

/** One change between two contracts, in our terms (see `DIFF_CODES` and `docs/diff.md`). */
export interface ContractChange {
  /** Stable code, e.g. `RSL_DIFF_OPERATION_REMOVED`. */
  code: DiffCode;
  /** The worst level of the places the change shows up in. */
  level: ChangeLevel;
  /** One sentence, e.g. "property `lastName` removed from `Contact` (response bodies)". */
  message: string;
  /** Where it was made in the contract: JSON pointer into the old (removals) or new document. */
  pointer: string;
  /** Where it sits: in an operation's parameters, request or response, a component schema, security, the document. */
  site: ChangeSite;
  /** The property, parameter, media type, status or enum value concerned. */
  subject?: string;
  /** The parameter it was made in, e.g. "query parameter `page`". */
  parameter?: string;
  /** The component schema it was made in, e.g. `Contact`. */
  schema?: string;
  /** Operations whose requests or responses show it (`METHOD path`), sorted. */
  operations: string[];
  /** How many of api-smart-diff's raw results it stands for. */
  raw: number;
}

/** Options of {@link compareContracts}. */
export interface CompareContractsOptions {
  /**
   * Hand api-smart-diff only the parts of the documents whose comparison can give results
   * (`prefilterContracts`): the same changes, much faster on large contracts. Default true; false compares
   * the whole documents (the reference the pre-filter is tested against).
   */
  prefilter?: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';

function valueAt(doc: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = doc;
  for (const seg of path) node = isObject(node) ? node[String(seg)] : undefined;
  return node;
}

/**
 * Compares two bundled OpenAPI 3.x documents with api-smart-diff and maps its results onto our codes.
 *
 * api-smart-diff resolves `$ref`s, so one change to a component schema shows up once at every place the
 * schema is used (plus once under `components`). Each raw result is traced back to where it was made
 * (`originOf`); results with the same code, origin and subject become one change that lists the
 * operations, with the worst level among them. A `required` entry that comes and goes with its property
 * is reported by the property's change; a change under `components` that also shows up under `paths`
 * is reported once, from `paths`. By default api-smart-diff sees only the parts of the documents whose
 * comparison can give results (`prefilterContracts`). Like api-smart-diff, this may rewrite parts of the
 * documents (normalised forms of schemas): pass copies to keep them.
 * @param before the old document (bundled: all `$ref`s internal)
 * @param after the new document
 * @param options see {@link CompareContractsOptions}
 * @returns the changes, breaking first, then by code and pointer
 */
export function compareContracts(before: unknown, after: unknown, options: CompareContractsOptions = {}): ContractChange[] {
  // OpenAPI 3.2's `query`, `additionalOperations` and `itemSchema` in the terms api-smart-diff knows.
  const [lowBefore, lowAfter] = [lowerForComparison(before), lowerForComparison(after)];
  const input = options.prefilter === false ? { before: lowBefore, after: lowAfter } : prefilterContracts(lowBefore, lowAfter);
  // api-smart-diff writes its normalised forms (`$ref` siblings and combiners as `allOf`, …) back into the
  // documents it crawls, and its paths follow those forms; origins are traced in the same documents.
  const { diffs, merged } = apiCompare(input.before, input.after);
  const raws = diffs as unknown as RawDiff[];
  const propertyPaths = new Set<string>();
  for (const d of raws) if (d.path[d.path.length - 2] === 'properties' && (d.action === 'add' || d.action === 'remove')) propertyPaths.add(JSON.stringify(d.path));
  const covered = (d: RawDiff) => {
    const p = d.path;
    if (p[p.length - 2] !== 'required' || typeof p[p.length - 1] !== 'number') return false;
    const name = d.action === 'add' ? d.after : d.before;
    return propertyPaths.has(JSON.stringify([...p.slice(0, -2), 'properties', name]));
  };
  const required = (path: ReadonlyArray<string | number>) => {
    const list = valueAt(merged, [...path.slice(0, -2), 'required']);
    return Array.isArray(list) && list.includes(path[path.length - 1]);
  };
  const parameterAt = (path: ReadonlyArray<string | number>) => (upTo: number): ParameterIdentity | undefined => {
    const p = valueAt(merged, path.slice(0, upTo + 1));
    return isObject(p) && typeof p['name'] === 'string' && typeof p['in'] === 'string' ? { name: p['name'], in: p['in'] } : undefined;
  };

  const groups = new Map<string, ContractChange & { fromPaths: boolean }>();
  for (const d of raws) {
    if (covered(d)) continue;
    for (const c of expand(d, classifyDiff(d, required))) {
      // Every edit inside one example or description is one documentation change, made at its keyword.
      const at = c.docAt !== undefined ? d.path.slice(0, c.docAt + 1) : d.path;
      const removed = d.action === 'remove' && at.length === d.path.length;
      const origin = originOf(removed ? input.before : input.after, at, parameterAt(d.path));
      origin.pointer = liftPointer(origin.pointer, removed ? before : after);
      const parameter = parameterName(d, c, merged);
      const subject = c.subject ?? parameter;
      const fromPaths = d.path[0] === 'paths';
      const key = `${fromPaths}|${c.code}|${origin.pointer}|${subject ?? ''}`;
      const found = groups.get(key);
      if (found) {
        found.level = worseLevel(found.level, c.level);
        if (c.operation && !found.operations.includes(c.operation)) found.operations.push(c.operation);
        found.raw++;
        found.fromPaths ||= fromPaths;
        continue;
      }
      groups.set(key, {
        code: c.code,
        level: c.level,
        message: '',
        pointer: origin.pointer,
        site: c.site,
        ...(subject !== undefined ? { subject } : {}),
        ...(parameter !== undefined ? { parameter } : {}),
        ...(origin.schema !== undefined ? { schema: origin.schema } : {}),
        operations: c.operation ? [c.operation] : [],
        raw: 1,
        fromPaths,
      });
    }
  }
  const pathPointers = [...groups.values()].filter((g) => g.fromPaths).map((g) => g.pointer);
  const changes: ContractChange[] = [];
  for (const { fromPaths, ...change } of groups.values()) {
    if (!fromPaths && pathPointers.some((p) => p === change.pointer || p.startsWith(`${change.pointer}/`) || change.pointer.startsWith(`${p}/`))) continue;
    change.operations.sort();
    changes.push({ ...change, message: describe(change) });
  }
  return changes.sort(
    (a, b) => CHANGE_LEVELS.indexOf(a.level) - CHANGE_LEVELS.indexOf(b.level) || a.code.localeCompare(b.code) || a.pointer.localeCompare(b.pointer) || (a.subject ?? '').localeCompare(b.subject ?? ''),
  );
}

/** A whole path item added or removed is one operation change per method. */
function expand(d: RawDiff, c: Classified | undefined): Classified[] {
  if (!c) return [];
  if (d.path[0] !== 'paths' || d.path.length !== 2 || (d.action !== 'add' && d.action !== 'remove')) return [c];
  const item = d.action === 'add' ? d.after : d.before;
  if (!isObject(item)) return [c];
  const code: DiffCode = d.action === 'add' ? 'RSL_DIFF_OPERATION_ADDED' : 'RSL_DIFF_OPERATION_REMOVED';
  const ops = Object.keys(item).filter((m) => METHODS.has(m));
  return ops.length === 0 ? [c] : ops.map((m) => ({ ...c, code, site: 'operation', operation: opKey(d.path[1], m) }));
}

/** `query parameter \`q\``, from the merged document, for a change at or under `parameters/<index>`. */
function parameterName(d: RawDiff, c: Classified, merged: unknown): string | undefined {
  if (c.site !== 'parameter' || d.path[3] !== 'parameters' || d.path.length < 5) return undefined;
  const p = valueAt(merged, d.path.slice(0, 5));
  return isObject(p) && typeof p['name'] === 'string' ? `${String(p['in'] ?? '')} parameter \`${p['name']}\``.trim() : undefined;
}

/** The sentence of a change. */
function describe(c: Omit<ContractChange, 'message'>): string {
  const ops = c.operations;
  const op = ops.length === 1 ? (ops[0] as string) : ops.length > 1 ? `${ops.length} operations` : 'the document';
  const label = schemaLabel(c.pointer);
  const inWhat = label !== undefined ? `\`${label}\`` : c.site === 'request' ? `the request body of ${op}` : c.site === 'response' ? `the response body of ${op}` : c.site === 'parameter' ? `${c.parameter ?? 'a parameter'} of ${op}` : op;
  const s = c.subject ?? '';
  switch (c.code) {
    case 'RSL_DIFF_OPERATION_REMOVED': return `operation ${op} removed`;
    case 'RSL_DIFF_OPERATION_ADDED': return `operation ${op} added`;
    case 'RSL_DIFF_OPERATION_ID_CHANGED': return `operationId of ${op} changed`;
    case 'RSL_DIFF_PARAMETER_REMOVED': return `${s || 'a parameter'} removed from ${op}`;
    case 'RSL_DIFF_PARAMETER_ADDED': return `${s || 'a parameter'} added to ${op}`;
    case 'RSL_DIFF_PARAMETER_CHANGED': return `${s || 'a parameter'} of ${op} changed`;
    case 'RSL_DIFF_REQUEST_BODY_CHANGED': return `request body of ${op} changed`;
    case 'RSL_DIFF_PROPERTY_REMOVED': return `property \`${s}\` removed from ${parentOf(label, inWhat)}`;
    case 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED': return `property \`${s}\` removed from ${parentOf(label, inWhat)} (responses)`;
    case 'RSL_DIFF_PROPERTY_ADDED': return `property \`${s}\` added to ${parentOf(label, inWhat)}`;
    case 'RSL_DIFF_REQUIRED_PROPERTY_ADDED': return `required property \`${s}\` added to ${parentOf(label, inWhat)} (request bodies)`;
    case 'RSL_DIFF_PROPERTY_NOW_REQUIRED': return `\`${s}\` became required in ${inWhat}`;
    case 'RSL_DIFF_PROPERTY_NOW_OPTIONAL': return `\`${s}\` became optional in ${inWhat}`;
    case 'RSL_DIFF_TYPE_CHANGED': return `type of ${inWhat} changed${s && !/^(type|format|\$ref)$/.test(s) ? ` (${s})` : ''}`;
    case 'RSL_DIFF_ENUM_VALUE_REMOVED': return `enum value ${s} removed from ${inWhat}`;
    case 'RSL_DIFF_ENUM_VALUE_ADDED': return `enum value ${s} added to ${inWhat}`;
    case 'RSL_DIFF_CONSTRAINT_CHANGED': return `\`${s}\` of ${inWhat} changed`;
    case 'RSL_DIFF_MEDIA_TYPE_REMOVED': return `media type \`${s}\` removed from the ${c.site} of ${op}`;
    case 'RSL_DIFF_MEDIA_TYPE_ADDED': return `media type \`${s}\` added to the ${c.site} of ${op}`;
    case 'RSL_DIFF_RESPONSE_REMOVED': return `response ${s} removed from ${op}`;
    case 'RSL_DIFF_RESPONSE_ADDED': return `response ${s} added to ${op}`;
    case 'RSL_DIFF_SECURITY_ADDED': return `security requirement added to ${op}`;
    case 'RSL_DIFF_SECURITY_REMOVED': return `security requirement removed from ${op}`;
    case 'RSL_DIFF_SECURITY_CHANGED': return `security of ${s ? `scheme \`${s}\`` : op} changed`;
    case 'RSL_DIFF_DEPRECATED': return `${c.site === 'operation' ? `operation ${op}` : inWhat} deprecated`;
    case 'RSL_DIFF_DOCUMENTATION_CHANGED': return `${s || 'documentation'} of ${c.site === 'document' && label === undefined ? 'the document' : inWhat} changed`;
    default: return `${inWhat} changed${s ? ` (${s})` : ''}`;
  }
}

/** `Contact` for a property of `Contact` (the label ends with `.<property>`). */
function parentOf(label: string | undefined, fallback: string): string {
  if (label === undefined) return fallback;
  const cut = label.lastIndexOf('.');
  return `\`${cut > 0 ? label.slice(0, cut) : label}\``;
}
