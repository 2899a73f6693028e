/**
 * Request body validation of the generated mocks, as a server validates: the body of a write is checked against
 * the operation's request body schema with ajv (JSON Schema draft-07, with ajv-formats' formats) before the store
 * sees it, and a body that breaks it gets the contract's 400/422 answer instead of the success status.
 *
 * @see https://ajv.js.org/ (ajv 8) and https://github.com/ajv-validator/ajv-formats
 * @see https://www.rfc-editor.org/rfc/rfc9457 (the problem body answered when the contract declares none)
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import { HttpResponse } from 'msw';

/** An answer: the status and, when the contract gives one, the body (as in `OperationSpec`). */
type Answer = readonly [status: number, body?: unknown];

/** How an operation's request body is validated. */
export interface RequestSpec {
  /**
   * The request body's JSON Schema (draft-07, the request view of the contract's schema: readOnly properties are
   * not required); references point into the resource's `definitions` (`#/definitions/<TypeName>`).
   */
  readonly schema: object;
  /** True when the contract marks the request body `required`: a request without a body is refused. */
  readonly required?: boolean;
  /**
   * The answer to a body that breaks the schema: the contract's 422 or 400 response (else its `4XX` or `default`
   * one, at 400) with a fixture of its schema, or without a body when that response has no JSON content.
   */
  readonly invalid: Answer;
  /** True when the contract declares no such response: the answer is 400 with a problem body (RFC 9457). */
  readonly problem?: boolean;
}

/** One reason a request body was refused: where (a JSON pointer into the body) and what. */
export interface RequestIssue {
  /** JSON pointer of the offending value (`''` for the body itself). */
  readonly pointer: string;
  /** ajv's message, e.g. `must have required property 'email'`. */
  readonly message: string;
}

/** Named schemas the request schemas of a resource refer to, by type name. */
export type Definitions = Readonly<Record<string, object>>;

/** A body check: the issues of a body, or an empty list when it is valid. */
type Check = (body: unknown) => RequestIssue[];

let shared: Ajv | undefined;
const checks = new WeakMap<object, Check>();

/** The one ajv instance of the mocks: not strict (contract schemas carry their own keywords), formats added. */
function ajv(): Ajv {
  if (shared) return shared;
  const instance = new Ajv({ strict: false, allErrors: true, logger: false });
  // ajv-formats is CommonJS: its default import is `module.exports`, which also carries `.default`.
  type Plugin = (a: Ajv) => unknown;
  const plugin = formatsModule as unknown as Plugin | { default: Plugin };
  (typeof plugin === 'function' ? plugin : plugin.default)(instance);
  shared = instance;
  return instance;
}

const issue = (e: ErrorObject): RequestIssue => {
  const extra = e.keyword === 'additionalProperties' ? `: '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'` : '';
  return { pointer: e.instancePath, message: `${e.message ?? 'is invalid'}${extra}` };
};

/**
 * The check of a request schema, compiled once (on first use). A schema ajv cannot compile (a `pattern` that is
 * not a valid Unicode regular expression, say) accepts every body: the mocks never refuse what they cannot judge.
 * @param spec the operation's request spec
 * @param definitions the resource's named schemas
 * @returns the check
 */
function checkOf(spec: RequestSpec, definitions: Definitions | undefined): Check {
  const known = checks.get(spec);
  if (known) return known;
  let validate: ValidateFunction | undefined;
  try {
    validate = ajv().compile(definitions ? { ...spec.schema, definitions } : spec.schema);
  } catch {
    validate = undefined;
  }
  const check: Check = (body) => (!validate || validate(body) ? [] : (validate.errors ?? []).slice(0, 20).map(issue));
  checks.set(spec, check);
  return check;
}

/**
 * The issues of a request body: none when it validates against the operation's request schema (or when the
 * request is not JSON: another media type of the operation is not judged here).
 * @param spec the operation's request spec
 * @param definitions the resource's named schemas
 * @param request the intercepted request (its body is read from a clone)
 * @returns the issues; empty when the body is valid
 */
export async function requestIssues(spec: RequestSpec, definitions: Definitions | undefined, request: Request): Promise<RequestIssue[]> {
  const type = request.headers.get('Content-Type');
  if (type !== null && !/json/i.test(type)) return [];
  const text = await request.clone().text();
  if (text.trim() === '') return spec.required ? [{ pointer: '', message: 'the request body is required' }] : [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [{ pointer: '', message: 'the request body is not JSON' }];
  }
  return checkOf(spec, definitions)(body);
}

/**
 * The answer to an invalid request body: the contract's error answer (its status and fixture, or no body), or,
 * when the contract declares none (`problem`), a problem body (`application/problem+json`, RFC 9457) naming the issues:
 * `{ type: 'about:blank', title: 'Bad Request', status, detail, errors: [{ pointer, message }] }`.
 * @param spec the operation's request spec
 * @param issues why the body was refused
 * @returns the response
 */
export function refuse(spec: RequestSpec, issues: readonly RequestIssue[]): Response {
  const [status, body] = spec.invalid;
  if (body !== undefined) return HttpResponse.json(body as never, { status });
  if (!spec.problem) return new HttpResponse(null, { status });
  const problem = { type: 'about:blank', title: status === 422 ? 'Unprocessable Content' : 'Bad Request', status, detail: 'The request body does not match the request body schema of the operation.', errors: issues };
  return HttpResponse.json(problem, { status, headers: { 'Content-Type': 'application/problem+json' } });
}
