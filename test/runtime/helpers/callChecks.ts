// What a call of the Prism run (test/runtime/prism.test.ts) is checked against: the violations in a 422 body,
// the shape of a success value; and the call itself, with a deadline.
import type { ValidateMode } from '@reslayer/runtime';
import type { SchemaNode } from '@reslayer/core';
import type { CallPlan, PlannedCall } from './calls.js';
import type { Violation } from './exchange.js';

/** Per-call deadline, so a hung request fails its test instead of the whole suite timing out. */
export const CALL_TIMEOUT_MS = 15_000;

/** Violations Prism put in a 422 problem body (`validation`), besides the `sl-violations` header. */
export function bodyViolations(body: unknown): Violation[] {
  if (typeof body !== 'object' || body === null) return [];
  const validation = (body as { validation?: unknown }).validation;
  return Array.isArray(validation) ? (validation as Violation[]) : [];
}

/** A plain object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that a success value is what the client promises: a Blob for `blob`, a string for `text`,
 * `undefined` for `none`, and for `json` a value of the success schema's JSON type (an object for an object
 * schema, an array for an array schema, …).
 */
export function shapeProblem(call: PlannedCall, plan: CallPlan, value: unknown): string | undefined {
  switch (call.responseType) {
    case 'none':
      return value === undefined ? undefined : `expected undefined (no response body), got ${typeof value}`;
    case 'blob':
      return value instanceof Blob ? undefined : `expected a Blob, got ${Object.prototype.toString.call(value)}`;
    case 'text':
      return typeof value === 'string' ? undefined : `expected a string, got ${typeof value}`;
    case 'json': {
      if (!call.responseSchema) return value === undefined ? undefined : `expected no body, got ${typeof value}`;
      const schema: SchemaNode = plan.sampler.resolve(call.responseSchema);
      if (value === null && schema.nullable === true) return undefined;
      const kind = schema.kind;
      const ok =
        kind === 'object' ? isPlainObject(value)
        : kind === 'array' ? Array.isArray(value)
        : kind === 'string' ? typeof value === 'string'
        : kind === 'number' ? typeof value === 'number'
        : kind === 'boolean' ? typeof value === 'boolean'
        : kind === 'null' ? value === null
        : kind === 'intersection' ? isPlainObject(value)
        : value !== undefined;
      return ok ? undefined : `expected a JSON ${kind}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
    }
  }
}

/** Calls a client method with a deadline; the abort signal and extra headers go through `options`. */
export async function invoke(fn: (...args: unknown[]) => Promise<unknown>, args: unknown[], headers?: Record<string, string>, validate?: ValidateMode): Promise<unknown> {
  const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
  return fn(...args, { signal, ...(headers ? { headers } : {}), ...(validate ? { validate } : {}) });
}
