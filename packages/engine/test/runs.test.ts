// generate and check through the engine's API with small plugins: ctx.files answers the same in every run, the
// manifest (not a banner) decides what the engine owns, the cache lives outside the root and identifies plugins
// by their code, not by a declared version.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Plugin, type ResolvedConfig, EmitStage, definePlugin, resolveConfig } from '@reslayer/core';
import { cacheDirOf, check, generate } from '../src/index.js';
import { computeRunKey } from '../src/cache/runKey.js';
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

const configFor = (out: string, plugins: Plugin[]): ResolvedConfig => resolveConfig({ input: DEMO_CONTRACT, output: out, plugins }, undefined, dir);

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

  it('is kept in node_modules/.cache/reslayer of the project above the root', () => {
    const project = path.join(dir, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{}');
    expect(cacheDirOf(path.join(project, 'src/api'))).toMatch(new RegExp(`^${project}/node_modules/\\.cache/reslayer/[0-9a-f]{16}$`));
  });
});

describe("a plugin's code identity (the run key)", () => {
  const SOURCE = Symbol.for('reslayer.pluginSource');
  const madeIn = (file: string): Plugin => Object.defineProperty({ name: 'p', apply() {} }, SOURCE, { value: file });
  const key = async (plugin: Plugin, configFile?: string) => computeRunKey({ ...configFor(path.join(dir, 'k'), [plugin]), ...(configFile ? { configFile } : {}) }, 'b');

  it('is the content of the file that made it, loaded from a path', async () => {
    const file = path.join(dir, 'plugin.mjs');
    writeFileSync(file, 'one');
    const before = await key(madeIn(file));
    expect(before.ok).toBe(true);
    expect(await key(madeIn(file))).toEqual(before);
    writeFileSync(file, 'two');
    expect(await key(madeIn(file))).not.toEqual(before);
  });

  it('is the package version when that file is installed in node_modules', async () => {
    const pkg = path.join(dir, 'node_modules/some-plugin');
    mkdirSync(path.join(pkg, 'dist'), { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'some-plugin', version: '1.0.0' }));
    const file = path.join(pkg, 'dist/index.js');
    writeFileSync(file, 'one');
    const before = await key(madeIn(file));
    writeFileSync(file, 'two');
    expect(await key(madeIn(file))).toEqual(before);
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'some-plugin', version: '1.0.1' }));
    expect(await key(madeIn(file))).not.toEqual(before);
  });

  it('is the config file for a plugin written there without definePlugin; unknown without one', async () => {
    const bare: Plugin = { name: 'bare', apply() {} };
    const configFile = path.join(dir, 'generator.config.mjs');
    writeFileSync(configFile, 'export default {}');
    expect((await key(bare, configFile)).ok).toBe(true);
    expect(await key(bare)).toEqual({ ok: false, reason: 'plugin "bare" was not made with definePlugin, so its code cannot be identified' });
  });

  it('definePlugin records the file of its caller', () => {
    const made = definePlugin({ name: 'here', apply() {} });
    expect((made as unknown as Record<symbol, unknown>)[SOURCE]).toMatch(/runs\.test\.ts$/);
  });
});
