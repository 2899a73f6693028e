import type { ListPagination, NamedSchema, ParameterNode, PropertyNode, PropertyPath, SchemaNode } from '@reslayer/core';
import { deref, listEnvelope, listPagination, objectProperties, pathNames, resolveSchema, type OperationSignature } from '@reslayer/core';
import type { EntityFacts, EntityKey, ListPlan, PageField, PageWindow } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { listsKeys, sameType } from '../plan/sameType.js';
import { responseSchema } from './entityFacts.js';
import { assignable } from './writableFields.js';
import { listQueryOf } from './listQuery.js';
import { sampleValue } from '../values/sampleSchema.js';
import { satisfiesString } from '../values/satisfies.js';

// Page facts the envelope analysis does not name, found by name at the top level or in a container (normalized names).
const PAGES = ['totalpages', 'pagecount', 'pages', 'numpages'];
const PAGE = ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex', 'currentpage'];
const SIZE = ['pagesize', 'perpage', 'size', 'limit', 'pagelimit', 'count', 'maxresults'];
const OFFSET = ['offset', 'skip', 'start'];
const PREVIOUS = ['hasprevious', 'hasprev', 'haspreviouspage'];
const norm = (name: string): string => name.toLowerCase().replace(/[_\-.@$]/g, '');

/**
 * The list plan: where the items are (core's `listEnvelope`), the page window (core's `listPagination`), the
 * page object's computed properties and its other required properties, the filters, the free text and the sort
 * (`listQueryOf`); undefined when the list does not answer the stored entity (its items are neither the entity, a
 * summary of it, nor its keys).
 * @param list signature of the CRUD list operation
 * @param entity the entity facts of the resource
 * @param ctx the planning context
 * @returns the list plan, or undefined
 */
export function listPlan(list: OperationSignature, entity: EntityFacts, ctx: PlanContext, carried?: EntityKey): ListPlan | undefined {
  const schema = responseSchema(list);
  if (list.response.responseType !== 'json' || !schema || list.response.responses.filter((r) => r.contents.length > 0).length !== 1) return undefined;
  const env = listEnvelope(schema, ctx.names);
  if (!env) return undefined;
  // A list of scalars lists the stored items' keys (see `listsKeys`).
  const keys = !objectProperties(env.item, ctx.names) && listsKeys(env.item, entity, ctx) ? entity.key?.path[0] : undefined;
  const summary = keys !== undefined || sameType(env.item, entity.schema, ctx) ? undefined : summaryOf(env.item, entity, ctx, carried);
  if (summary === null) return undefined;
  const { plan, params } = pagePlan(list, schema, env, ctx);
  const template = env.itemsProperty === undefined ? undefined : pageTemplate(schema, [env.itemsProperty, ...plan.fields.map((f) => f[0])], ctx);
  return {
    ...plan,
    ...(template !== undefined ? { template } : {}),
    ...queryPlan(list, entity.props, params, ctx),
    ...(summary ? { pick: summary.pick } : {}),
    ...(summary?.text ? { text: summary.text } : {}),
    ...(keys !== undefined ? { keys } : {}),
    ...(summary?.defaults ? { itemDefaults: summary.defaults } : {}),
  };
}

/**
 * How a list that answers its fixture (no store) honours its query: the fixture items (but a search's) filtered,
 * searched and sorted by the parameters named like the item's properties (as a stored list's are), and paged as a stored list
 * is (the first page holds them, the next ones are empty, with the page facts computed, so an infinite query over
 * it ends).
 * @param list the list operation (a `GET` answering JSON with an items array, core's `listEnvelope`)
 * @param ctx the planning context
 * @returns the plan, or undefined when the list has no pagination, filter, free text or sort, or holds no items array
 */
export function fixtureListPlan(list: OperationSignature, ctx: PlanContext): ListPlan | undefined {
  const schema = responseSchema(list);
  if (list.node.method !== 'get' || list.response.responseType !== 'json' || !schema) return undefined;
  const env = listEnvelope(schema, ctx.names);
  if (!env) return undefined;
  const { plan, params } = pagePlan(list, schema, env, ctx);
  // A search operation's fixture is its sample of hits: filtered by the text, it would answer nothing.
  const query = list.op.role !== 'search' ? queryPlan(list, objectProperties(env.item, ctx.names)?.props ?? [], params, ctx) : { filters: [] };
  return plan.page || query.filters.length > 0 || query.search || query.sort ? { ...plan, ...query } : undefined;
}

/** The filters, free text and sort of a list over items with these properties (not the pagination's parameters). */
function queryPlan(list: OperationSignature, props: readonly PropertyNode[], params: ReadonlySet<string>, ctx: PlanContext): Pick<ListPlan, 'filters' | 'search' | 'sort'> {
  const query = list.node.parameters.filter((p) => p.in === 'query');
  const filters = filtersOf(query, props, params, ctx.names.byName);
  return { filters, ...listQueryOf(query, props, new Set([...params, ...filters.map((f) => f[0])]), ctx.names.byName) };
}

/** The part of a list plan every paginated list has: items, window, computed page facts, the `Link` or next-cursor header. */
function pagePlan(list: OperationSignature, schema: SchemaNode, env: NonNullable<ReturnType<typeof listEnvelope>>, ctx: PlanContext): { plan: ListPlan; params: Set<string> } {
  const { pagination, params } = listPagination(list, ctx.names);
  const window = withCursorEncoding(windowOf(pagination, list.node.parameters, ctx.names.byName), schema, pagination, ctx);
  const fields = env.itemsProperty === undefined ? [] : pageFields(schema, env, pagination, ctx);
  const plan: ListPlan = {
    ...(env.itemsProperty !== undefined ? { items: env.itemsProperty } : {}),
    ...(window ? { page: window } : {}),
    fields,
    filters: [],
    ...(pagination.mode !== 'none' && pagination.linkHeader ? { link: true } : {}),
    ...(pagination.mode === 'cursor' && pagination.nextCursorProperty === undefined && pagination.nextCursorHeader !== undefined ? { nextHeader: pagination.nextCursorHeader } : {}),
  };
  return { plan, params };
}

/**
 * The entity properties a list item carries when it is a summary of the entity: every item property is an entity
 * property of the same kind. The properties whose entity values fit the item's schema are copied (`pick`); the
 * others (a list and a read that disagree on an enum or a format), and the required ones the entity may lack,
 * start from a sample of the item (`defaults`), so the list keeps the state and still answers its own schema.
 * An item carrying the entity's key property is a summary whatever its other properties (those the entity lacks
 * are sampled). An item carrying a numeric key as a plain string (gotowebinar's create answering
 * `{ webinarKey: string }` of an `int64` key) carries its text (`text`). `null` when the item is no summary of the
 * entity. A write's answer that is such a view (a create answering `{ uuid, status }`) is built the same way (see
 * planOperation's `bodyOf`).
 * @param item the list item's (or the answer's) schema
 * @param entity the store's entity facts
 * @param ctx the planning context
 * @param carried where a keyless entity's items carry their key (`StorePlan.carriedKey`): taken as its key property
 * @returns the properties copied (`text`: those copied as their text) and the sampled rest, or null
 */
export function summaryOf(item: SchemaNode, entity: EntityFacts, ctx: PlanContext, carried?: EntityKey): { pick: string[]; text?: string[]; defaults?: object } | null {
  const view = objectProperties(item, ctx.names);
  if (!view || view.props.length === 0) return null;
  const kind = (node: SchemaNode): string => resolveSchema(node, ctx.names.byName).leaf.kind;
  const pick: string[] = [];
  const sampled: string[] = [];
  // An item that carries the entity's key is a view of the entity even where its other properties differ. A stored
  // key is never null (the store sets it), so a nullable key fits a non-null property (paylocity's `employeeId`).
  const key = entity.key ?? carried;
  const props = entity.key || !carried ? entity.props : [...entity.props, { name: carried.path[0] ?? '', required: true, schema: carried.schema }];
  const keyName = key?.path.length === 1 ? key.path[0] : undefined;
  const asText = (p: PropertyNode): boolean => p.name === keyName && key?.kind === 'number' && plainString(p.schema, ctx);
  const keyed = keyName !== undefined && view.props.some((p) => p.name === keyName && (assignable(key?.schema as SchemaNode, p.schema, ctx, 0, true) || asText(p)));
  const text = view.props.filter(asText).map((p) => p.name);
  for (const p of view.props) {
    const e = props.find((x) => x.name === p.name);
    const fits = e !== undefined && (assignable(e.schema, p.schema, ctx, 0, p.name === keyName) || text.includes(p.name));
    if (!keyed && (!e || !(fits || kind(e.schema) === kind(p.schema)))) return null;
    if (fits) pick.push(p.name);
    if (!fits || (p.required && !e?.required)) sampled.push(p.name);
  }
  const texts = text.length > 0 ? { text } : {};
  if (sampled.length === 0) return { pick, ...texts };
  const sample = sampleValue(item, { ...ctx.scope, index: 1 });
  const defaults = sample !== null && typeof sample === 'object' ? Object.fromEntries(Object.entries(sample).filter(([k]) => sampled.includes(k))) : {};
  return { pick, ...texts, ...(Object.keys(defaults).length > 0 ? { defaults } : {}) };
}

/** True for a string schema any number's text fits: no format, pattern, enum or length bounds. */
function plainString(node: SchemaNode, ctx: PlanContext): boolean {
  const n = deref(node, ctx.names.byName);
  return n?.kind === 'string' && n.format === undefined && n.pattern === undefined && n.enum === undefined && n.minLength === undefined && n.maxLength === undefined;
}

/** The default of a numeric parameter, or `fallback` (capped by its `maximum`). */
function numberDefault(p: ParameterNode | undefined, byName: ReadonlyMap<string, NamedSchema>, fallback: number): number {
  const n = p && resolveSchema(p.schema, byName).leaf;
  if (n?.kind !== 'number') return fallback;
  const d = typeof p?.schema.default === 'number' ? p.schema.default : typeof n.default === 'number' ? n.default : undefined;
  if (d !== undefined && Number.isInteger(d) && d > 0) return d;
  return n.maximum !== undefined && n.maximum >= 1 ? Math.min(fallback, Math.floor(n.maximum)) : fallback;
}

/** How the mock reads the page window: the same parameters the hooks page with. */
function windowOf(pagination: ListPagination, params: ParameterNode[], byName: ReadonlyMap<string, NamedSchema>): PageWindow | undefined {
  const param = (name: string | undefined) => params.find((p) => p.in === 'query' && p.name === name);
  switch (pagination.mode) {
    case 'page': {
      const page = param(pagination.pageParam);
      const dflt = page && typeof deref(page.schema, byName)?.default === 'number' ? (deref(page.schema, byName)?.default as number) : page?.schema.default;
      const first = pagination.firstPage ?? 1;
      const defaultPage = typeof dflt === 'number' && Number.isInteger(dflt) && dflt !== first ? { defaultPage: dflt } : {};
      return { mode: 'page', param: pagination.pageParam, ...(pagination.pageSizeParam ? { size: pagination.pageSizeParam } : {}), ...(first !== 1 ? { first } : {}), ...defaultPage, defaultSize: numberDefault(param(pagination.pageSizeParam), byName, 20) };
    }
    case 'offset':
      return { mode: 'offset', param: pagination.offsetParam, ...(pagination.limitParam ? { limit: pagination.limitParam } : {}), defaultSize: numberDefault(param(pagination.limitParam), byName, 20) };
    case 'cursor':
      return {
        mode: 'cursor', param: pagination.cursorParam, ...(pagination.limitParam ? { limit: pagination.limitParam } : {}), defaultSize: numberDefault(param(pagination.limitParam), byName, 20),
        ...(pagination.nextCursorItemProperty !== undefined ? { after: pagination.nextCursorItemProperty } : {}),
      };
    case 'link': {
      // No parameter pages: the mock's own `Link` URLs carry the page number, in a name no parameter takes.
      const name = ['page', '_page', '__page'].find((n) => !param(n)) ?? 'page';
      return { mode: 'page', param: name, defaultSize: 20 };
    }
    default:
      return undefined;
  }
}

/** Offsets a cursor test is made with: one, two and three digits. */
const OFFSETS = ['1', '20', '300'];

/**
 * An offset cursor window with `encode: 'base64'` when the next cursor's schema refuses an offset as plain digits
 * and takes it as base64 (`format: byte`, or a base64 `pattern` as AWS's `nextToken`); the window as it is otherwise.
 */
function withCursorEncoding(window: PageWindow | undefined, schema: SchemaNode, pagination: ListPagination, ctx: PlanContext): PageWindow | undefined {
  if (window?.mode !== 'cursor' || window.after !== undefined || pagination.mode !== 'cursor') return window;
  const next = pagination.nextCursorProperty;
  const prop = pageProps(schema, ctx, next === undefined ? [] : [next]).find((p) => samePath(p.path, next));
  const n = prop && resolveSchema(prop.schema, ctx.names.byName).leaf;
  if (n?.kind !== 'string') return window;
  const fitsAll = (encode: (offset: string) => string) => OFFSETS.every((o) => satisfiesString(encode(o), n, ctx.scope.patterns));
  return !fitsAll((o) => o) && fitsAll(btoa) ? { ...window, encode: 'base64' } : window;
}

/** A property of the page object, with its path and schema. */
interface PageProp {
  path: string[];
  schema: SchemaNode;
  required: boolean;
}

/** The page object's properties: the top level, one level down in object properties (`meta.page`), two down along `deep` (the page facts' paths). */
function pageProps(schema: SchemaNode, ctx: PlanContext, deep: readonly PropertyPath[]): PageProp[] {
  const top = objectProperties(schema, ctx.names)?.props ?? [];
  const out: PageProp[] = top.map((p) => ({ path: [p.name], schema: p.schema, required: p.required }));
  for (const c of top) {
    for (const p of objectProperties(c.schema, ctx.names)?.props ?? []) {
      out.push({ path: [c.name, p.name], schema: p.schema, required: p.required && c.required });
      // Two containers down only where the analysis found a page fact (`paging.cursors.after`).
      for (const q of objectProperties(p.schema, ctx.names)?.props ?? []) {
        const path = [c.name, p.name, q.name];
        if (deep.some((d) => samePath(path, d))) out.push({ path, schema: q.schema, required: q.required && p.required && c.required });
      }
    }
  }
  return out;
}

const samePath = (a: readonly string[], b: PropertyPath | undefined): boolean => b !== undefined && a.join('\u0000') === pathNames(b).join('\u0000');

/**
 * The computed properties of the page object: the count, the has-more flag and the next cursor or link the
 * envelope analysis found, and the page number, size, offset, page count and has-previous flag by name.
 */
function pageFields(schema: SchemaNode, env: NonNullable<ReturnType<typeof listEnvelope>>, pagination: ListPagination, ctx: PlanContext): PageField[] {
  const fields: PageField[] = [];
  const next = pagination.mode === 'cursor' ? pagination.nextCursorProperty : pagination.mode === 'none' || pagination.mode === 'link' ? undefined : pagination.nextProperty;
  for (const p of pageProps(schema, ctx, [next, env.totalProperty, env.hasMoreProperty].filter((f) => f !== undefined))) {
    const resolved = resolveSchema(p.schema, ctx.names.byName);
    const n = resolved.leaf;
    if (!n || ('enum' in n && n.enum?.length) || samePath(p.path, env.itemsProperty)) continue;
    const name = norm(p.path[p.path.length - 1] ?? '');
    const at: PropertyPath = p.path.length === 1 ? (p.path[0] as string) : p.path;
    const nullable = resolved.nullable;
    if (samePath(p.path, next) && (n.kind === 'string' || n.kind === 'number')) {
      const source = n.kind === 'number' ? 'nextPage' : pagination.mode === 'cursor' && n.format !== 'uri' && !/(url|link|href)$/.test(name) ? 'nextCursor' : 'nextUrl';
      fields.push(nullable ? [at, source, null] : p.required ? [at, source, ''] : [at, source]);
    } else if (n.kind === 'number') {
      const source = samePath(p.path, env.totalProperty) ? 'total' : PAGES.includes(name) ? 'pages' : PAGE.includes(name) ? 'page' : SIZE.includes(name) ? 'size' : OFFSET.includes(name) ? 'offset' : undefined;
      if (source) fields.push([at, source]);
    } else if (n.kind === 'boolean') {
      const source = samePath(p.path, env.hasMoreProperty) ? 'hasMore' : PREVIOUS.includes(name) ? 'hasPrevious' : undefined;
      if (source) fields.push([at, source]);
    }
  }
  return fields;
}

/** The page object's required properties, sampled, without the items and the computed properties (the list fills them). */
function pageTemplate(schema: SchemaNode, filled: PropertyPath[], ctx: PlanContext): object | undefined {
  const sample = sampleValue(schema, { ...ctx.scope, requiredOnly: true, empty: true });
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return undefined;
  for (const path of filled) {
    const names = pathNames(path);
    let at: unknown = sample;
    for (const [i, name] of names.entries()) {
      if (at === null || typeof at !== 'object') break;
      if (i === names.length - 1) delete (at as Record<string, unknown>)[name];
      else at = (at as Record<string, unknown>)[name];
    }
  }
  return Object.keys(sample).length > 0 ? sample : undefined;
}

/** Names equal but for case, `_` and `-` (`seriesid` and `seriesId`, `series_id`). */
const sameName = (a: string, b: string): boolean => norm(a) === norm(b);

const SEPARATORS: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/** Query parameters named like a scalar item property, case and `_` ignored (not the pagination's): `[query name, property, list separator]`. */
function filtersOf(query: ParameterNode[], props: readonly PropertyNode[], taken: ReadonlySet<string>, byName: ReadonlyMap<string, NamedSchema>): Array<[string, string, string]> {
  const scalar = (node: SchemaNode | undefined) => node !== undefined && ['string', 'number', 'boolean'].includes(node.kind) && !(node.kind === 'string' && node.format === 'binary');
  const out: Array<[string, string, string]> = [];
  for (const p of query) {
    const prop = props.find((e) => e.name === p.name) ?? props.find((e) => sameName(e.name, p.name));
    const leaf = (node: SchemaNode): SchemaNode => resolveSchema(node, byName).leaf;
    if (!prop || taken.has(p.name) || !scalar(leaf(prop.schema))) continue;
    const n = leaf(p.schema);
    if (n.kind === 'array' && scalar(leaf(n.items))) out.push([p.name, prop.name, p.explode && p.style === 'form' ? '' : (SEPARATORS[p.style] ?? ',')]);
    else if (scalar(n)) out.push([p.name, prop.name, '']);
  }
  return out;
}
