// Helpers of the @reslayer/diff tests: write contracts into temporary folders and diff them with the
// four built-in plugins (the CLI's contract mode), nothing written but the contracts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ResolvedConfig, resolveConfig } from '@reslayer/core/host';
import { type DiffOptions, type DiffResult, diffContracts } from '@reslayer/diff';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginMocks } from '@reslayer/plugin-mocks';

/** Repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The demo contract. */
export const DEMO_CONTRACT = path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml');

const made: string[] = [];
/** A fresh temporary folder, removed by {@link cleanup}. */
export function tmpDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reslayer-diff-test-'));
  made.push(dir);
  return dir;
}
/** Removes the folders made by {@link tmpDir}. */
export function cleanup(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A config with the four built-in plugins for a contract; the output root is `<dir of the contract>/generated`
 * (never written: it only places the in-memory program).
 * @param input absolute contract path
 */
export function configFor(input: string): ResolvedConfig {
  return resolveConfig({ input, output: path.join(path.dirname(input), 'generated'), plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()] }, undefined, path.dirname(input));
}

/**
 * Writes two contract texts (or documents, as JSON) side by side and diffs them.
 * @param before old contract (text, or a document written as JSON)
 * @param after new contract
 * @param ext file extension of text contracts
 * @param options diff options (by default documentation changes are listed)
 */
export async function diffTexts(before: string | object, after: string | object, ext = 'yaml', options: DiffOptions = { docs: true }): Promise<DiffResult> {
  const dir = tmpDir();
  const write = (name: string, content: string | object) => {
    const file = path.join(dir, typeof content === 'string' ? `${name}.${ext}` : `${name}.json`);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return file;
  };
  const oldFile = write('old', before);
  const newFile = write('new', after);
  return diffContracts(configFor(oldFile), { ...configFor(oldFile), input: newFile }, options);
}

/** The names of the symbols a result lists, by status. */
export function symbolNames(result: DiffResult, status?: string): string[] {
  return result.impact.symbols.filter((s) => status === undefined || s.status === status).map((s) => s.name);
}
