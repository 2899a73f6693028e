// OpenAPI 3.2 in terms api-smart-diff 1.x knows (it reads the eight 3.1 methods and `schema`): for the
// comparison only, each `query` and `additionalOperations` operation becomes the `post` of a path key of its
// own, and a media type's `itemSchema` its `schema`; the results are mapped back (`liftPointer`, `opKey`).
import { escapePointerToken, resolvePointer } from '@reslayer/core/host';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Separates a path key from the method in the key of a lowered 3.2 operation: `/pets\u0000QUERY`. */
export const METHOD_SEPARATOR = '\u0000';

/**
 * The operation key (`METHOD path`) of a path key and method step of a (lowered) document: the method a lowered
 * key carries wins (`QUERY /pets` for `/pets\u0000QUERY` + `post`).
 * @param path the `paths` key
 * @param method the method step
 */
export function opKey(path: unknown, method: unknown): string {
  const [p, lowered] = String(path).split(METHOD_SEPARATOR);
  return `${(lowered ?? String(method)).toUpperCase()} ${p ?? ''}`;
}

/** A media type map with each `itemSchema` (where no `schema` is given) moved to `schema`. */
function lowerContent(content: unknown): unknown {
  if (!isObject(content)) return content;
  let out: Json | undefined;
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isObject(media) || media['itemSchema'] === undefined || media['schema'] !== undefined) continue;
    const { itemSchema, ...rest } = media;
    out ??= { ...content };
    out[mediaType] = { ...rest, schema: itemSchema };
  }
  return out ?? content;
}

/** A responses map (or `components/responses`) with its item schemas lowered. */
function lowerResponses(responses: unknown): unknown {
  if (!isObject(responses)) return responses;
  return Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, isObject(r) && isObject(r['content']) ? { ...r, content: lowerContent(r['content']) } : r]));
}

const lowerOperation = (op: Json): Json => (isObject(op['responses']) ? { ...op, responses: lowerResponses(op['responses']) } : op);

/**
 * A copy of a bundled document in the terms api-smart-diff knows, or the document itself when it uses none of
 * OpenAPI 3.2's `query`, `additionalOperations` and `itemSchema` (3.0 and 3.1 documents are not copied).
 * Only the objects on the way to a change are copied: the input is not modified.
 * @param doc a bundled document
 * @returns the document to compare
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 */
export function lowerForComparison(doc: unknown): unknown {
  if (!isObject(doc) || typeof doc['openapi'] !== 'string' || !doc['openapi'].startsWith('3.2') || !isObject(doc['paths'])) return doc;
  const paths: Json = {};
  for (const [key, item] of Object.entries(doc['paths'])) {
    if (!isObject(item)) {
      paths[key] = item;
      continue;
    }
    const { query, additionalOperations, ...rest } = item;
    const own: Json = {};
    for (const [k, v] of Object.entries(rest)) own[k] = isObject(v) && k !== 'parameters' && k !== 'servers' ? lowerOperation(v) : v;
    paths[key] = own;
    const extra: [string, unknown][] = [['QUERY', query], ...Object.entries(isObject(additionalOperations) ? additionalOperations : {})];
    for (const [method, op] of extra) {
      if (!isObject(op)) continue;
      paths[`${key}${METHOD_SEPARATOR}${method.toUpperCase()}`] = { ...(item['parameters'] !== undefined ? { parameters: item['parameters'] } : {}), post: lowerOperation(op) };
    }
  }
  const components = isObject(doc['components']) && isObject(doc['components']['responses']) ? { ...doc['components'], responses: lowerResponses(doc['components']['responses']) } : doc['components'];
  return { ...doc, paths, ...(components !== undefined ? { components } : {}) };
}

/**
 * A pointer into a lowered document (`lowerForComparison`) as a pointer into the document as written: a lowered
 * operation's `paths/<key>\u0000<METHOD>/post` becomes `paths/<key>/query` or
 * `paths/<key>/additionalOperations/<METHOD>`, and a `schema` step that stands for an `itemSchema` becomes it.
 * @param pointer a JSON pointer (`#/…`)
 * @param original the document as written
 * @returns the pointer into `original`
 */
export function liftPointer(pointer: string, original: unknown): string {
  const steps = pointer.split('/');
  const at = steps[2]?.indexOf(METHOD_SEPARATOR) ?? -1;
  if (steps[1] === 'paths' && steps[2] !== undefined && at >= 0) {
    const method = steps[2].slice(at + 1);
    const key = steps[2].slice(0, at);
    const item = resolvePointer(original, `#/paths/${key}`);
    const fixed = isObject(item) && isObject(item['query']) && method === 'QUERY';
    steps.splice(2, steps[3] === 'post' ? 2 : 1, key, ...(fixed ? ['query'] : ['additionalOperations', escapePointerToken(method)]));
  }
  for (let i = 1; i < steps.length; i++) {
    if (steps[i] !== 'schema' || steps[i - 2] !== 'content') continue;
    const media = resolvePointer(original, steps.slice(0, i).join('/'));
    if (isObject(media) && media['schema'] === undefined && media['itemSchema'] !== undefined) steps[i] = 'itemSchema';
  }
  return steps.join('/');
}
