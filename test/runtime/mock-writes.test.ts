// Writes validated the way a server validates them, on real contracts: every POST, PUT or PATCH whose JSON request
// body schema refuses `{}` (a required property, say) is sent `{}` through the generated handlers (msw/node, as in
// mock-schemas.test.ts), and must answer 4xx: the contract's 400/422 response with a body that validates against
// its schema, or, when the contract declares none, 400 with a problem body. Never 2xx.
//
// Contracts: the demo and every corpus contract with operations (fixtures/corpus, or the folder RESLAYER_CORPUS
// names; `MOCK_CASES=box,openai` checks some only). Prints `mocks: <contract> invalid writes refused N/M`.
// `pnpm build` first.
import path from 'node:path';
import { corpusSpecs } from '../helpers/corpus.js';
import { ROOT } from '../helpers/paths.js';
import { checkOperation, startContract, type CheckResult, type ContractRun } from './mocks-helpers/check.js';
import type { OperationInfo } from './mocks-helpers/operations.js';

const ONLY = process.env['MOCK_CASES']?.split(',');
const CASES = [
  { name: 'public-crm', contract: path.join(ROOT, 'examples/public-crm/openapi.yaml') },
  ...corpusSpecs()
    .filter((s) => (s.stats?.ops ?? 1) > 0 && (!ONLY || ONLY.includes(s.name)))
    .map((s) => ({ name: s.name, contract: s.file })),
];

/** The writes whose request body schema refuses `{}`: the ones a server must refuse when sent `{}`. */
function refusingEmpty(run: ContractRun): OperationInfo[] {
  return run.operations.filter((o) => ['post', 'put', 'patch'].includes(o.method) && o.requestBody !== undefined && !run.requestView.validate(o.requestBody.schema, {}).valid);
}

/** A refused write's answer fits the contract: valid against the declared schema, or an undeclared status (a problem body). */
const fits = (r: CheckResult): boolean => r.valid || /status not documented/.test(r.detail);

describe.each(CASES)('mock writes refuse a body that breaks the request schema: $name', (c) => {
  let run: ContractRun;

  beforeAll(async () => {
    run = await startContract(`writes-${c.name}`, c.contract);
  }, 300_000);

  afterAll(() => run?.server.close());

  it('`{}` where the request body has required properties answers 4xx, never 2xx', async () => {
    const ops = refusingEmpty(run);
    const results: CheckResult[] = [];
    for (const op of ops) results.push(await checkOperation(run, op, 'error', 'success', 'empty'));
    const measured = results.filter((r) => !/test could not build/.test(r.detail));
    const refused = measured.filter((r) => r.status >= 400 && r.status < 500);
    console.log(`mocks: ${c.name} invalid writes refused ${refused.length}/${measured.length} (${refused.filter(fits).length} with an answer that fits the contract)`);
    expect(measured.filter((r) => !refused.includes(r)).map((r) => r.detail)).toEqual([]);
    expect(refused.filter((r) => !fits(r)).map((r) => r.detail)).toEqual([]);
  }, 300_000);
});
