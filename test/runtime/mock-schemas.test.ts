// "Mocks that tell the truth": the generated MSW mocks answer bodies that validate against the contract.
//
// For each contract, the built CLI generates the resource layer into `.runtime-out/mocks-<case>/`; the mocks are
// transpiled to JavaScript and every resource's handlers are served by msw/node (`setupServer`, resources in
// folder-name order, as an application spreads them). Every operation with a JSON success response is fetched
// with valid parameters (path parameters from the resource store's keys or sampled from the parameter schema,
// required query and header parameters sampled, each checked with ajv), and the parsed body is validated with
// ajv (+ ajv-formats) against the response schema of the returned status, after an OpenAPI → JSON Schema
// conversion of the whole document (@openapi-contrib/openapi-schema-to-json-schema; Ajv2020 for 3.1 documents;
// writeOnly properties forbidden in responses). See mocks-helpers/schemas.ts.
//
// Requests are built as the generated client builds them (a path key's fragment dropped, its literal query first),
// and the handler that answered must be the operation's own (msw `request:match`): a fall-through to another
// operation's handler fails even when its body happens to validate. Operations whose path keys differ by a fragment
// only share one handler (plugin-mocks README, Handlers): their answers are counted apart.
//
// Contracts: the demo, plugin-mocks' fidelity fixtures, and every corpus contract with operations (fixtures/corpus,
// or the folder RESLAYER_CORPUS names: with large contracts about 2 to 3 minutes in all; `MOCK_CASES=box,openai`
// checks some only). `pnpm build` first (the CLI runs from packages/cli/dist).
import path from 'node:path';
import { CORPUS_DIR, corpusSpecs } from '../helpers/corpus.js';
import { ROOT } from '../helpers/paths.js';
import { checkScenario, hasJsonSuccess, requestBodyFor, startContract, type CheckResult, type ContractRun } from './mocks-helpers/check.js';
import type { OperationInfo } from './mocks-helpers/operations.js';

const DEMO = path.join(ROOT, 'examples/public-crm/openapi.yaml');

/** `MOCK_CASES=a,b`: check only these corpus specs (default: every spec of corpus.json with operations). */
const ONLY = process.env['MOCK_CASES']?.split(',');

/** The checks a known bug shows in: `success` (parameters only) and `body` (success with a valid request body). */
type Check = 'success' | 'body';

/**
 * Operations left out of a check, each with its reason. The test asserts the reason is written and the
 * operation is one the check would cover, so an exclusion cannot outlive its operation.
 */
const EXCLUDED: ReadonlyArray<{ contract: string; check: Check; operation: string; reason: string }> = [
  {
    contract: 'digitalocean-multifile',
    check: 'body',
    operation: 'POST /v2/droplets/actions',
    reason:
      'no request body found: the oneOf\'s second alternative is the first plus an optional string `name`, so every body the ' +
      "test's builder makes matches both (only a body whose `name` is not a string matches exactly one)",
  },
  ...['POST /v2/load_balancers', 'PUT /v2/load_balancers/{lb_id}'].map((operation) => ({
    contract: 'digitalocean-multifile',
    check: 'body' as const,
    operation,
    reason:
      "the test's body is not valid: the contract writes `properties: { $ref: 'attributes.yml#/load_balancer_droplet_ids' }`, " +
      "which this test's JSON Schema conversion reads as a property named `$ref`, so its builder sends `droplet_ids` as a string; " +
      'reslayer resolves the reference (an array of integers), so the mock refuses that body with the contract\'s 400, as DigitalOcean would',
  })),
];

/**
 * Real plugin-mocks bugs: answers of the `success` scenario that do not validate against their schema. The test
 * fails when an operation fails and is not listed here, and also when a listed one passes (remove it then), so
 * the list cannot go stale. Fix them in packages/plugin-mocks, then delete the entry.
 */
const KNOWN_MOCK_BUGS: ReadonlyArray<{ contract: string; checks: readonly Check[]; operations: readonly string[]; bug: string }> = [];

interface Case {
  name: string;
  contract: string;
}

/**
 * The corpus specs checked: every one with operations (their entry files come from corpus.json). A spec without
 * paths (`oai-webhook-example`: webhooks only) has no mocks; the Swagger 2.0 one is converted by the CLI.
 */
function corpusCases(): Case[] {
  const all = corpusSpecs();
  for (const name of ONLY ?? []) if (!all.some((s) => s.name === name)) throw new Error(`${name} is not in ${path.join(CORPUS_DIR, 'corpus.json')}`);
  const specs = all.filter((s) => (ONLY ? ONLY.includes(s.name) : (s.stats?.ops ?? 1) > 0));
  const left = all.filter((s) => !specs.includes(s) && !ONLY).map((s) => s.name);
  if (left.length > 0) console.log(`mocks: corpus specs without operations (no mocks): ${left.join(', ')}`);
  return specs.map((s) => ({ name: s.name, contract: s.file }));
}

const report = (results: readonly CheckResult[], bodies = false): string =>
  results
    .map((r) => `  ${r.operation}: ${r.detail}${bodies && r.body !== undefined ? `\n    body: ${JSON.stringify(r.body).slice(0, 300)}` : ''}`)
    .join('\n');

/**
 * Runs the `success` scenario over a contract's JSON operations (`success`: those whose JSON request body is not
 * required, sent without one; `body`: those with a JSON request body, sent a valid one),
 * prints `mocks: <contract> N/M JSON responses validated` and asserts N = M up to the listed known bugs.
 */
async function expectSuccessValid(run: ContractRun, check: Check): Promise<void> {
  const excluded = EXCLUDED.filter((e) => e.contract === run.name && e.check === check);
  // Without a body, an operation whose JSON request body is required is refused (400/422), as a server refuses it:
  // the `body` check covers those, with a valid body.
  const candidates = run.operations.filter((o) => hasJsonSuccess(o) && (check === 'success' ? o.requestBody?.required !== true : o.requestBody !== undefined));
  for (const e of excluded) {
    expect(e.reason.length).toBeGreaterThan(20);
    expect(candidates.map((o) => o.key)).toContain(e.operation);
  }
  const ops = candidates.filter((o) => !excluded.some((e) => e.operation === o.key));
  // The test must be able to send a valid body to every operation it claims to check.
  if (check === 'body') expect(ops.filter((o) => requestBodyFor(run, o) === undefined).map((o) => `${o.key}: no valid request body built`)).toEqual([]);
  const results = await checkScenario(run, 'success', ops, 'success', check === 'body');
  const passed = results.filter((r) => r.valid);
  // Operations whose path key differs from an earlier operation's by a fragment only: the client sends the same
  // request, so one handler answers both, with the earlier operation's response (plugin-mocks README, Handlers).
  const shared = results.filter((r) => !r.valid && r.answeredBy !== undefined && r.validForAnswering === true);
  const failed = results.filter((r) => !r.valid && !shared.includes(r));
  const what = check === 'body' ? 'JSON responses validated with a valid JSON request body' : 'JSON responses validated';
  console.log(
    `mocks: ${run.name} ${passed.length}/${results.length} ${what}` +
      (shared.length
        ? ` (${shared.length} more answered by the handler of an operation on the same URL, valid against its schema: ${shared.map((r) => `${r.operation} → ${String(r.answeredBy)}`).join(', ')})`
        : '') +
      (excluded.length ? ` (${excluded.length} excluded: ${excluded.map((e) => `${e.operation}: ${e.reason}`).join('; ')})` : '') +
      (failed.length ? `\n${report(failed, true)}` : ''),
  );
  const checked = new Set(results.map((r) => r.operation));
  const listed = KNOWN_MOCK_BUGS.filter((b) => b.contract === run.name && b.checks.includes(check)).flatMap((b) => b.operations);
  // A listed operation the check does not cover (e.g. no request body in the `body` check) is not expected here,
  // but every listed operation must exist in the contract.
  expect(listed.filter((op) => !run.operations.some((o) => o.key === op)).map((op) => `${op}: not an operation of ${run.name}`)).toEqual([]);
  const known = new Set(listed.filter((op) => checked.has(op)));
  // Every failure is a listed bug (the message shows the unlisted ones with their ajv errors)…
  expect(failed.filter((r) => !known.has(r.operation)).map((r) => `${r.operation}: ${r.detail}`)).toEqual([]);
  // …and every listed bug still fails.
  const fixed = [...known].filter((op) => !failed.some((r) => r.operation === op));
  expect(fixed.map((op) => `${op} passes now: remove it from KNOWN_MOCK_BUGS`)).toEqual([]);
  expect(passed.length + shared.length + known.size).toBe(results.length);
  // Every contract has JSON success answers; not every one has JSON request bodies.
  if (check === 'success' || candidates.length > 0) expect(results.length).toBeGreaterThan(0);
}

/** True when an operation documents a JSON body for an error status (4xx, 5xx, or `default` when it is not the success answer). */
function declaresJsonError(op: OperationInfo): boolean {
  return op.responses.some((r) => r.jsonSchema !== undefined && (/^[45]/.test(r.status) || (r.status === 'default' && !op.success.includes(r))));
}

/**
 * The `error` scenario: every operation answers an error status whose body fits the documented error schema.
 * When the contract documents JSON error bodies, at least one answer must be validated against one: a run
 * that validated none (e.g. every mock answering an undocumented status with no body) proves nothing.
 */
async function expectErrorsValid(run: ContractRun): Promise<CheckResult[]> {
  const results = await checkScenario(run, 'error', run.operations, 'error');
  const withSchema = results.filter((r) => r.schema !== undefined);
  const declaring = run.operations.filter(declaresJsonError);
  console.log(
    `mocks: ${run.name} error scenario ${withSchema.filter((r) => r.valid).length}/${withSchema.length} JSON error bodies validated ` +
      `(${results.length} operations, ${declaring.length} with a documented JSON error body, ${results.filter((r) => r.valid).length} answers fit the contract)`,
  );
  expect(report(results.filter((r) => !r.valid))).toBe('');
  if (declaring.length > 0) expect(withSchema.length).toBeGreaterThan(0);
  return withSchema;
}

describe('mock responses validate against the contract: demo (examples/public-crm)', () => {
  let run: ContractRun;

  beforeAll(async () => {
    run = await startContract('public-crm', DEMO);
  }, 180_000);

  afterAll(() => run?.server.close());

  it('success: every JSON response validates against its response schema', async () => {
    await expectSuccessValid(run, 'success');
  });

  it('success with a valid JSON request body: create and update answers validate', async () => {
    await expectSuccessValid(run, 'body');
  });

  it('error: every error body validates against the error response schema of its status', async () => {
    const withSchema = await expectErrorsValid(run);
    expect(run.operations.filter(declaresJsonError).length).toBeGreaterThan(0);
    expect(withSchema.length).toBeGreaterThan(0);
  });

  it('empty: empty lists (and every other GET answer) validate', async () => {
    const gets = run.operations.filter((o) => o.method === 'get' && hasJsonSuccess(o));
    const results = await checkScenario(run, 'empty', gets, 'any');
    console.log(`mocks: ${run.name} empty scenario ${results.filter((r) => r.valid).length}/${results.length} GET responses validated`);
    expect(report(results.filter((r) => !r.valid))).toBe('');
    // The lists answer 200 with no items, and that validates.
    const emptyLists = results.filter((r) => r.status === 200 && r.valid && JSON.stringify(r.body).includes('[]')).map((r) => r.operation);
    expect(emptyLists).toEqual(expect.arrayContaining(['GET /api/v1/companies', 'GET /api/v1/contacts', 'GET /api/v1/search']));
  });
});

/**
 * plugin-mocks' contracts of the issue "Fidelity on real contracts", reduced from real ones: samples that broke their
 * schema (arrays of unions, pinned `const`/`enum` values in `allOf`, formats with lengths, `multipleOf`, `uniqueItems`,
 * property counts, maps) and path keys with a literal query or a fragment.
 */
const FIDELITY_CASES: readonly Case[] = [
  { name: 'fidelity', contract: path.join(ROOT, 'packages/plugin-mocks/test/fixtures/fidelity.yaml') },
  { name: 'shared-urls', contract: path.join(ROOT, 'packages/plugin-mocks/test/fixtures/shared-urls.yaml') },
];

describe.each(FIDELITY_CASES)('mock responses validate against the contract: plugin-mocks fixture contract $name', (c) => {
  let run: ContractRun;

  beforeAll(async () => {
    run = await startContract(`plugin-${c.name}`, c.contract);
  }, 120_000);

  afterAll(() => run?.server.close());

  it('success: every JSON response validates against its response schema', async () => {
    await expectSuccessValid(run, 'success');
  });

  it('success with a valid JSON request body', async () => {
    await expectSuccessValid(run, 'body');
  });

  it('empty: every GET answer validates', async () => {
    const gets = run.operations.filter((o) => o.method === 'get' && hasJsonSuccess(o));
    const results = await checkScenario(run, 'empty', gets, 'any');
    console.log(`mocks: ${run.name} empty scenario ${results.filter((r) => r.valid).length}/${results.length} GET responses validated`);
    expect(report(results.filter((r) => !r.valid && !(r.answeredBy !== undefined && r.validForAnswering === true)), true)).toBe('');
  });
});

describe('mock responses validate against the contract: corpus', () => {
  for (const c of corpusCases()) {
    describe(c.name, () => {
      let run: ContractRun;

      beforeAll(async () => {
        run = await startContract(c.name, c.contract);
      }, 300_000);

      afterAll(() => run?.server.close());

      it('success: every JSON response validates against its response schema', async () => {
        await expectSuccessValid(run, 'success');
      }, 300_000);

      it('success with a valid JSON request body', async () => {
        await expectSuccessValid(run, 'body');
      }, 300_000);

      it('error: every error answer fits the contract', async () => {
        await expectErrorsValid(run);
      }, 300_000);
    });
  }
});
