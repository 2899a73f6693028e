// One resource's probe over HTTP (scripts/corpus-runtime.mjs): list → detail, distinct keys, unknown id → 404,
// paging, a filter, a sort, create → listed and readable, update → detail, delete → 404 and gone, invalid create → 4xx.
// Each check is recorded in the contract's tally only where it applies (the list carries a key, the list pages,
// a filter parameter names an item property, a valid request body could be built…).
import { createdKey, distinctKeys, isScalar, showing, entityOf, filterVerdict, isOrdered, itemsOf, keyProperty, norm, pagingVerdict } from './runtime-checks.mjs';
import { pointerFor, sampleBody, urlPath, writableStrings } from './runtime-http.mjs';

const ok2xx = (s) => s >= 200 && s < 300;
/** The key of a listed item: its `keyProp`, or the item itself where the list answers keys (`''`: GitHub's template names). */
const keyOf = (item, keyProp) => (keyProp === '' ? item : item?.[keyProp]);
/**
 * True for a read's answer that holds only arrays (`{ paths: [Path] }`): the item's children, not its detail (Data
 * Lake's `GET /{filesystem}` answers the file system's paths), so no property of it can show the listed key.
 */
const onlyLists = (json) => json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length > 0 && Object.values(json).every(Array.isArray);

const SORT = ['sort', 'sortby', 'orderby', 'ordering', 'sortfield'];
const DIRECTION = ['order', 'direction', 'sortorder', 'sortdirection', 'dir'];
const TEXT = ['q', 'search', 'query', 'searchterm', 'term', 'keyword'];

/** A value for a path parameter other than the item key (a parent's key): a number or a plain string. */
const parentValue = (op, name) => (/int|number/.test(JSON.stringify(op.paramSchemas?.[name] ?? '')) ? 1 : 'p1');

/** Parameter values for an operation: the parents' sampled, the item key given. */
function values(op, key) {
  const out = {};
  op.params.forEach((name, i) => (out[name] = i === op.params.length - 1 && key !== undefined ? key : parentValue(op, name)));
  return out;
}

/** Fetches the list (optionally with a query) and returns its items. */
async function listItems(ctx, r, query = {}) {
  const res = await ctx.call(r.list, urlPath(r.list.path, values(r.list), query));
  const found = ok2xx(res.status) ? itemsOf(res.json, r.list.pagination?.itemsProperty) : undefined;
  // `found`: the answer holds an items array; an error answer counts as one (a list that fails shows nothing).
  return { status: res.status, items: found ?? [], found: found !== undefined || !ok2xx(res.status), json: res.json };
}

/** Every key the list answers, over up to ten pages of the biggest size the list takes. */
async function allKeys(ctx, r, keyProp) {
  const p = r.list.pagination ?? { mode: 'none' };
  const size = p.pageSizeParam ?? p.limitParam;
  const keys = [];
  for (let i = 0; i < 10; i++) {
    const query = p.mode === 'page' ? { [p.pageParam]: (p.firstPage ?? 1) + i } : p.mode === 'offset' ? { [p.offsetParam]: keys.length } : {};
    const { items } = await listItems(ctx, r, size ? { ...query, [size]: 100 } : query);
    keys.push(...items.map((it) => String(keyOf(it, keyProp))));
    if (items.length === 0 || (p.mode !== 'page' && p.mode !== 'offset')) break;
  }
  return keys;
}

/** Page 1 and page 2 of size 1, then pages until one is empty or short (page and offset modes; cursor by its next cursor). */
async function probePaging(ctx, r, keyOf) {
  const p = r.list.pagination;
  const size = p.pageSizeParam ?? p.limitParam;
  const pages = [];
  let cursor;
  for (let i = 0; i < 12; i++) {
    const query = p.mode === 'page' ? { [p.pageParam]: (p.firstPage ?? 1) + i } : p.mode === 'offset' ? { [p.offsetParam]: i } : { [p.cursorParam]: cursor };
    if (size) query[size] = 1;
    const { items, json } = await listItems(ctx, r, query);
    pages.push(items.map(keyOf));
    if (items.length === 0) break;
    if (p.mode === 'cursor') {
      cursor = p.nextCursorItemProperty ? items.at(-1)?.[p.nextCursorItemProperty] : nextCursor(json, p);
      if (cursor === undefined || cursor === null || cursor === '') break;
    }
  }
  const ended = pages.length < 12;
  const verdict = pagingVerdict(pages[0] ?? [], pages[1] ?? [], ended);
  ctx.tally.record('paging', verdict.ok, `${r.list.path}: ${verdict.why}`);
}

/** The next cursor of a cursor page: its property, or the cursor parameter of a next URL. */
function nextCursor(json, p) {
  const path = Array.isArray(p.nextCursorProperty) ? p.nextCursorProperty : String(p.nextCursorProperty ?? '').split('.');
  const value = path.reduce((n, k) => (n && typeof n === 'object' ? n[k] : undefined), json);
  if (typeof value !== 'string' || !value.includes('=')) return value;
  try {
    return new URL(value, 'http://x').searchParams.get(p.cursorParam) ?? undefined;
  } catch {
    return value;
  }
}

/** A filter: an equality parameter named like a scalar item property whose values differ, else a free-text parameter. */
async function probeFilter(ctx, r, items) {
  const paging = new Set(Object.values(r.list.pagination ?? {}).filter((v) => typeof v === 'string'));
  const params = r.list.query.filter((q) => !paging.has(q.name));
  for (const q of params) {
    const prop = Object.keys(items[0]).find((k) => norm(k) === norm(q.name) && ['string', 'number', 'boolean'].includes(typeof items[0][k]));
    if (!prop || new Set(items.map((i) => String(i?.[prop]))).size < 2) continue;
    const { items: got } = await listItems(ctx, r, { [q.name]: items[0][prop] });
    const v = filterVerdict(items, got, prop, items[0][prop]);
    return ctx.tally.record('filter', v.ok, `${r.list.path}?${q.name}: ${v.why}`);
  }
  const text = params.find((q) => TEXT.includes(norm(q.name)));
  const prop = text && Object.keys(items[0]).find((k) => typeof items[0][k] === 'string' && items[0][k].length >= 3 && !items.every((i) => String(i?.[k]).includes(items[0][k])));
  if (!prop) return;
  const word = items[0][prop];
  const { items: got } = await listItems(ctx, r, { [text.name]: word });
  const has = (i) => Object.values(i ?? {}).some((v) => typeof v === 'string' && v.toLowerCase().includes(word.toLowerCase()));
  const okText = got.length > 0 && got.length < items.length && got.every(has);
  ctx.tally.record('filter', okText, `${r.list.path}?${text.name}=${word}: ${got.length} of ${items.length} items`);
}

/** A sort: ascending by a property with differing values; descending too when the default order is already ascending. */
async function probeSort(ctx, r, items) {
  const sort = r.list.query.find((q) => SORT.includes(norm(q.name)));
  if (!sort) return;
  const enumValues = (sort.schema?.enum ?? sort.schema?.items?.enum ?? []).map(String);
  const candidates = enumValues.length > 0 ? enumValues : Object.keys(items[0]);
  const pick = candidates.find((v) => {
    const prop = Object.keys(items[0]).find((k) => norm(k) === norm(v.replace(/^[-+]|[:.](asc|desc)$/gi, '')));
    return prop && ['string', 'number'].includes(typeof items[0][prop]) && new Set(items.map((i) => i?.[prop])).size > 1;
  });
  if (!pick) return;
  const prop = Object.keys(items[0]).find((k) => norm(k) === norm(pick.replace(/^[-+]|[:.](asc|desc)$/gi, '')));
  const direction = r.list.query.find((q) => q !== sort && DIRECTION.includes(norm(q.name)));
  const descending = isOrdered(items, prop);
  const query = descending ? (direction ? { [sort.name]: prop, [direction.name]: 'desc' } : { [sort.name]: `-${prop}` }) : { [sort.name]: enumValues.length ? pick : prop };
  if (descending && enumValues.length > 0 && !direction && !enumValues.includes(`-${prop}`)) return;
  const { items: got } = await listItems(ctx, r, query);
  const okSort = got.length === items.length && isOrdered(got, prop, descending);
  ctx.tally.record('sort', okSort, `${r.list.path}?${new URLSearchParams(query)}: ${got.length} items, ${isOrdered(got, prop, descending) ? 'ordered' : 'not ordered'} by ${prop}`);
}

/** The list → detail, distinct and unknown-id checks; returns the items and the key property. */
async function probeRead(ctx, r) {
  const { items, json, found } = r.list ? await listItems(ctx, r) : { items: [] };
  const param = r.read?.params.at(-1);
  // A bare array of scalars lists keys (GitHub's template names): each item is the key (`''`), and the detail shows
  // it as one of its values. Scalars inside an object are one entity's values (flinkster's `providerNetworkIds`).
  const keys = param && Array.isArray(json) && items.length > 0 && items.every(isScalar);
  const keyProp = keys ? '' : param && items.length > 0 ? keyProperty(items[0], param, r.read.paramExamples?.[param]) : undefined;
  if (keyProp !== undefined) {
    const keys = items.map((i) => keyOf(i, keyProp));
    ctx.tally.record('distinct', distinctKeys(keys), `${r.list.path}: keys ${keys.slice(0, 4).join(', ')}`);
    for (const key of keys.slice(0, 3)) {
      const res = await ctx.call(r.read, urlPath(r.read.path, values(r.read, key)));
      const children = keyProp !== '' && onlyLists(res.json);
      const shown = keyProp === '' ? showing(res.json, key) : children ? undefined : entityOf(res.json, keyProp, param)?.[keyProp];
      const same = ok2xx(res.status) && (keyProp === '' ? shown !== undefined : String(shown ?? key) === String(key));
      const seen = children ? ' with the item\'s lists' : ` with ${keyProp || 'key'}=${shown}`;
      ctx.tally.record('detail', same, `${r.read.path} ${keyProp || 'key'}=${key}: ${res.status}${ok2xx(res.status) ? seen : ''}`);
    }
  }
  if (r.read) {
    const unknown = /int|number/.test(JSON.stringify(r.read.paramSchemas?.[param] ?? '')) ? 987654321 : 'ffffffff-ffff-4fff-bfff-fffffffffff0';
    const res = await ctx.call(r.read, urlPath(r.read.path, values(r.read, unknown)));
    ctx.tally.record('unknown404', res.status === 404, `${r.read.path} ${unknown}: ${res.status}`);
  }
  return { items, keyProp, lists: found === true };
}

/**
 * Create → listed and readable (readable only where the list answers no items array: one object, an object of ids,
 * a map); invalid create → 4xx. Returns the created key.
 */
async function probeCreate(ctx, r, keyProp, lists, seed) {
  // Counted where `{}` breaks the request schema: required properties, and not only readOnly ones (OpenAPI: those
  // are required in responses only, so `{}` is a valid request then).
  if (r.create.body?.required.length > 0 && !ctx.requestView.validate(r.create.body.pointer, {}).valid) {
    const res = await ctx.call(r.create, urlPath(r.create.path, values(r.create)), {});
    ctx.tally.record('invalid', res.status >= 400 && res.status < 500, `${r.create.method.toUpperCase()} ${r.create.path} {}: ${res.status}`);
  }
  // "Listed" can only be seen in a list that answers JSON (bitbucket's downloads and snyk's webhooks declare none).
  const json = (op) => Object.entries(op?.responses ?? {}).some(([status, pointer]) => /^2/.test(status) && pointer !== undefined);
  if (r.read && r.list && !json(r.list)) return ctx.notes.push(`${r.create.path}: the list declares no JSON body: create not checked`), undefined;
  const body = r.create.body ? sampleBody(ctx.requestView, r.create.body.pointer, seed) : undefined;
  if (r.create.body && body === undefined) return ctx.notes.push(`${r.create.path}: no valid request body sampled`), undefined;
  const before = r.list && keyProp ? await allKeys(ctx, r, keyProp) : [];
  const res = await ctx.call(r.create, urlPath(r.create.path, values(r.create)), body);
  let { prop, key } = (r.read && createdKey(res.json, keyProp || undefined, r.read.params.at(-1))) || {};
  if (key === undefined && ok2xx(res.status) && r.list && keyProp !== undefined) {
    // No key in the answer (a 201 without a body): the one key the list gained, if any.
    const gained = (await allKeys(ctx, r, keyProp)).filter((k) => !before.includes(k));
    if (gained.length === 1) [prop, key] = [keyProp, gained[0]];
  }
  if (!ok2xx(res.status) || key === undefined || !r.read || !r.list) {
    if (!ok2xx(res.status) || (r.read && r.list)) ctx.tally.record('create', false, `${r.create.path}: ${res.status}${key === undefined ? ', no key in the answer' : ''}`);
    return undefined;
  }
  const listProp = keyProp === '' ? '' : prop;
  const listed = lists ? (await allKeys(ctx, r, listProp)).includes(String(key)) : undefined;
  const read = await ctx.call(r.read, urlPath(r.read.path, values(r.read, key)));
  const seen = listed === undefined ? 'the list answers no items' : listed ? 'listed' : 'not listed';
  ctx.tally.record('create', listed !== false && ok2xx(read.status), `${r.create.path} → ${key}: ${seen}, detail ${read.status}`);
  return { key, prop, listProp };
}

/** Update → detail, and delete → 404 and gone from the list, on a created or listed key. */
async function probeWrite(ctx, r, target, seed) {
  if (r.update && r.read && r.update.body) {
    const before = await ctx.call(r.read, urlPath(r.read.path, values(r.read, target.key)));
    const entity = entityOf(before.json, target.prop, r.read.params.at(-1)) ?? {};
    // A field the detail can show the probe's text in: a string in the entity, and the read's answer valid with it
    // (box's file version takes any `trashed_at` string, but answers a date-time: no server can store and show it).
    const text = (f) => `Probe ${seed}`.slice(0, f.maxLength);
    const { pointer } = pointerFor(r.read.responses, before.status);
    const checked = pointer !== undefined && ctx.responseView.validate(pointer, before.json).valid;
    const holds = (f) => {
      if (typeof entity[f.name] !== 'string' || !checked) return typeof entity[f.name] === 'string';
      const shown = structuredClone(before.json);
      const held = entityOf(shown, target.prop, r.read.params.at(-1));
      if (held) held[f.name] = text(f);
      return ctx.responseView.validate(pointer, shown).valid;
    };
    const field = writableStrings(ctx.requestView, r.update.body.pointer, target.prop, ctx.fixed).find(holds);
    // A PATCH sends the one field, unless its schema requires more (DigitalOcean's record update requires `type`).
    const value = field && text(field);
    const alone = field && r.update.method === 'patch' && ctx.requestView.validate(r.update.body.pointer, { [field.name]: value }).valid;
    const base = alone ? {} : sampleBody(ctx.requestView, r.update.body.pointer, seed);
    // A nullable body schema takes `null` as a sample: the field is then sent over a sampled object only.
    if (field && base !== null && typeof base === 'object') {
      const res = await ctx.call(r.update, urlPath(r.update.path, values(r.update, target.key)), { ...base, [field.name]: value });
      const after = await ctx.call(r.read, urlPath(r.read.path, values(r.read, target.key)));
      const shown = entityOf(after.json, field.name, r.read.params.at(-1))?.[field.name];
      ctx.tally.record('update', ok2xx(res.status) && shown === value, `${r.update.method.toUpperCase()} ${r.update.path} ${field.name}: ${res.status}, detail ${after.status} ${JSON.stringify(shown)?.slice(0, 40)}`);
    }
  }
  if (r.delete && r.read && r.list) {
    // A delete that declares a JSON request body sends a valid one (immich's `{ force }`, required there), as a client must.
    const body = r.delete.body ? sampleBody(ctx.requestView, r.delete.body.pointer, seed) : undefined;
    const res = await ctx.call(r.delete, urlPath(r.delete.path, values(r.delete, target.key)), body);
    const after = await ctx.call(r.read, urlPath(r.read.path, values(r.read, target.key)));
    const gone = !(await allKeys(ctx, r, target.listProp ?? target.prop)).includes(String(target.key));
    ctx.tally.record('delete', ok2xx(res.status) && after.status === 404 && gone, `${r.delete.path} ${target.key}: ${res.status}, then ${after.status}, ${gone ? 'gone' : 'still listed'}`);
  }
}

/**
 * Probes one resource of the plan against the running server (its store reset first).
 * @param {{ call: Function, tally: any, requestView: any, responseView: any, fixed: Set<string>, notes: string[], reset: () => Promise<void> }} ctx
 * @param {any} r the resource's plan (see runtime-plan.mjs)
 * @param {number} seed body sampling seed
 */
export async function probeResource(ctx, r, seed) {
  await ctx.reset();
  const { items, keyProp, lists } = await probeRead(ctx, r);
  if (r.list && items.length >= 2 && r.list.pagination && r.list.pagination.mode !== 'none') await probePaging(ctx, r, (i) => JSON.stringify(keyProp ? i?.[keyProp] : i));
  if (r.list && items.length >= 2 && !items.every(isScalar)) {
    await probeFilter(ctx, r, items);
    await probeSort(ctx, r, items);
  }
  await ctx.reset();
  // A full-CRUD resource (list, create, read, update, delete): one verdict over the round trips it ran.
  const trips = () => ['create', 'update', 'delete'].map((c) => ctx.tally.checks[c]).reduce((n, c) => [n[0] + c.total, n[1] + c.passed], [0, 0]);
  const [ran, passed] = trips();
  const created = r.create ? await probeCreate(ctx, r, keyProp, lists, seed) : undefined;
  // A listed key of a list of keys: the detail's property that shows it is the target's.
  const shownBy = async (key) => showing((await ctx.call(r.read, urlPath(r.read.path, values(r.read, key)))).json, key);
  const listed = keyProp === '' && items.length > 0 && r.read ? { key: items[0], prop: await shownBy(items[0]), listProp: '' } : keyProp && items.length > 0 ? { key: items[0][keyProp], prop: keyProp } : undefined;
  const target = created ?? (listed?.prop !== undefined ? listed : undefined);
  if (target) await probeWrite(ctx, r, target, seed);
  const [ranNow, passedNow] = trips();
  if (r.list && r.create && r.read && r.update && r.delete && ranNow > ran) {
    ctx.tally.record('crud', ranNow - ran === passedNow - passed, `${r.list.path}: ${passedNow - passed} of ${ranNow - ran} round trips`);
  }
}
