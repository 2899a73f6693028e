import { execFile } from 'node:child_process';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { HookAdapter } from '@reslayer/plugin-hooks';
import { DEMO_GENERATED, REPO_ROOT, TEST_DIR, writeLayer } from './helpers.js';

const run = promisify(execFile);

/** The two compilers the generated layer must satisfy. */
const COMPILERS = [
  ['tsc 5.9', path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc')],
  ['TypeScript 7', path.join(REPO_ROOT, 'examples/public-crm/node_modules/typescript-7/bin/tsc')],
] as const;

/** Compiler options of every check: the strictest settings an application is likely to use. */
const COMPILER_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noUnusedLocals: true,
  noImplicitReturns: true,
  verbatimModuleSyntax: true,
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  target: 'ES2023',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  types: [],
  noEmit: true,
  skipLibCheck: true,
  // The runtime from its sources; vue, react, msw and @tanstack/* resolve from the repository's node_modules.
  paths: { '@reslayer/runtime': [path.join(REPO_ROOT, 'packages/runtime/src/index.ts')] },
};

/** Writes `tsconfig.json` and a module `package.json` into `dir`. */
async function writeProject(dir: string, include: string[]): Promise<void> {
  await writeFile(path.join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include }, null, 2)}\n`, 'utf8');
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n', 'utf8');
}

/** Runs a compiler on the folder's tsconfig; returns stdout + stderr (tsc exits 1 or 2 on errors). */
async function tsc(compiler: string, dir: string, ...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(process.execPath, [compiler, '-p', path.join(dir, 'tsconfig.json'), ...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return `${err.stdout ?? ''}${err.stderr ?? String(e)}`;
  }
}

/** Hook and index files of the committed demo, relative to `src/` (the same paths for every adapter). */
async function demoApiFiles(): Promise<string[]> {
  const features = path.join(DEMO_GENERATED, 'src/features');
  return (await readdir(features, { recursive: true })).map((f) => f.split(path.sep).join('/')).filter((f) => f.includes('/api/') && f.endsWith('.ts')).sort();
}

describe.each<[HookAdapter, string]>([
  ['vue-query', 'usage.ts'],
  ['react-query', 'usage.tsx'],
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

  it.each(COMPILERS)('%s includes every generated hook file and the usage file (no silent exclude)', async (_name, compiler) => {
    const listed = new Set((await tsc(compiler, dir, '--listFiles')).split(/\r?\n/).map((l) => l.trim().split(path.sep).join('/')));
    for (const f of apiFiles) expect(listed).toContain(path.join(dir, 'src/features', f).split(path.sep).join('/'));
    expect(listed).toContain(path.join(dir, 'src', usageName).split(path.sep).join('/'));
    const framework = adapter === 'vue-query' ? '/@tanstack/vue-query/' : '/@tanstack/react-query/';
    expect([...listed].some((f) => f.includes(framework))).toBe(true);
  }, 120_000);

  it.each(COMPILERS)('%s reports 0 errors (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext, react-jsx)', async (_name, compiler) => {
    expect(await tsc(compiler, dir)).toBe('');
  }, 120_000);
});

/** Contracts with the shapes the demo lacks: void and optional-body mutations, text and binary queries, actions on sub-resources, hostile names. */
const FIXTURES = [
  ['edge', path.join(REPO_ROOT, 'packages/plugin-mocks/test/fixtures/edge.yaml')],
  ['operations', path.join(REPO_ROOT, 'fixtures/openapi/3.0/operations.yaml')],
  ['hostile', path.join(REPO_ROOT, 'fixtures/openapi/hostile/hostile.yaml')],
] as const;

describe.each<HookAdapter>(['vue-query', 'react-query'])('type-check of the fixture contracts generated with adapter %s', (adapter) => {
  let dir: string;

  beforeAll(async () => {
    for (const [name, input] of FIXTURES) dir = path.dirname(await writeLayer(adapter, `hooks-${adapter}-fixtures/${name}`, input));
    await writeProject(dir, FIXTURES.map(([name]) => `${name}/src/**/*.ts`));
  }, 60_000);

  it.each(COMPILERS)('%s reports 0 errors', async (_name, compiler) => {
    expect(await tsc(compiler, dir)).toBe('');
    const listed = await tsc(compiler, dir, '--listFiles');
    for (const [name] of FIXTURES) expect(listed).toContain(path.join(dir, name, 'src/features'));
  }, 120_000);
});
