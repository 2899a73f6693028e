import type { ApiModel, OperationNode, SchemaNode } from '../model/types.js';
import { isBinaryMediaType, successResponses } from '../model/queries.js';
import { isParam, pathShape } from './pathShape.js';
import { isNumericSegment, wordsOf } from './words.js';
import { verbClassOf } from './verbs.js';

/**
 * The path shapes of a contract, read once: which paths exist, which are collections, and where each
 * operation's path sits (docs/naming.md, "Resources"). Paths are compared by their shape key: segments
 * after `pathShape` (no `api` prefix, no version segment) joined by `/`.
 */
export interface PathIndex {
  /** Shape keys of every path that has an operation. */
  known: ReadonlySet<string>;
  /** Shape keys `P` that have an item path `P/{x}` below them (one parameter segment more). */
  withItems: ReadonlySet<string>;
  /** Shape keys that are collections: they have an item path below them, or a GET that is not a search or download. */
  collections: ReadonlySet<string>;
}

/** Where an operation's path sits. */
export type Placement =
  | { kind: 'search'; segments: string[] }
  | { kind: 'download'; segments: string[]; itemSub: boolean }
  | { kind: 'item-action'; segments: string[] }
  | { kind: 'collection'; key: string; segments: string[] }
  | { kind: 'item'; key: string; segments: string[] }
  | { kind: 'other'; segments: string[] };

/** The shape key of a path: `/api/v1/contacts/{id}` → `contacts/{id}`. */
export const shapeKey = (path: string): string => pathShape(path).segments.join('/');

/**
 * Reads the path shapes of the operations.
 * @param operations every operation of the model
 */
export function indexPaths(operations: readonly OperationNode[]): PathIndex {
  const known = new Set<string>();
  const withItems = new Set<string>();
  const collections = new Set<string>();
  for (const op of operations) {
    const { segments } = pathShape(op.path);
    known.add(segments.join('/'));
    const last = segments[segments.length - 1];
    if (isParam(last)) withItems.add(segments.slice(0, -1).join('/'));
    else if (op.method === 'get' && last !== undefined && last.toLowerCase() !== 'search' && !isBinaryDownload(op)) collections.add(segments.join('/'));
  }
  for (const key of withItems) if (known.has(key) || !isParam(key.split('/').pop())) collections.add(key);
  return { known, withItems, collections };
}

/** `<collection>/{param}/<static>`: a verb or sub-resource of one item. */
function isItemSubPath(segments: readonly string[]): boolean {
  const n = segments.length;
  return n >= 3 && !isParam(segments[n - 1]) && isParam(segments[n - 2]) && !isParam(segments[n - 3]);
}

/**
 * Where an operation's path sits:
 * - `search`: a GET or POST whose last segment is `search`;
 * - `download`: a GET answering with a binary body (`itemSub` when below an item: `/users/{id}/avatar`);
 * - `item-action`: a write on `<collection>/{id}/<word>` that is no collection (`POST /contacts/{id}/archive`);
 * - `item`: a path ending in a parameter is the item of the path above it when that path exists
 *   (`/users/{id}` of `/users`, `/apis/{owner}/{api}` of `/apis/{owner}`);
 * - `collection`: a path ending in a static segment, the root with items below it, or a path ending in a
 *   parameter with an item path below it and no path above it (`/items/{collection}` beside
 *   `/items/{collection}/{id}`);
 * - `collection` too: a GET that answers an array of objects (`answersItems`) on any other path ending in a parameter;
 * - `item` again: any other path ending in parameters is the item of the path up to its last static segment
 *   (`/repos/{owner}/{repo}` of `/repos`);
 * - `other`: a path of parameters only.
 * @param op the operation
 * @param index the contract's path shapes
 * @param answersItems true for a GET whose success body is an array of objects ({@link answersArrayOfObjects})
 */
export function placeOperation(op: OperationNode, index: PathIndex, answersItems?: (op: OperationNode) => boolean): Placement {
  const { segments } = pathShape(op.path);
  const key = segments.join('/');
  const last = segments[segments.length - 1];
  if ((op.method === 'get' || op.method === 'post') && last?.toLowerCase() === 'search') return { kind: 'search', segments };
  const itemSub = isItemSubPath(segments);
  if (op.method === 'get' && isBinaryDownload(op)) return { kind: 'download', segments, itemSub };
  if (itemSub && op.method !== 'get' && !index.collections.has(key)) return { kind: 'item-action', segments };
  if (last === undefined) return index.withItems.has('') ? { kind: 'collection', key, segments } : { kind: 'other', segments };
  if (!isParam(last)) return listOrAddOf(op, segments, index, answersItems) ?? { kind: 'collection', key, segments };
  const parent = segments.slice(0, -1);
  if (index.known.has(parent.join('/'))) return { kind: 'item', key: parent.join('/'), segments: parent };
  if (index.withItems.has(key)) return { kind: 'collection', key, segments };
  // A GET answering many items by parameters of a path that is no item of a collection lists them:
  // `/{format}/PlayerGameProjectionStatsByWeek/{season}/{week}`, `…/alternatives/{componentList}`.
  if (op.method === 'get' && parent.some((s) => !isParam(s)) && answersItems?.(op) === true) return { kind: 'collection', key, segments };
  if (parent.length > 0 && !isParam(parent[parent.length - 1])) return { kind: 'item', key: parent.join('/'), segments: parent };
  let end = parent.length;
  while (end > 0 && isParam(parent[end - 1])) end--;
  if (end === 0) return { kind: 'other', segments };
  const base = parent.slice(0, end);
  return { kind: 'item', key: base.join('/'), segments: base };
}

/** Last segments that name the whole of the collection before them: `/report/country/all`, `/screenshot/list`. */
const WHOLE = new Set(['all', 'list']);

/**
 * The collection `P` an RPC-style path of it belongs to: a GET of `P/all` or `P/list` that answers an array of objects
 * lists `P` (`/report/country/all`), a POST of `P/<create verb>` where `P/{x}` exists adds to it (`/feedback/submit`
 * beside `/feedback/{feedbackId}`, `/files/upload`); undefined for any other path.
 */
function listOrAddOf(op: OperationNode, segments: string[], index: PathIndex, answersItems?: (op: OperationNode) => boolean): Placement | undefined {
  const last = (segments[segments.length - 1] ?? '').toLowerCase();
  const parent = segments.slice(0, -1);
  const key = parent.join('/');
  if (parent.length === 0 || isParam(parent[parent.length - 1])) return undefined;
  const lists = op.method === 'get' && WHOLE.has(last) && answersItems?.(op) === true;
  const adds = op.method === 'post' && verbClassOf(last) === 'create' && index.withItems.has(key);
  return lists || adds ? { kind: 'collection', key, segments: parent } : undefined;
}

/** A provider namespace segment after `providers`: `Microsoft.Cdn`, `Microsoft.Network`. */
const NAMESPACE = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/;

/**
 * Static path segments a name is made from: no parameters, no digit-only segments, and no provider namespace
 * (`/providers/Microsoft.Cdn/profiles` names `profiles`).
 * @param segments the path's segments
 */
export function staticWords(segments: readonly string[]): string[] {
  return segments.filter((s, i) => {
    if (isParam(s) || isNumericSegment(s)) return false;
    const next = segments[i + 1];
    if (s.toLowerCase() === 'providers' && next !== undefined && NAMESPACE.test(next)) return false;
    return !(NAMESPACE.test(s) && segments[i - 1]?.toLowerCase() === 'providers');
  });
}

/**
 * How many trailing static words a name needs at least: the words after the last parameter and the
 * collection word before it (`/dialogs/{id}/actions/freeze` → `dialogsActionsFreeze`), else 2, or 1 for a
 * top-level collection (`/orgs/members` → `members`).
 * @param segments the path's segments
 * @param collection true for a CRUD collection
 */
export function minNameWords(segments: readonly string[], collection: boolean): number {
  let lastParam = -1;
  segments.forEach((s, i) => {
    if (isParam(s)) lastParam = i;
  });
  if (lastParam < 0) return collection ? 1 : 2;
  return Math.max(collection ? 1 : 2, staticWords(segments.slice(lastParam + 1)).length + 1);
}

/** Media types of documents a GET hands over as a file rather than as data: spreadsheets, pages, feeds, calendars, YAML. */
const DOCUMENT = /^(text\/(csv|html|calendar|markdown|x-markdown|yaml|x-yaml|vnd\.yaml|vcard)|application\/(rss\+xml|atom\+xml|yaml|x-yaml|vnd\.yaml|vnd\.ms-excel|vnd\.openxmlformats[-\w.]*))$/;
/** A file name at the end of a path whose extension names a document or an archive (`allbills.rss`, `swagger.yaml`). */
const FILE_NAME = /\.(rss|atom|xml|csv|tsv|ya?ml|pdf|zip|gz|txt|html?|ics|xlsx?|docx?)$/i;

/**
 * True when the GET's first media type (the one the client reads) is a file: binary (`image/png`, `application/pdf`,
 * a `format: binary` string) or a document (`text/csv`, `text/html`, an RSS feed, YAML), or the path ends in a file
 * name of a document (`allbills.rss`) and the success response declares no body. JSON with a PDF alternative is no download.
 * @param op a GET operation
 */
export function isBinaryDownload(op: OperationNode): boolean {
  // A file name without a declared body (`GET /Rss/allbills.rss` answering `200` with no content) hands over the file.
  const success = successResponses(op);
  if (FILE_NAME.test(op.path) && success.length > 0 && success.every((r) => r.contents.length === 0)) return true;
  return success.some((r) => {
    const c = r.contents[0];
    const type = c?.mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
    return c !== undefined && (isBinaryMediaType(c.mediaType) || DOCUMENT.test(type) || (c.schema?.kind === 'string' && c.schema.format === 'binary'));
  });
}

/** Property names that hold the items of a page. */
const ITEM_PROPERTIES: ReadonlySet<string> = new Set(['items', 'data', 'results', 'content', 'records', 'entries', 'list', 'values', 'elements', 'rows', 'hits', 'nodes', 'edges', 'objects', 'resources', 'collection', 'value']);
/** Property names that say an object is a page of a longer list. */
const PAGE_PROPERTIES = /^(total|total_?count|total_?pages|total_?results|count|next|next_?page(_?token)?|next_?cursor|cursor|page|page_?size|per_?page|offset|limit|has_?more|has_?next(_?page)?|links|_links|pagination|paging|meta)$/i;

/**
 * True when the GET's success schema is an array, or a page of items: an object with an array property named as
 * items are (`items`, `data`, `results`, …) or as the path's last word (`users` of `/users`), or beside a property
 * that pages (`total`, `next`, `cursor`, …). An object that merely has an array field (a config with a list of
 * tags) is no collection.
 * @param op a GET operation
 * @param model the model (for `$ref`s to component schemas)
 * @param head the path's last word, lower-case (`users`)
 */
export function returnsCollection(op: OperationNode, model: ApiModel, head = ''): boolean {
  const resolve = (s: SchemaNode | undefined) => followRefs(s, model);
  const schema = resolve(successResponses(op)[0]?.contents[0]?.schema);
  if (!schema) return false;
  if (schema.kind === 'array') return true;
  const objects = schema.kind === 'intersection' ? schema.members.map((m) => resolve(m)) : [schema];
  const properties = objects.flatMap((o) => (o?.kind === 'object' ? o.properties : []));
  const arrays = properties.filter((p) => resolve(p.schema)?.kind === 'array');
  if (arrays.length === 0) return false;
  const pages = properties.some((p) => PAGE_PROPERTIES.test(p.name));
  // An items word may end a longer name: `reportItems`, `searchResults`.
  return pages || arrays.some((p) => ITEM_PROPERTIES.has(p.name.toLowerCase()) || ITEM_PROPERTIES.has(wordsOf(p.name).at(-1) ?? '') || p.name.toLowerCase() === head.toLowerCase());
}

/** A schema with its `$ref`s followed (up to 8), or undefined for none or a dangling one. */
function followRefs(s: SchemaNode | undefined, model: ApiModel, depth = 0): SchemaNode | undefined {
  if (!s || depth > 8) return undefined;
  if (s.kind === 'ref') return followRefs(model.schemas.find((n) => n.name === s.target)?.schema, model, depth + 1);
  return s;
}

/**
 * True when the operation's first success body is an array of objects (`VehicleAlternative[]`): many items, not one.
 * @param op an operation
 * @param model the model (for `$ref`s to component schemas)
 */
export function answersArrayOfObjects(op: OperationNode, model: ApiModel): boolean {
  const schema = followRefs(successResponses(op)[0]?.contents[0]?.schema, model);
  return schema?.kind === 'array' && followRefs(schema.items, model)?.kind === 'object';
}
