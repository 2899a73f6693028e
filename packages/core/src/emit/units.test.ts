import { readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from '../run/generate.js';
import { definePlugin, type Plugin } from '../plugin/definePlugin.js';
import type { ResolvedConfig } from '../config/types.js';
import type { ApiModel } from '../model/types.js';
import { readRecord } from './cacheRecord.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(async () => {
  await tmp.cleanup();
});

const BUILD = 'b'.repeat(64);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the test plugin's units did in one run: resources (or `model`) whose emit ran. */
let emitted: string[] = [];

/** The summaries of a resource's operations, as the model holds them. */
const summaries = (model: ApiModel, operationKeys: string[]) => operationKeys.map((k) => model.operations.find((o) => o.key === k)?.summary ?? '').join(' | ');

/**
 * A versioned plugin with one unit per resource (`res/<resource>.ts` and `res/<resource>.doc.ts`, holding the
 * summaries of its operations; the `gadgets` unit reports a warning) and one `model` unit (`all.ts`, the
 * resource names). With `twice`, it runs the `widgets` unit twice under the same name.
 */
const unitPlugin = (twice = false): Plugin =>
  definePlugin({
    name: 'test-units',
    version: '1.0.0',
    apply(hooks) {
      hooks.emit.tap('test-units', (ctx) => {
        const { model } = ctx;
        ctx.unit('all', 'model', () => {
          emitted.push('model');
          ctx.files.add({ path: 'all.ts', contents: `export const names = ${JSON.stringify(model.resources.map((r) => r.resource))};\n`, plugin: 'test-units' });
        });
        for (const r of model.resources) {
          const emit = () => {
            emitted.push(r.resource);
            const text = summaries(model, r.operations.map((o) => o.operationKey));
            ctx.files.add({ path: `res/${r.resource}${emitted.filter((e) => e === r.resource).length > 1 ? '2' : ''}.ts`, contents: `export const doc = ${JSON.stringify(text)};\n`, plugin: 'test-units' });
            if (r.resource === 'gadgets') ctx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'warning', message: `gadgets: ${text}` });
          };
          ctx.unit('res', r, emit);
          if (twice && r.resource === 'widgets') ctx.unit('res', r, emit);
        }
      });
    },
  });

const contract = (widgetSummary: string, extraPath = false) => ({
  openapi: '3.1.0',
  info: { title: 'Units', version: '1' },
  paths: {
    '/widgets': { get: { operationId: 'listWidgets', summary: widgetSummary, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } },
    '/gadgets': { get: { operationId: 'listGadgets', summary: 'List gadgets', responses: { '204': { description: 'none' } } } },
    '/sprockets': { get: { operationId: 'listSprockets', summary: 'List sprockets', responses: { '204': { description: 'none' } } } },
    ...(extraPath ? { '/gizmos': { get: { operationId: 'listGizmos', responses: { '204': { description: 'none' } } } } } : {}),
  },
});

/** Writes the contract, old enough to be recorded when the next run starts. */
async function writeContract(config: ResolvedConfig, doc: unknown): Promise<void> {
  await writeFile(config.input, JSON.stringify(doc));
  await sleep(250);
}

async function setup(name: string, plugin: Plugin = unitPlugin()): Promise<ResolvedConfig> {
  const dir = await tmp.sub(name);
  const config: ResolvedConfig = { input: path.join(dir, 'openapi.json'), outputRoot: path.join(dir, 'out'), srcDir: 'src', plugins: [plugin], allowRemoteRefs: false };
  await writeContract(config, contract('List widgets'));
  return config;
}

/** One generate; returns which units emitted and the run's result. */
async function run(config: ResolvedConfig, skipCache?: string) {
  emitted = [];
  const result = await generate(config, { buildHash: BUILD, ...(skipCache ? { skipCache } : {}) });
  return { result, emitted: [...emitted].sort() };
}

/** Every file below a folder (relative path → text), the cache record left out. */
async function readTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || e.name === '.reslayer-cache.json') continue;
    const abs = path.join(e.parentPath, e.name);
    if (path.relative(root, abs).startsWith('.reslayer-spare')) continue;
    out[path.relative(root, abs)] = await readFile(abs, 'utf8');
  }
  return out;
}

describe('emit units (the per-resource cache of generate)', () => {
  it('re-emits only the unit whose resource changed, and its output equals a fresh run', async () => {
    const config = await setup('one-change');
    const first = await run(config);
    expect(first.emitted).toEqual(['gadgets', 'model', 'sprockets', 'widgets']);
    expect(first.result.profile.units).toEqual({ reused: 0, emitted: 4 });

    await writeContract(config, contract('List every widget'));
    const second = await run(config);
    expect(second.emitted).toEqual(['widgets']);
    expect(second.result.profile.units).toEqual({ reused: 3, emitted: 1 });
    expect(second.result.plan.updated).toEqual(['src/res/widgets.ts']);
    // The reused gadgets unit reports its warning again.
    expect(second.result.diagnostics.map((d) => d.message)).toContain('gadgets: List gadgets');

    const fresh = await setup('one-change-fresh');
    await writeContract(fresh, contract('List every widget'));
    const full = await run(fresh);
    expect(full.emitted).toHaveLength(4);
    expect(await readTree(config.outputRoot)).toEqual(await readTree(fresh.outputRoot));
    expect(second.result.diagnostics).toEqual(full.result.diagnostics);
    expect(second.result.files).toEqual(full.result.files);
  });

  it('keeps the units when the changed contract is a copy under another name', async () => {
    const config = await setup('renamed');
    await run(config);
    const copy = path.join(path.dirname(config.input), 'openapi-v2.json');
    await writeFile(copy, JSON.stringify(contract('List every widget')));
    await sleep(250);
    const second = await run({ ...config, input: copy });
    expect(second.emitted).toEqual(['widgets']);
    expect(second.result.plan.updated).toEqual(['src/res/widgets.ts']);
  });

  it('records every unit with its files and diagnostics in the cache record', async () => {
    const config = await setup('record');
    await run(config);
    const record = await readRecord(config);
    const units = record?.units ?? [];
    expect(units.map((u) => u.files)).toEqual([['src/all.ts'], ['src/res/gadgets.ts'], ['src/res/sprockets.ts'], ['src/res/widgets.ts']]);
    expect(units.map((u) => u.diagnostics.length)).toEqual([0, 1, 0, 0]);
    expect(new Set(units.map((u) => u.key)).size).toBe(4);
    expect(units.every((u) => /^[0-9a-f]{64}$/.test(u.key))).toBe(true);
  });

  it('emits a unit again when one of its files was edited, and restores the file', async () => {
    const config = await setup('edited');
    await run(config);
    const file = path.join(config.outputRoot, 'src/res/gadgets.ts');
    const before = await readFile(file, 'utf8');
    await writeFile(file, before.replace('gadgets', 'GADGETS'));
    await writeContract(config, contract('List every widget'));
    const second = await run(config);
    expect(second.emitted).toEqual(['gadgets', 'widgets']);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('keeps a unit whose file only has new stat data (same text), verified by its hash', async () => {
    const config = await setup('touched');
    await run(config);
    const file = path.join(config.outputRoot, 'src/res/sprockets.ts');
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    await writeContract(config, contract('List every widget'));
    const second = await run(config);
    expect(second.emitted).toEqual(['widgets']);
    expect((await stat(file)).mtimeMs).toBe(later.getTime());
  });

  it('emits every unit when the model structure changed', async () => {
    const config = await setup('structure');
    await run(config);
    await writeContract(config, contract('List widgets', true));
    const second = await run(config);
    expect(second.emitted).toEqual(['gadgets', 'gizmos', 'model', 'sprockets', 'widgets']);
  });

  it('emits every unit when the cache is skipped (--no-cache)', async () => {
    const config = await setup('no-cache');
    await run(config);
    await writeContract(config, contract('List every widget'));
    const second = await run(config, '--no-cache');
    expect(second.emitted).toEqual(['gadgets', 'model', 'sprockets', 'widgets']);
  });

  it('emits every unit on a dry run and keeps nothing of it', async () => {
    const config = await setup('dry');
    await run(config);
    await writeContract(config, contract('List every widget'));
    emitted = [];
    const dry = await generate(config, { buildHash: BUILD, dryRun: true });
    expect(emitted.sort()).toEqual(['gadgets', 'model', 'sprockets', 'widgets']);
    expect(dry.plan.updated).toEqual(['src/res/widgets.ts']);
  });

  it('records neither of two units with the same key, so both run again next time', async () => {
    const config = await setup('twice', unitPlugin(true));
    const first = await run(config);
    expect(first.emitted).toEqual(['gadgets', 'model', 'sprockets', 'widgets', 'widgets']);
    expect((await readRecord(config))?.units?.map((u) => u.files)).toEqual([['src/all.ts'], ['src/res/gadgets.ts'], ['src/res/sprockets.ts']]);
    await writeFile(config.input, JSON.stringify({ ...contract('List widgets'), info: { title: 'Units', version: '1', description: 'x' } }));
    await sleep(250);
    const second = await run(config);
    expect(second.emitted).toEqual(['widgets', 'widgets']);
    expect(await readFile(path.join(config.outputRoot, 'src/res/widgets2.ts'), 'utf8')).toContain('List widgets');
  });
});
