// A project folder around the demo contract with a `generator.config.ts` that imports the built plugins by path,
// for the tests that run the built CLI on a config (layouts, formatters).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.js';

/** The demo's contract. */
export const DEMO_CONTRACT = path.join(ROOT, 'examples/public-crm/openapi.yaml');

/** Every built-in plugin's factory, by the package that exports it. */
const FACTORIES: Record<string, string> = {
  'plugin-client': 'pluginClient',
  'plugin-hooks': 'pluginHooks',
  'plugin-config-meta': 'pluginConfigMeta',
  'plugin-mocks': 'pluginMocks',
  'plugin-validators': 'pluginValidators',
  'plugin-collections': 'pluginCollections',
};

/**
 * Writes `dir/generator.config.ts`: every built plugin imported from its `dist` by absolute path, the demo's
 * contract copied in as `./openapi.yaml` is its input.
 * @param dir the project folder (exists)
 * @param options `output`: the config's `output` as TypeScript source (default `'./generated'`); `plugins`: the
 *   `plugins` array's items as source (default the demo's four); `extra`: more config properties as source
 * @returns the config's path
 */
export function writeDemoConfig(dir: string, options: { output?: string; plugins?: string; extra?: string } = {}): string {
  const imports = Object.entries(FACTORIES).map(([pkg, name]) => `import { ${name} } from ${JSON.stringify(path.join(ROOT, `packages/${pkg}/dist/index.js`))};`);
  const plugins = options.plugins ?? 'pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()';
  const extra = options.extra ? ` ${options.extra},` : '';
  const file = path.join(dir, 'generator.config.ts');
  writeFileSync(file, [...imports, `export default { input: './openapi.yaml', output: ${options.output ?? "'./generated'"},${extra} plugins: [${plugins}] };`].join('\n'));
  return file;
}

/**
 * Makes `dir` afresh (removing what was there) with a copy of the demo's contract, and records it in `made`.
 * @param dir the project folder
 * @param made the folders a test file removes after all its tests
 * @returns `dir`
 */
export function demoProject(dir: string, made: string[]): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  made.push(dir);
  writeFileSync(path.join(dir, 'openapi.yaml'), readFileSync(DEMO_CONTRACT));
  return dir;
}
