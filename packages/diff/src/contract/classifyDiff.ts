import { type ChangeLevel, type DiffCode, settleLevel } from '../codes.js';
import { opKey } from './lower32.js';

/** Where in the contract a change sits. */
export type ChangeSite = 'operation' | 'parameter' | 'request' | 'response' | 'schema' | 'security' | 'document';

/** One raw api-smart-diff result, as far as the classification needs it. */
export interface RawDiff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  path: ReadonlyArray<string | number>;
  type: string;
  before?: unknown;
  after?: unknown;
}

/** What the classification makes of a raw diff: our code and level, and where it sits. */
export interface Classified {
  code: DiffCode;
  level: ChangeLevel;
  site: ChangeSite;
  /** `METHOD path` of the operation, when the change is inside one. */
  operation?: string;
  /** The property, parameter, media type, status or enum value concerned. */
  subject?: string;
  /** Index in the raw path where the schema (the part that may come from a component) starts, if any. */
  schemaAt?: number;
  /** For a documentation change: index in the raw path of its `example`, `examples` or `description` keyword. */
  docAt?: number;
}

/** HTTP methods of a path item's fixed fields (`query` since OpenAPI 3.2). */
export const METHODS: ReadonlySet<string> = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

const DOC_KEYS: ReadonlySet<string> = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'x-tags', '$comment', 'info', 'servers', 'contact', 'license']);
const CONSTRAINT_KEYS: ReadonlySet<string> = new Set([
  'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
]);
const TYPE_KEYS: ReadonlySet<string> = new Set(['type', 'format', 'nullable', 'items', 'oneOf', 'anyOf', 'allOf', 'not', 'additionalProperties', 'const', '$ref', 'discriminator', 'contentMediaType']);

/**
 * Our level for api-smart-diff's classification: `breaking` stays breaking; `unclassified` and
 * `deprecated` are possibly breaking (the library cannot tell, or a removal is announced); `non-breaking`
 * and `annotation` are non-breaking.
 * @param type api-smart-diff's `type`
 */
export function levelOf(type: string): ChangeLevel {
  if (type === 'breaking') return 'breaking';
  if (type === 'unclassified' || type === 'deprecated') return 'possibly-breaking';
  return 'non-breaking';
}


/**
 * Classifies one raw diff: maps its JSON path and action onto one of our codes, with the level that code gives
 * (`settleLevel`: the code's fixed level, or api-smart-diff's for the case, raised to the code's least level).
 * @param d the raw diff
 * @param required whether the property a schema diff adds is required in its parent (looked up by the caller)
 * @returns the classification, or undefined for a diff that is covered by another one (a `required` entry of
 *   an added or removed property, which the property's own diff reports)
 */
export function classifyDiff(d: RawDiff, required: (path: ReadonlyArray<string | number>) => boolean): Classified | undefined {
  const docAt = docKeywordAt(d.path);
  if (docAt !== undefined) return { code: 'RSL_DIFF_DOCUMENTATION_CHANGED', level: 'non-breaking', site: siteOf(d.path), ...operationOf(d.path), subject: String(d.path[docAt]), docAt };
  const found = classifyPath(d, required);
  return found && { ...found, level: settleLevel(found.code, found.level) };
}

/** Keywords whose value is only documentation: a change anywhere below one is a documentation change. */
const PROSE_KEYS: ReadonlySet<string> = new Set(['example', 'examples', 'description']);
/** Keywords whose members are named by the contract (the next path step is a name, not a keyword). */
const NAMED_MEMBERS: ReadonlySet<string> = new Set([
  'paths', 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas', 'parameters', 'responses',
  'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'content', 'encoding', 'mapping', 'webhooks',
]);
/** Keywords whose value is data of the contract's own (no keyword below them can be told from a value). */
const OPAQUE_KEYS: ReadonlySet<string> = new Set(['default', 'enum', 'const', 'required', 'security']);

/**
 * Where the raw path enters an `example`, `examples` or `description` (as a keyword, not as the name of a
 * property, schema or parameter): a change there or below is documentation only (OpenAPI 3.x: Schema Object
 * `example`/`examples`, Media Type, Parameter and Header Object `example`/`examples`, every `description`).
 * @param path the raw diff's path
 * @returns the keyword's index, or undefined when the change is not in documentation
 */
export function docKeywordAt(path: ReadonlyArray<string | number>): number | undefined {
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (typeof seg !== 'string') continue;
    if (PROSE_KEYS.has(seg)) return i;
    if (OPAQUE_KEYS.has(seg) || seg.startsWith('x-')) return undefined;
    if (NAMED_MEMBERS.has(seg)) i++;
  }
  return undefined;
}

/** The operation a raw path lies in (`{ operation: 'GET /pets' }`), or nothing. */
function operationOf(p: ReadonlyArray<string | number>): { operation?: string } {
  return p[0] === 'paths' && p.length >= 3 && METHODS.has(String(p[2])) ? { operation: opKey(p[1], p[2]) } : {};
}

/** The site of a raw path, from its first steps. */
function siteOf(p: ReadonlyArray<string | number>): ChangeSite {
  if (p[0] === 'components') return p[1] === 'schemas' ? 'schema' : 'document';
  if (p[0] !== 'paths' || !METHODS.has(String(p[2]))) return 'document';
  if (p[3] === 'parameters') return 'parameter';
  return p[3] === 'requestBody' ? 'request' : p[3] === 'responses' ? 'response' : 'operation';
}

/** The code, site and subject of a raw diff, with api-smart-diff's level (see {@link classifyDiff}). */
function classifyPath(d: RawDiff, required: (path: ReadonlyArray<string | number>) => boolean): Classified | undefined {
  const p = d.path;
  const level = levelOf(d.type);
  const at = (i: number) => (p.length > i ? p[i] : undefined);
  if (p[0] === 'paths' && p.length >= 3 && METHODS.has(String(p[2]))) {
    const operation = opKey(p[1], p[2]);
    const base = { level, operation };
    if (p.length === 3) return { ...base, code: d.action === 'add' ? 'RSL_DIFF_OPERATION_ADDED' : 'RSL_DIFF_OPERATION_REMOVED', site: 'operation' };
    const key = String(p[3]);
    if (key === 'deprecated') return { ...base, code: d.after === true ? 'RSL_DIFF_DEPRECATED' : 'RSL_DIFF_CHANGED', site: 'operation' };
    if (key === 'operationId') return { ...base, code: 'RSL_DIFF_OPERATION_ID_CHANGED', site: 'operation' };
    if (key === 'security') return { ...base, ...securityCode(d, p.length === 4), site: 'security' };
    if (key === 'parameters') {
      if (p.length === 4) return { ...base, code: 'RSL_DIFF_PARAMETER_CHANGED', site: 'parameter' };
      if (p.length === 5) return { ...base, code: d.action === 'add' ? 'RSL_DIFF_PARAMETER_ADDED' : d.action === 'remove' ? 'RSL_DIFF_PARAMETER_REMOVED' : 'RSL_DIFF_PARAMETER_CHANGED', site: 'parameter' };
      if (at(5) === 'schema') return { ...base, ...schemaCode(d, 6, 'parameter', required), site: 'parameter', schemaAt: 6 };
      if (at(5) === 'deprecated') return { ...base, code: d.after === true ? 'RSL_DIFF_DEPRECATED' : 'RSL_DIFF_CHANGED', site: 'parameter' };
      if (DOC_KEYS.has(String(at(5)))) return { ...base, code: 'RSL_DIFF_DOCUMENTATION_CHANGED', site: 'parameter' };
      return { ...base, code: 'RSL_DIFF_PARAMETER_CHANGED', site: 'parameter' };
    }
    if (key === 'requestBody') {
      if (at(4) === 'content') {
        if (p.length === 6) return { ...base, code: d.action === 'remove' ? 'RSL_DIFF_MEDIA_TYPE_REMOVED' : d.action === 'add' ? 'RSL_DIFF_MEDIA_TYPE_ADDED' : 'RSL_DIFF_CHANGED', site: 'request', subject: String(p[5]) };
        if (at(6) === 'schema') return { ...base, ...schemaCode(d, 7, 'request', required), site: 'request', schemaAt: 7 };
      }
      if (DOC_KEYS.has(String(at(4)))) return { ...base, code: 'RSL_DIFF_DOCUMENTATION_CHANGED', site: 'request' };
      return { ...base, code: 'RSL_DIFF_REQUEST_BODY_CHANGED', site: 'request' };
    }
    if (key === 'responses') {
      if (p.length === 4) return { ...base, code: 'RSL_DIFF_CHANGED', site: 'response' };
      const status = String(p[4]);
      if (p.length === 5) return { ...base, code: d.action === 'add' ? 'RSL_DIFF_RESPONSE_ADDED' : d.action === 'remove' ? 'RSL_DIFF_RESPONSE_REMOVED' : 'RSL_DIFF_CHANGED', site: 'response', subject: status };
      if (at(5) === 'content') {
        if (p.length === 7) return { ...base, code: d.action === 'remove' ? 'RSL_DIFF_MEDIA_TYPE_REMOVED' : d.action === 'add' ? 'RSL_DIFF_MEDIA_TYPE_ADDED' : 'RSL_DIFF_CHANGED', site: 'response', subject: String(p[6]) };
        if (at(7) === 'schema') return { ...base, ...schemaCode(d, 8, 'response', required), site: 'response', schemaAt: 8 };
      }
      if (DOC_KEYS.has(String(at(5)))) return { ...base, code: 'RSL_DIFF_DOCUMENTATION_CHANGED', site: 'response' };
      return { ...base, code: 'RSL_DIFF_CHANGED', site: 'response', subject: status };
    }
    if (DOC_KEYS.has(key)) return { ...base, code: 'RSL_DIFF_DOCUMENTATION_CHANGED', site: 'operation' };
    return { ...base, code: 'RSL_DIFF_CHANGED', site: 'operation' };
  }
  if (p[0] === 'paths') return { level, code: 'RSL_DIFF_CHANGED', site: 'operation' };
  if (p[0] === 'components' && p[1] === 'schemas' && p.length >= 3) {
    if (p.length === 3) return { level, code: 'RSL_DIFF_CHANGED', site: 'schema', subject: String(p[2]) };
    return { ...schemaCode(d, 3, 'schema', required), site: 'schema', schemaAt: 3 };
  }
  if (p[0] === 'components' && p[1] === 'securitySchemes') return { level, code: 'RSL_DIFF_SECURITY_CHANGED', site: 'security', ...(p[2] !== undefined ? { subject: String(p[2]) } : {}) };
  if (p[0] === 'security') return { level, ...securityCode(d, p.length === 1), site: 'security' };
  if (p[0] === 'info' || p[0] === 'servers' || p[0] === 'tags' || p[0] === 'externalDocs' || p[0] === 'openapi') return { level, code: 'RSL_DIFF_DOCUMENTATION_CHANGED', site: 'document' };
  return { level, code: 'RSL_DIFF_CHANGED', site: 'document' };
}

/** The code of a security change (an added requirement is at least possibly breaking: see its code's level). */
function securityCode(d: RawDiff, whole: boolean): { code: DiffCode } {
  if (d.action === 'add') return { code: 'RSL_DIFF_SECURITY_ADDED' };
  if (d.action === 'remove') return { code: whole ? 'RSL_DIFF_SECURITY_REMOVED' : 'RSL_DIFF_SECURITY_CHANGED' };
  return { code: 'RSL_DIFF_SECURITY_CHANGED' };
}

/**
 * The code of a change inside a schema, from the path below the schema's root (`start`).
 * @returns the code, api-smart-diff's level and the subject
 */
function schemaCode(
  d: RawDiff,
  start: number,
  site: 'parameter' | 'request' | 'response' | 'schema',
  required: (path: ReadonlyArray<string | number>) => boolean,
): { code: DiffCode; level: ChangeLevel; subject?: string } {
  const p = d.path;
  const level = levelOf(d.type);
  const last = p[p.length - 1];
  const parent = p[p.length - 2];
  if (p.length - start >= 2 && parent === 'properties' && p.length - 2 >= start) {
    const subject = String(last);
    if (d.action === 'remove') return { code: site === 'response' ? 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED' : 'RSL_DIFF_PROPERTY_REMOVED', level, subject };
    if (d.action === 'add') return { code: (site === 'request' || site === 'parameter') && required(p) ? 'RSL_DIFF_REQUIRED_PROPERTY_ADDED' : 'RSL_DIFF_PROPERTY_ADDED', level, subject };
    return { code: 'RSL_DIFF_TYPE_CHANGED', level, subject };
  }
  if (parent === 'required' && typeof last === 'number') {
    const subject = String(d.action === 'add' ? d.after : d.before);
    return { code: d.action === 'add' ? 'RSL_DIFF_PROPERTY_NOW_REQUIRED' : d.action === 'remove' ? 'RSL_DIFF_PROPERTY_NOW_OPTIONAL' : 'RSL_DIFF_CHANGED', level, subject };
  }
  if (last === 'required' && Array.isArray(d.after ?? d.before)) {
    const names = (d.after ?? d.before) as unknown[];
    return { code: d.action === 'remove' ? 'RSL_DIFF_PROPERTY_NOW_OPTIONAL' : 'RSL_DIFF_PROPERTY_NOW_REQUIRED', level, subject: names.join(', ') };
  }
  if (parent === 'enum' && typeof last === 'number') {
    const subject = JSON.stringify(d.action === 'add' ? d.after : d.before);
    if (d.action === 'add') return { code: 'RSL_DIFF_ENUM_VALUE_ADDED', level, subject };
    if (d.action === 'remove') return { code: 'RSL_DIFF_ENUM_VALUE_REMOVED', level, subject };
    return { code: 'RSL_DIFF_TYPE_CHANGED', level, subject };
  }
  const key = String(last);
  if (key === 'deprecated') return { code: d.after === true ? 'RSL_DIFF_DEPRECATED' : 'RSL_DIFF_CHANGED', level };
  if (CONSTRAINT_KEYS.has(key)) return { code: 'RSL_DIFF_CONSTRAINT_CHANGED', level, subject: key };
  if (TYPE_KEYS.has(key) || key === 'enum' || p.length === start) return { code: 'RSL_DIFF_TYPE_CHANGED', level, subject: key };
  if (DOC_KEYS.has(key)) return { code: 'RSL_DIFF_DOCUMENTATION_CHANGED', level };
  return { code: 'RSL_DIFF_CHANGED', level, subject: key };
}
