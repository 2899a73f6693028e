/**
 * The MSW handlers of a resource's generated mocks, built from data: each operation's route, answers and store
 * role (the generated `<resource>.handlers.ts` declares them and calls {@link mockResource}).
 *
 * @see https://mswjs.io/docs/api/http
 */
import { cloneEntity, picked } from './mockClone.js';
import { delay, http, HttpResponse, matchRequestUrl, type DefaultBodyType, type HttpHandler, type HttpResponseResolver, type PathParams } from 'msw';
import type { PropertyPath } from './meta.js';
import { listAnswer, type ListSpec } from './mockList.js';
import { MOCK_SCENARIOS, type MockScenario } from './mockNames.js';
import { belongs, itemsUnder, ownersOf, parentOf, withEmbeds, type Embed } from './mockOwners.js';
import { refuse, requestIssues, type Definitions, type RequestSpec } from './mockRequest.js';
import { createStore, merge, readJson, setPath, type Fields, type MockStore, type StoreSpec } from './mockStore.js';
import { readPath, withPath } from './paths.js';

/** Options of every generated `create<Resource>Handlers` and operation handler factory. */
export interface HandlersOptions {
  /** How every handler answers. @default 'success' */
  scenario?: MockScenario;
  /** Prefix of every handler path, e.g. `https://api.example.test`; `*` matches any origin and base path. Default: the plugin's `baseUrl` option. */
  baseUrl?: string;
  /** Delay of the `slow` scenario, in milliseconds. Default: the plugin's `delayMs` option. */
  delayMs?: number;
}

/** An answer: the status and, when the contract gives one, the body. */
export type Answer = readonly [status: number, body?: unknown];

/**
 * What an operation answers on success: a JSON fixture (with its `empty` scenario variant), a text, a blob
 * (its text and media type), the stored entity (`'entity'`), or the stored entity inside a wrapper object
 * (`{ entity: 'data', with: { … } }`: `{ data: entity, … }`; with `one`, a one-item array: `{ data: [entity] }`), or a view of the stored entity: its properties, or
 * the `pick`ed ones, over a sample of the response (`{ view: { value: '…' } }`: `{ value: '…', …entity }`), `at` a
 * property of a wrapper object when given (`{ view: {}, pick: ['name'], at: 'command', with: { duration: '1ms' } }`:
 * `{ command: { name }, duration: '1ms' }`).
 * Absent: no body.
 */
export type SuccessBody =
  | { readonly json: unknown; readonly empty?: unknown }
  | { readonly text: string; readonly type: string }
  | { readonly blob: string; readonly type: string }
  | 'entity'
  | { readonly entity: PropertyPath; readonly with?: object; readonly one?: boolean }
  | { readonly view: object; readonly pick?: readonly string[]; readonly text?: readonly string[]; readonly at?: PropertyPath; readonly with?: object };

/** A literal query pair of a path key: the parameter, and its value when the key gives one. */
export type QueryPair = readonly [name: string, value?: string];

/** One operation's handler, as data. */
export interface OperationSpec {
  /** The `http` member: the operation's method, `all` for TRACE, QUERY and OpenAPI 3.2 `additionalOperations` methods. */
  readonly method: 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  /** With `all`: the one request method the handler answers, upper case (`QUERY`); absent answers any. */
  readonly verb?: string;
  /** MSW path pattern without the base (`/api/v1/contacts/:contactId`). */
  readonly path: string;
  /** The success status. */
  readonly status: number;
  /** The answer in the `error` scenario. */
  readonly error: Answer;
  /** The answer for a missing item (and for an item operation in the `empty` scenario). */
  readonly notFound?: Answer;
  /** The success body. */
  readonly body?: SuccessBody;
  /** The operation's role in the resource's store: `replace` is a PUT (the key and readOnly fields stay). */
  readonly store?: 'list' | 'read' | 'create' | 'update' | 'replace' | 'delete';
  /** The path parameter holding the item key (store item operations and actions). */
  readonly key?: string;
  /** The payload properties a create, update or action copies into the stored item. */
  readonly fields?: Fields;
  /** Where the entity is in the request body, when a wrapper holds it (`{ data: { … } }`). */
  readonly payload?: PropertyPath;
  /** The key property a create's payload may name: a given key no stored item has is kept (a template's `name`). */
  readonly givenKey?: string;
  /** How a list answers from the store, or pages the items of its JSON fixture (without a store role). */
  readonly list?: ListSpec;
  /** An action on a stored item: the store holding it (the own store when absent) and the properties it sets. */
  readonly action?: { readonly store?: Map<string, unknown>; readonly set?: Readonly<Record<string, unknown>> };
  /** Path parameter values for which another operation's literal path is meant: the handler lets the next one answer. */
  readonly stepAside?: ReadonlyArray<Readonly<Record<string, string>>>;
  /** A literal query the path key gives: the handler answers only requests carrying it. */
  readonly query?: readonly QueryPair[];
  /** Queries of operations on the same URL that win over this one: a request carrying one goes to them. */
  readonly before?: ReadonlyArray<readonly QueryPair[]>;
  /** MSW patterns of more precise paths of the same method: a request they match goes to their handlers. */
  readonly yieldTo?: readonly string[];
  /** How the request body is validated: a body that breaks its schema gets `request.invalid`, never the success status. */
  readonly request?: RequestSpec;
  /** An update that adds the item its path names when the store lacks it (a relationship's `PUT /user/following/{username}`). */
  readonly upsert?: boolean;
  /** A read's sub-collections its entity embeds: each property answers the items of its store under this item. */
  readonly embeds?: readonly Embed[];
}

/** What {@link mockResource} is made from. */
export interface MockResourceSpec<E, P> {
  /** The plugin's defaults: handler path prefix and `slow` delay in milliseconds. */
  readonly baseUrl: string;
  readonly delayMs: number;
  /** The store of a CRUD resource. */
  readonly store?: StoreSpec<E>;
  /** The named schemas the operations' request schemas refer to (`#/definitions/<TypeName>`). */
  readonly definitions?: Definitions;
  /** One handler per operation, in the order the handlers are tried (most precise path first). */
  readonly operations: { readonly [K in keyof P]: OperationSpec };
}

/** The path parameters of an operation's resolver: named when the path has some. */
type ParamsOf<N> = [N] extends [never] ? PathParams : { [K in N & string]: string };

/** An own msw resolver of one operation (it runs after the routing checks, in place of the generated answer). */
export type OwnResolver<N = never> = HttpResponseResolver<ParamsOf<N>, DefaultBodyType, undefined>;

/**
 * One handler factory per operation: `(answer?, options?)`, where `answer` is options for this operation only
 * (`{ scenario: 'error' }`) or an own resolver; without arguments, the operation's `success` handler.
 * @typeParam P the operations, each with the names of its path parameters (`never` for none)
 */
export type OperationHandlers<P> = { readonly [K in keyof P]: (answer?: OwnResolver<P[K]> | HandlersOptions, options?: HandlersOptions) => HttpHandler };

/** A resource's mocks: its store, one handler factory per operation, and all handlers by scenario options. */
export interface MockResource<E, P> {
  /** The in-memory store: items by key. */
  readonly store: Map<string, E>;
  /** Restores the store to the fixtures; call it between tests (e.g. in `afterEach`). */
  readonly reset: () => void;
  /** One handler factory per operation. */
  readonly operations: OperationHandlers<P>;
  /** The handlers of every operation, answering as the scenario says. */
  readonly createHandlers: (options?: HandlersOptions) => HttpHandler[];
  /** The `success` handlers. */
  readonly handlers: HttpHandler[];
}

const json = (body: unknown, status: number, headers?: Record<string, string>): Response => HttpResponse.json(body as never, { status, ...(headers ? { headers } : {}) });
const respond = ([status, body]: Answer): Response => (body === undefined ? new HttpResponse(null, { status }) : json(body, status));
const carries = (query: URLSearchParams, pairs: readonly QueryPair[]): boolean => pairs.every(([name, value]) => (value === undefined ? query.has(name) : query.getAll(name).includes(value)));

/** True when another handler answers this request (see `stepAside`, `query`, `before`, `yieldTo`). */
function routedAway(op: OperationSpec, request: Request, params: PathParams, base: string): boolean {
  if (op.stepAside?.some((values) => Object.entries(values).every(([name, value]) => params[name] === value))) return true;
  const url = new URL(request.url);
  if (op.query && !carries(url.searchParams, op.query)) return true;
  if (op.before?.some((pairs) => carries(url.searchParams, pairs))) return true;
  return op.yieldTo?.some((pattern) => matchRequestUrl(url, base + pattern).matches) ?? false;
}

/** The success answer with an entity (or a JSON fixture, text, blob or no body). */
function success(op: OperationSpec, entity: unknown, empty: boolean): Response {
  const body = op.body;
  if (body === undefined) return new HttpResponse(null, { status: op.status });
  if (body === 'entity') return json(entity, op.status);
  if ('entity' in body) return json(withPath(body.with ? cloneEntity(body.with) : {}, body.entity, body.one ? [entity] : entity), op.status);
  if ('view' in body) {
    const view = { ...cloneEntity(body.view), ...cloneEntity(picked(entity, body.pick, body.text)) };
    return json(body.at === undefined ? view : withPath(body.with ? cloneEntity(body.with) : {}, body.at, view), op.status);
  }
  if ('json' in body) return json(empty && body.empty !== undefined ? body.empty : body.json, op.status);
  if ('text' in body) return new HttpResponse(body.text, { status: op.status, headers: { 'Content-Type': body.type } });
  return new HttpResponse(new Blob([body.blob], { type: body.type }), { status: op.status, headers: { 'Content-Type': body.type } });
}

/** A paginated list answering its fixture: the fixture's items windowed as a stored list's (see {@link listAnswer}). */
function pagedFixture(op: OperationSpec, list: ListSpec, request: Request, empty: boolean): Response {
  const body = op.body;
  const source = body !== undefined && typeof body === 'object' && 'json' in body ? (empty && body.empty !== undefined ? body.empty : body.json) : undefined;
  const items = readPath(source, list.items);
  if (!Array.isArray(items)) return success(op, undefined, empty);
  const page = listAnswer(items, request, { ...list, ...(source !== null && typeof source === 'object' ? { template: source } : {}) });
  return json(page.body, op.status, page.headers);
}

/** The JSON payload of a request: the object at `op.payload` when a wrapper holds the entity. */
async function payloadOf(op: OperationSpec, request: Request): Promise<object> {
  const body = readPath(await readJson(request), op.payload);
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
}

/** The answer of an operation served from a store (or an action on a stored item). */
async function fromStore<E>(op: OperationSpec, store: MockStore<E> | undefined, items: Map<string, unknown>, request: Request, params: PathParams, empty: boolean): Promise<Response> {
  const owners = ownersOf(items);
  if (op.store === 'list') {
    const { body, headers } = listAnswer(empty ? [] : itemsUnder(items, parentOf(op.path, params)), request, op.list ?? {});
    return json(body, op.status, headers);
  }
  if (op.store === 'create' && store) {
    const payload = await payloadOf(op, request);
    const given = op.givenKey === undefined ? undefined : (payload as Record<string, unknown>)[op.givenKey];
    const named = (typeof given === 'string' && given !== '') || typeof given === 'number' ? String(given) : undefined;
    const { key, entity } = store.create(payload, op.fields ?? [], named !== undefined && !items.has(named) ? named : undefined);
    const parent = parentOf(op.path, params);
    if (!empty) items.set(key, entity);
    if (!empty && parent) owners.set(key, parent);
    else if (!empty) owners.delete(key);
    return success(op, entity, empty);
  }
  const key = String(params[op.key ?? ''] ?? '');
  if (op.upsert && store && !empty) {
    // A relationship's PUT: adds the item its path names, or leaves the one there.
    if (!items.has(key)) {
      const parent = parentOf(op.path, params, op.key);
      items.set(key, store.create({}, [], key).entity);
      if (parent) owners.set(key, parent);
    }
    return success(op, items.get(key), empty);
  }
  const current = empty ? undefined : items.get(key);
  if (current === undefined || !belongs(owners.get(key), parentOf(op.path, params, op.key))) return respond(op.notFound ?? [404]);
  if (op.store === 'read') return success(op, withEmbeds(current, op.embeds, parentOf(op.path, params)), empty);
  if (op.store === 'delete') {
    items.delete(key);
    owners.delete(key);
    return success(op, current, empty);
  }
  const payload = await payloadOf(op, request);
  const fields = op.fields ?? [];
  const next = op.store === 'replace' && store ? merge(merge(cloneEntity(store.spec.defaults) as object, payload, fields), current as object, store.spec.serverFields ?? []) : merge(cloneEntity(current) as object, payload, fields);
  for (const [name, value] of Object.entries(op.action?.set ?? {})) setPath(next, name, value);
  if (store && items === store.items) store.touch(next);
  items.set(key, next);
  return op.action ? json(next, op.status) : success(op, next, empty);
}

/** The handler of one operation. */
function handler<E>(op: OperationSpec, store: MockStore<E> | undefined, defaults: { baseUrl: string; delayMs: number; definitions?: Definitions }, answer: OwnResolver | HandlersOptions | undefined, options: HandlersOptions): HttpHandler {
  const own = typeof answer === 'function' ? answer : undefined;
  const merged = typeof answer === 'object' ? { ...options, ...answer } : options;
  const scenario = merged.scenario ?? 'success';
  const base = (merged.baseUrl ?? defaults.baseUrl).replace(/\/+$/, '');
  const delayMs = merged.delayMs ?? defaults.delayMs;
  return http[op.method](base + op.path, async (info) => {
    const { request, params } = info;
    if ((op.verb !== undefined && request.method !== op.verb) || routedAway(op, request, params, base)) return undefined;
    if (own) return own(info);
    if (scenario === 'slow') await delay(delayMs);
    if (scenario === 'error') return respond(op.error);
    if (op.request) {
      const issues = await requestIssues(op.request, defaults.definitions, request);
      if (issues.length > 0) return refuse(op.request, issues);
    }
    const empty = scenario === 'empty';
    const items = (op.action?.store ?? store?.items) as Map<string, unknown> | undefined;
    if ((op.store || op.action) && items) return fromStore(op, store, items, request, params, empty);
    if (empty && op.notFound) return respond(op.notFound);
    return op.list ? pagedFixture(op, op.list, request, empty) : success(op, undefined, empty);
  });
}

/**
 * A resource's mocks from data: the store (seeded from the fixtures) and one MSW 3 handler per operation, in the
 * order given. Each handler answers as the scenario says: `success` (fixtures and store), `empty` (empty lists,
 * 404 for items, nothing stored), `error` (the contract's first error status, else 500, with its body) or
 * `slow` (success after `delayMs`). A store-backed list answers the stored items, filtered, one page of them in
 * the contract's envelope; a create adds an item with a new key, an update changes it (a PUT replaces it, keeping
 * the key and readOnly fields), a delete removes it; a read or an update of a missing item answers 404. A request
 * body that breaks the operation's request schema (see `RequestSpec`) is refused first, with the contract's 400
 * or 422 answer.
 * @param spec the defaults, the store and the operations
 * @returns the store, its `reset`, the operation handler factories and the handlers
 * @see https://mswjs.io/docs/api/http
 */
export function mockResource<E, P>(spec: MockResourceSpec<E, P>): MockResource<E, P> {
  const store = spec.store ? createStore(spec.store) : undefined;
  const entries = Object.entries(spec.operations) as Array<[string, OperationSpec]>;
  const operations = Object.fromEntries(entries.map(([name, op]) => [name, (answer?: OwnResolver | HandlersOptions, options: HandlersOptions = {}) => handler(op, store, spec, answer, options)]));
  const createHandlers = (options: HandlersOptions = {}): HttpHandler[] => entries.map(([, op]) => handler(op, store, spec, undefined, options));
  return {
    store: store?.items ?? new Map<string, E>(),
    reset: store?.reset ?? (() => undefined),
    operations: operations as unknown as OperationHandlers<P>,
    createHandlers,
    handlers: createHandlers(),
  };
}

/** The handlers of a resource by scenario (see {@link mockScenarios}). */
export interface MockScenarios {
  /** Names of the mock scenarios, in order. */
  readonly names: typeof MOCK_SCENARIOS;
  /** The handlers of each scenario: `server.use(...scenarios.error)`, back with `server.resetHandlers()`. */
  readonly handlers: Readonly<Record<MockScenario, HttpHandler[]>>;
  /** The handlers of a scenario by name; fresh ones when options (base URL, delay) are given. */
  readonly get: (name: MockScenario, options?: Omit<HandlersOptions, 'scenario'>) => HttpHandler[];
}

/**
 * The handlers of a resource by scenario, from its `create<Resource>Handlers`.
 * @param createHandlers the resource's handler factory
 * @returns the scenario names, the handlers of each, and a getter that takes options
 */
export function mockScenarios(createHandlers: (options?: HandlersOptions) => HttpHandler[]): MockScenarios {
  const handlers = Object.fromEntries(MOCK_SCENARIOS.map((name) => [name, createHandlers({ scenario: name })])) as Record<MockScenario, HttpHandler[]>;
  return { names: MOCK_SCENARIOS, handlers, get: (name, options) => (options ? createHandlers({ ...options, scenario: name }) : handlers[name]) };
}
