/**
 * `@reslayer/runtime/mocks`: what every resource's generated MSW handlers and scenarios share — the
 * scenario names, the options of the handler factories, and the helpers of the in-memory stores (request
 * body, merge, paging, filters) and of the routing (`claimedElsewhere`). Kept here once instead of in
 * every generated resource, so an application's compiler checks it once. Needs `msw` (3.x); the client
 * entry point `@reslayer/runtime` never imports this module.
 *
 * @see https://mswjs.io/docs/api/http
 * @packageDocumentation
 */
import { delay, matchRequestUrl } from 'msw';
import { MOCK_SCENARIOS } from './mockNames.js';

/** Names of the mock scenarios, in order. */
export const scenarioNames: typeof MOCK_SCENARIOS = MOCK_SCENARIOS;

/**
 * A scenario: `success` (fixtures and store), `empty` (empty lists, 404 for items), `error` (the
 * contract's first error status, else 500) or `slow` (success after a delay).
 */
export type ScenarioName = (typeof scenarioNames)[number];

/** Options of every generated `create<Resource>Handlers`. */
export interface HandlersOptions {
  /** How every handler answers. @default 'success' */
  scenario?: ScenarioName;
  /** Prefix of every handler path, e.g. `https://api.example.test`; `*` matches any origin and base path. Default: the plugin's `baseUrl` option. */
  baseUrl?: string;
  /** Delay of the `slow` scenario, in milliseconds. Default: the plugin's `delayMs` option. */
  delayMs?: number;
}

/** What a handler factory works out from its options. */
export interface MockSetup {
  scenario: ScenarioName;
  /** The base URL without a trailing slash. */
  base: string;
  /** Waits `delayMs` in the `slow` scenario, else returns at once. */
  settle: () => Promise<void>;
}

/**
 * The scenario, base URL and delay of a handler factory, defaults applied.
 * @param options the factory's options
 * @param defaults the generating plugin's defaults: base URL pattern and slow delay in milliseconds
 */
export function mockSetup(options: HandlersOptions, defaults: { baseUrl: string; delayMs: number }): MockSetup {
  const scenario = options.scenario ?? 'success';
  const base = (options.baseUrl ?? defaults.baseUrl).replace(/\/+$/, '');
  const delayMs = options.delayMs ?? defaults.delayMs;
  const settle = async (): Promise<void> => {
    if (scenario === 'slow') await delay(delayMs);
  };
  return { scenario, base, settle };
}

/**
 * The JSON object body of a request, or `{}` when it has none.
 * @param request the intercepted request
 */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Properties a merge copies: a name, or `[name, fields]` to merge an object value into the object already there. */
export type Fields = ReadonlyArray<string | readonly [string, Fields]>;

/**
 * Copies the given properties of `source` into `target` (nested fields into the object `target` holds).
 * @param target the stored entity
 * @param source the request payload
 * @param fields the properties to copy
 * @returns `target`
 */
export function merge<T extends object>(target: T, source: object, fields: Fields): T {
  const to = target as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const field of fields) {
    const [name, nested] = typeof field === 'string' ? [field, undefined] : field;
    const value = Object.hasOwn(from, name) ? from[name] : undefined;
    if (value === undefined) continue;
    const current = Object.hasOwn(to, name) ? to[name] : undefined;
    if (!nested) Object.defineProperty(to, name, { value, enumerable: true, writable: true, configurable: true });
    else if (value !== null && typeof value === 'object' && current !== null && typeof current === 'object') merge(current, value, nested);
  }
  return target;
}

/**
 * An integer query parameter.
 * @param query the request's query
 * @param name parameter name
 * @param fallback value when it is absent or not a number
 */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const value = Number.parseInt(query.get(name) ?? '', 10);
  return Number.isNaN(value) ? fallback : value;
}

/** List filters: query parameter, entity property, list separator (`''`: repeated parameter). */
export type Filters = ReadonlyArray<readonly [string, string, string]>;

/**
 * The items whose property equals one of the values of each filter parameter present in the query.
 * @param items the store's items
 * @param query the request's query
 * @param filters the filters of the list operation
 */
export function filterItems<T>(items: T[], query: URLSearchParams, filters: Filters): T[] {
  return items.filter((item) =>
    filters.every(([name, property, separator]) => {
      const wanted = query.getAll(name).flatMap((value) => (separator ? value.split(separator) : [value]));
      return wanted.length === 0 || wanted.includes(String((item as Record<string, unknown>)[property]));
    }),
  );
}

/**
 * True when the request matches one of these more precise paths of the contract (after the same base): the
 * handler of that path answers it, so this one steps aside (with the `*` base, `/assets` also matches `/tags/assets`).
 * @param request the intercepted request
 * @param base the handler's base URL
 * @param patterns MSW path patterns of the more precise paths
 */
export function claimedElsewhere(request: Request, base: string, patterns: readonly string[]): boolean {
  const url = new URL(request.url);
  return patterns.some((pattern) => matchRequestUrl(url, base + pattern).matches);
}
