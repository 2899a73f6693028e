import { objectKey, printKeyPartType, stringLiteral, valueLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan, InfinitePlan, QueryPlan } from '../plan/planHook.js';
import { addLayerImports, docBlock, runtimeQueryModule, type Imports } from './hookFile.js';

/**
 * The parameter list of a query factory: the client method's, with required path parameters also accepting
 * `undefined` (the query then waits: `queryFn` is `skipToken`).
 * @param p the hook plan
 * @param q its query plan
 * @param paramsType the type of `params` (the infinite factory leaves the page parameter out)
 * @returns declaration texts
 */
export function factoryParameters(p: HookPlan, q: QueryPlan, paramsType?: string): string[] {
  return p.args.map((a) => {
    const type = a.name === 'params' && paramsType ? paramsType : a.type;
    if (q.requiredPath.includes(a.name)) return `${a.name}: ${type} | undefined`;
    return a.text.replace(a.type, type);
  });
}

/**
 * The key part type of a path argument of the query (core's `printKeyPartType`): key arguments start with the
 * path arguments, in the signature's order.
 */
function keyPart(p: HookPlan, q: QueryPlan, name: string): string {
  return printKeyPartType(p.s.pathArgs[q.keyArgs.indexOf(name)] ?? {});
}

/** A path argument as a key part: narrowed from `undefined` (the query waits meanwhile) when required. */
function keyArgument(p: HookPlan, q: QueryPlan, name: string): string {
  return q.requiredPath.includes(name) ? `${name} as ${keyPart(p, q, name)}` : name;
}

/** `contactsQueryKeys.detail(contactId as string | number)`, or the key of a search by `POST`. */
function keyExpression(p: HookPlan, q: QueryPlan): string {
  const arg = (name: string): string => keyArgument(p, q, name);
  if (q.member) return `${p.keys}.${q.member}(${q.keyArgs.map(arg).join(', ')})`;
  const parts = q.keyArgs.map((name) => (name === 'params' && !p.s.paramsRequired ? 'params ?? {}' : name === 'payload' && !p.s.payload?.required ? 'payload ?? {}' : arg(name)));
  return `[${[`...${p.keys}.all`, stringLiteral(p.method), ...parts].join(', ')}] as const`;
}

/**
 * The type of a key built in the factory (a search by `POST`, an infinite list): `readonly [<head>, path
 * parameters, payload, params]`, path parameters typed as plugin-client's keys take them (`keyPart`).
 */
function keyTupleType(p: HookPlan, q: QueryPlan, head: string, infinite: boolean, paramsType = clientNaming.paramsType(p.s.op)): string {
  const parts = q.keyArgs.flatMap((name) => {
    if (name === 'params') return infinite ? ["'infinite'", paramsType] : [paramsType];
    if (name === 'payload') return infinite ? [] : [clientNaming.payloadType(p.s.op)];
    return [keyPart(p, q, name)];
  });
  if (infinite && !q.keyArgs.includes('params')) parts.push("'infinite'");
  return `readonly [${[head, ...parts].join(', ')}]`;
}

/**
 * The client call of a query's `queryFn`: `contactsClient.getContact(contactId, { signal })`, resolving `null` when
 * the response has no body (`q.data`).
 * @param p the hook plan
 * @param q its query plan
 * @returns the call expression
 */
export function queryCall(p: HookPlan, q: QueryPlan): string {
  const call = `${p.client}.${p.method}(${[...q.callArgs, '{ signal }'].join(', ')})`;
  return q.data === 'null' ? `${call}.then(() => null)` : call;
}

/** `contactId === undefined ? skipToken : ` when required path parameters may be missing. */
function skipGuard(q: QueryPlan): string {
  return q.requiredPath.length === 0 ? '' : `${q.requiredPath.map((n) => `${n} === undefined`).join(' || ')} ? skipToken : `;
}

/**
 * The framework-free query options factory `<name>QueryOptions(args…)`: `{ queryKey, queryFn }` with the key
 * tagged (`DataTag`) with the response and error types, and `skipToken` while a required path parameter is
 * `undefined`. Adds its imports.
 * @param p the hook plan
 * @param q its query plan
 * @param tq the TanStack Query module the file imports from
 * @param imports the file's imports
 * @returns the function's lines
 */
export function queryOptionsFactory(p: HookPlan, q: QueryPlan, tq: string, imports: Imports): string[] {
  imports.add(tq, q.requiredPath.length > 0 ? ['skipToken'] : [], ['DataTag']);
  addLayerImports(p, imports, [q.data === 'null' ? p.error : q.data, p.error]);
  const key = keyExpression(p, q);
  const tag = q.member ? `ReturnType<typeof ${p.keys}.${q.member}>` : keyTupleType(p, q, `...typeof ${p.keys}.all, ${stringLiteral(p.method)}`, false);
  return [
    ...docBlock([
      ...p.doc,
      'Query options `{ queryKey, queryFn }` for `useQuery`, `fetchQuery` or `prefetchQuery`; the key is tagged with the types.',
      ...(q.requiredPath.length > 0 ? ['While a path parameter is `undefined`, `queryFn` is `skipToken`: the query waits.'] : []),
    ]),
    `export function ${hooksNaming.queryOptions(p.hookName)}(${factoryParameters(p, q).join(', ')}) {`,
    '  return {',
    `    queryKey: ${key} as DataTag<${tag}, ${q.data}, ${p.error}>,`,
    `    queryFn: ${skipGuard(q)}({ signal }: { signal: AbortSignal }) => ${queryCall(p, q)},`,
    `  }${q.requiredPath.length > 0 ? ' as const' : ''};`,
    '}',
  ];
}

/** The type of the page parameter. */
function pageParamType(inf: InfinitePlan): string {
  return inf.pagination.mode === 'cursor' || inf.pagination.mode === 'link' ? 'string | undefined' : 'number';
}

/**
 * Whether the list requires its cursor parameter: then the first page starts from the cursor the caller gives in
 * `params` (googleapis.com/drive's `GET /changes` requires the `pageToken` of `getStartPageToken`), not from none.
 */
function cursorRequired(p: HookPlan, inf: InfinitePlan): HookPlan['s']['params'][number] | undefined {
  if (inf.pagination.mode !== 'cursor') return undefined;
  return p.s.params.find((m) => m.key === inf.pageParam && m.param.required);
}

/** The first page: `1` (`0` for zero-based pages), `0` for offsets, `undefined` (or the required cursor in `params`) for cursors and links. */
function initialPageParam(p: HookPlan, inf: InfinitePlan): string {
  const required = cursorRequired(p, inf);
  if (required) return `${required.access} as string | undefined`;
  if (inf.pagination.mode === 'cursor' || inf.pagination.mode === 'link') return 'undefined as string | undefined';
  if (inf.pagination.mode === 'offset') return '0';
  return String(inf.pagination.firstPage ?? 1);
}

/**
 * The `getNextPageParam` of a list: `nextPageParam` or `nextCursorParam` of `@reslayer/runtime/query` over the
 * pagination metadata it needs (where the items, the count, the has-more flag and the next cursor or link are),
 * and, when no fact of the page ends the list (no total, has-more flag, next link or next cursor), the page size
 * the request asks for (`params?.['count'] ?? 20`, the parameter's default): the list then ends on a short page.
 */
function nextPageParamCall(p: HookPlan, inf: InfinitePlan, imports: Imports): string {
  const pg = inf.pagination;
  const { defaultPageSize: _a, defaultLimit: _b, pageSizeParam: _c, limitParam: _d, firstPage: _e, numericString: _f, numericCursor: _g, ...facts } = pg as typeof pg & Record<string, unknown>;
  const fn = pg.mode === 'cursor' ? 'nextCursorParam' : pg.mode === 'link' ? 'nextLinkQuery' : 'nextPageParam';
  imports.add(runtimeQueryModule(p), [fn]);
  const size = shortPageSize(pg);
  return `${fn}<${p.response}>(${valueLiteral(facts, true)}${size === undefined ? '' : `, ${size}`})`;
}

/** The page size expression of a list that ends on a short page (see {@link nextPageParamCall}), else undefined. */
function shortPageSize(pg: InfinitePlan['pagination']): string | undefined {
  if (pg.mode === 'link' || pg.totalProperty !== undefined || pg.hasMoreProperty !== undefined) return undefined;
  const decided = pg.mode === 'cursor' ? pg.nextCursorProperty !== undefined || pg.nextCursorHeader !== undefined || pg.linkHeader === true || pg.nextCursorItemProperty === undefined : pg.nextProperty !== undefined;
  const param = pg.mode === 'page' ? pg.pageSizeParam : pg.limitParam;
  const fallback = pg.mode === 'page' ? pg.defaultPageSize : pg.defaultLimit;
  if (decided || param === undefined) return undefined;
  return `params?.[${stringLiteral(param)}]${fallback === undefined ? '' : ` ?? ${fallback}`}`;
}

/**
 * The query function's client call: the page in `params` (its page, offset or cursor parameter), or for a link
 * list the next URL's query as the call's `query`. Pages whose next page only a response header gives (a `Link`
 * header, a header holding the cursor) are read raw and keep their headers (`withHeaders`).
 */
function infiniteCall(p: HookPlan, q: QueryPlan, inf: InfinitePlan, imports: Imports): string {
  const pg = inf.pagination;
  const link = pg.mode === 'link';
  const numericString = (pg.mode === 'page' || pg.mode === 'offset') && pg.numericString === true;
  const cursorValue = pg.mode === 'cursor' && pg.numericCursor === true ? 'Number(pageParam)' : 'pageParam';
  const pageValue = pg.mode === 'cursor' ? `...(pageParam === undefined ? {} : { ${objectKey(inf.pageParam)}: ${cursorValue} })` : `${objectKey(inf.pageParam)}: ${numericString ? 'String(pageParam)' : 'pageParam'}`;
  const callArgs = q.callArgs.map((a) => (a === 'params' && !link ? `{ ...params, ${pageValue} }` : a));
  const headers = link || (pg.mode === 'cursor' && pg.nextCursorProperty === undefined && (pg.nextCursorHeader !== undefined || pg.linkHeader === true));
  if (headers) imports.add(runtimeQueryModule(p), ['withHeaders']);
  const options = link ? '{ signal, raw: true, ...(pageParam === undefined ? {} : { query: pageParam }) }' : headers ? '{ signal, raw: true }' : '{ signal }';
  return `${p.client}.${p.method}(${[...callArgs, options].join(', ')})${headers ? '.then(withHeaders)' : ''}`;
}

/**
 * The framework-free infinite query options factory `<name>InfiniteQueryOptions(args…)` of a paginated list:
 * `{ queryKey, queryFn, initialPageParam, getNextPageParam }`, the page parameter left out of `params` and
 * the next page derived from the pagination metadata (total, has-more or next cursor). The key sits under the
 * resource's `lists()` (after the parent's path parameters), so list invalidation reaches it.
 * @param p the hook plan
 * @param q its query plan (with `infinite`)
 * @param inf the infinite plan
 * @param tq the TanStack Query module the file imports from
 * @param imports the file's imports
 * @returns the function's lines
 */
export function infiniteOptionsFactory(p: HookPlan, q: QueryPlan, inf: InfinitePlan, tq: string, imports: Imports): string[] {
  imports.add(tq, [], ['InfiniteData']);
  // Its pages are response bodies (`InfiniteData<Response>`), even where the plain query's data is `null`.
  addLayerImports(p, imports, [p.response, p.error]);
  const paramsType = infiniteParamsType(p, inf);
  const pathArgs = q.keyArgs.filter((a) => a !== 'params' && a !== 'payload');
  const arg = (name: string): string => keyArgument(p, q, name);
  // A paged GET other than the list (a sub-collection, a summary) names itself in the key, beside the list's pages.
  const own = p.s.op.role === 'list' ? [] : [stringLiteral(p.method)];
  const params = q.keyArgs.includes('params') ? [p.s.paramsRequired ? 'params' : 'params ?? {}'] : [];
  const key = `[...${p.keys}.lists(), ${[...own, ...pathArgs.map(arg), "'infinite'", ...params].join(', ')}] as const`;
  const textPage = inf.pagination.mode === 'cursor' || inf.pagination.mode === 'link';
  return [
    ...docBlock([
      ...p.doc,
      `Infinite query options (\`${inf.pagination.mode}\` pagination through \`${inf.pageParam}\`) for \`useInfiniteQuery\`, until the last page.`,
    ]),
    `export function ${hooksNaming.infiniteQueryOptions(p.hookName)}(${factoryParameters(p, q, paramsType).join(', ')}) {`,
    '  return {',
    `    queryKey: ${key} as DataTag<${keyTupleType(p, q, [`...ReturnType<typeof ${p.keys}.lists>`, ...own].join(', '), true, infiniteParamsType(p, inf))}, InfiniteData<${p.response}, ${pageParamType(inf)}>, ${p.error}>,`,
    `    queryFn: ${skipGuard(q)}({ signal, pageParam }: { signal: AbortSignal; pageParam: ${pageParamType(inf)} }) => ${infiniteCall(p, q, inf, imports)},`,
    `    initialPageParam: ${initialPageParam(p, inf)}${textPage ? '' : ' as number'},`,
    `    getNextPageParam: ${nextPageParamCall(p, inf, imports)},`,
    `  }${q.requiredPath.length > 0 ? ' as const' : ''};`,
    '}',
  ];
}

/**
 * The `params` type of an infinite query: the list's params without the page parameter, or with it when it is
 * a cursor the list requires (the first page's); all of them for a link list (no parameter pages).
 * @param p the hook plan
 * @param inf its infinite plan
 * @returns `Omit<ListContactsParams, 'page'>`, or `ListChangesParams`
 */
export function infiniteParamsType(p: HookPlan, inf: InfinitePlan): string {
  if (inf.pagination.mode === 'link' || cursorRequired(p, inf)) return clientNaming.paramsType(p.s.op);
  return `Omit<${clientNaming.paramsType(p.s.op)}, ${stringLiteral(inf.pageParam)}>`;
}
