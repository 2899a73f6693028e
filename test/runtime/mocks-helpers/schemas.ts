// OpenAPI → JSON Schema for validating mock responses with ajv.
//
// The whole bundled document is converted (every Schema Object: `components.schemas`, and every `schema` of a
// media type, parameter or header) with @openapi-contrib/openapi-schema-to-json-schema, then handed to ajv as one
// schema resource with an `$id`, so `#/components/schemas/X` references (and pointers into `paths`) resolve.
//
// The document is converted in its *response view*:
// - writeOnly properties are forbidden (`not: {}`): a response must never carry them. readOnly ones are allowed.
//   (The *request view*, used to check the request bodies the test sends, forbids readOnly ones instead.)
// - 3.0-style `nullable` is mapped for both 3.0 and 3.1 documents (openai carries it in 3.1): `type` gets `"null"`
//   (the converter does this when `type` is a string; this module when it is a 3.1 type array) and a `nullable`
//   schema without `type` (`{ allOf: [{ $ref }], nullable: true }`, NestJS style) becomes `anyOf: [schema, null]`,
//   which is how the generator types it (`T | null`).
// - 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` (draft-04 style, also found in 3.1 documents) become the
//   numeric form ajv understands.
// 3.0 documents validate with ajv's default class (draft-07), 3.1 documents with `Ajv2020` (JSON Schema 2020-12).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { openapiSchemaToJsonSchema } from '@openapi-contrib/openapi-schema-to-json-schema';

type Json = Record<string, unknown>;
type AjvInstance = Ajv | Ajv2020;

/** `$id` the converted document is registered under. */
export const DOCUMENT_ID = 'urn:reslayer:mock-schemas:contract';

/** Formats ajv-formats knows (the OpenAPI ones included: int32, int64, float, double, byte, binary, password). */
const KNOWN_FORMATS = new Set([
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url',
  'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment',
  'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
]);

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** ajv-formats is CommonJS: its default import is `module.exports`, which also carries `.default`. */
function addFormats(ajv: AjvInstance): void {
  type Plugin = (a: AjvInstance) => unknown;
  const mod = formatsModule as unknown as Plugin | { default: Plugin };
  (typeof mod === 'function' ? mod : mod.default)(ajv);
}

/** Unescapes one JSON pointer token. */
const unescapeToken = (t: string): string => t.replace(/~1/g, '/').replace(/~0/g, '~');
/** Escapes one JSON pointer token. */
export const escapeToken = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The value at a local JSON pointer (`#/a/b`) of a document; undefined when it is missing.
 * @param doc the document
 * @param ref a `#/…` pointer
 */
export function atPointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const token of ref.slice(1).split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[unescapeToken(decodeURIComponent(token))];
  }
  return node;
}

/** The object a `{ $ref }` chain ends at, with its pointer (the node itself when it is not a reference). */
export function follow(doc: unknown, node: unknown, pointer: string): { node: unknown; pointer: string } {
  let n = node;
  let p = pointer;
  for (let i = 0; i < 20 && isObject(n) && typeof n['$ref'] === 'string'; i++) {
    p = n['$ref'];
    n = atPointer(doc, p);
  }
  return { node: n, pointer: p };
}

/** Conversion context. */
interface Ctx {
  raw: Json;
  v31: boolean;
  /** `writeOnly` in the response view, `readOnly` in the request view: such properties are forbidden. */
  hidden: 'writeOnly' | 'readOnly';
}

/** True when a property schema (or the schema its `$ref` names) is writeOnly (readOnly in the request view). */
function isHidden(ctx: Ctx, schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema[ctx.hidden] === true) return true;
  if (typeof schema['$ref'] !== 'string') return false;
  const target = follow(ctx.raw, schema, '').node;
  return isObject(target) && target[ctx.hidden] === true;
}

/** Called by the converter on every schema before its children: writeOnly and `nullable` handling. */
function before(ctx: Ctx, schema: Json): Json {
  let s = schema;
  if (isObject(s['properties'])) {
    const props = { ...s['properties'] };
    const forbidden: string[] = [];
    for (const [name, p] of Object.entries(props)) {
      if (!isHidden(ctx, p)) continue;
      props[name] = { not: {}, description: ctx.hidden === 'writeOnly' ? 'writeOnly: must not appear in a response' : 'readOnly: must not appear in a request' };
      forbidden.push(name);
    }
    if (forbidden.length > 0) {
      s = { ...s, properties: props };
      if (Array.isArray(s['required'])) s['required'] = (s['required'] as string[]).filter((r) => !forbidden.includes(r));
    }
  }
  if (s['nullable'] === true) {
    const type = s['type'];
    if (Array.isArray(type)) {
      const { nullable: _n, ...rest } = s;
      const out: Json = { ...rest, type: type.includes('null') ? type : [...type, 'null'] };
      if (Array.isArray(out['enum']) && !(out['enum'] as unknown[]).includes(null)) out['enum'] = [...(out['enum'] as unknown[]), null];
      return out;
    }
    if (type === undefined) {
      const { nullable: _n, ...rest } = s;
      return { anyOf: [rest, { type: 'null' }] };
    }
  }
  return s;
}

/** Called by the converter on every converted schema: draft-04 leftovers. */
function after(ctx: Ctx, schema: Json): Json {
  delete schema['$schema'];
  // Also in 3.1 documents, which may carry the 3.0 boolean form (openai does), read as the generator reads it.
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else delete schema[flag];
  }
  return schema;
}

function convertSchema(ctx: Ctx, schema: unknown): unknown {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) return schema;
  const out = openapiSchemaToJsonSchema(schema as never, {
    cloneSchema: true,
    // 3.1 schemas may carry type arrays, which the 3.0 converter's strict type check rejects.
    strictMode: !ctx.v31,
    removeReadOnly: false,
    removeWriteOnly: false,
    definitionKeywords: ctx.v31 ? ['$defs'] : [],
    beforeTransform: (s: unknown) => before(ctx, s as Json) as never,
    afterTransform: (s: unknown) => after(ctx, s as Json) as never,
  } as never) as Json;
  delete out['$schema'];
  return out;
}

/** Keys of OpenAPI objects that never hold Schema Objects (examples, extensions). */
const SKIP = (key: string): boolean => key === 'example' || key === 'examples' || key.startsWith('x-');

/** Converts every Schema Object of the (non-schema) OpenAPI structure in place. */
function convertDocument(ctx: Ctx, node: unknown, path: readonly string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => convertDocument(ctx, item, [...path, String(i)]));
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (SKIP(key)) continue;
    if (key === 'schema' && (isObject(value) || typeof value === 'boolean')) node[key] = convertSchema(ctx, value);
    else if (key === 'schemas' && path.length === 1 && path[0] === 'components' && isObject(value)) {
      for (const [name, s] of Object.entries(value)) value[name] = convertSchema(ctx, s);
    } else convertDocument(ctx, value, [...path, key]);
  }
}

/** Every `format` value of a converted document (to report the ones ajv cannot check). */
function formatsOf(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => formatsOf(n, out));
  else if (isObject(node)) {
    if (typeof node['format'] === 'string') out.add(node['format']);
    for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'const' && k !== 'default') formatsOf(v, out);
  }
  return out;
}

/**
 * How ajv compiles a `pattern`: with the `u` flag as JSON Schema says, else (a pattern such as `[\w\-\:]`, an
 * identity escape that only `u` mode rejects) without it, as the ECMA-262 dialect OpenAPI names reads it. The
 * generator's sampler (plugin-mocks `matchesPattern`) reads patterns the same way.
 */
function contractRegExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    if (!flags.includes('u')) throw error;
    return new RegExp(pattern, flags.replace('u', ''));
  }
}
contractRegExp.code = 'new RegExp';

/** One ajv error, short. */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  message: string;
}

/** The result of one validation. */
export interface Validation {
  valid: boolean;
  errors: SchemaError[];
}

/** The ajv validator of one contract. */
export interface ContractValidator {
  /** `3.0` or `3.1`. */
  version: '3.0' | '3.1';
  /** The raw bundled document (for walking operations). */
  document: Json;
  /** The converted document (response view) ajv holds. */
  converted: Json;
  /** Formats present in the contract that ajv does not know: accepted without a check (reported). */
  uncheckedFormats: string[];
  /**
   * Validates a value against the schema at a pointer of the document (`#/paths/…/schema`).
   * @param pointer local JSON pointer of a converted Schema Object
   * @param value the parsed JSON value
   */
  validate(pointer: string, value: unknown): Validation;
}

/**
 * Converts a bundled OpenAPI 3.0/3.1 document and loads it into ajv (+ ajv-formats).
 * @param document the bundled document (`loadContract(...).document`); not modified
 * @param view `response` (writeOnly properties forbidden) or `request` (readOnly properties forbidden)
 */
export function createContractValidator(document: Json, view: 'response' | 'request' = 'response'): ContractValidator {
  const v31 = String(document['openapi'] ?? '').startsWith('3.1');
  const ctx: Ctx = { raw: document, v31, hidden: view === 'response' ? 'writeOnly' : 'readOnly' };
  const converted = structuredClone(document);
  convertDocument(ctx, converted, []);
  const options = { strict: false, allErrors: true, validateSchema: false, allowUnionTypes: true, logger: false, code: { regExp: contractRegExp } } as const;
  const ajv: AjvInstance = v31 ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  const uncheckedFormats = [...formatsOf(converted, new Set())].filter((f) => !KNOWN_FORMATS.has(f)).sort();
  for (const f of uncheckedFormats) ajv.addFormat(f, true);
  ajv.addSchema({ ...converted, $id: DOCUMENT_ID });
  const cache = new Map<string, ValidateFunction>();
  return {
    version: v31 ? '3.1' : '3.0',
    document,
    converted,
    uncheckedFormats,
    validate(pointer, value) {
      let fn = cache.get(pointer);
      if (!fn) {
        fn = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
        cache.set(pointer, fn);
      }
      const valid = fn(value) as boolean;
      return { valid, errors: (fn.errors ?? []).map(shortError) };
    },
  };
}

function shortError(e: ErrorObject): SchemaError {
  const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
  const allowed = e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}` : '';
  return { instancePath: e.instancePath || '/', schemaPath: e.schemaPath, message: `${e.message ?? e.keyword}${extra}${allowed}` };
}

/**
 * Errors as one line each: `<instance path> <message> (schema <path>)`, at most `limit`.
 * @param errors ajv errors
 * @param limit lines kept
 */
export function formatErrors(errors: readonly SchemaError[], limit = 6): string {
  const lines = errors.slice(0, limit).map((e) => `${e.instancePath} ${e.message} [${e.schemaPath}]`);
  if (errors.length > limit) lines.push(`… ${errors.length - limit} more`);
  return lines.join('; ');
}
