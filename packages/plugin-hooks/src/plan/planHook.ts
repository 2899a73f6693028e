import type { ApiModel, ArgumentDeclaration, ListPagination, OperationSignature } from '@reslayer/core';
import { commentLines, getSchemaTypeNames, isPagedList, listPagination, UniqueNames } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import { isQueryOperation } from './isQueryOperation.js';
import type { CachePlan } from './planCache.js';
import { planMutation, type MutationPlan } from './planMutation.js';

/** The infinite query of a paginated list: which parameter carries the page and how the next one is found. */
export interface InfinitePlan {
  /** The detected pagination (never `none`). */
  pagination: Exclude<ListPagination, { mode: 'none' }>;
  /** Query parameter that carries the page (`page`, `offset`, `cursor`); `Link` for a link list (the header's next URL). */
  pageParam: string;
}

/** What a query calls: the query key, its arguments and the client call's arguments. */
export interface QueryPlan {
  /** Member of the resource's query-keys object (`list`, `detail`, `search`…); undefined for a search by `POST`. */
  member?: string;
  /** Names of the key's arguments: path arguments, then `payload` (search by `POST`), then `params`. */
  keyArgs: string[];
  /** Names of the client method's arguments, without the trailing `{ signal }`. */
  callArgs: string[];
  /** Required path arguments: while one is `undefined`, `queryFn` is `skipToken`. */
  requiredPath: string[];
  /**
   * The query's data type: the response type, or `null` when the response has no body (a `HEAD`, a `GET` answering
   * 204), since TanStack Query rejects `undefined` as a query's data.
   */
  data: string;
  /** Set for a list whose pagination is detected. */
  infinite?: InfinitePlan;
  /** Set for the list of a CRUD resource with derivable cache helpers: the file exports `<resource>Cache`. */
  cache?: CachePlan;
}

/** The part of a {@link HookPlan} every operation has. */
export interface HookBase {
  /** The operation's signature (`describeOperation`). */
  s: OperationSignature;
  /** The hook's unique name within its resource (`useContactsQuery`); it names the file. */
  hookName: string;
  /** Path of the hook file. */
  file: string;
  /** Client object (`contactsClient`). */
  client: string;
  /** Client method (`listContacts`). */
  method: string;
  /** Query-keys object (`contactsQueryKeys`). */
  keys: string;
  /** Success response type (`GetContactResponse`). */
  response: string;
  /** Error type (`GetContactError`). */
  error: string;
  /** The client method's positional parameters (without `options`), as plugin-client declares them. */
  args: ArgumentDeclaration[];
  /** Summary and route lines of the doc comments. */
  doc: string[];
  /** The runtime module (`@reslayer/runtime`); the query helpers come from `<runtimeModule>/query`. */
  runtimeModule: string;
}

/** Everything an adapter's emitter needs to write one file: a query or a mutation. */
export type HookPlan = HookBase & ({ query: QueryPlan; mutation?: undefined } | { mutation: MutationPlan; query?: undefined });

/**
 * Plans one operation's file: names, doc lines, arguments, and either the query key, call and infinite-query
 * wiring, or the mutation's variables and cache effects. Structured data only; the emitters print it.
 * @param model the API model
 * @param s the operation's signature (`describeOperation`)
 * @param hookName the hook's unique name within its resource
 * @param options the plugin's `optimistic` and `runtimeModule` options
 * @param cache the resource's cache helpers (`planCache`), when derivable
 * @returns the plan shared by every adapter
 */
export function planHook(model: ApiModel, s: OperationSignature, hookName: string, options: { optimistic: boolean; runtimeModule: string }, cache?: CachePlan): HookPlan {
  const r = s.resource;
  const client = clientNaming.clientObject(r);
  const method = clientNaming.method(s.op);
  const doc = [
    ...(s.node.summary ? commentLines(s.node.summary, 300) : []),
    `\`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\` through \`${client}.${method}\`.`,
  ];
  const base: HookBase = {
    s,
    hookName,
    file: hooksNaming.hookFile(r, hookName),
    client,
    method,
    keys: clientNaming.queryKeysObject(r),
    response: clientNaming.responseType(s.op),
    error: clientNaming.errorType(s.op),
    args: clientNaming.argumentList(s),
    doc,
    runtimeModule: options.runtimeModule,
  };
  if (!isQueryOperation(s.op, s.node.method)) return { ...base, mutation: planMutation(model, s, options.optimistic, cache) };
  const get = s.node.method === 'get';
  const rename = argumentNames(base, s.args.map((a) => a.name));
  const keyArgs = [...s.pathArgs.map((a) => a.ident), ...(!get && s.payload ? ['payload'] : []), ...(s.params.length > 0 ? ['params'] : [])].map(rename);
  const requiredPath = s.args.filter((a) => a.role === 'path' && a.required).map((a) => rename(a.name));
  const args = base.args.map((a) => (rename(a.name) === a.name ? a : { ...a, name: rename(a.name), text: `${rename(a.name)}${a.text.slice(a.name.length)}` }));
  const data = s.response.responseType === 'none' ? 'null' : base.response;
  const query: QueryPlan = { keyArgs, callArgs: s.args.map((a) => rename(a.name)), requiredPath, data, ...(get ? { member: clientNaming.queryKey(s.op) } : {}) };
  const infinite = isPagedList(s, getSchemaTypeNames(model)) ? infinitePlan(model, s) : undefined;
  const listCache = s.op.role === 'list' && cache?.listHook === hookName ? { cache } : {};
  return { ...base, args, query: { ...query, ...(infinite ? { infinite } : {}), ...listCache } };
}

/**
 * Identifiers a query file's functions use around its positional arguments: the TanStack Query, Vue, Svelte,
 * Solid and Angular imports, the locals of the query functions and hooks, the generated layer's objects and the file's own exports.
 */
const SCOPE_NAMES = [
  'skipToken', 'useQuery', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueryClient', 'toValue', 'computed', 'signal', 'pageParam', 'queryKey', 'options',
  'undefined', 'String', 'Array', 'Object', 'listCacheHelpers', 'cacheMutation', 'optimisticMutation', 'nextPageParam', 'nextCursorParam', 'nextLinkQuery', 'withHeaders', 'withCacheEffects',
  'withOptimisticEffects', 'readAccessor', 'createQuery', 'createInfiniteQuery', 'injectQuery', 'injectInfiniteQuery', 'inject',
];

/**
 * Renames positional arguments that would shadow an identifier the query file uses (a path parameter named
 * `skipToken`, `useInfiniteQuery`, `queryKey` or like a factory): `skipToken2`. Callers pass arguments by
 * position, so a renamed argument changes no call.
 * @param base the operation's names (client, keys, hook)
 * @param names the argument names in order
 * @returns the safe name of each argument
 */
function argumentNames(base: HookBase, names: readonly string[]): (name: string) => string {
  const taken = new UniqueNames();
  const own = [hooksNaming.queryOptions(base.hookName), hooksNaming.infiniteQueryOptions(base.hookName), hooksNaming.infiniteHook(base.hookName), hooksNaming.suspenseHook(base.hookName), base.hookName];
  const scope = new Set([...SCOPE_NAMES, base.client, base.keys, ...own, hooksNaming.cache(base.s.resource)]);
  for (const n of [...scope, ...names]) taken.reserve(n);
  const map = new Map(names.map((n) => [n, scope.has(n) ? taken.take(n) : n]));
  return (name) => map.get(name) ?? name;
}

/** The infinite query of a list: every list whose pagination core's `listPagination` detects has one. */
function infinitePlan(model: ApiModel, s: OperationSignature): InfinitePlan | undefined {
  const { pagination } = listPagination(s, getSchemaTypeNames(model));
  switch (pagination.mode) {
    case 'page':
      return { pagination, pageParam: pagination.pageParam };
    case 'offset':
      return { pagination, pageParam: pagination.offsetParam };
    case 'cursor':
      return { pagination, pageParam: pagination.cursorParam };
    case 'link':
      return { pagination, pageParam: 'Link' };
    default:
      return undefined;
  }
}
