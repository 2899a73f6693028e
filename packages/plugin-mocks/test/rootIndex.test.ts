// The opt-in root index of the mocks (`pluginMocks({ index: true })`): `shared/mocks/index.ts` gathers the default
// handlers of every resource into `handlers` and resets every store with `resetAllStores()`; it type-checks under
// the strict options, answers requests under msw, and is not emitted by default.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getResponse, type HttpHandler } from 'msw';
import { DEMO_CONTRACT, generate, prepareTypecheck, transpileMocks } from './helpers.js';
import { COMPILER_LIST, listedFiles, runTsc, TSC_59 } from '../../../test/utils/typecheck.js';

const USAGE = `import { setupServer } from 'msw/node';
import { handlers, resetAllStores } from './shared/mocks/index.js';
import { contactsHandlers } from './shared/mocks/contacts/index.js';

const server = setupServer(...handlers);
server.use(...contactsHandlers);
resetAllStores();
const count: number = handlers.length;
// @ts-expect-error: resetAllStores takes no arguments
resetAllStores('contacts');
export { count };
`;

type Module = Record<string, unknown>;

describe('pluginMocks({ index: true }): one import for all the mocks (the demo)', () => {
  let dir: string;
  let files: string[];
  let resources: string[];
  const load = (rel: string) => import(pathToFileURL(path.join(dir, 'js/shared/mocks', rel)).href) as Promise<Module>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-root-'));
    files = (await generate(DEMO_CONTRACT, dir, { index: true })).files.map((f) => f.path);
    resources = (await readdir(path.join(dir, 'src/shared/mocks'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is one more file, and only with the option', async () => {
    expect(files).toContain('shared/mocks/index.ts');
    const plain = (await generate(DEMO_CONTRACT, dir, {}, false)).files.map((f) => f.path);
    expect(plain).not.toContain('shared/mocks/index.ts');
    expect(files.length).toBe(plain.length + 1);
  });

  it('covers every resource: all their default handlers, in order, and every store', async () => {
    expect(resources).toHaveLength(6);
    const root = await load('index.js');
    const expected: HttpHandler[] = [];
    const stores: Array<Map<string, unknown>> = [];
    for (const r of resources) {
      const mod = await load(`${r}/index.js`);
      expected.push(...(mod[`${r}Handlers`] as HttpHandler[]));
      if (mod[`${r}Store`]) stores.push(mod[`${r}Store`] as Map<string, unknown>);
    }
    expect(stores.length).toBe(2); // companies and contacts are CRUD resources
    const all = root['handlers'] as HttpHandler[];
    expect(all.length).toBe(expected.length);
    expect(all.every((h, i) => h === expected[i])).toBe(true);
    const text = readFileSync(path.join(dir, 'src/shared/mocks/index.ts'), 'utf8');
    for (const r of resources) expect(text).toContain(`...${r}Handlers`);
    // Every store, emptied, is seeded again by resetAllStores(); the gathered handlers answer meanwhile.
    const seeded = stores.map((s) => s.size);
    for (const s of stores) s.clear();
    const listed = await getResponse(root['handlers'] as HttpHandler[], new Request('http://localhost/api/v1/contacts', { method: 'GET' }));
    expect(listed?.status).toBe(200);
    (root['resetAllStores'] as () => void)();
    expect(stores.map((s) => s.size)).toEqual(seeded);
    expect(seeded.every((n) => n > 0)).toBe(true);
  });

  it('type-checks with TypeScript 5.9 and 7 under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes, with a use of it', async () => {
    await writeFile(path.join(dir, 'src/usage.ts'), USAGE, 'utf8');
    await prepareTypecheck(dir);
    const listed = listedFiles(runTsc(TSC_59, path.join(dir, 'tsconfig.json'), { args: ['--listFilesOnly'] }).stdout);
    expect(listed).toEqual(expect.arrayContaining([path.join(dir, 'src/usage.ts'), path.join(dir, 'src/shared/mocks/index.ts')]));
    for (const [label, tsc] of COMPILER_LIST) {
      const check = runTsc(tsc, path.join(dir, 'tsconfig.json'));
      expect({ label, errors: check.errors, status: check.status }).toEqual({ label, errors: [], status: 0 });
    }
  }, 120_000);
});
