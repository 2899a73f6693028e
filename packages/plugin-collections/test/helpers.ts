// Generates the demo with plugin-collections (from source) for the tests: the demo's plugins (client, hooks,
// config-meta, mocks), optionally the validators, and the collections, into `.runtime-out/collections/<name>` inside the repository (gitignored), so
// generated imports of `@tanstack/*`, `zod`, `valibot`, `msw` and `@reslayer/runtime` resolve from the root node_modules.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGenerator, type RunResult } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginCollections, type CollectionsOptions } from '@reslayer/plugin-collections';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginMocks } from '@reslayer/plugin-mocks';
import { pluginValidators, type ValidatorLibrary } from '@reslayer/plugin-validators';
import { writeGenerated } from '../../../test/utils/writeGenerated.js';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
/** Output base. */
export const OUT = path.join(REPO_ROOT, '.runtime-out/collections');

/**
 * Generates a contract with the demo's plugins, plugin-collections and, given a library, plugin-validators.
 * @param name output folder under {@link OUT}
 * @param contract contract path
 * @param extra the validators' library (none when absent) and the collections' options
 * @returns the run's result and the output and source roots
 */
export async function generateCollections(
  name: string,
  contract: string,
  extra: { library?: ValidatorLibrary; options?: CollectionsOptions } = {},
): Promise<{ result: RunResult; outDir: string; srcDir: string }> {
  const outDir = path.join(OUT, name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const plugins = [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks(), ...(extra.library ? [pluginValidators({ library: extra.library })] : []), pluginCollections(extra.options)];
  const result = await runGenerator({ input: contract, outputRoot: outDir, srcDir: 'src', plugins, allowRemoteRefs: false });
  await writeGenerated(outDir, result.files);
  return { result, outDir, srcDir: path.join(outDir, 'src') };
}
