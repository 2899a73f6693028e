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
import { configureClient, getClientConfig, isApiError, isValidationError, resetClientConfig } from '@reslayer/runtime';
import { compiledClientFile, invalidArgs, planCalls, type CallPlan, type PlannedCall } from './helpers/calls.js';
import {
  createRecorder,
  formatExchange,
  formatViolation,
  requestViolations,
  responseViolations,
  type Recorder,
} from './helpers/exchange.js';
import { generateAndCompile, RUNTIME_OUT, type CompiledLayer } from './helpers/layer.js';
import { prismRoutableContract, splitKey, type RewrittenKey } from './helpers/prismContract.js';
import { startPrism, type PrismServer } from './helpers/prism.js';
import { CASES, EXCLUDED, KNOWN_BUGS, PRISM_WORKAROUNDS } from './helpers/prismCases.js';
import { bodyViolations, invoke, isPlainObject, shapeProblem } from './helpers/callChecks.js';

/** The outcome of one call. */
interface Outcome {
  ok: boolean;
  /** Why the call failed: the error, the request and Prism's violations. */
  problem?: string;
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
