import { expectGolden as expectGoldenFile } from '../../../test/utils/golden.js';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import ts from 'typescript';
import type { ApiModel } from '@reslayer/core';
import { createGeneratedFile, runGenerator, type ResolvedConfig, type RunResult } from '@reslayer/core/host';
import { writeGenerated } from '../../../test/utils/writeGenerated.js';
import { generatedTsconfig, STRICTER_OPTIONS, writeTsconfig } from '../../../test/utils/typecheck.js';
import { pluginClient } from '@reslayer/plugin-client';
import { mocksNaming, pluginMocks, type MocksOptions } from '@reslayer/plugin-mocks';
import { createPlanContext } from '../src/plan/planContext.js';
import { planResource } from '../src/plan/planResource.js';
import { emitFixtures } from '../src/emitters/emitFixtures.js';
import { emitHandlers } from '../src/emitters/emitHandlers.js';
import { emitScenarios } from '../src/emitters/emitScenarios.js';
import { emitMockIndex } from '../src/emitters/emitMockIndex.js';
import { resolveMocksOptions } from '../src/options.js';

/** Absolute path of packages/plugin-mocks/test. */
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Absolute path of the repository root. */
export const REPO_ROOT = path.resolve(TEST_DIR, '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
/** Folder of the golden files of the emitter tests. */
export const GOLDEN_DIR = path.join(TEST_DIR, '__golden__');

/**
 * Runs plugin-client and plugin-mocks over a contract, writing the files under `outputRoot/src` when given.
 * @param input contract path
 * @param outputRoot output root (written when `write` is true)
 * @param options plugin-mocks options
 * @param write write the files
 */
export async function generate(input: string, outputRoot: string, options: MocksOptions = {}, write = true): Promise<RunResult> {
  const config: ResolvedConfig = { input, outputRoot, srcDir: 'src', plugins: [pluginClient(), pluginMocks(options)], allowRemoteRefs: false };
  const result = await runGenerator(config);
  if (write) await writeGenerated(outputRoot, result.files);
  return result;
}

/**
 * Compares emitted contents (normalized as core writes them) with `__golden__/<name>`; `UPDATE_GOLDEN=1` rewrites the golden file.
 * @param name golden file path under `__golden__`
 * @param contents emitted contents
 */
export async function expectGolden(name: string, contents: string): Promise<void> {
  const actual = createGeneratedFile({ path: name, contents, plugin: 'test' }).contents;
  expectGoldenFile(path.join(GOLDEN_DIR, `${name}.golden`), actual);
}

/**
 * Emits the four mocks files of the model's first resource, straight from the emitters.
 * @param model an IR built with core's factories
 * @param count entity fixtures of a store-backed resource
 * @returns contents by path (relative to the source root)
 */
export function emitResourceFiles(model: ApiModel, count = 2, options: MocksOptions = {}): Record<string, string> {
  const r = model.resources[0];
  if (!r) throw new Error('no resource');
  const plan = planResource(createPlanContext(model), r, count);
  const fixtures = emitFixtures(model, plan);
  const resolved = resolveMocksOptions(options);
  const handlers = emitHandlers(model, plan, { baseUrl: resolved.baseUrl, delayMs: resolved.delayMs, runtimeModule: resolved.runtimeModule });
  const scenarios = emitScenarios(model, plan, resolved.runtimeModule);
  const index = emitMockIndex(r, [[`${r.resource}.fixtures`, fixtures], [`${r.resource}.handlers`, handlers], [`${r.resource}.scenarios`, scenarios]]);
  return {
    [mocksNaming.fixturesFile(r)]: fixtures.contents,
    [mocksNaming.handlersFile(r)]: handlers.contents,
    [mocksNaming.scenariosFile(r)]: scenarios.contents,
    [mocksNaming.indexFile(r)]: index,
  };
}

/**
 * Transpiles generated mocks (TypeScript → ESM JavaScript with `ts.transpileModule`, nothing else
 * rewritten) from `srcRoot/shared/mocks` into `out/shared/mocks`, and links `out/node_modules/msw`.
 * Their imports of the client are type-only, so the mocks folder is all that is needed (add
 * `shared/api/generated` to call the generated client too).
 * @param srcRoot generated source root
 * @param out output folder
 * @param folders the folders under `srcRoot` to transpile (same relative paths under `out`)
 */
export async function transpileMocks(srcRoot: string, out: string, folders: readonly string[] = ['shared/mocks']): Promise<void> {
  for (const folder of folders) {
    const from = path.join(srcRoot, folder);
    for (const rel of (await readdir(from, { recursive: true })).filter((f) => f.endsWith('.ts'))) {
      const source = await readFile(path.join(from, rel), 'utf8');
      const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true } }).outputText;
      const target = path.join(out, folder, rel.replace(/\.ts$/, '.js'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, js, 'utf8');
    }
  }
  await writeFile(path.join(out, 'package.json'), '{ "type": "module" }\n', 'utf8');
  await mkdir(path.join(out, 'node_modules'), { recursive: true });
  await symlink(path.join(REPO_ROOT, 'node_modules/msw'), path.join(out, 'node_modules/msw'), 'dir');
  // The handlers import their shared helpers from `@reslayer/runtime/mocks` (built to packages/runtime/dist).
  await mkdir(path.join(out, 'node_modules/@reslayer'), { recursive: true });
  await symlink(path.join(REPO_ROOT, 'packages/runtime'), path.join(out, 'node_modules/@reslayer/runtime'), 'dir');
}

/**
 * Makes a generated output root a project tsc checks as an application would: msw linked into its
 * `node_modules`, `@reslayer/runtime` (and `/mocks`) mapped to the runtime's sources, a `tsconfig.json` with the
 * strict options over `src/**`, and `package.json` of an ES module package.
 * @param dir the output root (files under `dir/src`)
 */
export async function prepareTypecheck(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(path.join(REPO_ROOT, 'node_modules/msw'), path.join(dir, 'node_modules/msw'), 'dir');
  const runtime = path.join(REPO_ROOT, 'packages/runtime/src');
  writeTsconfig(
    path.join(dir, 'tsconfig.json'),
    generatedTsconfig({
      compilerOptions: {
        ...STRICTER_OPTIONS,
        target: 'ES2023',
        skipLibCheck: false,
        paths: { '@reslayer/runtime': [path.join(runtime, 'index.ts')], '@reslayer/runtime/mocks': [path.join(runtime, 'mocks.ts')] },
      },
    }),
  );
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n', 'utf8');
}

/**
 * Serves a contract object's mocks ({@link serveContract}) around the enclosing `describe`: started in `beforeAll`
 * (60 s allowed: it generates and transpiles), closed in `afterAll`.
 * @param contract the OpenAPI document
 */
export function serveContractAround(contract: object): void {
  let served: Awaited<ReturnType<typeof serveContract>> | undefined;
  beforeAll(async () => {
    served = await serveContract(contract);
  }, 60_000);
  afterAll(async () => served?.close());
}

/**
 * {@link serveMocks} for a contract given as an object: written as `openapi.json` in a temporary folder, which
 * `close` removes too.
 * @param contract the OpenAPI document
 */
export async function serveContract(contract: object): Promise<{ server: SetupServer; close: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-contract-'));
  const file = path.join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(contract));
  const served = await serveMocks(file);
  return { server: served.server, close: async () => { await served.close(); await rm(folder, { recursive: true, force: true }); } };
}

/**
 * Generates a contract's mocks into a new temporary folder, transpiles them and serves every resource's handlers
 * with msw/node (unhandled requests are errors).
 * @param contract the contract file
 * @returns the server, and `close` (stops it, removes the folder)
 */
export async function serveMocks(contract: string): Promise<{ server: SetupServer; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-serve-'));
  await generate(contract, dir, {});
  await transpileMocks(path.join(dir, 'src'), path.join(dir, 'js'));
  const root = path.join(dir, 'js/shared/mocks');
  const handlers: HttpHandler[] = [];
  for (const r of (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    const module = (await import(pathToFileURL(path.join(root, r, 'index.js')).href)) as Record<string, unknown>;
    handlers.push(...((module[`${r}Handlers`] as HttpHandler[] | undefined) ?? []));
  }
  const server = setupServer(...handlers);
  server.listen({ onUnhandledFrame: 'error' });
  return { server, close: async () => { server.close(); await rm(dir, { recursive: true, force: true }); } };
}
