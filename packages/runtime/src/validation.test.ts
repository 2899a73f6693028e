// Opt-in validation in request(): real zod 4 and valibot 1 schemas (root devDependencies) through the
// Standard Schema interface; a fake fetch records what would be sent.
import * as v from 'valibot';
import * as z from 'zod';
import { configureClient, resetClientConfig } from './config.js';
import { request } from './request.js';
import type { RequestSpec } from './types.js';
import {
  clearValidators,
  hasPropertyCount,
  hasUniqueItems,
  isMultipleOf,
  isValidationError,
  jsonPath,
  registerValidators,
  ValidationError,
  type OperationValidators,
} from './validation.js';

const calls: string[] = [];
let answer: unknown = {};

beforeEach(() => {
  calls.length = 0;
  answer = {};
  configureClient({
    baseUrl: 'https://api.example.test',
    fetch: async (input: string | URL | Request) => {
      calls.push(String(input));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
});

afterEach(() => {
  resetClientConfig();
  clearValidators();
});

const spec = (extra: Partial<RequestSpec> = {}): RequestSpec => ({ method: 'GET', path: '/items/{id}', pathParams: { id: 'a1' }, responseType: 'json', ...extra });

const libraries: Array<[string, () => OperationValidators]> = [
  [
    'zod',
    () => ({
      path: z.looseObject({ id: z.string().regex(/^a\d$/) }),
      params: z.looseObject({ page: z.int().gte(1).exactOptional(), 'header:page': z.string().exactOptional() }),
      body: z.looseObject({ name: z.string().min(1) }),
      response: z.looseObject({ items: z.array(z.looseObject({ email: z.email() })), at: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).exactOptional() }),
    }),
  ],
  [
    'valibot',
    () => ({
      path: v.looseObject({ id: v.pipe(v.string(), v.regex(/^a\d$/)) }),
      params: v.looseObject({ page: v.exactOptional(v.pipe(v.number(), v.integer(), v.minValue(1))), 'header:page': v.exactOptional(v.string()) }),
      body: v.looseObject({ name: v.pipe(v.string(), v.minLength(1)) }),
      response: v.looseObject({
        items: v.array(v.looseObject({ email: v.pipe(v.string(), v.email()) })),
        at: v.exactOptional(v.pipe(v.string(), v.isoTimestamp(), v.transform((s) => new Date(s)))),
      }),
    }),
  ],
];

describe.each(libraries)('validation with %s', (vendor, make) => {
  beforeEach(() => registerValidators({ 'GET /items/{id}': make(), 'POST /items/{id}': make() }));

  it('costs nothing when off: an invalid body passes through unchanged', async () => {
    answer = { items: [{ email: 'nope' }] };
    await expect(request(spec())).resolves.toEqual(answer);
  });

  it("validate: 'response' rejects an invalid body with the JSON path, operation and the library's issues", async () => {
    answer = { items: [{ email: 'ok@example.test' }, { email: 'nope' }] };
    const error: unknown = await request(spec(), { validate: 'response' }).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    const e = error as ValidationError;
    expect(e).toBeInstanceOf(ValidationError);
    expect({ operation: e.operation, direction: e.direction, target: e.target, path: e.path, vendor: e.vendor }).toEqual({
      operation: 'GET /items/{id}',
      direction: 'response',
      target: 'response',
      path: '$.items[1].email',
      vendor,
    });
    expect(e.issues.length).toBeGreaterThan(0);
    expect(e.message).toMatch(/^GET \/items\/\{id\}: the response body does not match its schema at \$\.items\[1\]\.email/);
  });

  it("returns the schema's output (a transform to Date applies)", async () => {
    answer = { items: [], at: '2024-01-01T00:00:00Z', extra: 1 };
    const value = (await request(spec(), { validate: 'response' })) as { at: Date; extra: number };
    expect(value.at).toBeInstanceOf(Date);
    expect(value.at.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(value.extra).toBe(1);
  });

  it('configureClient({ validate }) turns it on for every call; a call can turn it off', async () => {
    configureClient({ validate: 'both' });
    answer = { items: 3 };
    await expect(request(spec())).rejects.toBeInstanceOf(ValidationError);
    await expect(request(spec(), { validate: 'off' })).resolves.toEqual({ items: 3 });
  });

  it("validate: 'request' checks body, params and path before anything is sent", async () => {
    const post = spec({ method: 'POST', body: { name: '' }, bodyType: 'json' });
    const bad = await request(post, { validate: 'request' }).catch((e: unknown) => e as ValidationError);
    expect(bad).toMatchObject({ target: 'body', direction: 'request', path: '$.name' });
    const badQuery = await request(spec({ query: { page: 0 } }), { validate: 'request' }).catch((e: unknown) => e as ValidationError);
    expect(badQuery).toMatchObject({ target: 'params', path: '$.page' });
    // A name two locations share is keyed `<in>:<name>` for the later one, as plugin-client's params object.
    const badHeader = await request(spec({ query: { page: 1 }, headers: { page: 5 } }), { validate: 'request' }).catch((e: unknown) => e as ValidationError);
    expect(badHeader).toMatchObject({ target: 'params', path: '$["header:page"]' });
    const badPath = await request(spec({ pathParams: { id: 'zz' } }), { validate: 'request' }).catch((e: unknown) => e as ValidationError);
    expect(badPath).toMatchObject({ target: 'path', path: '$.id' });
    expect(calls).toEqual([]);
    // Absent (undefined) parameters are left out; numbers in the path are checked as the text sent.
    answer = { items: 'not validated' };
    await expect(request(spec({ query: { page: undefined } }), { validate: 'request' })).resolves.toEqual(answer);
    await expect(request(spec({ pathParams: { id: 'a1' }, method: 'POST', body: { name: 'x' } }), { validate: 'request' })).resolves.toEqual(answer);
    expect(calls).toHaveLength(2);
  });
});

describe('validation registry', () => {
  it('an operation without registered validators fails loudly when validation is on', async () => {
    await expect(request(spec(), { validate: 'response' })).rejects.toThrow(/no validators are registered for GET \/items\/\{id\}: import the generated <resource>\.schemas\.js/);
    await expect(request(spec())).resolves.toEqual({});
  });

  it('an empty entry validates nothing; an empty body is not validated', async () => {
    registerValidators({ 'GET /items/{id}': {} });
    answer = 'anything';
    await expect(request(spec(), { validate: 'both' })).resolves.toBe('anything');
    registerValidators({ 'GET /items/{id}': { response: z.string().min(100) } });
    configureClient({ fetch: async () => new Response(null, { status: 204 }) });
    await expect(request(spec(), { validate: 'both' })).resolves.toBeUndefined();
  });
});

describe('a library that throws', () => {
  it('fails as a ValidationError carrying the message', async () => {
    const throwing = { '~standard': { version: 1 as const, vendor: 'x', validate: () => { throw new Error('Unmergable intersection. Error path: ["at"]'); } } };
    registerValidators({ 'GET /items/{id}': { response: throwing } });
    const error = await request(spec(), { validate: 'response' }).catch((e: unknown) => e as ValidationError);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ vendor: 'x', path: '$', issues: [{ message: 'Unmergable intersection. Error path: ["at"]' }] });
  });
});

describe('validation helpers', () => {
  it('jsonPath', () => {
    expect(jsonPath(undefined)).toBe('$');
    expect(jsonPath(['items', 0, { key: 'x-id' }, 'ok_1'])).toBe('$.items[0]["x-id"].ok_1');
  });

  it('hasUniqueItems compares items as JSON with sorted keys', () => {
    expect(hasUniqueItems([1, 2, 3])).toBe(true);
    expect(hasUniqueItems([1, 2, 1])).toBe(false);
    expect(hasUniqueItems([{ a: 1, b: 2 }, { b: 2, a: 1 }])).toBe(false);
    expect(hasUniqueItems([[1], [2]])).toBe(true);
  });

  it('isMultipleOf tolerates floating-point rounding', () => {
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0.35, 0.1)).toBe(false);
    expect(isMultipleOf(10, 5)).toBe(true);
    expect(isMultipleOf(11, 5)).toBe(false);
  });

  it('hasPropertyCount', () => {
    expect(hasPropertyCount({ a: 1 }, 1, 2)).toBe(true);
    expect(hasPropertyCount({}, 1, 2)).toBe(false);
    expect(hasPropertyCount({ a: 1, b: 2, c: 3 }, 1, 2)).toBe(false);
  });

  it('isValidationError recognises a copy from another runtime instance by shape', () => {
    const copy = Object.assign(new Error('x'), { name: 'ValidationError', issues: [], operation: 'GET /' });
    expect(isValidationError(copy)).toBe(true);
    expect(isValidationError(new Error('x'))).toBe(false);
  });
});
