/**
 * Interceptors: functions a client runs before each request is sent, on each response and on each error.
 *
 * @packageDocumentation
 */
import type { RequestOptions, RequestSpec } from './types.js';

/** One request about to be sent: what `onRequest` may change. */
export interface RequestContext {
  /** The full URL; an `onRequest` interceptor may replace it. */
  url: string;
  /** The fetch init; `headers` is a `Headers` object an interceptor may change (`init.headers.set(…)`). */
  init: RequestInit & { headers: Headers };
  /** The operation as the generated code described it. */
  readonly spec: RequestSpec;
  /** The call's options. */
  readonly options: RequestOptions;
  /** `0` for the first attempt, `1` for the retry of `ResponseContext.retry`. */
  readonly attempt: number;
}

/** A response as fetch returned it (or as an earlier interceptor replaced it): what `onResponse` sees. */
export interface ResponseContext extends Readonly<RequestContext> {
  /** The response, body unread. */
  readonly response: Response;
  /**
   * Sends the request again, at most once per call: headers and auth are resolved anew (so a refreshed
   * token is used) and `onRequest` runs again; the new response passes the interceptors with `attempt: 1`.
   * On the retry itself (`attempt` 1) it sends nothing and resolves to the current response, so an
   * interceptor that always retries on 401 cannot loop.
   *
   * @returns the response of the retry, to return from `onResponse`.
   */
  retry(): Promise<Response>;
}

/** A failed call: what `onError` sees. */
export interface ErrorContext extends Readonly<RequestContext> {
  /**
   * What the call throws: an `ApiError` for a non-2xx response, fetch's own error for a network failure or
   * an abort, a `SyntaxError` for a 2xx body that is not JSON, a `ValidationError` for an invalid response.
   */
  readonly error: unknown;
}

/**
 * Functions a client runs around every request (`ClientConfig.interceptors`). Several interceptor objects
 * run in the order given; each function may be async.
 *
 * - `onRequest` may change `ctx.url` and `ctx.init` (add a header, a trace id) before fetch is called.
 * - `onResponse` may return a new `Response` to use instead, e.g. `ctx.retry()` after refreshing a token.
 *   The later interceptors see that response; a response returned from `retry()` is final.
 * - `onError` observes a failed call (logging, reporting) and may return another error to throw instead;
 *   returning nothing keeps the original error.
 *
 * @example A 401 refresh-and-retry:
 * ```ts
 * const api = createClient({
 *   baseUrl: '/api',
 *   auth: { type: 'bearer', token: () => session.accessToken },
 *   interceptors: {
 *     async onResponse({ response, retry }) {
 *       if (response.status !== 401) return;
 *       await session.refresh();
 *       return retry();
 *     },
 *   },
 * });
 * ```
 */
export interface Interceptors {
  /** Runs before fetch; may change `ctx.url` and `ctx.init`. */
  onRequest?: (ctx: RequestContext) => void | Promise<void>;
  /** Runs on every response (2xx or not); may return a response to use instead. */
  onResponse?: (ctx: ResponseContext) => Response | undefined | void | Promise<Response | undefined | void>;
  /** Runs when the call fails; may return an error to throw instead. */
  onError?: (ctx: ErrorContext) => unknown;
}

/** The interceptor objects of a configuration, as a list. */
export function interceptorList(value: Interceptors | readonly Interceptors[] | undefined): readonly Interceptors[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly Interceptors[]) : [value as Interceptors];
}

/** Runs every `onRequest` in order. */
export async function runOnRequest(list: readonly Interceptors[], ctx: RequestContext): Promise<void> {
  for (const interceptor of list) await interceptor.onRequest?.(ctx);
}

/**
 * Runs every `onResponse` in order, each seeing the response the previous one returned. A response that came
 * from `retry()` is final: it already passed the interceptors on its own attempt.
 *
 * @param retry - sends the retry attempt (already limited to one by the caller).
 */
export async function runOnResponse(
  list: readonly Interceptors[],
  ctx: RequestContext,
  response: Response,
  retry: () => Promise<Response>,
): Promise<Response> {
  let current = response;
  let retried: Response | undefined;
  const retryOnce = async (): Promise<Response> => {
    // Only the first attempt may retry: on the retry itself this sends nothing.
    if (ctx.attempt >= 1) return current;
    retried ??= await retry();
    return retried;
  };
  for (const interceptor of list) {
    if (interceptor.onResponse === undefined) continue;
    const replaced = await interceptor.onResponse({ ...ctx, response: current, retry: retryOnce });
    if (replaced instanceof Response) current = replaced;
    if (retried !== undefined && current === retried) return current;
  }
  return current;
}

/**
 * Runs every `onError` in order; an interceptor that returns a value replaces the error the later ones see.
 *
 * @returns the error to throw.
 */
export async function runOnError(list: readonly Interceptors[], ctx: RequestContext, error: unknown): Promise<unknown> {
  let current = error;
  for (const interceptor of list) {
    if (interceptor.onError === undefined) continue;
    const replaced = await interceptor.onError({ ...ctx, error: current });
    if (replaced !== undefined) current = replaced;
  }
  return current;
}
