// The operations of a bundled OpenAPI document, their response schemas (as JSON pointers into the converted
// document) and a request with valid parameters for each.
import { operationUrl } from '@reslayer/core';
import { matches } from './bodies.js';
import { sampleFromPattern } from './regex.js';
import { atPointer, escapeToken, follow, type ContractValidator } from './schemas.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True for JSON media types (`application/json`, `*+json`, `*\/json`), as the generator decides. */
export function isJsonMediaType(mediaType: string): boolean {
  const m = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  return m === 'application/json' || m.endsWith('+json') || m.endsWith('/json');
}

/** What a response of one status key carries. */
export interface ResponseInfo {
  /** Status key as written: `200`, `4XX`, `default`. */
  status: string;
  /** Pointer of the JSON schema of the response (first JSON media type with a schema), if any. */
  jsonSchema?: string;
  /** JSON media type of that schema. */
  mediaType?: string;
  /** Media types of the response (empty: no body). */
  mediaTypes: string[];
}

/** One parameter, resolved. */
export interface ParamInfo {
  name: string;
  in: string;
  required: boolean;
  /** Pointer of its (converted) schema, if it has one. */
  schema?: string;
  style?: string;
  explode?: boolean;
}

/** One operation of the document. */
export interface OperationInfo {
  /** `METHOD /path`, the key the generated handlers comment with. */
  key: string;
  method: (typeof METHODS)[number];
  path: string;
  params: ParamInfo[];
  responses: ResponseInfo[];
  /** Success responses (2xx, else `default`), in document order: the generator answers the first one with content. */
  success: ResponseInfo[];
  /** The JSON request body (first JSON media type with a schema), if any. */
  requestBody?: { schema: string; mediaType: string; required: boolean };
}

/**
 * Every operation under `paths` (path-item `$ref`s followed), with parameters and responses resolved.
 * @param doc the bundled document
 */
export function listOperations(doc: Json): OperationInfo[] {
  const out: OperationInfo[] = [];
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = follow(doc, rawItem, `#/paths/${escapeToken(p)}`);
    if (!isObject(item.node)) continue;
    const itemNode = item.node;
    for (const method of METHODS) {
      const opNode = itemNode[method];
      if (!isObject(opNode)) continue;
      const base = `${item.pointer}/${method}`;
      const params = new Map<string, ParamInfo>();
      const addParams = (list: unknown, pointer: string) => {
        if (!Array.isArray(list)) return;
        list.forEach((raw, i) => {
          const { node, pointer: ptr } = follow(doc, raw, `${pointer}/${i}`);
          if (!isObject(node) || typeof node['name'] !== 'string' || typeof node['in'] !== 'string') return;
          const info: ParamInfo = { name: node['name'], in: node['in'], required: node['required'] === true || node['in'] === 'path' };
          if (node['schema'] !== undefined) info.schema = `${ptr}/schema`;
          if (typeof node['style'] === 'string') info.style = node['style'];
          if (typeof node['explode'] === 'boolean') info.explode = node['explode'];
          params.set(`${info.in}:${info.name}`, info);
        });
      };
      addParams(itemNode['parameters'], `${item.pointer}/parameters`);
      addParams(opNode['parameters'], `${base}/parameters`);
      const responses: ResponseInfo[] = [];
      for (const [status, raw] of Object.entries(isObject(opNode['responses']) ? opNode['responses'] : {})) {
        const { node, pointer } = follow(doc, raw, `${base}/responses/${escapeToken(status)}`);
        const content = isObject(node) && isObject(node['content']) ? node['content'] : {};
        const info: ResponseInfo = { status, mediaTypes: Object.keys(content) };
        for (const [mt, media] of Object.entries(content)) {
          if (!isJsonMediaType(mt) || !isObject(media) || media['schema'] === undefined) continue;
          info.jsonSchema = `${pointer}/content/${escapeToken(mt)}/schema`;
          info.mediaType = mt;
          break;
        }
        responses.push(info);
      }
      const ok = responses.filter((r) => /^2(\d\d|XX)$/i.test(r.status));
      const info: OperationInfo = { key: `${method.toUpperCase()} ${p}`, method, path: p, params: [...params.values()], responses, success: ok.length > 0 ? ok : responses.filter((r) => r.status === 'default') };
      const body = follow(doc, opNode['requestBody'], `${base}/requestBody`);
      if (isObject(body.node) && isObject(body.node['content'])) {
        const json = Object.entries(body.node['content']).find(([mt, media]) => isJsonMediaType(mt) && isObject(media) && media['schema'] !== undefined);
        if (json) info.requestBody = { schema: `${body.pointer}/content/${escapeToken(json[0])}/schema`, mediaType: json[0], required: body.node['required'] === true };
      }
      out.push(info);
    }
  }
  return out;
}

/**
 * The response of an operation that documents a returned status: the exact code, else its range (`4XX`), else `default`.
 * @param op the operation
 * @param status the HTTP status
 */
export function responseFor(op: OperationInfo, status: number): ResponseInfo | undefined {
  return (
    op.responses.find((r) => r.status === String(status)) ??
    op.responses.find((r) => r.status.toUpperCase() === `${String(status)[0]}XX`) ??
    op.responses.find((r) => r.status === 'default')
  );
}

/** A schema of the converted document, following `$ref`s. */
function schemaAt(v: ContractValidator, pointer: string): Json | undefined {
  const { node } = follow(v.converted, atPointer(v.converted, pointer), pointer);
  return isObject(node) ? node : undefined;
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'user1@example.test',
  'date-time': '2024-01-01T00:00:00.000Z',
  date: '2024-01-01',
  time: '12:00:00Z',
  uri: 'https://example.test/1',
  url: 'https://example.test/1',
  hostname: 'host1.example.test',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'c2FtcGxl',
};

/** A simple sample of a converted (JSON Schema) schema: const, enum, default, example, then by type and format. */
function sampleJson(v: ContractValidator, schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if (typeof schema['$ref'] === 'string') return sampleJson(v, schemaAt(v, schema['$ref']), depth + 1);
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).find((e) => e !== null);
  if (schema['default'] !== undefined && schema['default'] !== null) return schema['default'];
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const first = (list as Json[]).find((s) => s['type'] !== 'null');
    if (first) return sampleJson(v, first, depth + 1);
  }
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : [schema['type']];
  const type = types.find((t) => t !== 'null');
  if (type === 'array') return [sampleJson(v, isObject(schema['items']) ? schema['items'] : undefined, depth + 1)];
  if (type === 'integer' || type === 'number') {
    const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] + 1 : 1;
    const max = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
    return Math.min(Math.max(1, Math.ceil(min)), max);
  }
  if (type === 'boolean') return true;
  const format = typeof schema['format'] === 'string' ? FORMAT_SAMPLES[schema['format']] : undefined;
  let s = format ?? 'value1';
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  if (s.length < minLength) s += 'x'.repeat(minLength - s.length);
  return typeof schema['pattern'] === 'string' && !matches(schema['pattern'], s) ? (sampleFromPattern(schema['pattern']) ?? s) : s;
}

/** A request of an operation with valid parameters. */
export interface PlannedRequest {
  url: string;
  headers: Record<string, string>;
  /** Parameters whose value does not validate against their schema (the request is still made). */
  invalidParams: string[];
}

/**
 * Builds the URL (and headers) of an operation with every path parameter and every required query and header
 * parameter, each value checked against the parameter's schema. The last path parameter takes `itemKey` when
 * given (an existing key of the resource's store) and it validates.
 * @param v the contract validator
 * @param op the operation
 * @param origin e.g. `http://localhost`
 * @param itemKey key of an existing stored item
 */
export function planRequest(v: ContractValidator, op: OperationInfo, origin: string, itemKey?: string): PlannedRequest {
  const invalidParams: string[] = [];
  const headers: Record<string, string> = { accept: 'application/json' };
  const query = new URLSearchParams();
  const pathParams = op.params.filter((p) => p.in === 'path');
  const lastPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).pop();
  const valueOf = (p: ParamInfo): unknown => {
    const schema = p.schema ? schemaAt(v, p.schema) : undefined;
    if (p.in === 'path' && p.name === lastPath && itemKey !== undefined) {
      const typed = schema && /integer|number/.test(JSON.stringify(schema['type'])) && /^-?\d+(\.\d+)?$/.test(itemKey) ? Number(itemKey) : itemKey;
      if (!p.schema || v.validate(p.schema, typed).valid) return typed;
    }
    const value = sampleJson(v, schema);
    if (p.schema && !v.validate(p.schema, value).valid) invalidParams.push(`${p.in}:${p.name}=${JSON.stringify(value)}`);
    return value;
  };
  // As the client builds it (core's `operationUrl`, the runtime's `serializePath`/`joinUrl`): the key's fragment
  // is not sent, its literal query comes first, then the query parameters with `&`.
  const parts = operationUrl({ path: op.path });
  let url = parts.path;
  let literal = parts.query ?? '';
  for (const p of pathParams) {
    const value = encodeURIComponent(String(valueOf(p)));
    url = url.split(`{${p.name}}`).join(value);
    literal = literal.split(`{${p.name}}`).join(value);
  }
  for (const p of op.params.filter((x) => x.required && x.in === 'query')) {
    const value = valueOf(p);
    if (Array.isArray(value)) {
      if (p.explode === false) query.append(p.name, value.map(String).join(','));
      else for (const item of value) query.append(p.name, String(item));
    } else if (isObject(value)) for (const [k, x] of Object.entries(value)) query.append(k, String(x));
    else query.append(p.name, String(value));
  }
  for (const p of op.params.filter((x) => x.required && x.in === 'header')) headers[p.name] = String(valueOf(p));
  const qs = [literal, query.toString()].filter((q) => q !== '').join('&');
  return { url: `${origin}${url}${qs ? `?${qs}` : ''}`, headers, invalidParams };
}

