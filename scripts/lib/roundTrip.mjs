// Round trips through the generated layer, as a user runs them: a contract is generated with the built CLI (the
// four built-in plugins, contract mode), the output transpiled to JavaScript, and for every CRUD resource with a
// list, read, create, update and delete the generated client is called against the generated MSW mocks:
// create → the list shows it → read it → update it → the list and the read show the change → delete it → the read
// answers 404. Every list the mocks serve from their store and that is paginated is then walked with TanStack
// Query (`fetchInfiniteQuery` over the generated `<name>InfiniteQueryOptions`, a page size of 1 when the list has
// a size parameter): page 2 must differ from page 1, the query must end, the pages must hold every stored item once
// and a total count must agree with the store.
// Used by scripts/roundtrip.mjs (corpus and directory runs) and test/roundtrip.test.ts (fixtures).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (file) => import(pathToFileURL(path.join(ROOT, file)).href);
/** Pages walked at most before an infinite query counts as endless. */
const MAX_PAGES = 40;
const CRUD = ['list', 'read', 'create', 'update', 'delete'];

/** JSON text with sorted keys: equal for equal data whatever realm built it (a store's `structuredClone` under jest's VM). */
const canonical = (value) => JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
/** Deep equality of JSON data. */
const isDeepStrictEqual = (a, b) => canonical(a) === canonical(b);

let tools;
/** The built packages, TanStack's QueryClient, msw's `getResponse` and the test sampler (transpiled once). */
export async function loadTools() {
  if (tools) return tools;
  const sampler = path.join(ROOT, 'test/runtime/helpers/sample.ts');
  const cached = path.join(ROOT, 'node_modules/.cache/reslayer/sample.mjs');
  const { default: ts } = await import('typescript');
  if (!existsSync(cached) || statSync(cached).mtimeMs < statSync(sampler).mtimeMs) {
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(cached, ts.transpileModule(readFileSync(sampler, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
  }
  tools = {
    ts,
    core: { ...(await lib('packages/core/lib/index.js')), ...(await lib('packages/core/lib/host.js')) },
    clientNaming: (await lib('packages/plugin-client/lib/naming.js')).clientNaming,
    hooksNaming: (await lib('packages/plugin-hooks/lib/naming.js')).hooksNaming,
    mocksNaming: (await lib('packages/plugin-mocks/lib/naming.js')).mocksNaming,
    // The bare specifier: the generated client imports it so, and so the configured client is the one it sends with.
    runtime: await import('@reslayer/runtime'),
    Sampler: (await import(`${pathToFileURL(cached).href}?v=${statSync(cached).mtimeMs}`)).Sampler,
    QueryClient: (await import('@tanstack/query-core')).QueryClient,
    getResponse: (await import('msw')).getResponse,
  };
  return tools;
}

/** Generates a contract with the built CLI into `outDir` and transpiles every `.ts` file beside it. */
function generate(contract, outDir, t) {
  rmSync(outDir, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [path.join(ROOT, 'packages/cli/dist/index.js'), 'generate', contract, '--output', outDir, '--json'], { encoding: 'utf8', timeout: 300_000 });
  if (run.status !== 0) throw new Error(`generate exited ${run.status}: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ')}`);
  const src = path.join(outDir, 'src');
  for (const rel of readdirSync(src, { recursive: true })) {
    if (!rel.endsWith('.ts')) continue;
    const file = path.join(src, rel);
    const js = t.ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { module: t.ts.ModuleKind.ESNext, target: t.ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } }).outputText;
    writeFileSync(file.replace(/\.ts$/, '.js'), js);
  }
  return src;
}

/** True when `needle` equals `haystack` or a value held by it (two levels down: a wrapper, an envelope). */
function holds(haystack, needle, depth = 0) {
  if (isDeepStrictEqual(haystack, needle)) return true;
  if (depth >= 2 || haystack === null || typeof haystack !== 'object') return false;
  return Object.values(haystack).some((v) => holds(v, needle, depth + 1));
}

/** True when every property an item shows has the entity's value (a list item may be a summary of the entity). */
const shows = (item, entity) => item !== null && typeof item === 'object' && Object.keys(item).length > 0 && Object.entries(item).every(([k, v]) => isDeepStrictEqual(v, entity?.[k]));

/** The arguments of a client method: path values, the payload, the params (the required ones, sampled, and `extra`). */
function argsOf(sig, t, sampler, { path: values, payload, extra = {} }) {
  const out = [...values];
  if (sig.payload) out.push(payload ?? payloadOf(sig, sampler));
  if (sig.params.length > 0) {
    const params = { ...extra };
    for (const m of sig.params) if (m.param.required && !(m.key in params)) params[m.key] = sampler.sample(m.param.schema, { mode: 'write' });
    out.push(params);
  }
  return out;
}

/** A request body for the operation (JSON, form and multipart as an object, a text as a string). */
function payloadOf(sig, sampler) {
  const schema = sig.payload.content.schema ?? { kind: 'unknown', pointer: '' };
  if (sig.payload.bodyKind === 'binary') return new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' });
  const value = sampler.sample(schema, { mode: 'write', binaryAsBlob: sig.payload.bodyKind === 'multipart' });
  return sig.payload.bodyKind === 'text' ? String(value) : value;
}

/** Path values of an operation: sampled parent parameters, then `key` for the item parameter when given. */
function pathValues(sig, sampler, key) {
  return sig.pathArgs.map((a, i) => (key !== undefined && i === sig.pathArgs.length - 1 ? key : String(sampler.sample(a.param.schema, { mode: 'write' })) || 'x'));
}

/** The next value of a property for an update: another enum value, a changed plain string, a number + 1, a flipped boolean. */
function nextValue(leaf, value, n) {
  const values = leaf.enum;
  if (values?.length) return values.find((v) => !isDeepStrictEqual(v, value));
  if (leaf.kind === 'string' && leaf.format === undefined && leaf.pattern === undefined && typeof value === 'string') return `${value}-changed-${n}`;
  if (leaf.kind === 'number' && typeof value === 'number') return leaf.maximum !== undefined && value + 1 > leaf.maximum ? value - 1 : value + 1;
  if (leaf.kind === 'boolean' && typeof value === 'boolean') return !value;
  return undefined;
}

/**
 * An update payload with one property the stored entity shows changed (its key excepted), and the property: at the
 * top of the payload or one level down in a wrapper (`{ data: {...} }`); the sampled payload when none can change.
 */
function changedPayload(ctx, sig, entity, key) {
  const payload = payloadOf(sig, ctx.sampler);
  const { core } = ctx.t;
  const schema = sig.payload?.content.schema;
  if (!schema || !payload || typeof payload !== 'object') return { payload };
  const top = core.objectProperties(schema, ctx.names, 'write')?.props ?? [];
  const levels = [[payload, top], ...top.flatMap((p) => (payload[p.name] && typeof payload[p.name] === 'object' && !Array.isArray(payload[p.name]) ? [[payload[p.name], core.objectProperties(p.schema, ctx.names, 'write')?.props ?? []]] : []))];
  for (const [target, props] of levels) {
    for (const p of props) {
      if (!entity || !(p.name in target) || !(p.name in entity) || String(entity[p.name]) === key) continue;
      const next = nextValue(core.resolveSchema(p.schema, ctx.names.byName).leaf, target[p.name], ctx.n++);
      if (next === undefined) continue;
      target[p.name] = next;
      return { payload, name: p.name, value: next };
    }
  }
  return { payload };
}

/** Values for the required query parameters named like an entity property (filters a list must be called with). */
function filtersFor(sig, entity) {
  const out = {};
  for (const m of sig.params) if (m.param.required && m.param.in === 'query' && entity && m.param.name in entity && entity[m.param.name] !== null && typeof entity[m.param.name] !== 'object') out[m.key] = entity[m.param.name];
  return out;
}

/** Every item a list answers (for the entity's filters): the items of every page of its infinite query, or of the one answer. */
async function listItems(ctx, r, entity) {
  const extra = filtersFor(r.sigs.list, entity);
  if (r.paged) return (await walkPages(ctx, r, extra)).items;
  return readItems(await r.client[r.methods.list](...argsOf(r.sigs.list, ctx.t, ctx.sampler, { path: pathValues(r.sigs.list, ctx.sampler), extra })), r.itemsPath);
}

/** The items of a list response at the items path (the body itself without one). */
function readItems(body, itemsPath) {
  let at = body;
  for (const name of itemsPath ?? []) at = at?.[name];
  return Array.isArray(at) ? at : [];
}

/** Walks a list's infinite query with TanStack Query: its pages, whether it ended, and the items of every page. */
async function walkPages(ctx, r, extra) {
  const client = new ctx.t.QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = r.infinite(...pathValues(r.sigs.list, ctx.sampler), argsOf(r.sigs.list, ctx.t, ctx.sampler, { path: [], extra }).at(-1) ?? extra);
  const data = await client.fetchInfiniteQuery({ ...options, pages: MAX_PAGES });
  const last = data.pages.at(-1);
  const ended = options.getNextPageParam(last, data.pages, data.pageParams.at(-1), data.pageParams) == null;
  client.clear();
  return { pages: data.pages, ended, items: data.pages.flatMap((p) => readItems(p, r.itemsPath)) };
}

/** Runs one step; a throw or a failed check becomes the failure of the resource's round trip. */
async function step(failures, name, fn) {
  if (failures.length > 0) return undefined;
  try {
    return await fn();
  } catch (e) {
    failures.push({ step: name, cause: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}

const check = (ok, cause) => {
  if (!ok) throw new Error(cause);
};

/** create → list → read → update → list → read → delete → read 404 of one resource. */
async function crudRoundTrip(ctx, r) {
  const failures = [];
  const { client, methods, sigs, store } = r;
  const { sampler } = ctx;
  const before = new Set(store.keys());
  const key = await step(failures, 'create', async () => {
    await client[methods.create](...argsOf(sigs.create, ctx.t, sampler, { path: pathValues(sigs.create, sampler) }));
    const added = [...store.keys()].filter((k) => !before.has(k));
    check(added.length === 1, `the store holds ${added.length} new items after the create`);
    return added[0];
  });
  const stored = () => store.get(key);
  // A required list filter the created item does not carry (a status the server sets): the list cannot show it.
  const unlisted = key === undefined ? [] : sigs.list.params.filter((m) => m.param.required && m.param.in === 'query' && r.entityProps.has(m.param.name) && !(m.param.name in (stored() ?? {}))).map((m) => m.param.name);
  const notes = unlisted.length > 0 ? [`list not checked: the required filter ${unlisted.join(', ')} is not a property of the created item`] : [];
  if (unlisted.length === 0) await step(failures, 'list shows it', async () => check((await listItems(ctx, r, stored())).some((i) => shows(i, stored())), 'the list does not show the created item'));
  await step(failures, 'read', async () => check(holds(await client[methods.read](...argsOf(sigs.read, ctx.t, sampler, { path: pathValues(sigs.read, sampler, key) })), stored()), 'the read does not answer the item'));
  let changed;
  await step(failures, 'update', async () => {
    changed = changedPayload(ctx, sigs.update, stored(), key);
    await client[methods.update](...argsOf(sigs.update, ctx.t, sampler, { path: pathValues(sigs.update, sampler, key), payload: changed.payload }));
    if (changed.name !== undefined) check(isDeepStrictEqual(stored()?.[changed.name], changed.value), `the update does not change \`${changed.name}\` of the stored item`);
  });
  if (unlisted.length === 0) await step(failures, 'list shows the change', async () => check((await listItems(ctx, r, stored())).some((i) => shows(i, stored())), 'the list does not show the updated item'));
  await step(failures, 'read shows the change', async () => check(holds(await client[methods.read](...argsOf(sigs.read, ctx.t, sampler, { path: pathValues(sigs.read, sampler, key) })), stored()), 'the read does not show the change'));
  await step(failures, 'delete', async () => client[methods.delete](...argsOf(sigs.delete, ctx.t, sampler, { path: pathValues(sigs.delete, sampler, key) })));
  await step(failures, 'read gives 404', async () => {
    const status = await client[methods.read](...argsOf(sigs.read, ctx.t, sampler, { path: pathValues(sigs.read, sampler, key) })).then(() => 200, (e) => e?.status);
    check(status === 404, `the read after the delete answers ${status}`);
  });
  return { resource: r.name, ok: failures.length === 0, failures, changed: changed?.name ?? null, notes };
}

/**
 * The paging checks of a paginated list: walked with a page size of 1 when it has a size parameter (and the
 * required filters of a stored item), page 2 must differ from page 1 and the query must end; a list served from the
 * store must show every stored item (that passes the filters) once, and its total must agree.
 */
async function pagingCheck(ctx, r) {
  const size = r.pagination.pageSizeParam ?? r.pagination.limitParam;
  const out = { resource: r.name, mode: r.pagination.mode, sizeParam: size ?? null, store: false, pageTwoDiffers: null, ended: false, everyItemOnce: null, totalAgrees: null, failure: null };
  try {
    const stored = r.store ? [...r.store.values()] : [];
    const filters = filtersFor(r.sigs.list, stored[0]);
    const expected = stored.filter((e) => Object.entries(filters).every(([k, v]) => isDeepStrictEqual(e?.[k], v)));
    const all = (await walkPages(ctx, r, filters)).items;
    out.store = expected.length > 0 && expected.every((e) => all.some((i) => shows(i, e)));
    const walk = await walkPages(ctx, r, size ? { ...filters, [size]: 1 } : filters);
    out.ended = walk.ended;
    out.pages = walk.pages.length;
    const count = out.store ? expected.length : readItems(await r.client[r.methods.list](...argsOf(r.sigs.list, ctx.t, ctx.sampler, { path: pathValues(r.sigs.list, ctx.sampler), extra: filters })), r.itemsPath).length;
    if (size && count >= 2) out.pageTwoDiffers = walk.pages.length >= 2 && !isDeepStrictEqual(readItems(walk.pages[0], r.itemsPath), readItems(walk.pages[1], r.itemsPath));
    if (out.store) {
      out.everyItemOnce = walk.items.length === expected.length && expected.every((e) => walk.items.some((i) => shows(i, e)));
      const total = r.pagination.totalProperty;
      if (total !== undefined) out.totalAgrees = ctx.t.core.pathNames(total).reduce((at, n) => at?.[n], walk.pages[0]) === expected.length;
    }
  } catch (e) {
    out.failure = e instanceof Error ? e.message : String(e);
  }
  return out;
}

/**
 * Generates a contract and runs the round trips of its CRUD resources and the paging checks of its lists.
 * @param {string} contract absolute path of the contract
 * @param {string} outDir output root (inside the repository, so the output resolves `@reslayer/runtime`)
 * @returns {Promise<{ contract: string, error?: string, resources: object[], lists: object[] }>}
 */
export async function roundTripContract(contract, outDir) {
  const t = await loadTools();
  const result = { contract, resources: [], lists: [] };
  try {
    const src = generate(contract, outDir, t);
    const loaded = await t.core.loadContract(contract);
    const diagnostics = new t.core.Diagnostics();
    const model = t.core.detectResources(t.core.normalizeContract(loaded, diagnostics), diagnostics);
    const sampler = new t.Sampler(model);
    const ctx = { t, sampler, names: t.core.getSchemaTypeNames(model), n: 1 };
    const imp = (file) => import(pathToFileURL(path.join(src, file.replace(/\.ts$/, '.js'))).href);
    const handlers = [];
    const resources = [];
    for (const res of model.resources) {
      const mocks = await imp(t.mocksNaming.indexFile(res));
      handlers.push(...(mocks[t.mocksNaming.handlers(res)] ?? []));
      const store = mocks[t.mocksNaming.store(res)];
      if (res.operations.some((o) => o.role === 'list') || res.resourceKind === 'crud') resources.push(await describeResource(ctx, model, res, store, imp));
    }
    t.runtime.configureClient({ baseUrl: 'http://mock.test', fetch: async (input, init) => (await t.getResponse(handlers, new Request(input, init))) ?? new Response('no mock handler', { status: 501 }) });
    for (const r of resources) {
      for (const res of model.resources) (await imp(t.mocksNaming.indexFile(res)))[t.mocksNaming.resetStore(res)]?.();
      if (r.full && !r.store) result.resources.push({ resource: r.name, ok: false, failures: [{ step: 'store', cause: 'the mocks keep no store for the resource (see lint: RSL_MOCK_STATELESS)' }], changed: null, notes: [] });
      else if (r.full) result.resources.push(await crudRoundTrip(ctx, r));
      if (r.paged) result.lists.push(await pagingCheck(ctx, r));
    }
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
  } finally {
    t.runtime.resetClientConfig();
  }
  return result;
}

/** What the round trip of one resource needs: signatures, client methods, store, pagination, infinite options. */
async function describeResource(ctx, model, res, store, imp) {
  const { t } = ctx;
  const byRole = Object.fromEntries(CRUD.map((role) => [role, res.operations.find((o) => o.role === role)]).filter(([, o]) => o));
  const sigs = Object.fromEntries(Object.entries(byRole).map(([role, op]) => [role, t.core.describeOperation(model, res, op)]));
  const methods = Object.fromEntries(Object.entries(byRole).map(([role, op]) => [role, t.clientNaming.method(op)]));
  const client = (await imp(t.clientNaming.clientFile(res)))[t.clientNaming.clientObject(res)];
  const names = t.core.getSchemaTypeNames(model);
  const pagination = sigs.list ? t.core.listPagination(sigs.list, names).pagination : { mode: 'none' };
  const body = sigs.list?.response.responseType === 'json' ? sigs.list.response.content?.schema : undefined;
  const env = body ? t.core.listEnvelope(body, names) : undefined;
  const itemsPath = env?.itemsProperty === undefined ? undefined : t.core.pathNames(env.itemsProperty);
  let infinite;
  if (byRole.list && pagination.mode !== 'none') {
    const hooks = await imp(t.hooksNaming.hookFile(res, t.hooksNaming.hookName(res, byRole.list, sigs.list.node.method)));
    infinite = Object.entries(hooks).find(([name]) => name.endsWith('InfiniteQueryOptions'))?.[1];
  }
  const full = res.resourceKind === 'crud' && CRUD.every((role) => byRole[role]);
  const readBody = sigs.read?.response.responseType === 'json' ? sigs.read.response.content?.schema : undefined;
  const entityProps = new Set([env?.item, readBody].flatMap((schema) => (schema ? (t.core.objectProperties(schema, names)?.props ?? []).map((p) => p.name) : [])));
  return { name: res.resource, full, paged: infinite !== undefined, sigs, methods, client, store, pagination, itemsPath, infinite, entityProps };
}

/** The CRUD resources of a contract with a list, read, create, update and delete (to pick contracts that have some). */
export async function fullCrudResources(contract) {
  const t = await loadTools();
  const loaded = await t.core.loadContract(contract);
  const diagnostics = new t.core.Diagnostics();
  const model = t.core.detectResources(t.core.normalizeContract(loaded, diagnostics), diagnostics);
  return model.resources.filter((r) => r.resourceKind === 'crud' && CRUD.every((role) => r.operations.some((o) => o.role === role))).map((r) => r.resource);
}
