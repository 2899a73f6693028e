import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CONTRACT, TEST_DIR, generate, prepareTypecheck } from './helpers.js';
import { listedFiles, runTsc, TSC_59 } from '../../../test/utils/typecheck.js';

/** Hand-written consumer of the generated mocks, with deliberate misuse (G14 layer 5). */
const USAGE = `import { setupServer } from 'msw/node';
import type { GetContactResponse, ListContactsErrorBody } from './shared/api/generated/contacts/index.js';
import {
  contactsFixtures,
  contactsHandlers,
  contactsScenarios,
  contactsStore,
  createContactsHandlers,
  getContactsScenario,
  listContactsErrorFixture,
  resetContactsStore,
  type ContactsScenarioName,
} from './shared/mocks/contacts/index.js';
import { searchFixture, searchHandlers } from './shared/mocks/search/index.js';
import { filesDownloadScenarios } from './shared/mocks/filesDownload/index.js';

const server = setupServer(...contactsHandlers, ...searchHandlers, ...filesDownloadScenarios.success);
server.use(...contactsScenarios.error, ...getContactsScenario('slow', { delayMs: 10 }));
server.resetHandlers();
resetContactsStore();
const first: GetContactResponse | undefined = contactsFixtures[0];
const stored: GetContactResponse | undefined = contactsStore.get('x');
const error: ListContactsErrorBody = listContactsErrorFixture;
const scenario: ContactsScenarioName = 'empty';
const total: number = searchFixture.total;
createContactsHandlers({ scenario, baseUrl: 'https://api.example.test', delayMs: 0 });
// @ts-expect-error: not a scenario
createContactsHandlers({ scenario: 'flaky' });
// @ts-expect-error: no such scenario
void contactsScenarios.flaky;
// @ts-expect-error: fixtures are typed with the client's types
const wrong: GetContactResponse = { id: 1 };
export { first, stored, error, total, wrong };
`;

const EDGE_CONTRACT = path.join(TEST_DIR, 'fixtures/edge.yaml');
const STORES_CONTRACT = path.join(TEST_DIR, 'fixtures/stores.yaml');
const DISCRIMINATED_CONTRACT = path.join(TEST_DIR, 'fixtures/discriminated-array.yaml');
const SHARED_URLS_CONTRACT = path.join(TEST_DIR, 'fixtures/shared-urls.yaml');
const FIDELITY_CONTRACT = path.join(TEST_DIR, 'fixtures/fidelity.yaml');
const SHAPES_CONTRACT = path.join(TEST_DIR, 'fixtures/store-shapes.yaml');

describe.each([
  // 4 files per resource (fixture sharing is off by default, so no components.fixtures.ts).
  ['the demo contract', DEMO_CONTRACT, USAGE, 24],
  ['the edge-case contract (union entity, cursor pages, HEAD, text, binary, recursion, odd paths)', EDGE_CONTRACT, undefined, 24],
  ['the stores-and-routing contract (enum and wrapped keys, merges, more precise paths)', STORES_CONTRACT, undefined, 36],
  ['a discriminated union mapping an array variant (GitHub contents, TS2322)', DISCRIMINATED_CONTRACT, undefined, 4],
  // A resource whose only operation another resource's handler answers has a factory without `http.*` calls.
  ['path keys with a literal query or a fragment (OpenAI, Box)', SHARED_URLS_CONTRACT, undefined, 20],
  // Arrays of unions sampled member by member, values pinned in one allOf member (Figma's `type: 'CANVAS'`, TS2322).
  ['the fixture-fidelity contract (union arrays, pinned allOf values, constraints)', FIDELITY_CONTRACT, undefined, 36],
  // A parent's read embedding its children's store (imported from the child's handlers file).
  ['the store-shapes contract (sub-collections, embedded children, a list and create without a read, keys by example, one-item arrays, bare ones, schemas beside JSON, relationships)', SHAPES_CONTRACT, undefined, 36],
])('type-check of the generated client + mocks for %s', (_name, contract, usage, files) => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-tsc-'));
    await generate(contract, dir);
    if (usage) await writeFile(path.join(dir, 'src/usage.ts'), usage, 'utf8');
    await prepareTypecheck(dir);
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('includes every generated mocks file (no silent exclude)', () => {
    const listing = runTsc(TSC_59, path.join(dir, 'tsconfig.json'), { args: ['--listFilesOnly'] });
    const listed = listedFiles(listing.stdout);
    expect(listed.filter((l) => l.includes('/src/shared/mocks/'))).toHaveLength(files);
    if (usage) expect(listed).toContain(path.join(dir, 'src/usage.ts'));
  }, 60_000);

  it('has 0 errors under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes', () => {
    const check = runTsc(TSC_59, path.join(dir, 'tsconfig.json'));
    expect(check.errors).toEqual([]);
    expect(check.status).toBe(0);
  }, 120_000);
});
