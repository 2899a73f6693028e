import { copyFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HookAdapter } from '@reslayer/plugin-hooks';
import { DEMO_GENERATED, REPO_ROOT, TEST_DIR, writeLayer } from './helpers.js';
import { COMPILER_LIST, generatedTsconfig, listedFiles, runTsc, STRICTER_OPTIONS, writeTsconfig } from '../../../test/utils/typecheck.js';

/** The two compilers the generated layer must satisfy. */
const COMPILERS = COMPILER_LIST;

/**
 * Writes the strictest settings an application is likely to use (the shared strict settings plus
 * noUnusedLocals, noImplicitReturns, verbatimModuleSyntax, react-jsx) and a module `package.json` into `dir`.
 * The runtime comes from its sources; vue, react, msw and @tanstack/* resolve from the repository's node_modules.
 */
async function writeProject(dir: string, include: string[]): Promise<void> {
  const compilerOptions = { ...STRICTER_OPTIONS, target: 'ES2023', jsx: 'react-jsx', paths: { '@reslayer/runtime': [path.join(REPO_ROOT, 'packages/runtime/src/index.ts')] } };
  writeTsconfig(path.join(dir, 'tsconfig.json'), generatedTsconfig({ include, compilerOptions }));
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n', 'utf8');
}

/** Runs a compiler on the folder's tsconfig: its `error TS…` lines, and the files it compiled (absolute, POSIX). */
function tsc(compiler: string, dir: string): { errors: string[]; listed: Set<string> } {
  const run = runTsc(compiler, path.join(dir, 'tsconfig.json'), { args: ['--listFiles'] });
  return { errors: run.errors, listed: new Set(listedFiles(run.stdout)) };
}

/** Hook and index files of the committed demo, relative to `src/` (the same paths for every adapter). */
async function demoApiFiles(): Promise<string[]> {
  const features = path.join(DEMO_GENERATED, 'src/features');
  return (await readdir(features, { recursive: true })).map((f) => f.split(path.sep).join('/')).filter((f) => f.includes('/api/') && f.endsWith('.ts')).sort();
}

describe.each<[HookAdapter, string]>([
  ['vue-query', 'usage.ts'],
  ['react-query', 'usage.tsx'],
  ['preact-query', 'usage.tsx'],
  ['svelte-query', 'usage.ts'],
  ['solid-query', 'usage.ts'],
  ['angular-query', 'usage.ts'],
])('type-check of the demo generated with adapter %s', (adapter, usageName) => {
  let dir: string;
  let apiFiles: string[];

  beforeAll(async () => {
    dir = await writeLayer(adapter, `hooks-${adapter}`);
    apiFiles = await demoApiFiles();
    await copyFile(path.join(TEST_DIR, 'usage', `${adapter}.${usageName.split('.')[1]}.txt`), path.join(dir, 'src', usageName));
    await writeProject(dir, ['src/**/*.ts', 'src/**/*.tsx']);
  }, 60_000);

  it('writes the same hook and index paths as the default adapter', async () => {
    const written = (await readdir(path.join(dir, 'src/features'), { recursive: true })).map((f) => f.split(path.sep).join('/')).filter((f) => f.includes('/api/') && f.endsWith('.ts')).sort();
    expect(written).toEqual(apiFiles);
    expect(apiFiles).toHaveLength(20);
  });

  it.each(COMPILERS)('%s includes every generated hook file and the usage file (no silent exclude)', (_name, compiler) => {
    const { listed } = tsc(compiler, dir);
    for (const f of apiFiles) expect(listed).toContain(path.join(dir, 'src/features', f).split(path.sep).join('/'));
    expect(listed).toContain(path.join(dir, 'src', usageName).split(path.sep).join('/'));
    const framework = `/@tanstack/${adapter === 'angular-query' ? 'angular-query-experimental' : adapter}/`;
    expect([...listed].some((f) => f.includes(framework))).toBe(true);
  }, 120_000);

  it.each(COMPILERS)('%s reports 0 errors (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext, react-jsx)', (_name, compiler) => {
    expect(tsc(compiler, dir).errors).toEqual([]);
  }, 120_000);
});

/** Contracts with the shapes the demo lacks: void and optional-body mutations, text and binary queries, actions on sub-resources, hostile names (of the hooks' own identifiers too). */
const FIXTURES = [
  ['edge', path.join(REPO_ROOT, 'packages/plugin-mocks/test/fixtures/edge.yaml')],
  ['operations', path.join(REPO_ROOT, 'fixtures/openapi/3.0/operations.yaml')],
  ['hostile', path.join(REPO_ROOT, 'fixtures/openapi/hostile/hostile.yaml')],
  ['hostile-hooks', path.join(REPO_ROOT, 'fixtures/openapi/hostile/hostile-hooks.yaml')],
] as const;

describe.each<HookAdapter>(['vue-query', 'react-query', 'preact-query', 'svelte-query', 'solid-query', 'angular-query'])('type-check of the fixture contracts generated with adapter %s', (adapter) => {
  let dir: string;

  beforeAll(async () => {
    for (const [name, input] of FIXTURES) dir = path.dirname(await writeLayer(adapter, `hooks-${adapter}-fixtures/${name}`, input));
    await writeProject(dir, FIXTURES.map(([name]) => `${name}/src/**/*.ts`));
  }, 60_000);

  it.each(COMPILERS)('%s reports 0 errors', (_name, compiler) => {
    const { errors, listed } = tsc(compiler, dir);
    expect(errors).toEqual([]);
    for (const [name] of FIXTURES) expect([...listed].some((f) => f.startsWith(`${path.join(dir, name, 'src/features').split(path.sep).join('/')}/`))).toBe(true);
  }, 120_000);
});
