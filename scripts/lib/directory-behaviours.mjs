// Behaviour measures of `pnpm corpus:directory` (docs/corpus.md): which operations of the raw OpenAPI document
// should get infinite query options, optimistic-capable mutation options and parent invalidation, and which did
// in the generated files. The expected sets come from the document alone (names, paths and response shapes),
// not from reslayer's own analysis, so the measure does not agree with itself by construction.

/** One path parameter segment, the whole segment: `{id}`. */
const PARAM_SEGMENT = /^\{[^/{}]+\}$/;
/** A name lowercased with everything but letters and digits dropped (`page_token` → `pagetoken`). */
const norm = (name) => String(name).toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Query parameter names (normalized) that page, whatever their type: page numbers, offsets, cursors and tokens.
 * `since`, `after` and `before` count too unless they hold a date or date-time (a time filter, not a cursor).
 */
const PAGING = new Set([
  'page', 'pagenumber', 'pagenum', 'pageno', 'pageindex', 'pg', 'offset', 'skip', 'startindex', 'pageoffset',
  'cursor', 'pagecursor', 'nextcursor', 'pagetoken', 'nextpagetoken', 'nexttoken', 'continuationtoken', 'continuation',
  'skiptoken', 'starttoken', 'marker', 'startingafter', 'endingbefore', 'pageafter', 'pagebefore',
]);
const TIME_CURSORS = new Set(['since', 'after', 'before']);

/**
 * A local `$ref` followed (up to 20 hops); anything else as given.
 * @param {any} doc the OpenAPI document
 * @param {any} node a schema, parameter, response or reference
 */
export function deref(doc, node) {
  let cur = node;
  for (let hops = 0; hops < 20 && cur && typeof cur === 'object' && typeof cur.$ref === 'string'; hops++) {
    if (!cur.$ref.startsWith('#/')) return undefined;
    cur = cur.$ref.slice(2).split('/').reduce((o, k) => (o && typeof o === 'object' ? o[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return cur && typeof cur === 'object' ? cur : undefined;
}

/** The path items of a document as `[path, item]`, skipping anything that is not an object. */
function pathItems(doc) {
  const paths = doc && typeof doc.paths === 'object' && doc.paths !== null ? doc.paths : {};
  return Object.entries(paths).filter(([, item]) => item !== null && typeof item === 'object');
}

/** The query parameters of an operation (the path item's and its own), dereferenced. */
function queryParams(doc, item, op) {
  const all = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])];
  return all.map((p) => deref(doc, p)).filter((p) => p && p.in === 'query' && typeof p.name === 'string');
}

/** The first 2xx response of an operation, dereferenced, and its JSON schema when it has one. */
function success(doc, op) {
  const codes = Object.keys(op.responses ?? {}).filter((c) => /^2/.test(c)).sort();
  const res = codes.length > 0 ? deref(doc, op.responses[codes[0]]) : undefined;
  const content = res?.content && typeof res.content === 'object' ? res.content : {};
  const type = Object.keys(content).find((t) => /json|\*\/\*/i.test(t));
  return { res, schema: type ? deref(doc, content[type]?.schema) : undefined };
}

/** The properties of an object schema, with those of its `allOf` members, dereferenced. */
function props(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!s || depth > 4) return {};
  const own = s.properties && typeof s.properties === 'object' ? s.properties : {};
  const merged = {};
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) Object.assign(merged, props(doc, part, depth + 1));
  return { ...merged, ...Object.fromEntries(Object.entries(own).map(([k, v]) => [k, deref(doc, v)])) };
}

const isArray = (s) => !!s && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || (s.items !== undefined && s.properties === undefined));

/** True when a schema is an array, or an object holding one (directly or one envelope deeper: `{ data: { items: [] } }`). */
export function answersArray(doc, schema) {
  const s = deref(doc, schema);
  if (!s) return false;
  if (isArray(s)) return true;
  return Object.values(props(doc, s)).some((p) => isArray(p) || Object.values(props(doc, p)).some(isArray));
}

/** True when a query parameter pages, by its name (see {@link PAGING}); a date-typed `since`/`after`/`before` does not. */
export function isPagingParam(doc, param) {
  const n = norm(param.name);
  if (PAGING.has(n)) return true;
  if (!TIME_CURSORS.has(n)) return false;
  const s = deref(doc, param.schema) ?? {};
  return s.format !== 'date-time' && s.format !== 'date';
}

/**
 * The GETs that take a paging query parameter (or declare a `Link` header) and answer an array, bare or in an envelope.
 * @param {any} doc the OpenAPI document
 * @returns {string[]} `GET path` keys, sorted
 */
export function pagingGets(doc) {
  const out = [];
  for (const [path, item] of pathItems(doc)) {
    const op = item.get;
    if (!op || typeof op !== 'object') continue;
    const { res, schema } = success(doc, op);
    const link = Object.keys(res?.headers ?? {}).some((h) => h.toLowerCase() === 'link');
    if ((link || queryParams(doc, item, op).some((p) => isPagingParam(doc, p))) && answersArray(doc, schema)) out.push(`GET ${path}`);
  }
  return out.sort();
}

/** Path items by their path without a trailing slash. */
function byTrimmed(doc) {
  return new Map(pathItems(doc).map(([p, item]) => [p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p, { path: p, item }]));
}

/**
 * The update and delete operations (PUT, PATCH, DELETE on `P/{x}`) of resources with a list (`GET P`) and a read (`GET P/{x}`).
 * @param {any} doc the OpenAPI document
 * @returns {string[]} `METHOD path` keys, sorted
 */
export function listReadWrites(doc) {
  const paths = byTrimmed(doc);
  const out = [];
  for (const [trimmed, { path, item }] of paths) {
    const cut = trimmed.lastIndexOf('/');
    if (cut < 0 || !PARAM_SEGMENT.test(trimmed.slice(cut + 1)) || !item.get) continue;
    const parent = paths.get(trimmed.slice(0, cut) || '/');
    if (!parent || parent.path === path || !parent.item.get) continue;
    for (const m of ['put', 'patch', 'delete']) if (item[m] && typeof item[m] === 'object') out.push(`${m.toUpperCase()} ${path}`);
  }
  return out.sort();
}

/**
 * Writes under a parent item whose read embeds that child collection: `POST P/{p}/C` and `PUT|PATCH|DELETE P/{p}/C/{c}`
 * where `GET P/{p}` answers an object (or `{ data: object }`) with an array property named like `C`.
 * @param {any} doc the OpenAPI document
 * @returns {{ key: string, parent: string, args: string[], listed: boolean }[]} the write's `METHOD path`, the parent's item
 *   path, the write's names of the parent's path parameters, and whether the parent's collection has a GET; sorted by key
 */
export function embeddedChildWrites(doc) {
  const paths = byTrimmed(doc);
  const out = [];
  for (const [trimmed, { path, item }] of paths) {
    const segs = trimmed.split('/');
    const itemPath = PARAM_SEGMENT.test(segs.at(-1) ?? '');
    const collection = itemPath ? segs.at(-2) : segs.at(-1);
    const parentTrimmed = segs.slice(0, itemPath ? -2 : -1).join('/');
    if (!collection || PARAM_SEGMENT.test(collection) || !PARAM_SEGMENT.test(parentTrimmed.split('/').at(-1) ?? '')) continue;
    const parent = paths.get(parentTrimmed);
    if (!parent?.item.get) continue;
    const body = success(doc, parent.item.get).schema;
    const fields = { ...props(doc, body), ...props(doc, props(doc, body).data) };
    if (!Object.entries(fields).some(([k, v]) => norm(k) === norm(collection) && isArray(deref(doc, v)))) continue;
    // The write's own names of the parent's path parameters (by position), and whether the parent has lists (`GET P`).
    const args = parentTrimmed.split('/').filter((seg) => PARAM_SEGMENT.test(seg)).map((_, i) => trimmed.split('/').filter((seg) => PARAM_SEGMENT.test(seg))[i]?.slice(1, -1) ?? '');
    const listed = !!paths.get(parentTrimmed.slice(0, parentTrimmed.lastIndexOf('/')) || '/')?.item.get;
    for (const m of itemPath ? ['put', 'patch', 'delete'] : ['post']) if (item[m] && typeof item[m] === 'object') out.push({ key: `${m.toUpperCase()} ${path}`, parent: parent.path, args, listed });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** `METHOD path` of the doc comment block right before each `export` of a generated hook file, with the export's text. */
function exportsWithOperation(contents) {
  const out = [];
  for (const m of contents.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\nexport (?:function|const) (\w+)/g)) {
    const op = /`(GET|PUT|POST|DELETE|PATCH) ([^`]+)` through/.exec(m[1]);
    if (op) out.push({ key: `${op[1]} ${op[2]}`, doc: m[1], name: m[2] });
  }
  return out;
}

/**
 * What the generated hook files give each operation (paths relative to the output root): infinite query options,
 * optimistic-capable mutation options, and the cache effects' `invalidate` list; with the query-keys object each
 * read's detail key comes from.
 * @param {{ path: string, contents: string }[]} files the run's generated files
 * @returns {{ infinite: Set<string>, optimistic: Set<string>, invalidate: Map<string, string>, detailKeys: Map<string, string> }}
 */
export function behaviourOutput(files) {
  const infinite = new Set();
  const optimistic = new Set();
  const invalidate = new Map();
  const detailKeys = new Map();
  for (const f of files) {
    if (!/(?:^|\/)features\/[^/]+\/api\/[^/]+\.ts$/.test(f.path)) continue;
    // The rest of the `invalidate:` line: its keys may be tuples of their own (`[...xQueryKeys.lists(), id] as const`).
    // The variables are written `variables.` whatever the arrow names them.
    const found = /Invalidates = \{\s*invalidate: \((\w*)\) => ([^\n]*)/.exec(f.contents);
    const effects = found?.[2]?.replaceAll(new RegExp(`\\b${found[1] || '_'}\\.`, 'g'), 'variables.');
    for (const e of exportsWithOperation(f.contents)) {
      if (/InfiniteQueryOptions$/.test(e.name)) infinite.add(e.key);
      if (/MutationOptions$/.test(e.name)) {
        if (/optimisticMutation</.test(f.contents)) optimistic.add(e.key);
        if (effects !== undefined) invalidate.set(e.key, effects);
      }
      const detail = /QueryOptions$/.test(e.name) ? new RegExp(`export function ${e.name}\\([^\\n]*\\n\\s*return \\{\\s*queryKey: (\\w+)\\.detail\\(`).exec(f.contents)?.[1] : undefined;
      if (detail && !detailKeys.has(e.key)) detailKeys.set(e.key, detail);
    }
  }
  return { infinite, optimistic, invalidate, detailKeys };
}

/**
 * The three behaviour measures of one contract: expected from the document, met in the generated files.
 * @param {any} doc the OpenAPI document
 * @param {{ path: string, contents: string }[]} files the run's generated files
 */
export function behaviourMeasures(doc, files) {
  const out = behaviourOutput(files);
  const paging = pagingGets(doc);
  const writes = listReadWrites(doc);
  const children = embeddedChildWrites(doc);
  // The parent's detail: all of them (`details()`), or the one (or the prefix of the ones, `[...details(), …]`) the
  // write's own path arguments name, in order.
  const reachesParent = (c) => {
    const keys = out.detailKeys.get(`GET ${c.parent}`);
    const text = out.invalidate.get(c.key) ?? '';
    if (keys === undefined) return false;
    if (new RegExp(`(?:^|[[,]\\s*)${keys}\\.details\\(\\)\\s*(?:[,\\]]|$)`).test(text)) return true;
    const named = [...text.matchAll(new RegExp(`\\b${keys}\\.detail\\(([^()]*)\\)`, 'g')), ...text.matchAll(new RegExp(`\\[\\.\\.\\.${keys}\\.details\\(\\), ([^\\]]*)\\]`, 'g'))];
    return named.some((m) => {
      const args = (m[1] ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
      return args.length === c.args.length && args.every((a, i) => a.startsWith('variables.') && norm(a.slice(10)) === norm(c.args[i]));
    });
  };
  const reachesLists = (c) => {
    const keys = out.detailKeys.get(`GET ${c.parent}`);
    return keys !== undefined && (out.invalidate.get(c.key) ?? '').includes(`${keys}.lists()`);
  };
  const listed = children.filter((c) => c.listed);
  return {
    paging: { total: paging.length, misses: paging.filter((k) => !out.infinite.has(k)) },
    optimistic: { total: writes.length, misses: writes.filter((k) => !out.optimistic.has(k)) },
    parent: { total: children.length, misses: children.filter((c) => !reachesParent(c)).map((c) => c.key) },
    parentLists: { total: listed.length, misses: listed.filter((c) => !reachesLists(c)).map((c) => c.key) },
  };
}
