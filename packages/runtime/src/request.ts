/**
 * The fetch-based request pipeline every generated operation goes through: validate, prepare, intercept,
 * fetch, read.
 *
 * @packageDocumentation
 */
import { ApiError } from './ApiError.js';
import { isStream, readErrorContent, readSuccessBody } from './body.js';
import { getClientConfig, type ClientConfig } from './config.js';
import { decodeDates, encodeRequestDates } from './dates.js';
import { contentDispositionFileName } from './disposition.js';
import { interceptorList, runOnError, runOnRequest, runOnResponse, type RequestContext } from './interceptors.js';
import { prepareRequest } from './prepare.js';
import type { CallOptions, CallResult, RawResult, RequestOptions, RequestSpec } from './types.js';
import { validateRequest, validateResponse, validates, type ValidateMode } from './validation.js';

/**
 * Reads a response: the success body, or an {@link ApiError} for a non-2xx status.
 *
 * @param url - the request URL, for the error message.
 */
async function readResponse(response: Response, spec: RequestSpec, url: string, validate: ValidateMode | undefined, signal: AbortSignal | undefined): Promise<unknown> {
  if (!response.ok) {
    const content = await readErrorContent(response);
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: content.kind === 'json' ? decodeDates(content.body, spec.dates?.error) : content.body,
      bodyKind: content.kind,
      method: spec.method,
      url,
      headers: response.headers,
    });
  }
  const body = await readSuccessBody(response, spec.responseType, spec.method, signal);
  // A stream is read lazily: there is no body to validate or decode here.
  if (isStream(spec.responseType)) return body;
  // `dates: 'Date'`: a validated response is decoded by its schema; otherwise by the operation's date shape.
  return validates(validate, 'response') ? await validateResponse(spec, body) : decodeDates(body, spec.dates?.response);
}

/**
 * Sends one operation through the client configured by `config` and reads the response.
 *
 * The request is built by `prepareRequest` (headers merged as it describes; parameters follow the OpenAPI 3.1
 * "Style Values" table, https://spec.openapis.org/oas/v3.1.0#style-values). Then the interceptors'
 * `onRequest` run, fetch is called, the `onResponse` run (one may retry the request once), and the body is
 * read. When the call fails after the request was built, the `onError` run and may replace the error.
 *
 * @typeParam T - the success body type (not checked at run time).
 * @typeParam O - the options' type; `{ raw: true }` makes the call resolve to a `RawResult`.
 * @param config - the client's configuration.
 * @param spec - the operation and its values.
 * @param options - per-call abort signal, headers, validation, `RequestInit` fields and `raw`.
 * @returns the success body read as `spec.responseType` says, or `{ data, response, fileName }` with `raw`.
 * @throws see {@link request}.
 */
export async function send<T, O extends CallOptions = RequestOptions>(config: Readonly<ClientConfig>, spec: RequestSpec, options?: O): Promise<CallResult<T, O>> {
  const call: CallOptions = options ?? {};
  const fetchImpl = config.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new TypeError('No fetch implementation: pass one with configureClient({ fetch }) or createClient({ fetch })');
  }
  // Opt-in validation (plugin-validators): off unless the call or the config turns it on.
  const validate = call.validate ?? config.validate;
  if (validates(validate, 'request')) await validateRequest(spec);
  // `dates: 'Date'`: the request's `Date`s are sent as strings (the response's come back as `Date`s, see readResponse).
  spec = encodeRequestDates(spec);

  const interceptors = interceptorList(config.interceptors);
  let last: RequestContext | undefined;
  const attempt = async (index: number): Promise<Response> => {
    const ctx: RequestContext = { ...(await prepareRequest(config, spec, call)), spec, options: call, attempt: index };
    last = ctx;
    await runOnRequest(interceptors, ctx);
    // Token getters and interceptors may have awaited: do not send a request that was aborted meanwhile.
    call.signal?.throwIfAborted();
    const response = await fetchImpl(ctx.url, ctx.init);
    return runOnResponse(interceptors, ctx, response, () => attempt(index + 1));
  };

  try {
    const response = await attempt(0);
    const data = await readResponse(response, spec, last?.url ?? '', validate, call.signal);
    if (call.raw !== true) return data as CallResult<T, O>;
    const raw: RawResult<unknown> = { data, response, fileName: contentDispositionFileName(response.headers.get('content-disposition')) };
    return raw as CallResult<T, O>;
  } catch (error) {
    if (last === undefined || interceptors.length === 0) throw error;
    throw await runOnError(interceptors, last, error);
  }
}

/**
 * Sends one operation through the default client (configured with `configureClient`) and reads the response.
 * Generated resource clients call it through `defaultClient`, or through the instance they are bound to.
 *
 * @typeParam T - the success body type (not checked at run time).
 * @typeParam O - the options' type; `{ raw: true }` makes the call resolve to `{ data, response, fileName }`.
 * @param spec - the operation and its values.
 * @param options - per-call abort signal, headers, validation, `RequestInit` fields and `raw`.
 * @returns the success body read as `spec.responseType` says (`undefined` for `none`, 204, or an empty JSON
 *   body; an `EventStream` for `sse`), or a `RawResult` with `raw: true`.
 * @throws {@link ApiError} for any non-2xx response, carrying status, the body (parsed JSON, text or
 *   `undefined`, with `bodyKind` saying which) and headers.
 * @throws TypeError for invalid parameters or bodies (missing path value, unknown style, dot
 *   segment, body not matching `bodyType`) or when no fetch implementation exists.
 * @throws the fetch error unchanged on network failure, and the signal's reason on abort.
 * @throws SyntaxError when a 2xx `json` body is not valid JSON.
 * @throws {@link ValidationError} when validation is on (`options.validate` or `ClientConfig.validate`) and
 *   the request or the success body does not match the operation's registered schemas (see `./validation.ts`).
 *   With `spec.dates` (config `dates: 'Date'`), the request's `Date`s are sent as strings and the JSON success
 *   and error bodies' date strings come back as `Date`s (see `./dates.ts`; a validated response is decoded
 *   by its schema instead, once).
 * @throws whatever an `onError` interceptor returns instead of the error.
 */
export function request<T, O extends CallOptions = RequestOptions>(spec: RequestSpec, options?: O): Promise<CallResult<T, O>> {
  return send<T, O>(getClientConfig(), spec, options);
}
