// Runs the generated handlers of one scenario under msw/node, fetches each operation and validates the parsed
// JSON body against the response schema of the returned status.
import { loadContract } from '@reslayer/core/host';
import { setupServer, type SetupServer } from 'msw/node';
import { generateMocks, type LoadedMocks, type ScenarioName } from './mocks.js';
import { listOperations, planRequest, responseFor, type OperationInfo, type ResponseInfo } from './operations.js';
import { createContractValidator, formatErrors, type ContractValidator } from './schemas.js';
import { sampleRequestBody } from './bodies.js';

/** Origin of every request (the handlers' default `*` base matches any origin and base path). */
export const ORIGIN = 'http://localhost';

/** One checked response. */
export interface CheckResult {
  /** `METHOD /path`. */
  operation: string;
  valid: boolean;
  /** HTTP status answered (0 when the request failed). */
  status: number;
  /** Pointer of the schema the body was validated against. */
  schema?: string;
  /** Why it is not valid, or what was validated. */
  detail: string;
  /** The parsed body (for reports). */
  body?: unknown;
  /**
   * For a failure: `routing` when the operation's own resource handlers, created with the exact base URL
   * (`create<R>Handlers({ baseUrl: ORIGIN })`), answer a valid body, so another resource's default `*` handler
   * answered the request; `answer` when the operation's own handler answers the invalid body.
   */
  cause?: 'routing' | 'answer';
  /**
   * For an operation without a handler of its own (its path key differs from an earlier operation's by a
   * fragment only, so the client sends the same request): that operation, whose handler answers.
   */
  answeredBy?: string;
  /** With `answeredBy`: the answer validates against that operation's response schema of the returned status. */
  validForAnswering?: boolean;
}

/** A contract generated, converted and served. */
export interface ContractRun {
  name: string;
  /** Response view of the document (writeOnly properties forbidden). */
  validator: ContractValidator;
  /** Request view of the document (readOnly properties forbidden), for the request bodies sent. */
  requestView: ContractValidator;
  operations: OperationInfo[];
  mocks: LoadedMocks;
  server: SetupServer;
  /** The operation whose handler answered the last request (msw's `request:match` + `response:mocked`), `?` for a handler of none. */
  matched?: string | undefined;
}

/**
 * Generates and loads the mocks of a contract, converts its document for ajv and starts an msw/node server with
 * every resource's `success` handlers.
 * @param name case name (`.runtime-out/mocks-<name>/`)
 * @param contract absolute path of the contract
 */
export async function startContract(name: string, contract: string): Promise<ContractRun> {
  const { document } = await loadContract(contract);
  const validator = createContractValidator(document as unknown as Record<string, unknown>, 'response');
  const requestView = createContractValidator(document as unknown as Record<string, unknown>, 'request');
  const mocks = await generateMocks(name, contract);
  const server = setupServer(...mocks.handlers('success'));
  const run: ContractRun = { name, validator, requestView, operations: listOperations(validator.document), mocks, server };
  // The handler that answered: the last one matched when a mocked response goes out (a handler that steps aside,
  // `return;`, is matched too, so `request:match` alone is not the answer).
  let last: string | undefined;
  server.events.on('request:match', ({ handler }) => {
    last = mocks.handlerOp.get(handler) ?? '?';
  });
  server.events.on('response:mocked', () => {
    run.matched = last;
  });
  server.listen({ onUnhandledFrame: 'error' });
  return run;
}

/** True when an operation documents a JSON success response (the ones the `success` check covers). */
export function hasJsonSuccess(op: OperationInfo): boolean {
  return op.success.some((r) => r.jsonSchema !== undefined);
}

/** Request bodies by operation key (undefined: none could be built), cached. */
const bodies = new WeakMap<ContractRun, Map<string, unknown>>();

/**
 * A valid JSON request body for an operation (checked against the request view), or undefined when the operation
 * has no JSON request body or none could be built.
 * @param run the running contract
 * @param op the operation
 */
export function requestBodyFor(run: ContractRun, op: OperationInfo): unknown {
  if (!op.requestBody) return undefined;
  let map = bodies.get(run);
  if (!map) bodies.set(run, (map = new Map()));
  if (!map.has(op.key)) map.set(op.key, sampleRequestBody(run.requestView, op.requestBody.schema));
  return map.get(op.key);
}

/** Key of the first item of the operation's resource store, if it has one. */
function itemKey(run: ContractRun, op: OperationInfo): string | undefined {
  // The store of the resource whose handler answers (another operation's, for a shared URL).
  // An action on an item of another resource (`POST /contacts/{id}/archive`) reads that resource's store.
  const own = run.mocks.byOperation.get(run.mocks.answeredBy.get(op.key) ?? op.key);
  const store = own?.store ?? run.mocks.resources.find((r) => r.name === own?.storeFrom)?.store;
  return store ? [...store.keys()][0] : undefined;
}

/**
 * Fetches one operation (stores reset first) and validates the answer.
 * @param run the running contract
 * @param op the operation
 * @param expect `success`: a 2xx JSON answer; `error`: a 4xx/5xx answer; `any`: whatever status, validated if documented
 * @param scenario the scenario whose handlers are in use (for the routing diagnosis)
 * @param withBody send a valid JSON request body ({@link requestBodyFor}); `'empty'`: send `{}`
 */
export async function checkOperation(
  run: ContractRun,
  op: OperationInfo,
  expect: 'success' | 'error' | 'any',
  scenario: ScenarioName = 'success',
  withBody: boolean | 'empty' = false,
): Promise<CheckResult> {
  const result = await fetchAndValidate(run, op, expect, withBody);
  const own = run.mocks.byOperation.get(run.mocks.answeredBy.get(op.key) ?? op.key);
  if (result.valid || !own) return result;
  run.server.use(...own.create({ scenario, baseUrl: ORIGIN }));
  try {
    const exact = await fetchAndValidate(run, op, expect, withBody);
    if (exact.valid) {
      const detail = `${result.detail} — another resource's handler answered: its own handler (baseUrl ${ORIGIN}) answers a valid body`;
      return { ...result, cause: 'routing', detail };
    }
    return { ...result, cause: 'answer' };
  } finally {
    // Drops the exact-base handlers: back to the scenario's handlers.
    run.server.resetHandlers();
    if (scenario !== 'success') run.server.use(...run.mocks.handlers(scenario));
  }
}

async function fetchAndValidate(run: ContractRun, op: OperationInfo, expect: 'success' | 'error' | 'any', withBody: boolean | 'empty'): Promise<CheckResult> {
  const base = { operation: op.key, valid: false, status: 0 };
  if (!run.mocks.byOperation.has(op.key)) return { ...base, detail: 'no generated handler comments this operation' };
  run.mocks.resetStores();
  const req = planRequest(run.validator, op, ORIGIN, itemKey(run, op));
  if (req.invalidParams.length > 0) return { ...base, detail: `test could not build valid parameters: ${req.invalidParams.join(', ')}` };
  const init: RequestInit = { method: op.method.toUpperCase(), headers: req.headers };
  if (withBody) {
    const body = withBody === 'empty' ? {} : requestBodyFor(run, op);
    if (body === undefined || !op.requestBody) return { ...base, detail: 'test could not build a valid JSON request body' };
    init.body = JSON.stringify(body);
    init.headers = { ...req.headers, 'content-type': op.requestBody.mediaType };
  }
  let res: Response;
  run.matched = undefined;
  try {
    res = await fetch(req.url, init);
  } catch (error) {
    return { ...base, detail: `${op.method.toUpperCase()} ${req.url} failed: ${String((error as Error).cause ?? error)}` };
  }
  const status = res.status;
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const where = `${op.method.toUpperCase()} ${req.url} → ${status}`;
  // The request must reach the operation's own handler (or the one that answers it, for a shared URL): an answer
  // of another operation's handler (a fall-through) may even validate when the two share a response schema.
  const answeredBy = run.mocks.answeredBy.get(op.key);
  const expected = answeredBy ?? op.key;
  if (run.matched !== expected) return { ...base, status, detail: `${where}: answered by the handler of ${run.matched ?? 'no operation'}, not ${expected}` };
  const shared: Pick<CheckResult, 'answeredBy' | 'validForAnswering'> = answeredBy === undefined ? {} : { answeredBy };
  if (expect === 'success' && (status < 200 || status > 299)) return { ...base, status, detail: `${where}: not a success status (body ${text.slice(0, 200)})` };
  if (expect === 'error' && status < 400) return { ...base, status, detail: `${where}: not an error status` };
  const response: ResponseInfo | undefined = responseFor(op, status);
  if (!response) return { ...base, status, valid: expect !== 'success' && text === '', detail: `${where}: status not documented${text ? `, body ${text.slice(0, 200)}` : ', no body'}` };
  if (!response.jsonSchema) {
    const ok = expect !== 'success' && (text === '' || !/json/i.test(type));
    return { ...base, status, valid: ok, detail: `${where}: response ${response.status} has no JSON schema (media types ${response.mediaTypes.join(', ') || 'none'}; answered ${type || 'no content type'})` };
  }
  if (!/json/i.test(type)) return { ...base, status, schema: response.jsonSchema, detail: `${where}: content type ${type || 'none'}, expected ${String(response.mediaType)}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ...base, status, schema: response.jsonSchema, detail: `${where}: body is not JSON: ${text.slice(0, 200)}` };
  }
  const result = run.validator.validate(response.jsonSchema, body);
  if (answeredBy !== undefined && !result.valid) {
    const other = run.operations.find((o) => o.key === answeredBy);
    const theirs = other ? responseFor(other, status)?.jsonSchema : undefined;
    shared.validForAnswering = theirs !== undefined && run.validator.validate(theirs, body).valid;
  }
  return {
    ...base,
    ...shared,
    status,
    valid: result.valid,
    schema: response.jsonSchema,
    body,
    detail: result.valid ? `${where}: valid against ${response.jsonSchema}` : `${where}: ${formatErrors(result.errors)} (schema ${response.jsonSchema})`,
  };
}

/**
 * Checks every operation of a scenario: the scenario's handlers of every resource are put in front.
 * @param run the running contract
 * @param scenario scenario name
 * @param ops operations to check
 * @param expect see {@link checkOperation}
 * @param withBody send a valid JSON request body (operations without one are not expected here)
 */
export async function checkScenario(
  run: ContractRun,
  scenario: ScenarioName,
  ops: readonly OperationInfo[],
  expect: 'success' | 'error' | 'any',
  withBody = false,
): Promise<CheckResult[]> {
  run.server.resetHandlers();
  if (scenario !== 'success') run.server.use(...run.mocks.handlers(scenario));
  const out: CheckResult[] = [];
  try {
    for (const op of ops) out.push(await checkOperation(run, op, expect, scenario, withBody));
  } finally {
    run.server.resetHandlers();
    run.mocks.resetStores();
  }
  return out;
}
