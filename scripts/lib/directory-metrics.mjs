// Measures of the resource model on one contract, for `pnpm corpus:directory` (scripts/corpus-directory.mjs).
// Pure functions over the raw OpenAPI document, the model reslayer detected and the generated files, so the
// measures do not depend on how reslayer itself decides (the structural CRUD set is computed from the paths
// alone, as docs/corpus.md defines it).

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** One path parameter segment, the whole segment: `{id}`. */
const PARAM_SEGMENT = /^\{[^/{}]+\}$/;

/** A path without a trailing slash (`/pets/` → `/pets`); the root stays `/`. */
const trimSlash = (p) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/**
 * The operations whose CRUD role is plain from the paths alone: for a path `P` with an item path `P/{x}`
 * beside it (one more segment, a parameter only), `GET P` is list, `POST P` create, `GET P/{x}` read,
 * `PUT|PATCH P/{x}` update and `DELETE P/{x}` delete.
 * @param {any} doc the OpenAPI document (bundled: `paths` holds path items)
 * @returns {{ method: string, path: string, role: 'list'|'read'|'create'|'update'|'delete' }[]} sorted by path, then method
 */
export function structuralCrud(doc) {
  const paths = doc && typeof doc.paths === 'object' && doc.paths !== null ? doc.paths : {};
  const byTrimmed = new Map();
  for (const raw of Object.keys(paths)) byTrimmed.set(trimSlash(raw), raw);
  const has = (raw, method) => paths[raw] !== null && typeof paths[raw] === 'object' && paths[raw][method] !== null && typeof paths[raw][method] === 'object';
  const out = [];
  const seen = new Set();
  const add = (method, raw, role) => {
    const key = `${method} ${raw}`;
    if (seen.has(key) || !has(raw, method)) return;
    seen.add(key);
    out.push({ method, path: raw, role });
  };
  for (const [trimmed, raw] of byTrimmed) {
    const cut = trimmed.lastIndexOf('/');
    if (cut < 0 || !PARAM_SEGMENT.test(trimmed.slice(cut + 1))) continue;
    const parent = byTrimmed.get(trimmed.slice(0, cut) || '/');
    if (parent === undefined || parent === raw) continue;
    add('get', parent, 'list');
    add('post', parent, 'create');
    add('get', raw, 'read');
    add('put', raw, 'update');
    add('patch', raw, 'update');
    add('delete', raw, 'delete');
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : METHODS.indexOf(a.method) - METHODS.indexOf(b.method)));
}

/**
 * The role and method name reslayer gave each operation, by `METHOD path`.
 * @param {{ resources: { resource: string, operations: { role: string, name: string, operationKey: string, reason?: string }[] }[] }} model
 * @returns {Map<string, { role: string, name: string, resource: string, reason: string }>}
 */
export function rolesByOperation(model) {
  const out = new Map();
  for (const r of model.resources) for (const o of r.operations) out.set(o.operationKey, { role: o.role, name: o.name, resource: r.resource, reason: o.reason ?? '' });
  return out;
}

/** The shape of a name cut by reslayer's length limit (`fitName`): its first 72 characters, `H` and a 7-character hash. */
const CUT_NAME = /^.{72}H[0-9a-z]{7}$/;

/**
 * True when a method name ends in a hash instead of the contract's words (a name cut by the length limit).
 * @param {string} name a method name
 */
export function isHashedName(name) {
  return CUT_NAME.test(name);
}

/**
 * The median of a list of numbers (the lower middle for an even count); 0 for an empty list.
 * @param {number[]} values
 */
export function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Role recall of one contract: of the structural CRUD operations, how many reslayer gave that role.
 * @param {ReturnType<typeof structuralCrud>} expected
 * @param {ReturnType<typeof rolesByOperation>} roles
 * @returns {{ total: number, hit: number, misses: { method: string, path: string, want: string, got: string, name: string, reason: string }[] }}
 */
export function roleRecall(expected, roles) {
  const misses = [];
  let hit = 0;
  for (const e of expected) {
    const got = roles.get(`${e.method.toUpperCase()} ${e.path}`);
    if (got?.role === e.role) hit++;
    else misses.push({ method: e.method, path: e.path, want: e.role, got: got?.role ?? 'missing', name: got?.name ?? '', reason: got?.reason ?? '' });
  }
  return { total: expected.length, hit, misses };
}

/**
 * Measures read off the generated files of one run (paths relative to the output root): per resource,
 * whether config-meta reports a pagination mode and whether a hook file exports infinite query options;
 * per mutation hook file, whether its cache effects (`<name>Invalidates`) are all empty.
 * @param {{ path: string, contents: string }[]} files the run's generated files
 * @returns {{ pagedWithoutInfinite: string[], mutations: number, emptyEffects: string[] }}
 */
export function outputMeasures(files) {
  const paged = new Map();
  const infinite = new Set();
  const emptyEffects = [];
  let mutations = 0;
  for (const f of files) {
    const config = /(?:^|\/)features\/([^/]+)\/model\/[^/]+\.config\.ts$/.exec(f.path);
    if (config) {
      const mode = /pagination: \{\s*mode: '([a-z-]+)'/.exec(f.contents)?.[1];
      if (mode !== undefined && mode !== 'none') paged.set(config[1], mode);
      continue;
    }
    const hook = /(?:^|\/)features\/([^/]+)\/api\/[^/]+\.ts$/.exec(f.path);
    if (!hook) continue;
    if (/export function \w+InfiniteQueryOptions\(/.test(f.contents)) infinite.add(hook[1]);
    const effects = /export const \w+Invalidates = \{([\s\S]*?)\n\};/.exec(f.contents);
    if (effects) {
      mutations++;
      const lists = [...effects[1].matchAll(/=> \[(.*?)\] as const/g)].map((m) => m[1].trim());
      if (lists.every((l) => l === '')) emptyEffects.push(f.path);
    }
  }
  const pagedWithoutInfinite = [...paged.keys()].filter((r) => !infinite.has(r)).sort();
  return { pagedWithoutInfinite, mutations, emptyEffects };
}
