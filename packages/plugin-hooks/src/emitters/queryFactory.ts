import { getSchemaTypeNames, objectKey, resolveSchema, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan, InfinitePlan, QueryPlan } from '../plan/planHook.js';
import { addLayerImports, docBlock, optionalMember, type Imports } from './hookFile.js';

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

/** `contactsQueryKeys.detail(contactId as string | number)`, or the key of a search by `POST`. */
function keyExpression(p: HookPlan, q: QueryPlan): string {
  const arg = (name: string): string => (q.requiredPath.includes(name) ? `${name} as string | number` : name);
  if (q.member) return `${p.keys}.${q.member}(${q.keyArgs.map(arg).join(', ')})`;
  const parts = q.keyArgs.map((name) => (name === 'params' && !p.s.paramsRequired ? 'params ?? {}' : name === 'payload' && !p.s.payload?.required ? 'payload ?? {}' : arg(name)));
  return `[...${p.keys}.all, ${stringLiteral(p.method)}, ${parts.join(', ')}] as const`;
}

/**
 * The type of a key built in the factory (a search by `POST`, an infinite list): `readonly [<head>, path
 * parameters, payload, params]`, path parameters typed `string | number` as plugin-client's keys take them.
 */
function keyTupleType(p: HookPlan, q: QueryPlan, head: string, infinite: boolean, paramsType = clientNaming.paramsType(p.s.op)): string {
  const parts = q.keyArgs.flatMap((name) => {
    if (name === 'params') return infinite ? ["'infinite'", paramsType] : [paramsType];
    if (name === 'payload') return infinite ? [] : [clientNaming.payloadType(p.s.op)];
    return ['string | number'];
  });
  if (infinite && !q.keyArgs.includes('params')) parts.push("'infinite'");
  return `readonly [${[head, ...parts].join(', ')}]`;
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
  addLayerImports(p, imports, [p.response, p.error]);
  const key = keyExpression(p, q);
  const tag = q.member ? `ReturnType<typeof ${p.keys}.${q.member}>` : keyTupleType(p, q, `...typeof ${p.keys}.all, ${stringLiteral(p.method)}`, false);
  return [
    ...docBlock([
      ...p.doc,
      'Framework-free query options: `{ queryKey, queryFn }` for `useQuery`, `queryOptions`, `fetchQuery` or',
      '`prefetchQuery` (route loaders, server rendering, tests). The key is tagged with the response and error types,',
      'so `queryClient.getQueryData(key)` is typed.',
      ...(q.requiredPath.length > 0 ? ['While a path parameter is `undefined`, `queryFn` is `skipToken`: the query waits.'] : []),
    ]),
    `export function ${hooksNaming.queryOptions(p.hookName)}(${factoryParameters(p, q).join(', ')}) {`,
    '  return {',
    `    queryKey: ${key} as DataTag<${tag}, ${p.response}, ${p.error}>,`,
    `    queryFn: ${skipGuard(q)}({ signal }: { signal: AbortSignal }) => ${p.client}.${p.method}(${[...q.callArgs, '{ signal }'].join(', ')}),`,
    `  }${q.requiredPath.length > 0 ? ' as const' : ''};`,
    '}',
  ];
}

/** The type of the page parameter. */
function pageParamType(inf: InfinitePlan): string {
  return inf.pagination.mode === 'cursor' ? 'string | undefined' : 'number';
}

/** The first page: `1` (or the page parameter's default), `0` for offsets, `undefined` for cursors. */
function initialPageParam(p: HookPlan, inf: InfinitePlan): string {
  if (inf.pagination.mode === 'cursor') return 'undefined as string | undefined';
  if (inf.pagination.mode === 'offset') return '0';
  const param = p.s.node.parameters.find((x) => x.in === 'query' && x.name === inf.pageParam);
  const dflt = param ? resolveSchema(param.schema, getSchemaTypeNames(p.model).byName).default : undefined;
  return typeof dflt === 'number' && Number.isInteger(dflt) && dflt >= 0 ? String(dflt) : '1';
}

/** The `getNextPageParam` body (one expression) from the pagination metadata. */
function nextPageParam(inf: InfinitePlan): string {
  const pg = inf.pagination;
  const items = (page: string): string => (pg.itemsProperty !== undefined ? `(${page}${optionalMember(pg.itemsProperty)} ?? [])` : `(${page} ?? [])`);
  if (pg.mode === 'cursor') {
    const next = `lastPage${optionalMember(pg.nextCursorProperty ?? '')}`;
    const more = pg.hasMoreProperty !== undefined ? `lastPage${optionalMember(pg.hasMoreProperty)} === false ? undefined : ` : '';
    return `${more}typeof ${next} === 'string' && ${next} !== '' ? ${next} : undefined`;
  }
  const step = pg.mode === 'page' ? 'lastPageParam + 1' : `lastPageParam + ${items('lastPage')}.length`;
  if (pg.totalProperty === undefined) return `${items('lastPage')}.length > 0 ? ${step} : undefined`;
  const total = `lastPage${optionalMember(pg.totalProperty)}`;
  const loaded = `allPages.reduce((count, page) => count + ${items('page')}.length, 0)`;
  return `typeof ${total} === 'number' ? (${loaded} < ${total} ? ${step} : undefined) : ${items('lastPage')}.length > 0 ? ${step} : undefined`;
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
  const paramsType = infiniteParamsType(p, inf);
  const pathArgs = q.keyArgs.filter((a) => a !== 'params' && a !== 'payload');
  const arg = (name: string): string => (q.requiredPath.includes(name) ? `${name} as string | number` : name);
  const key = `[...${p.keys}.lists(), ${[...pathArgs.map(arg), "'infinite'", p.s.paramsRequired ? 'params' : 'params ?? {}'].join(', ')}] as const`;
  const pageValue = inf.pagination.mode === 'cursor' ? `...(pageParam === undefined ? {} : { ${objectKey(inf.pageParam)}: pageParam })` : `${objectKey(inf.pageParam)}: pageParam`;
  const callArgs = q.callArgs.map((a) => (a === 'params' ? `{ ...params, ${pageValue} }` : a));
  const response = p.response;
  const cursor = inf.pagination.mode === 'cursor';
  const usesAllPages = inf.pagination.mode !== 'cursor' && inf.pagination.totalProperty !== undefined;
  return [
    ...docBlock([
      ...p.doc,
      `Framework-free infinite query options (\`${inf.pagination.mode}\` pagination through \`${inf.pageParam}\`): pass them to`,
      '`useInfiniteQuery` or `infiniteQueryOptions`; `fetchNextPage()` loads the next page until the last one.',
    ]),
    `export function ${hooksNaming.infiniteQueryOptions(p.hookName)}(${factoryParameters(p, q, paramsType).join(', ')}) {`,
    '  return {',
    `    queryKey: ${key} as DataTag<${keyTupleType(p, q, `...ReturnType<typeof ${p.keys}.lists>`, true, infiniteParamsType(p, inf))}, InfiniteData<${response}, ${pageParamType(inf)}>, ${p.error}>,`,
    `    queryFn: ${skipGuard(q)}({ signal, pageParam }: { signal: AbortSignal; pageParam: ${pageParamType(inf)} }) => ${p.client}.${p.method}(${[...callArgs, '{ signal }'].join(', ')}),`,
    `    initialPageParam: ${initialPageParam(p, inf)}${inf.pagination.mode === 'cursor' ? '' : ' as number'},`,
    `    getNextPageParam: (lastPage: ${response}, ${usesAllPages ? '' : '_'}allPages: ${response}[], ${cursor ? '_' : ''}lastPageParam: ${pageParamType(inf)}): ${pageParamType(inf)} | undefined =>`,
    `      ${nextPageParam(inf)},`,
    `  }${q.requiredPath.length > 0 ? ' as const' : ''};`,
    '}',
  ];
}

/**
 * The `params` type of an infinite query: the list's params without the page parameter.
 * @param p the hook plan
 * @param inf its infinite plan
 * @returns `Omit<ListContactsParams, 'page'>`
 */
export function infiniteParamsType(p: HookPlan, inf: InfinitePlan): string {
  return `Omit<${clientNaming.paramsType(p.s.op)}, ${stringLiteral(inf.pageParam)}>`;
}
