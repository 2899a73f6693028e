import { existsSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { runGenerator, CORE_PLUGIN, type RunOptions } from './createGenerator.js';
import { definePlugin, type Plugin } from '../plugin/definePlugin.js';
import { DetectStage, EmitStage } from '../hooks/stages.js';
import type { EmitContext, RunInfo } from '../hooks/types.js';
import type { ResolvedConfig } from '../config/types.js';
import type { ApiModel } from '../model/types.js';
import { GeneratorError, PluginError } from '../diagnostics/GeneratorError.js';
import { DEMO_CONTRACT } from '../../test/paths.js';
import { demoConfig, TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

/** The demo contract (or `input`) with these plugins, written under this file's temporary folder. */
const config = (plugins: Plugin[], input?: string): Promise<ResolvedConfig> => demoConfig(tmp, plugins, input);

async function run(plugins: Plugin[], options: RunOptions = {}) {
  return runGenerator(await config(plugins), options);
}

/** Runs and returns the error it rejects with. */
async function runError(plugins: Plugin[], input?: string): Promise<GeneratorError> {
  const error: unknown = await runGenerator(await config(plugins, input)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeneratorError);
  return error as GeneratorError;
}

/** A plugin with one emit tap at the given stage that records its name in `order`. */
const emitAt = (name: string, stage: number, order: string[], requires: string[] = []) => {
  const fn = jest.fn((_ctx: EmitContext) => void order.push(name));
  const plugin = definePlugin({
    name,
    requires,
    apply(hooks) {
      hooks.emit.tap({ name, stage }, fn);
    },
  });
  return { plugin, fn };
};

describe('runGenerator: emit order', () => {
  it('runs emit taps in stage order (Types < Client < Derived < Summarize) regardless of the plugins array order', async () => {
    const arrays: string[][] = [];
    for (const permutation of [
      ['summarize', 'derived', 'types', 'client'],
      ['types', 'client', 'derived', 'summarize'],
      ['client', 'summarize', 'types', 'derived'],
    ]) {
      const order: string[] = [];
      const byName = {
        types: emitAt('types', EmitStage.Types, order),
        client: emitAt('client', EmitStage.Client, order),
        derived: emitAt('derived', EmitStage.Derived, order),
        summarize: emitAt('summarize', EmitStage.Summarize, order),
      };
      await run(permutation.map((n) => byName[n as keyof typeof byName].plugin));
      for (const { fn } of Object.values(byName)) expect(fn).toHaveBeenCalledTimes(1);
      arrays.push(order);
    }
    expect(arrays).toEqual([
      ['types', 'client', 'derived', 'summarize'],
      ['types', 'client', 'derived', 'summarize'],
      ['types', 'client', 'derived', 'summarize'],
    ]);
  });

  it('within one stage, taps run in apply order: requirements first, then by name', async () => {
    const order: string[] = [];
    const plugins = [
      emitAt('zeta', EmitStage.Derived, order).plugin,
      emitAt('beta', EmitStage.Derived, order, ['zeta']).plugin,
      emitAt('alpha', EmitStage.Derived, order).plugin,
    ];
    await run(plugins);
    expect(order).toEqual(['alpha', 'zeta', 'beta']);
  });

  it('applies plugins once each, in apply order, with the frozen run info', async () => {
    const applied: Array<[string, RunInfo]> = [];
    const p = (name: string, requires: string[] = []) => definePlugin({ name, requires, apply: (_hooks, ctx) => void applied.push([name, ctx.run]) });
    const cfg = await config([p('b'), p('a', ['c']), p('c')]);
    await runGenerator(cfg);
    expect(applied.map(([n]) => n)).toEqual(['c', 'a', 'b']);
    const info = applied[0]?.[1];
    expect(info).toEqual({ input: DEMO_CONTRACT, outputRoot: cfg.outputRoot, srcDir: 'src', plugins: ['a', 'b', 'c'] });
    expect(Object.isFrozen(info)).toBe(true);
    expect(Object.isFrozen(info?.plugins)).toBe(true);
  });
});

describe('runGenerator: detect waterfall', () => {
  it('core detects first; each refine tap gets the previous model; emit, report and the result get the last one', async () => {
    const seen: Record<string, ApiModel> = {};
    let refined: ApiModel | undefined;
    let renamed: ApiModel | undefined;
    const onlyCrud = definePlugin({
      name: 'only-crud',
      apply(hooks) {
        hooks.detect.tap({ name: 'only-crud', stage: DetectStage.Refine }, (model) => {
          seen['only-crud'] = model;
          refined = { ...model, resources: model.resources.filter((r) => r.resourceKind === 'crud') };
          return refined;
        });
      },
    });
    const rename = definePlugin({
      name: 'a-rename',
      apply(hooks) {
        // Stage after only-crud, although its name sorts first.
        hooks.detect.tap({ name: 'a-rename', stage: DetectStage.Refine + 10 }, (model) => {
          seen['a-rename'] = model;
          renamed = { ...model, resources: model.resources.map((r) => ({ ...r, resource: `my${r.entity}s` })) };
          return renamed;
        });
        hooks.emit.tap('a-rename', (ctx) => {
          seen['emit'] = ctx.model;
        });
        hooks.report.tap('a-rename', (report) => {
          seen['report'] = report.model;
        });
      },
    });
    const result = await run([rename, onlyCrud]);
    expect(seen['only-crud']?.resources.map((r) => r.resource)).toEqual(['companies', 'contacts', 'contactsArchive', 'dashboardSummary', 'filesDownload', 'search']);
    expect(seen['a-rename']).toBe(refined);
    expect(seen['emit']).toBe(renamed);
    expect(seen['report']).toBe(renamed);
    expect(result.model).toBe(renamed);
    expect(result.model.resources.map((r) => r.resource)).toEqual(['myCompanys', 'myContacts']);
  });

  it('a detect tap at a stage below DetectStage.Core sees the model before resources are detected', async () => {
    let before: ApiModel | undefined;
    await run([
      definePlugin({
        name: 'early',
        apply(hooks) {
          hooks.detect.tap({ name: 'early', stage: DetectStage.Core - 1 }, (model) => {
            before = model;
            return model;
          });
        },
      }),
    ]);
    expect(before?.resources).toEqual([]);
    expect(before?.operations).toHaveLength(14);
  });
});

describe('runGenerator: errors are attributed to the plugin and hook', () => {
  const throwing = (name: string, hook: 'detect' | 'emit' | 'report') =>
    definePlugin({
      name,
      apply(hooks) {
        const fail = () => {
          throw new Error(`${name} broke`);
        };
        if (hook === 'detect') hooks.detect.tap(name, fail);
        if (hook === 'emit') hooks.emit.tapPromise(name, async () => fail());
        if (hook === 'report') hooks.report.tap(name, fail);
      },
    });

  it.each(['detect', 'emit', 'report'] as const)('a tap that throws in %s becomes a PluginError naming plugin and hook', async (hook) => {
    const error = await runError([throwing('plugin-broken', hook)]);
    expect(error).toBeInstanceOf(PluginError);
    expect((error as PluginError).plugin).toBe('plugin-broken');
    expect((error as PluginError).hook).toBe(hook);
    expect(error.code).toBe('RSL_PLUGIN_FAILED');
    expect(error.message).toContain('plugin-broken');
    expect(error.message).toContain(`"${hook}"`);
    expect(error.message).toContain('plugin-broken broke');
  });

  it('two plugins emitting the same path fail with a message naming both; the cause is RSL_FILE_CONFLICT', async () => {
    const writer = (name: string, stage: number) =>
      definePlugin({
        name,
        apply(hooks) {
          hooks.emit.tap({ name, stage }, (ctx) => void ctx.files.add({ path: 'shared/index.ts', contents: 'x', plugin: name }));
        },
      });
    const error = await runError([writer('plugin-second', EmitStage.Derived), writer('plugin-first', EmitStage.Client)]);
    expect(error).toBeInstanceOf(PluginError);
    expect((error as PluginError).plugin).toBe('plugin-second');
    expect(error.message).toContain('"plugin-second" emits shared/index.ts, which plugin "plugin-first" already emitted');
    expect((error.cause as GeneratorError).code).toBe('RSL_FILE_CONFLICT');
  });
});

describe('runGenerator: plugin configuration is checked before anything runs', () => {
  const missingInput = '/definitely/not/here.yaml';
  const p = (name: string, requires: string[] = []) => definePlugin({ name, requires, apply: jest.fn() });

  it('a missing requirement fails with RSL_PLUGIN_MISSING_REQUIREMENT naming both plugins (before loading the input)', async () => {
    const hooksPlugin = p('plugin-hooks', ['plugin-client']);
    const error = await runError([hooksPlugin], missingInput);
    expect(error.code).toBe('RSL_PLUGIN_MISSING_REQUIREMENT');
    expect(error.message).toContain('"plugin-hooks"');
    expect(error.message).toContain('"plugin-client"');
    expect(hooksPlugin.apply).not.toHaveBeenCalled();
  });

  it('duplicate names fail with RSL_PLUGIN_DUPLICATE', async () => {
    const error = await runError([p('x'), p('x')], missingInput);
    expect(error.code).toBe('RSL_PLUGIN_DUPLICATE');
    expect(error.message).toContain('"x"');
  });

  it('a requirement cycle fails with RSL_PLUGIN_CYCLE listing the cycle', async () => {
    const error = await runError([p('b', ['c']), p('a', ['b']), p('c', ['a'])], missingInput);
    expect(error.code).toBe('RSL_PLUGIN_CYCLE');
    expect(error.message).toBe('plugin requirements form a cycle: a → b → c → a');
  });

  it('with valid plugins, the input error comes next', async () => {
    const error = await runError([p('ok')], missingInput);
    expect(error.code).toBe('RSL_INPUT_NOT_FOUND');
  });
});
