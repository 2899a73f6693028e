// Generates layers with plugin-validators (from source) for the tests, and loads generated schema modules.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from '@reslayer/core';
import { runGenerator, type RunResult } from '@reslayer/core/host';
import { writeGenerated } from '../../../test/utils/writeGenerated.js';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginMocks } from '@reslayer/plugin-mocks';
import { pluginValidators, type ValidatorLibrary, type ValidatorsOptions } from '@reslayer/plugin-validators';

/** Absolute path of packages/plugin-validators/test. */
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const REPO_ROOT = path.resolve(TEST_DIR, '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');
/**
 * Output base: inside the repository (gitignored), so that generated imports of `zod`, `valibot`, `msw` and
 * `@reslayer/runtime` resolve from the root `node_modules`.
 */
export const OUT = path.join(REPO_ROOT, '.runtime-out/validators');
/** Both libraries, for `describe.each`. */
export const LIBRARIES: ValidatorLibrary[] = ['zod', 'valibot'];

/**
 * Generates a contract with plugin-client, plugin-validators and (unless `mocks: false`) plugin-mocks into a
 * fresh `OUT/<name>/src`.
 * @param name output folder under {@link OUT}
 * @param contract contract path
 * @param options plugin-validators options, or `false` to leave the plugin out
 * @param extra `mocks: false` to leave plugin-mocks out, more plugins, the config's `dates`
 * @returns the run's result and the output root
 */
export async function generateLayer(
  name: string,
  contract: string,
  options: ValidatorsOptions | false,
  extra: { mocks?: boolean; plugins?: Plugin[]; dates?: 'Date' } = {},
): Promise<{ result: RunResult; outDir: string; srcDir: string }> {
  const outDir = path.join(OUT, name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const plugins = [pluginClient(), ...(options === false ? [] : [pluginValidators(options)]), ...(extra.mocks === false ? [] : [pluginMocks()]), ...(extra.plugins ?? [])];
  const result = await runGenerator({ input: contract, outputRoot: outDir, srcDir: 'src', plugins, allowRemoteRefs: false, ...(extra.dates ? { dates: extra.dates } : {}) });
  await writeGenerated(outDir, result.files);
  return { result, outDir, srcDir: path.join(outDir, 'src') };
}

/** A Standard Schema, as the generated constants are. */
export interface AnySchema {
  '~standard': { vendor: string; validate: (value: unknown) => { issues?: ReadonlyArray<{ message: string }> } | Promise<{ issues?: ReadonlyArray<{ message: string }> }> };
}

/**
 * Imports a generated TypeScript module (jest transpiles it; `@reslayer/runtime` maps to the source, so
 * registrations land in the runtime the test imports).
 * @param file absolute path of the `.ts` file
 */
export async function importModule(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/**
 * Validates a value with a generated schema.
 * @returns the issues' messages (empty when valid)
 */
export async function issuesOf(schema: unknown, value: unknown): Promise<string[]> {
  const result = await (schema as AnySchema)['~standard'].validate(value);
  return (result.issues ?? []).map((i) => i.message);
}
