/**
 * Parameter serialization following the OpenAPI 3.1 "Style Values" and "Style Examples" tables
 * (https://spec.openapis.org/oas/v3.1.0#style-values), and URL building.
 *
 * Values are percent-encoded with `encodeURIComponent` (which URLSearchParams and every common
 * server decode); only the style's own delimiters (`,` `.` `;` `=` `&` `|` `%20` `[` `]`) are
 * left literal, so a delimiter inside a value stays distinguishable from the structure.
 *
 * @packageDocumentation
 */
import { getClientConfig, type ClientConfig } from './config.js';
import type { ParamStyle, RequestSpec } from './types.js';

/** A parameter value reduced to the shapes the style tables distinguish. */
type Shape =
  | { kind: 'empty' }
  | { kind: 'primitive'; text: string }
  | { kind: 'array'; items: string[] }
  | { kind: 'object'; entries: [string, string][] };

const enc = encodeURIComponent;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * Renders a scalar: Dates with `toISOString()`, `null`/`undefined` as `''`, nested objects and
 * arrays (which the style tables do not cover) as JSON.
 */
function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return JSON.stringify(value);
    default:
      throw new TypeError(`Cannot serialize a ${typeof value} as a parameter value`);
  }
}

function shapeOf(value: unknown): Shape {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined).map(toText);
    return items.length === 0 ? { kind: 'empty' } : { kind: 'array', items };
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]): [string, string] => [key, toText(item)]);
    return entries.length === 0 ? { kind: 'empty' } : { kind: 'object', entries };
  }
  return { kind: 'primitive', text: toText(value) };
}

/** `[k1, v1, k2, v2]` encoded: the non-exploded object form `R,100,G,200`. */
function flatPairs(entries: [string, string][], encode: (text: string) => string): string[] {
  return entries.flatMap(([key, text]) => [encode(key), encode(text)]);
}

/**
 * Serializes one path parameter with style `simple`, `label` or `matrix`.
 *
 * @returns the encoded text that replaces `{name}` in the template.
 * @throws TypeError for any other style.
 */
export function serializePathParam(name: string, value: unknown, style: ParamStyle): string {
  const shape = shapeOf(value);
  const { explode } = style;
  const kv = (entries: [string, string][], sep: string): string =>
    entries.map(([key, text]) => `${enc(key)}=${enc(text)}`).join(sep);
  switch (style.style) {
    case 'simple':
      if (shape.kind === 'empty') return '';
      if (shape.kind === 'primitive') return enc(shape.text);
      if (shape.kind === 'array') return shape.items.map(enc).join(',');
      return explode ? kv(shape.entries, ',') : flatPairs(shape.entries, enc).join(',');
    case 'label':
      if (shape.kind === 'empty') return '.';
      if (shape.kind === 'primitive') return `.${enc(shape.text)}`;
      if (shape.kind === 'array') return `.${shape.items.map(enc).join(explode ? '.' : ',')}`;
      return `.${explode ? kv(shape.entries, '.') : flatPairs(shape.entries, enc).join(',')}`;
    case 'matrix': {
      const key = enc(name);
      if (shape.kind === 'empty') return `;${key}`;
      // RFC 6570 `{;x}`, on which the table is based, drops the `=` for an empty string.
      if (shape.kind === 'primitive') return shape.text === '' ? `;${key}` : `;${key}=${enc(shape.text)}`;
      if (shape.kind === 'array') {
        return explode
          ? shape.items.map((item) => `;${key}=${enc(item)}`).join('')
          : `;${key}=${shape.items.map(enc).join(',')}`;
      }
      return explode ? `;${kv(shape.entries, ';')}` : `;${key}=${flatPairs(shape.entries, enc).join(',')}`;
    }
    default:
      throw new TypeError(`Unsupported path parameter style "${style.style}" for "${name}"`);
  }
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Splits a contract path key into the path template and the literal query it carries. Some contracts
 * write a fixed query (`/responses/{id}?beta=true`) or a fragment (`/folders/{id}#add_shared_link`,
 * only to tell several operations on one URL apart) into the key. The fragment is dropped: fetch
 * would cut the URL there, losing the query behind it.
 *
 * @returns `path`: the template up to `?` or `#`; `query`: the literal query without `?` (`''` when none).
 */
export function splitPathTemplate(template: string): { path: string; query: string } {
  const hash = template.indexOf('#');
  const withoutFragment = hash >= 0 ? template.slice(0, hash) : template;
  const mark = withoutFragment.indexOf('?');
  if (mark < 0) return { path: withoutFragment, query: '' };
  return { path: withoutFragment.slice(0, mark), query: withoutFragment.slice(mark + 1).replace(/^&+|&+$/g, '') };
}

/**
 * Replaces the `{name}` placeholders of a path template with serialized, percent-encoded values
 * (default style `simple`, explode false). A literal query in the template (`/r/{id}?beta=true`)
 * is kept after `?`; a `#fragment` is dropped (see {@link splitPathTemplate}).
 *
 * @throws TypeError when a placeholder has no value (`undefined` or `null`), when a style is not
 *   a path style, or when a substituted segment would be a dot segment (`.` or `..`, which URL
 *   parsers resolve even when percent-encoded) and so would change the path.
 */
export function serializePath(
  template: string,
  params: Record<string, unknown> = {},
  styles: Record<string, ParamStyle> = {},
): string {
  const parts = splitPathTemplate(template);
  const substitute = (text: string): string =>
    text.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      if (value === undefined || value === null) {
        throw new TypeError(`Missing value for path parameter "${name}" of ${template}`);
      }
      return serializePathParam(name, value, (Object.hasOwn(styles, name) ? styles[name] : undefined) ?? { style: 'simple', explode: false });
    });
  const path = parts.path
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) return segment;
      const result = substitute(segment);
      if (DOT_SEGMENT.test(result)) {
        throw new TypeError(`Path parameter value would produce the dot segment "${result}" in ${template}`);
      }
      return result;
    })
    .join('/');
  return parts.query === '' ? path : `${path}?${substitute(parts.query)}`;
}

/** deepObject: `o[x]=1&o[y]=2`; nested objects recurse (`o[x][y]=1`), arrays repeat the key. */
function deepObjectPairs(prefix: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => deepObjectPairs(prefix, item));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, item]) => deepObjectPairs(`${prefix}[${enc(key)}]`, item));
  }
  return [`${prefix}=${enc(toText(value))}`];
}

const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: '%20', pipeDelimited: '|' };

/**
 * Serializes one query parameter into encoded `key=value` pairs. Cells the style table marks
 * "n/a" (e.g. a string with `pipeDelimited`, an array with `deepObject`) fall back to `form`.
 *
 * @returns the pairs, without `&`; `[]` for `undefined` (parameter omitted).
 * @throws TypeError when the style is not a query style.
 */
export function serializeQueryParam(name: string, value: unknown, style: ParamStyle): string[] {
  if (value === undefined) return [];
  const key = enc(name);
  if (style.style === 'deepObject') {
    if (isPlainObject(value)) return deepObjectPairs(key, value);
    return serializeQueryParam(name, value, { style: 'form', explode: true });
  }
  const delimiter = DELIMITERS[style.style];
  if (delimiter === undefined) {
    throw new TypeError(`Unsupported query parameter style "${style.style}" for "${name}"`);
  }
  const shape = shapeOf(value);
  switch (shape.kind) {
    case 'empty':
      return style.explode && value !== null ? [] : [`${key}=`];
    case 'primitive':
      return [`${key}=${enc(shape.text)}`];
    case 'array':
      return style.explode
        ? shape.items.map((item) => `${key}=${enc(item)}`)
        : [`${key}=${shape.items.map(enc).join(delimiter)}`];
    case 'object':
      return style.explode
        ? shape.entries.map(([prop, text]) => `${enc(prop)}=${enc(text)}`)
        : [`${key}=${flatPairs(shape.entries, enc).join(delimiter)}`];
  }
}

/**
 * Serializes all query parameters (default style `form`, explode true), in insertion order.
 *
 * @returns the query string without the leading `?` (`''` when nothing is sent).
 */
export function serializeQuery(
  query: Record<string, unknown> = {},
  styles: Record<string, ParamStyle> = {},
): string {
  return Object.entries(query)
    .flatMap(([name, value]) => serializeQueryParam(name, value, (Object.hasOwn(styles, name) ? styles[name] : undefined) ?? { style: 'form', explode: true }))
    .join('&');
}

/**
 * Serializes a header parameter with style `simple` (explode false): arrays and objects are
 * joined with `,`; values are not percent-encoded.
 *
 * @returns the header value, or `undefined` for `undefined`/`null` (header omitted).
 */
export function serializeHeaderValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const shape = shapeOf(value);
  if (shape.kind === 'empty') return '';
  if (shape.kind === 'primitive') return shape.text;
  if (shape.kind === 'array') return shape.items.join(',');
  return flatPairs(shape.entries, (text) => text).join(',');
}

/**
 * Serializes cookie parameters with style `form` (explode false), percent-encoding the values.
 *
 * @returns `a=1; b=x,y` for one `Cookie` header, or `undefined` when nothing is sent.
 */
export function serializeCookies(cookies: Record<string, unknown> = {}): string | undefined {
  const pairs = Object.entries(cookies)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => serializeQueryParam(name, value, { style: 'form', explode: false }).join('&'));
  return pairs.length === 0 ? undefined : pairs.join('; ');
}

/**
 * Joins a base URL (trailing slashes tolerated), an already-serialized path and a query string. When
 * the path already carries a query (a literal one from the contract's path key), the query string is
 * appended with `&`.
 */
export function joinUrl(baseUrl: string, path: string, queryString: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const slashPath = path === '' || path.startsWith('/') || path.startsWith('?') ? path : `/${path}`;
  if (queryString === '') return `${base}${slashPath}`;
  return `${base}${slashPath}${slashPath.includes('?') ? '&' : '?'}${queryString}`;
}

/**
 * Builds the full URL (base URL + serialized path + serialized query) without sending anything;
 * used by `request()` and by hooks that need a URL (downloads, links).
 *
 * @param spec - the path template, its values and the query, as in a {@link RequestSpec}.
 * @param config - the base URL to use; defaults to the global client configuration.
 * @returns e.g. `'https://api.example.test/prefix/contacts/42?page=2'`.
 * @throws TypeError for a missing path parameter, an unsupported style, or a path value that
 *   would become a dot segment (see {@link serializePath}).
 */
export function buildUrl(
  spec: Pick<RequestSpec, 'path' | 'pathParams' | 'pathStyles' | 'query' | 'queryStyles'>,
  config: Pick<ClientConfig, 'baseUrl'> = getClientConfig(),
): string {
  const path = serializePath(spec.path, spec.pathParams, spec.pathStyles);
  return joinUrl(config.baseUrl, path, serializeQuery(spec.query, spec.queryStyles));
}
