// The generated layer works at run time: every generated client method is called with valid arguments against
// a Prism mock server (@stoplight/prism-cli) that validates each request against the contract.
//
// For each case the built CLI (`pnpm build` first) generates the layer into `.runtime-out/<case>/`; the client
// folder is compiled to JavaScript beside the TypeScript and imported. `@reslayer/runtime` is imported here by
// package name, so the test and the compiled clients share one runtime module instance (asserted below); its
// `configureClient` points the clients at Prism on 127.0.0.1 and installs a recording fetch.
//
// Prism cannot route a `paths` key with a literal query or a fragment (`/responses/{response_id}?beta=true`,
// `/folders/{folder_id}#add_shared_link`: openai and box write such keys); it is served a copy where those keys
// are plain paths with the literal query as a required, single-valued query parameter (helpers/prismContract.ts),
// so the URL the client sends for them is validated like any other. The fidelity fixture has such keys; its case
// also shows that Prism still cannot route them as written, and checks each such URL against its key.
// Every case is generated with plugin-validators too (zod and valibot alternate) and runs with `validate: 'both'`:
// the compiled `<resource>.schemas.js` modules are imported (registering their validators), so each request is
// checked against its schemas before it is sent and each success body Prism answers after it is read.
//
// A request Prism rejects (422, or a declared 400, with violations in `sl-violations` or the problem body)
// fails the call's test with the request and the violations. Known bugs of the generator or the runtime are
// listed in KNOWN_BUGS: their tests assert the failure still happens, so a fix makes the list fail until the
// entry is removed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configureClient, getClientConfig, isApiError, isValidationError, resetClientConfig, type ValidateMode } from '@reslayer/runtime';
import type { SchemaNode } from '@reslayer/core';
import { corpusSpec } from '../helpers/corpus.js';
import { fixture, ROOT } from '../helpers/paths.js';
import { compiledClientFile, invalidArgs, planCalls, type CallPlan, type PlannedCall } from './helpers/calls.js';
import {
  createRecorder,
  formatExchange,
  formatViolation,
  parseViolations,
  requestViolations,
  responseViolations,
  type Recorder,
  type Violation,
} from './helpers/exchange.js';
import { generateAndCompile, RUNTIME_OUT, type CompiledLayer } from './helpers/layer.js';
import { prismRoutableContract, splitKey, type RewrittenKey } from './helpers/prismContract.js';
import type { SampleMode } from './helpers/sample.js';
import { startPrism, type PrismServer } from './helpers/prism.js';

interface RuntimeCase {
  /** Case name, also the `.runtime-out/<name>` folder. */
  name: string;
  /** Absolute path of the contract, or undefined when its corpus entry is absent. */
  contract: string | undefined;
  /** Why the case is skipped, when it is. */
  skipReason?: string;
  /** The schema library of plugin-validators the layer is generated with; every call runs with `validate: 'both'`. */
  validators: 'zod' | 'valibot';
}

/** A contract of the corpus (fixtures/corpus, or RESLAYER_CORPUS), its entry file from corpus.json (not hard-coded). */
function corpusCase(name: string, validators: RuntimeCase['validators']): RuntimeCase {
  const spec = corpusSpec(name);
  return 'missing' in spec ? { name, contract: undefined, skipReason: spec.missing, validators } : { name, contract: spec.file, validators };
}

// Every case runs with plugin-validators' schemas registered and `validate: 'both'` (zod and valibot alternate):
// each request is checked against its schemas before it is sent, and each success body after it is read.
const CASES: RuntimeCase[] = [
  { name: 'public-crm', contract: path.join(ROOT, 'examples/public-crm/openapi.yaml'), validators: 'zod' },
  corpusCase('swagger-petstore-v3', 'valibot'),
  corpusCase('realworld-conduit', 'zod'),
  // Multi-file contract (Prism resolves the relative $refs itself): multipart body with a binary field,
  // oneOf + discriminator payload, pattern-constrained path ids, a binary download.
  corpusCase('redocly-cafe-multifile', 'valibot'),
  // Path keys with a literal query (`?beta=true`) or a fragment (`#add_shared_link`), parameters named like
  // generated identifiers, path parameters typed by their schema, discriminated unions (test/fidelity.test.ts).
  { name: 'prism-fidelity-defects', contract: fixture('fidelity/defects.yaml'), validators: 'zod' },
];

/**
 * Generator or runtime bugs that make a valid call fail, keyed `<case> <METHOD path>`. The call's test asserts
 * the failure still happens: when a bug is fixed, its test fails until the entry is removed.
 */
const KNOWN_BUGS: Readonly<Record<string, string>> = {};

/**
 * Operations left out, keyed `<case> <METHOD path>`, each with the reason (for example a media type Prism cannot
 * mock). Keep this to a minimum: every entry lowers the exercised count below 100 %.
 */
const EXCLUDED: Readonly<Record<string, string>> = {
  'prism-fidelity-defects GET /cats/{catId}':
    'Cat is a contradicting allOf on purpose (Pet.huntingSkill is integer 0 | 1 | 2, the later member makes it a string ' +
    'enum; RSL_ALLOF_CONFLICT): no value satisfies both, so Prism cannot mock a valid answer and, with --errors, ' +
    'answers 500 for its own response violation. The request (GET /cats/tom) is valid; test/fidelity.test.ts checks the types.',
};

/**
 * Calls that need a test-side workaround for a Prism limitation (not a client bug), keyed `<case> <METHOD path>`,
 * with the reason. The operation still counts as exercised: the client sends the body it is given unchanged.
 */
const PRISM_WORKAROUNDS: Readonly<Record<string, { reason: string; payloadMode: SampleMode }>> = {
  'redocly-cafe-multifile POST /menu': {
    reason:
      'Prism 5.16 drops readOnly properties from `required` in a request body, but not inside oneOf variants: the ' +
      'MenuItem payload (oneOf Beverage | Dessert, each allOf MenuBaseItem with required readOnly id, object, createdAt, ' +
      'updatedAt) is rejected without them. The payload keeps its readOnly properties (valid values; OpenAPI says they ' +
      'SHOULD NOT be sent, a server ignores them).',
    payloadMode: 'all',
  },
};

/** The outcome of one call. */
interface Outcome {
  ok: boolean;
  /** Why the call failed: the error, the request and Prism's violations. */
  problem?: string;
}

/** Per-call deadline, so a hung request fails its test instead of the whole suite timing out. */
const CALL_TIMEOUT_MS = 15_000;

/** Violations Prism put in a 422 problem body (`validation`), besides the `sl-violations` header. */
function bodyViolations(body: unknown): Violation[] {
  if (typeof body !== 'object' || body === null) return [];
  const validation = (body as { validation?: unknown }).validation;
  return Array.isArray(validation) ? (validation as Violation[]) : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that a success value is what the client promises: a Blob for `blob`, a string for `text`,
 * `undefined` for `none`, and for `json` a value of the success schema's JSON type (an object for an object
 * schema, an array for an array schema, …).
 */
function shapeProblem(call: PlannedCall, plan: CallPlan, value: unknown): string | undefined {
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
async function invoke(fn: (...args: unknown[]) => Promise<unknown>, args: unknown[], headers?: Record<string, string>, validate?: ValidateMode): Promise<unknown> {
  const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
  return fn(...args, { signal, ...(headers ? { headers } : {}), ...(validate ? { validate } : {}) });
}

for (const c of CASES) {
  const contract = c.contract;
  if (contract === undefined) {
    // Not a silent pass: the skip is printed and shows up as a skipped test named with the reason.
    const reason = `prism: skipping ${c.name}: ${c.skipReason ?? 'no contract'}`;
    console.warn(reason);
    describe.skip(`prism: ${c.name}`, () => {
      it(reason, () => undefined);
    });
    continue;
  }
  // The plan (model + one call per operation) is needed to declare the tests, so it is built while collecting.
  const plan: CallPlan = await planCalls(contract);
  // What Prism serves: the contract, or its routable copy when it has keys with a literal query or fragment.
  const routable = await prismRoutableContract(contract, path.join(RUNTIME_OUT, 'prism-contracts', `${c.name}.json`));

  describe(`prism: ${c.name}`, () => {
    let layer: CompiledLayer;
    let server: PrismServer | undefined;
    let recorder: Recorder;
    const clients = new Map<string, Record<string, unknown>>();
    const outcomes = new Map<string, Outcome>();
    /** The URL each successful call sent, by operation key. */
    const sent = new Map<string, string>();

    beforeAll(async () => {
      layer = generateAndCompile(c.name, contract, { validators: c.validators });
      for (const call of plan.calls) {
        if (clients.has(call.clientObject)) continue;
        // Importing a resource's schemas module registers its validators with the runtime.
        await import(pathToFileURL(compiledClientFile(layer.srcDir, call).replace(/\.client\.js$/, '.schemas.js')).href);
        const mod = (await import(pathToFileURL(compiledClientFile(layer.srcDir, call)).href)) as Record<string, unknown>;
        const client = mod[call.clientObject];
        if (typeof client !== 'object' || client === null) throw new Error(`${call.clientFile} does not export ${call.clientObject}`);
        clients.set(call.clientObject, client as Record<string, unknown>);
      }
      server = await startPrism(routable.file);
      recorder = createRecorder();
      resetClientConfig();
      configureClient({ baseUrl: server.baseUrl, fetch: recorder.fetch, validate: 'both', headers: plan.security.headers, ...(plan.security.auth ? { auth: plan.security.auth } : {}) });
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      resetClientConfig();
    }, 30_000);

    const method = (call: PlannedCall): ((...args: unknown[]) => Promise<unknown>) => {
      const client = clients.get(call.clientObject);
      const fn = client?.[call.method];
      if (typeof fn !== 'function') throw new Error(`${call.clientObject}.${call.method} is not a function in ${call.clientFile}`);
      return (fn as (...args: unknown[]) => Promise<unknown>).bind(client);
    };

    /** The call's arguments, with its PRISM_WORKAROUNDS payload mode unless `plain`. */
    const argsFor = (call: PlannedCall, plain = false): unknown[] => {
      const workaround = plain ? undefined : PRISM_WORKAROUNDS[`${c.name} ${call.key}`];
      return call.args(workaround ? { payloadMode: workaround.payloadMode } : {});
    };

    /** Calls one operation for its success response and checks request validity and response shape. */
    const exercise = async (call: PlannedCall, plain = false): Promise<Outcome> => {
      const before = recorder.exchanges.length;
      let value: unknown;
      try {
        value = await invoke(method(call), argsFor(call, plain));
      } catch (error) {
        const exchange = recorder.exchanges[before];
        const fromBody = isApiError(error) ? bodyViolations(error.body) : [];
        const lines = [
          `${call.label} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
          formatExchange(exchange),
        ];
        if (fromBody.length > 0) lines.push('  violations in the problem body:', ...fromBody.map((v) => `    ${formatViolation(v)}`));
        if (isApiError(error) && fromBody.length === 0) lines.push(`  error body: ${JSON.stringify(error.body)?.slice(0, 600)}`);
        return { ok: false, problem: lines.join('\n') };
      }
      const exchange = recorder.exchanges[before];
      const rejected = requestViolations(exchange);
      if (rejected.length > 0) {
        return { ok: false, problem: `${call.label}: Prism flagged the request\n${formatExchange(exchange)}` };
      }
      // Violations of Prism's own mocked response (not the client's doing) are reported, not failed.
      const other = responseViolations(exchange);
      if (other.length > 0) console.warn(`prism: ${c.name} ${call.key}: Prism's response has violations:\n${other.map((v) => `  ${formatViolation(v)}`).join('\n')}`);
      const shape = shapeProblem(call, plan, value);
      if (shape) return { ok: false, problem: `${call.label}: wrong response type: ${shape}\n${formatExchange(exchange)}` };
      if (exchange) sent.set(call.key, exchange.url);
      return { ok: true };
    };

    const calls = plan.calls;

    it('the compiled clients and this test share one @reslayer/runtime instance', async () => {
      const before = recorder.calls();
      expect(getClientConfig().fetch).toBe(recorder.fetch);
      const first = calls[0];
      if (!first) return;
      await invoke(method(first), argsFor(first)).catch(() => undefined);
      // The client found the recording fetch only if it reads the configuration set through this module.
      expect(recorder.calls()).toBe(before + 1);
    });

    it('negative control: a request that breaks the contract is rejected by Prism and reported', async () => {
      const broken = calls.map((call) => ({ call, invalid: invalidArgs(call, plan.sampler) })).find((x) => x.invalid !== undefined);
      if (!broken?.invalid) throw new Error(`no operation of ${c.name} has an argument the negative control can break`);
      // With validation on, the broken request never leaves the client when its schemas cover the broken value
      // (a JSON payload, a string path parameter); a broken number in the path is left to the server.
      const ours: unknown = await invoke(method(broken.call), broken.invalid.args, undefined, 'request').then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!isValidationError(ours) && !isApiError(ours)) throw new Error(`expected a ValidationError or an ApiError with validation on, got ${String(ours)}`);
      const before = recorder.exchanges.length;
      const error: unknown = await invoke(method(broken.call), broken.invalid.args, undefined, 'off').then(
        () => undefined,
        (e: unknown) => e,
      );
      const exchange = recorder.exchanges[before];
      const context = `${broken.call.label} with ${broken.invalid.what}\n${formatExchange(exchange)}`;
      if (!isApiError(error)) throw new Error(`expected Prism to reject the request, got ${String(error)}\n${context}`);
      expect([400, 422]).toContain(error.status);
      const violations = [...requestViolations(exchange), ...bodyViolations(error.body)];
      if (violations.length === 0) throw new Error(`Prism answered ${error.status} without violations\n${context}`);
    });

    it('every operation of the contract has a planned client call', () => {
      const planned = calls.map((x) => x.key).sort();
      expect(planned).toEqual(plan.model.operations.map((o) => o.key).sort());
    });

    if (calls.length > 0) test.each(calls.map((call) => [call.label, call] as const))('%s', async (_label, call) => {
      const id = `${c.name} ${call.key}`;
      if (EXCLUDED[id] !== undefined) {
        expect(EXCLUDED[id]).toMatch(/\S/);
        outcomes.set(call.key, { ok: false, problem: `excluded: ${EXCLUDED[id]}` });
        return;
      }
      const workaround = PRISM_WORKAROUNDS[id];
      if (workaround !== undefined) {
        // The workaround must still be needed: without it, Prism still rejects the request.
        expect(workaround.reason).toMatch(/\S/);
        const plain = await exercise(call, true);
        if (plain.ok) throw new Error(`PRISM_WORKAROUNDS["${id}"] is no longer needed (${workaround.reason}): remove the entry`);
        if (!/violations/.test(plain.problem ?? '')) throw new Error(`PRISM_WORKAROUNDS["${id}"]: without it the call fails for another reason:\n${plain.problem ?? ''}`);
      }
      const outcome = await exercise(call);
      outcomes.set(call.key, outcome);
      const known = KNOWN_BUGS[id];
      if (known !== undefined) {
        if (outcome.ok) throw new Error(`KNOWN_BUGS["${id}"] no longer fails (${known}): the bug is fixed, remove the entry`);
        console.warn(`prism: known bug ${id}: ${known}\n${outcome.problem ?? ''}`);
        return;
      }
      if (!outcome.ok) throw new Error(outcome.problem);
    });

    const forcible = calls.filter((call) => call.forcedError !== undefined && EXCLUDED[`${c.name} ${call.key}`] === undefined);

    it('declares at least one error status to force', () => {
      expect(forcible.length).toBeGreaterThan(0);
    });

    if (forcible.length > 0) test.each(forcible.map((call) => [call.forcedError?.status ?? 0, call.label, call] as const))(
      'Prefer: code=%i → ApiError from %s',
      async (status, _label, call) => {
        const before = recorder.exchanges.length;
        let caught: unknown;
        let value: unknown;
        try {
          value = await invoke(method(call), argsFor(call), { Prefer: `code=${status}` });
        } catch (error) {
          caught = error;
        }
        const exchange = recorder.exchanges[before];
        const context = `${call.label} with Prefer: code=${status}\n${formatExchange(exchange)}`;
        if (!isApiError(caught)) {
          throw new Error(`expected an ApiError, got ${caught === undefined ? `a success value ${JSON.stringify(value)?.slice(0, 200)}` : String(caught)}\n${context}`);
        }
        const rejected = [...requestViolations(exchange), ...bodyViolations(caught.body)];
        if (rejected.length > 0) throw new Error(`Prism rejected the request\n${context}`);
        expect({ status: caught.status, method: caught.method }).toEqual({ status, method: call.signature.node.method.toUpperCase() });
        expect(caught.url.startsWith(server?.baseUrl ?? '')).toBe(true);
        if (call.forcedError?.json) {
          // The contract declares a JSON body for this status: the error carries it parsed.
          if (!isPlainObject(caught.body) && !Array.isArray(caught.body)) throw new Error(`expected a parsed JSON error body, got ${JSON.stringify(caught.body)}\n${context}`);
        } else {
          // No content declared: nothing to parse.
          expect(caught.body).toBeUndefined();
        }
      },
    );

    if (routable.rewritten.length > 0) {
      const rewrittenCalls = calls.filter((call) => routable.rewritten.some((r) => r.key === call.signature.node.path));

      it('Prism cannot route a path key with a literal query or a fragment as written (so it is served the routable copy)', async () => {
        expect(rewrittenCalls.length).toBeGreaterThan(0);
        const original = await startPrism(contract);
        try {
          for (const call of rewrittenCalls) {
            const response = await fetch(`${original.baseUrl}${splitKey(call.signature.node.path).path.replace(/\{[^}]+\}/g, 'x')}`, { method: call.signature.node.method.toUpperCase() });
            // 404 NO_PATH_MATCHED_ERROR, or 405 NO_METHOD_MATCHED_ERROR when the plain path has other methods.
            expect({ key: call.key, status: response.status }).toEqual({ key: call.key, status: expect.any(Number) as number });
            expect([404, 405]).toContain(response.status);
            expect(await response.text()).toMatch(/NO_(PATH|METHOD)_MATCHED_ERROR/);
          }
        } finally {
          await original.stop();
        }
      }, 120_000);

      it('negative control: the routable copy still requires the literal query (a request without it is rejected)', async () => {
        const withQuery = rewrittenCalls.filter((call) => splitKey(call.signature.node.path).query.length > 0);
        expect(withQuery.length).toBeGreaterThan(0);
        for (const call of withQuery) {
          const url = sent.get(call.key);
          if (url === undefined) throw new Error(`${call.label} was not exercised successfully against Prism`);
          const without = new URL(url);
          for (const q of splitKey(call.signature.node.path).query) without.searchParams.delete(q.name);
          const response = await fetch(without, { method: call.signature.node.method.toUpperCase(), headers: plan.security.headers });
          expect({ key: call.key, status: response.status }).toEqual({ key: call.key, status: 422 });
          expect(await response.text()).toContain(splitKey(call.signature.node.path).query[0]?.name ?? '?');
        }
      });

      it('the URL sent for a path key with a literal query or a fragment: its path, the literal query first, no fragment', () => {
        for (const call of rewrittenCalls) {
          const url = sent.get(call.key);
          if (url === undefined) throw new Error(`${call.label} was not exercised successfully against Prism`);
          const key: RewrittenKey = splitKey(call.signature.node.path);
          const parsed = new URL(url);
          const pattern = new RegExp(`^${key.path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
          expect({ key: call.key, path: parsed.pathname, matches: pattern.test(parsed.pathname) }).toEqual({ key: call.key, path: parsed.pathname, matches: true });
          expect(url).not.toMatch(/#|%23/);
          const literal = key.query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`).join('&');
          if (literal !== '') expect(parsed.search.startsWith(`?${literal}`)).toBe(true);
        }
      });
    }

    it('summary: every operation exercised (100 %, less listed exclusions and known bugs)', () => {
      const total = plan.model.operations.length;
      const idOf = (x: PlannedCall): string => `${c.name} ${x.key}`;
      const ok = (x: PlannedCall): boolean => outcomes.get(x.key)?.ok === true;
      const exercised = calls.filter(ok);
      const excluded = calls.filter((x) => EXCLUDED[idOf(x)] !== undefined);
      const known = calls.filter((x) => KNOWN_BUGS[idOf(x)] !== undefined && !ok(x));
      const notes = [excluded.length > 0 ? `${excluded.length} excluded` : '', known.length > 0 ? `${known.length} known bug(s)` : ''].filter((n) => n !== '');
      console.log(`prism: ${c.name} ${exercised.length}/${total} operations exercised${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
      // Every operation is exercised, excluded with a reason, or a listed known bug that still fails.
      const unaccounted = calls.filter((x) => !ok(x) && EXCLUDED[idOf(x)] === undefined && KNOWN_BUGS[idOf(x)] === undefined);
      expect(unaccounted.map((x) => x.label)).toEqual([]);
      expect(exercised.length + excluded.length + known.length).toBe(total);
      // Entries of the lists name operations of this contract (a renamed operation must not leave a stale entry).
      const keys = new Set(calls.map(idOf));
      const stale = [...Object.keys(EXCLUDED), ...Object.keys(KNOWN_BUGS), ...Object.keys(PRISM_WORKAROUNDS)].filter((k) => k.startsWith(`${c.name} `) && !keys.has(k));
      expect(stale).toEqual([]);
    });
  });
}

// Keep `parseViolations` part of the helper's tested surface: Prism's header is a JSON array.
describe('prism helpers', () => {
  it('parses an sl-violations header', () => {
    expect(parseViolations('[{"location":["request","query","page"],"severity":"Error","message":"m"}]')).toEqual([
      { location: ['request', 'query', 'page'], severity: 'Error', message: 'm' },
    ]);
    expect(parseViolations(null)).toEqual([]);
  });

  it('splits a path key with a literal query or a fragment into its path and the literal query', () => {
    expect(splitKey('/responses/{response_id}?beta=true')).toEqual({ key: '/responses/{response_id}?beta=true', path: '/responses/{response_id}', query: [{ name: 'beta', value: 'true' }] });
    expect(splitKey('/folders/{folder_id}#add_shared_link')).toEqual({ key: '/folders/{folder_id}#add_shared_link', path: '/folders/{folder_id}', query: [] });
    expect(splitKey('/a?x=1&y=2#frag').query).toEqual([{ name: 'x', value: '1' }, { name: 'y', value: '2' }]);
  });
});
