import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGenerator, type ResolvedConfig, type RunResult } from '@reslayer/core/host';
import { writeGenerated } from '../../../test/utils/writeGenerated.js';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginMocks } from '@reslayer/plugin-mocks';
import { pluginHooks, type HookAdapter, type HooksOptions } from '@reslayer/plugin-hooks';

/** Absolute path of packages/plugin-hooks/test. */
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Absolute path of the repository root. */
export const REPO_ROOT = path.resolve(TEST_DIR, '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
/** The committed demo output. */
export const DEMO_GENERATED = path.join(REPO_ROOT, 'examples/public-crm/generated');
/** The gitignored scratch folder the generated demos are written to. */
export const RUNTIME_OUT = path.join(REPO_ROOT, '.runtime-out');

/**
 * Runs the four built-in plugins over a contract, `pluginHooks({ ...hooksOptions, adapter })` among them, in memory.
 * @param adapter the hooks adapter
 * @param input contract path (the demo by default)
 * @param outputRoot the output root of the config (nothing is written)
 * @param hooksOptions more options of `pluginHooks()`
 */
export async function generateLayer(
  adapter: HookAdapter,
  input = DEMO_CONTRACT,
  outputRoot = path.join(RUNTIME_OUT, 'unused'),
  hooksOptions: Omit<HooksOptions, 'adapter'> = {},
): Promise<RunResult> {
  const config: ResolvedConfig = {
    input,
    outputRoot,
    srcDir: 'src',
    plugins: [pluginClient(), pluginHooks({ ...hooksOptions, adapter }), pluginConfigMeta(), pluginMocks()],
    allowRemoteRefs: false,
  };
  return runGenerator(config);
}

/**
 * Generates a contract (the demo by default) with one adapter into a fresh `.runtime-out/<folder>` (files under `src/`).
 * @param adapter the hooks adapter
 * @param folder folder path under `.runtime-out`
 * @param input contract path
 * @param hooksOptions more options of `pluginHooks()`
 * @returns the output root
 */
export async function writeLayer(adapter: HookAdapter, folder: string, input = DEMO_CONTRACT, hooksOptions: Omit<HooksOptions, 'adapter'> = {}): Promise<string> {
  const outputRoot = path.join(RUNTIME_OUT, folder);
  await rm(outputRoot, { recursive: true, force: true });
  const result = await generateLayer(adapter, input, outputRoot, hooksOptions);
  if (result.diagnostics.hasErrors()) throw new Error(`generation failed: ${JSON.stringify(result.diagnostics.list())}`);
  await writeGenerated(outputRoot, result.files);
  return outputRoot;
}
