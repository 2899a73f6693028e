import path from 'node:path';
import { assertDistinctOutputs, loadConfig, loadConfigs, resolveConfig } from './loadConfig.js';
import { defineConfig } from './defineConfig.js';
import { definePlugin } from '../plugin/definePlugin.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { TempDir } from '../../test/tempContracts.js';
import { thrown } from '../../test/thrown.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const plugin = definePlugin({ name: 'p', apply: () => undefined });
const configFile = path.resolve('/home/dev/project/config/generator.config.ts');

describe('loadConfigs: several runs in one config', () => {
  it('an array of configs gives one resolved run each, in order', async () => {
    const file = await tmp.write('multi/reslayer.config.json', [
      { input: './crm.yaml', output: './src/api/crm', plugins: [] },
      { input: './billing.yaml', output: './src/api/billing', plugins: [] },
    ]);
    const runs = await loadConfigs(file);
    expect(runs.map((r) => [path.basename(r.input), path.relative(path.dirname(file), r.outputRoot)])).toEqual([
      ['crm.yaml', path.join('src', 'api', 'crm')],
      ['billing.yaml', path.join('src', 'api', 'billing')],
    ]);
    const error = (await loadConfig(file).catch((e: unknown) => e)) as GeneratorError;
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain('defines 2 runs');
  });

  it('defineConfig([...]) in a TypeScript config; an invalid run is named by its number', async () => {
    const ok = await tmp.write(
      'multi-ts/generator.config.ts',
      "export default [{ input: './a.yaml', output: './a', plugins: [] }, { input: './b.yaml', output: './b', plugins: [] }];\n",
    );
    expect((await loadConfigs(ok)).map((r) => path.basename(r.outputRoot))).toEqual(['a', 'b']);
    const bad = await tmp.write('multi-bad/cfg.json', [{ input: './a.yaml', plugins: [] }, { output: './b', plugins: [] }]);
    const error = (await loadConfigs(bad).catch((e: unknown) => e)) as GeneratorError;
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toBe(`${bad} (run 2): \`input\` must be the path of the OpenAPI contract`);
  });

  it.each([
    ['the same output root', ['./api', './api/'], /both write into/],
    ['one root inside another', ['./api', './api/admin'], /which is inside it/],
    ['the inner one first', ['./api/admin', './api'], /which is inside/],
  ])('refuses runs with %s (RSL_OUTPUT_CONFLICT)', async (_name, [a, b], message) => {
    const file = await tmp.write(`conflict-${Math.random().toString(36).slice(2)}/cfg.json`, [
      { input: './one.yaml', output: a, plugins: [] },
      { input: './two.yaml', output: b, plugins: [] },
    ]);
    const error = (await loadConfigs(file).catch((e: unknown) => e)) as GeneratorError;
    expect(error).toBeInstanceOf(GeneratorError);
    expect(error.code).toBe('RSL_OUTPUT_CONFLICT');
    expect(error.message).toMatch(/^runs 1 \(one\.yaml\) and 2 \(two\.yaml\) /);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/own output folder/);
  });

  it('side-by-side roots with a common prefix are fine', () => {
    const run = (root: string) => resolveConfig({ input: 'a.yaml', output: root, plugins: [] }, configFile);
    expect(() => assertDistinctOutputs([run('./api'), run('./api-admin'), run('./web/api')])).not.toThrow();
  });

  it('an empty config file and an empty array are RSL_CONFIG_INVALID with a hint', async () => {
    const empty = await tmp.write('empty/generator.config.ts', '\n');
    const e1 = (await loadConfigs(empty).catch((e: unknown) => e)) as GeneratorError;
    expect([e1.code, e1.message]).toEqual(['RSL_CONFIG_INVALID', `${empty}: the config file is empty or exports nothing`]);
    expect(e1.hint).toMatch(/export default defineConfig/);
    const none = await tmp.write('none/cfg.json', []);
    expect(((await loadConfigs(none).catch((e: unknown) => e)) as GeneratorError).message).toContain('empty array of runs');
  });

  it('a TypeScript syntax error is RSL_CONFIG_INVALID with a hint', async () => {
    const file = await tmp.write('syntax/generator.config.ts', 'export default { input: "a.yaml", plugins: [ };\n');
    const error = (await loadConfigs(file).catch((e: unknown) => e)) as GeneratorError;
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toMatch(/the config file failed to load: syntax error at generator\.config\.ts:1:\d+: /);
    expect(error.hint).toMatch(/Fix the syntax of /);
  });
});

describe('named and default plugins', () => {
  const made: Array<Record<string, unknown> | undefined> = [];
  const factory = (options?: Record<string, unknown>) => {
    made.push(options);
    return definePlugin({ name: 'named', apply: () => undefined });
  };

  it('a config may name a plugin by package, with options, when the loader knows it', () => {
    const resolved = resolveConfig({ input: 'a.yaml', plugins: ['@x/plugin', ['@x/plugin', { adapter: 'vue-query' }]] }, configFile, undefined, { namedPlugins: { '@x/plugin': factory } });
    expect(resolved.plugins.map((p) => p.name)).toEqual(['named', 'named']);
    expect(made.slice(-2)).toEqual([undefined, { adapter: 'vue-query' }]);
  });

  it('an unknown name is RSL_CONFIG_INVALID naming the ones that can be named', () => {
    const error = thrown(() => resolveConfig({ input: 'a.yaml', plugins: ['@y/other'] }, configFile, undefined, { namedPlugins: { '@x/plugin': factory } }));
    expect(error.message).toContain('plugin "@y/other" cannot be named here (only @x/plugin can)');
  });

  it('without plugins, the default plugins run when the loader gives them; otherwise plugins is required', () => {
    expect(resolveConfig({ input: 'a.yaml' }, configFile, undefined, { defaultPlugins: () => [plugin] }).plugins).toEqual([plugin]);
    expect(thrown(() => resolveConfig({ input: 'a.yaml' }, configFile)).message).toContain('`plugins`');
  });
});
