// What the usage probe (usageProbe.mjs) reads: a contract's JSON examples at a media type, located through
// `$ref`s, with the properties their schema does not declare stripped; the fixtures a generated mocks file
// exports; a value printed as a TypeScript literal.
import { existsSync, readFileSync } from 'node:fs';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const escapeToken = (t) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (t) => t.replace(/~1/g, '/').replace(/~0/g, '~');
export const isJsonMediaType = (mt) => /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i.test(mt.trim()) || /\+json(?:\s*;|$)/i.test(mt.trim());

/**
 * Walks a local JSON pointer through a document, following `$ref`s on the way and at the end, so the pointer
 * returned names the object itself (ajv cannot walk through a `$ref`). On the way, a node's own member wins over its
 * `$ref` (OpenAPI 3.1: `Folder: { $ref: '#/…/Folder/$defs/Entry', $defs: { Entry } }`), and a `$ref` that leads back
 * into a pointer being located ends the walk (node undefined) instead of recursing for ever.
 * @param {unknown} doc the document
 * @param {string} pointer a local JSON pointer (`#/components/schemas/Pet`)
 * @param {Set<string>} [active] the pointers being located (for the cycle check)
 * @returns {{ node: unknown, pointer: string }}
 */
export function locate(doc, pointer, active = new Set()) {
  if (active.has(pointer)) return { node: undefined, pointer };
  active.add(pointer);
  let node = doc;
  let at = '#';
  const follow = () => {
    for (let i = 0; i < 32 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) {
      const found = locate(doc, node.$ref, active);
      node = found.node;
      at = found.pointer;
    }
  };
  try {
    for (const token of pointer.replace(/^#/, '').split('/').slice(1)) {
      const key = unescapeToken(decodeURIComponent(token));
      if (!(isObject(node) && Object.hasOwn(node, key))) follow();
      if (!isObject(node) && !Array.isArray(node)) return { node: undefined, pointer: `${at}/${token}` };
      node = node[key];
      at = `${at}/${token}`;
    }
    follow();
    return { node, pointer: at };
  } finally {
    active.delete(pointer);
  }
}

/**
 * The examples written for a media type: `example`, each `examples.<name>.value` (an `externalValue` is not
 * fetched), else those of its schema (`example`, or a 3.1 `examples` array), following `$ref`s.
 * @returns {Array<{ source: string, value: unknown }>}
 */
export function examplesOf(doc, mediaPointer) {
  const { node: media, pointer } = locate(doc, mediaPointer);
  if (!isObject(media)) return [];
  const out = [];
  if ('example' in media) out.push({ source: 'example', value: media.example });
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const { node } = locate(doc, `${pointer}/examples/${escapeToken(name)}`);
      if (isObject(node) && 'value' in node) out.push({ source: `examples/${name}`, value: node.value });
      void raw;
    }
  }
  if (out.length > 0) return out;
  const { node: schema } = locate(doc, `${pointer}/schema`);
  if (isObject(schema)) {
    if ('example' in schema) out.push({ source: 'schema example', value: schema.example });
    else if (Array.isArray(schema.examples)) schema.examples.forEach((value, i) => out.push({ source: `schema examples[${i}]`, value }));
  }
  return out;
}

/** An import path from the probe (at `src/`) to a generated file given relative to `src/`. */
export const moduleOf = (relative) => `./${relative.replace(/\.ts$/, '.js')}`;

/**
 * Which fixture constants a fixtures file exports, and which of them are cast (`as unknown as`, written when the
 * contract allows no value of the type).
 * @returns {Map<string, { cast: boolean, base?: string, items?: boolean, wrap?: string, one?: boolean }>} `base`: the response type the declared type starts from; `items`: the items of a bare array
 */
export function fixtureExports(file) {
  const out = new Map();
  if (!existsSync(file)) return out;
  const text = readFileSync(file, 'utf8');
  const starts = [...text.matchAll(/^export const (\w+)\s*:/gm)];
  starts.forEach((m, i) => {
    const end = starts[i + 1]?.index ?? text.length;
    // The property of the read response that holds a store's entity, when the entity is wrapped (`{ data: {...} }`),
    // and whether it holds a one-item array of it (`{ keys: [Key] }`, typed `…['keys']>[number]`).
    const declaration = text.slice(m.index, end);
    const found = /^export const \w+: NonNullable<NonNullable<\w+>\[('(?:[^'\\]|\\.)*')\]>(\[number\])?/.exec(declaration);
    const wrap = found?.[1];
    // The response type the declaration starts from (a read's, or a list's whose items the store holds), and
    // whether it is the items of a bare array (`NonNullable<ListUsersResponse>[number]`).
    const base = /^export const \w+: (?:NonNullable<)*(\w+)/.exec(declaration)?.[1];
    const items = /^export const \w+: NonNullable<\w+>\[number\]/.test(declaration);
    out.set(m[1], { cast: /\bas unknown as\b/.test(declaration), ...(base ? { base } : {}), ...(items ? { items } : {}), ...(wrap ? { wrap, ...(found?.[2] ? { one: true } : {}) } : {}) });
  });
  return out;
}

/**
 * The JSON text of a value as a TypeScript expression on one line (U+2028/U+2029 escaped: they end a line for the
 * compiler's line count); undefined when the value has no JSON form.
 */
export function literal(value) {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' ? text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : undefined;
  } catch {
    return undefined;
  }
}

/** A schema with its `$ref` chain followed. */
function deref(doc, node) {
  let n = node;
  for (let i = 0; i < 32 && isObject(n) && typeof n.$ref === 'string' && n.$ref.startsWith('#'); i++) n = locate(doc, n.$ref).node;
  return n;
}

/** A schema and, recursively, the members of its allOf, oneOf and anyOf (and 3.1 then/else). */
function branches(doc, schema, out = new Set()) {
  const s = deref(doc, schema);
  if (!isObject(s) || out.has(s)) return out;
  out.add(s);
  for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(s[k])) for (const m of s[k]) branches(doc, m, out);
  for (const k of ['then', 'else']) if (isObject(s[k])) branches(doc, s[k], out);
  return out;
}

/** The schemas that describe the value at `path` under `schema` (empty when the contract says nothing there). */
function schemasAt(doc, schema, path) {
  let current = [schema];
  for (const seg of path) {
    const next = [];
    for (const s of current.flatMap((c) => [...branches(doc, c)])) {
      if (typeof seg === 'number') {
        const prefix = Array.isArray(s.prefixItems) ? s.prefixItems[seg] : undefined;
        if (prefix !== undefined) next.push(prefix);
        else if (isObject(s.items)) next.push(s.items);
        else if (Array.isArray(s.items) && s.items[seg] !== undefined) next.push(s.items[seg]);
      } else {
        // `properties` itself may be a `$ref` to a map of schemas (bundled multi-file contracts).
        const props = deref(doc, s.properties);
        if (isObject(props) && seg in props) next.push(props[seg]);
        else if (isObject(s.additionalProperties)) next.push(s.additionalProperties);
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

/**
 * The example without the object properties the contract does not declare at their place, and their paths. A
 * property counts as declared when a branch of the schema there lists it in `properties` or `required`, or allows
 * more (`additionalProperties` other than false, `patternProperties`, or no property named at all); where the
 * contract says nothing (no schema), everything is kept.
 * @returns {{ value: unknown, removed: string[] }}
 */
export function stripUndeclared(doc, schema, value) {
  const removed = [];
  const walk = (v, at) => {
    if (Array.isArray(v)) return v.map((item, i) => walk(item, [...at, i]));
    if (!isObject(v)) return v;
    const here = schemasAt(doc, schema, at).flatMap((c) => [...branches(doc, c)]);
    if (here.length === 0) return v;
    const open = here.some((s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || isObject(s.patternProperties));
    const names = new Set();
    for (const s of here) {
      const props = deref(doc, s.properties);
      if (isObject(props)) for (const k of Object.keys(props)) names.add(k);
      if (Array.isArray(s.required)) for (const k of s.required) names.add(k);
    }
    // An object schema that names no property at all is open (the generator prints `Record<string, unknown>`).
    const out = {};
    for (const [k, item] of Object.entries(v)) {
      if (!open && names.size > 0 && !names.has(k)) {
        removed.push(`/${[...at, k].join('/')}`);
        continue;
      }
      out[k] = walk(item, [...at, k]);
    }
    return out;
  };
  return { value: walk(value, []), removed };
}
