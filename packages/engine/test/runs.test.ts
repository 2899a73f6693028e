// generate and check through the engine's API with small plugins: ctx.files answers the same in every run, the
// manifest (not a banner) decides what the engine owns, the cache lives outside the root and identifies plugins
// by their code, not by a declared version.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Plugin, EmitStage, definePlugin } from '@reslayer/core';
import { type ResolvedConfig, resolveConfig } from '@reslayer/core/host';
import { cacheDirOf, check, generate } from '../src/index.js';
import { computeRunKey } from '../src/cache/runKey.js';
import { readRecord } from '../src/cache/record.js';
import { DEMO_CONTRACT } from '../../core/test/paths.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BUILD = { buildHash: 'test-build' };

/** A third-party plugin without the banner: one file per resource, or only for the resources named. */
const producer = (only?: string[]) =>
  definePlugin({
    name: 'producer',
    options: { only: only ?? null },
    apply(hooks) {
      hooks.emit.tap({ name: 'producer', stage: EmitStage.Client }, (ctx) => {
        for (const r of ctx.model.resources) if (!only || only.includes(r.resource)) ctx.files.add({ path: `res/${r.resource}.ts`, contents: `export const ${r.resource} = 1;\n`, plugin: 'producer' });
      });
    },
  });

/** A plugin that writes down what `ctx.files.list()` holds when it emits. */
const lister = definePlugin({
  name: 'lister',
  apply(hooks) {
    hooks.emit.tap({ name: 'lister', stage: EmitStage.Summarize }, (ctx) => {
      ctx.files.add({ path: 'files.json', contents: JSON.stringify(ctx.files.list().map((f) => [f.path, f.contents.length])), plugin: 'lister' });
    });
  },
});

/** A config file for the runs (the no-change cache keys on its module graph; the plugins here are this file's). */
const CONFIG_FILE = path.join(dir, 'generator.config.mjs');
writeFileSync(CONFIG_FILE, 'export default {};\n');
const configFor = (out: string, plugins: Plugin[]): ResolvedConfig => resolveConfig({ input: DEMO_CONTRACT, output: out, plugins }, CONFIG_FILE, dir);

describe('ctx.files', () => {
  it('answers the same under generate, check, a dry run and --no-cache', async () => {
    const config = configFor(path.join(dir, 'lists'), [producer(), lister]);
    const first = await generate(config, BUILD);
    expect(first.plan.created.length).toBeGreaterThan(2);
    const listed = readFileSync(path.join(config.outputRoot, 'src/files.json'), 'utf8');
    expect(JSON.parse(listed)).toHaveLength(first.files.length - 1);
    const dry = await generate(config, { ...BUILD, dryRun: true, skipCache: 'test' });
    expect(dry.plan.updated).toEqual([]);
    expect(dry.plan.unchanged).toHaveLength(first.files.length);
    const again = await generate(config, { ...BUILD, skipCache: '--no-cache' });
    expect([again.plan.created, again.plan.updated, again.plan.removed]).toEqual([[], [], []]);
    for (const skipCache of [undefined, '--no-cache']) {
      const checked = await check(config, { ...BUILD, skipCache });
      expect(checked.drift).toEqual([]);
      expect(checked.ok).toBe(true);
    }
    expect(readFileSync(path.join(config.outputRoot, 'src/files.json'), 'utf8')).toBe(listed);
  });
});

describe('ownership: the manifest', () => {
  it('removes a file of a third-party plugin without the banner when its resource goes, and check reports it first', async () => {
    const out = path.join(dir, 'owned');
    await generate(configFor(out, [producer()]), BUILD);
    const names = readdirSync(path.join(out, 'src/res')).sort();
    expect(names.length).toBeGreaterThan(1);
    writeFileSync(path.join(out, 'src/res/mine.ts'), 'export const mine = 1;\n');
    const fewer = configFor(out, [producer([names[0]?.replace(/\.ts$/, '') ?? ''])]);
    const checked = await check(fewer, { ...BUILD, skipCache: 'test' });
    expect(checked.ok).toBe(false);
    expect(checked.drift).toEqual(names.slice(1).map((n) => ({ path: `src/res/${n}`, kind: 'stale' })));
    const written = await generate(fewer, BUILD);
    expect(written.plan.removed).toEqual(names.slice(1).map((n) => `src/res/${n}`));
    expect(readdirSync(path.join(out, 'src/res')).sort()).toEqual([names[0], 'mine.ts'].sort());
    expect((await check(fewer, BUILD)).ok).toBe(true);
  });
});

describe('the no-change cache', () => {
  it('lives outside the output root and hits for a plugin that declares no version', async () => {
    const config = configFor(path.join(dir, 'cached'), [producer()]);
    expect((await generate(config, BUILD)).cache.status).toBe('miss');
    expect((await generate(config, BUILD)).cache).toEqual({ status: 'hit' });
    expect((await check(config, BUILD)).cache).toEqual({ status: 'hit' });
    expect(readdirSync(config.outputRoot).sort()).toEqual(['.reslayer-manifest.json', 'src']);
    expect(existsSync(path.join(cacheDirOf(config.outputRoot), 'record.json'))).toBe(true);
    // A changed generated file is a miss, repaired by the next generate.
    const file = path.join(config.outputRoot, 'src/res/contacts.ts');
    writeFileSync(file, 'changed\n');
    const repaired = await generate(config, BUILD);
    expect(repaired.cache.status).toBe('miss');
    expect(repaired.plan.updated).toEqual(['src/res/contacts.ts']);
  });

  it('after a miss, trusts a file by its recorded digest only while its stat is as recorded', async () => {
    const out = path.join(dir, 'digests');
    const config = configFor(out, [producer()]);
    await generate(config, BUILD);
    // Stamps taken within the racy margin of a write are not trusted; a hit after it records trusted ones.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await generate(config, BUILD)).cache).toEqual({ status: 'hit' });
    const record = readRecord(cacheDirOf(out), out);
    expect(record?.stamps.every((s) => s.size > 0)).toBe(true);
    const names = readdirSync(path.join(out, 'src/res')).map((n) => n.replace(/\.ts$/, '')).sort();
    // The same files under other options: a miss that reads the record. One file was edited, keeping its size.
    const other = configFor(out, [producer(names)]);
    const file = path.join(out, 'src/res/contacts.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('= 1;', '= 2;'));
    const checked = await check(other, BUILD);
    expect([checked.cache.status, checked.drift]).toEqual(['miss', [{ path: 'src/res/contacts.ts', kind: 'different' }]]);
    const written = await generate(other, BUILD);
    expect([written.cache.status, written.plan.updated, written.plan.created]).toEqual(['miss', ['src/res/contacts.ts'], []]);
    expect(written.plan.unchanged.length).toBe(names.length - 1);
    expect(readFileSync(file, 'utf8')).toContain('= 1;');
    // The record made with the stamps the plan verified answers the next run.
    expect((await generate(other, BUILD)).cache).toEqual({ status: 'hit' });
    expect((await check(config, BUILD)).drift).toEqual([]);
  });

  it('records a contract saved right before the run (a watch edit), and none for a contract changed during it', async () => {
    const contract = path.join(dir, 'saved.yaml');
    const text = readFileSync(DEMO_CONTRACT, 'utf8');
    writeFileSync(contract, text);
    const out = path.join(dir, 'saved');
    const config = resolveConfig({ input: contract, output: out, plugins: [producer()] }, CONFIG_FILE, dir);
    expect((await generate(config, BUILD)).cache.status).toBe('miss');
    expect((await generate(config, BUILD)).cache).toEqual({ status: 'hit' });
    // A plugin saves the contract (its title changed) while the run emits: the run read the old bytes.
    const editor = definePlugin({
      name: 'editor',
      apply(hooks) {
        hooks.emit.tap({ name: 'editor', stage: EmitStage.Client }, () => writeFileSync(contract, text.replace('Public CRM Demo API', 'Edited CRM API')));
      },
    });
    const during = resolveConfig({ input: contract, output: out, plugins: [producer(), editor] }, CONFIG_FILE, dir);
    expect((await generate(during, BUILD)).summary.title).toBe('Public CRM Demo API');
    expect(readRecord(cacheDirOf(out), out)).toBeUndefined();
    expect((await generate(during, BUILD)).summary.title).toBe('Edited CRM API');
  });

  it('is kept in node_modules/.cache/reslayer of the project above the root', () => {
    const project = path.join(dir, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{}');
    expect(cacheDirOf(path.join(project, 'src/api'))).toMatch(new RegExp(`^${project}/node_modules/\\.cache/reslayer/[0-9a-f]{16}$`));
  });
});

describe("the plugins' code identity (the run key)", () => {
  const plugin: Plugin = { name: 'p', apply() {} };
  const key = async (configFile?: string, pluginModules?: string[]) => {
    const { configFile: _file, ...config } = configFor(path.join(dir, 'k'), [plugin]);
    return computeRunKey(configFile !== undefined ? { ...config, configFile } : config, 'b', pluginModules);
  };
  const put = (rel: string, text: string) => {
    const file = path.join(dir, 'graph', rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };

  it('is the content of every file in the config\'s module graph outside node_modules, through TypeScript\'s .js imports', async () => {
    const config = put('generator.config.ts', "import { emitter } from './plugins/emitter.js';\nexport default { plugins: [emitter] };\n");
    put('plugins/emitter.ts', "import { suffix } from './helper';\nexport const emitter = { name: 'e', apply() { return suffix; } };\n");
    put('plugins/helper.ts', "export const suffix = 'A';\n");
    const before = await key(config);
    expect(before.ok).toBe(true);
    expect(await key(config)).toEqual(before);
    put('plugins/helper.ts', "export const suffix = 'B';\n");
    const after = await key(config);
    expect(after.ok).toBe(true);
    expect(after).not.toEqual(before);
  });

  it('is the name and version of a package installed in node_modules, not its files', async () => {
    const config = put('pkg.config.mjs', "import { plugin } from 'some-plugin';\nexport default { plugins: [plugin()] };\n");
    put('node_modules/some-plugin/package.json', JSON.stringify({ name: 'some-plugin', version: '1.0.0', main: 'index.js' }));
    put('node_modules/some-plugin/index.js', 'one');
    const before = await key(config);
    put('node_modules/some-plugin/index.js', 'two');
    expect(await key(config)).toEqual(before);
    put('node_modules/some-plugin/package.json', JSON.stringify({ name: 'some-plugin', version: '1.0.1', main: 'index.js' }));
    expect(await key(config)).not.toEqual(before);
  });

  it('counts an import that resolves to nothing, so creating it is a miss', async () => {
    const config = put('missing.config.mjs', "import { x } from './later.mjs';\nexport default {};\n");
    const before = await key(config);
    expect(before.ok).toBe(true);
    put('later.mjs', 'export const x = 1;\n');
    expect(await key(config)).not.toEqual(before);
  });

  it('without a config file is unknown unless pluginModules names the modules ([]: the build\'s own plugins)', async () => {
    expect(await key(undefined)).toEqual({ ok: false, reason: "the plugins' code cannot be identified without a config file (pass pluginModules)" });
    expect((await key(undefined, [])).ok).toBe(true);
    const module = put('made.mjs', 'export const p = 1;\n');
    const before = await key(undefined, [module]);
    put('made.mjs', 'export const p = 2;\n');
    expect(await key(undefined, [module])).not.toEqual(before);
  });

  it('changes with the input limits, so narrower ones are not skipped by the cache', async () => {
    const base = configFor(path.join(dir, 'k'), [plugin]);
    const before = await computeRunKey(base, 'b');
    expect(await computeRunKey({ ...base, refRoots: [path.join(dir, 'shared')] }, 'b')).not.toEqual(before);
    expect(await computeRunKey({ ...base, maxInputSize: 1000 }, 'b')).not.toEqual(before);
  });

  it('definePlugin returns its argument and adds nothing to it', () => {
    const object = { name: 'here', apply() {} };
    const keys = Reflect.ownKeys(object);
    expect(definePlugin(object)).toBe(object);
    expect(Reflect.ownKeys(object)).toEqual(keys);
  });
});
