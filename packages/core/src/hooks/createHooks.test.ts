import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from 'tapable';
import * as tapable from 'tapable';
import { createHooks, HOOK_KINDS, interceptHooks } from './createHooks.js';
import { DetectStage, EmitStage } from './stages.js';
import type { DetectContext, EmitContext, HookTiming, RunInfo, RunReport } from './types.js';
import { createApiModel } from '../model/factory.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { FileSet } from '../emit/FileSet.js';
import { GeneratorError, PluginError } from '../diagnostics/GeneratorError.js';
import { REPO_ROOT } from '../../test/paths.js';

const run: RunInfo = { input: '/contract.yaml', outputRoot: '/out', srcDir: 'src', plugins: [] };
const detectCtx: DetectContext = { run, report: () => undefined };
const emitCtx = (): EmitContext => ({ run, model: createApiModel(), files: new FileSet(), report: () => undefined });
const runReport = (): RunReport => ({ model: createApiModel(), diagnostics: new Diagnostics(), sections: [], timings: [], fileCount: 0 });

describe('createHooks', () => {
  it('returns a frozen object with exactly detect, emit and report', () => {
    const hooks = createHooks();
    expect(Object.isFrozen(hooks)).toBe(true);
    expect(Object.keys(hooks).sort()).toEqual(['detect', 'emit', 'report']);
    expect(() => {
      (hooks as unknown as Record<string, unknown>)['emit'] = null;
    }).toThrow(TypeError);
    expect(() => {
      (hooks as unknown as Record<string, unknown>)['extra'] = 1;
    }).toThrow(TypeError);
  });

  it('builds each hook with the declared kind', () => {
    // tapable's hook functions have a null prototype, so compare constructors instead of using instanceof.
    const hooks = createHooks();
    expect(hooks.detect.constructor).toBe(AsyncSeriesWaterfallHook);
    expect(hooks.emit.constructor).toBe(AsyncSeriesHook);
    expect(hooks.report.constructor).toBe(SyncHook);
  });

  it('builds each hook with the tapable class its declared kind names (HOOK_KINDS)', () => {
    const hooks = createHooks();
    expect(HOOK_KINDS).toEqual({ detect: 'AsyncSeriesWaterfallHook', emit: 'AsyncSeriesHook', report: 'SyncHook' });
    for (const name of Object.keys(HOOK_KINDS) as Array<keyof typeof HOOK_KINDS>) {
      expect(hooks[name].constructor).toBe(tapable[HOOK_KINDS[name]]);
      expect((hooks[name].constructor as { name: string }).name).toBe(HOOK_KINDS[name]);
    }
  });

  it('names the arguments of each hook', () => {
    const hooks = createHooks() as unknown as Record<string, { _args: string[] }>;
    expect(hooks['detect']?._args).toEqual(['model', 'ctx']);
    expect(hooks['emit']?._args).toEqual(['ctx']);
    expect(hooks['report']?._args).toEqual(['report']);
  });

  it('returns a fresh bus each time', () => {
    expect(createHooks().emit).not.toBe(createHooks().emit);
  });

  it('emit taps run in stage order, not registration order', async () => {
    const hooks = createHooks();
    const order: string[] = [];
    const tap = (name: string, stage: number) => hooks.emit.tap({ name, stage }, jest.fn(() => void order.push(name)));
    tap('summarize', EmitStage.Summarize);
    tap('derived', EmitStage.Derived);
    tap('types', EmitStage.Types);
    tap('client', EmitStage.Client);
    await hooks.emit.promise(emitCtx());
    expect(order).toEqual(['types', 'client', 'derived', 'summarize']);
  });

  it('detect is a waterfall: each tap gets the previous tap’s model', async () => {
    const hooks = createHooks();
    const first = createApiModel({ meta: { ...createApiModel().meta, title: 'first' } });
    const second = createApiModel({ meta: { ...createApiModel().meta, title: 'second' } });
    const refine = jest.fn((_model: ReturnType<typeof createApiModel>) => second);
    hooks.detect.tap({ name: 'refine', stage: DetectStage.Refine }, refine);
    hooks.detect.tap({ name: 'core', stage: DetectStage.Core }, () => first);
    const result = await hooks.detect.promise(createApiModel(), detectCtx);
    expect(refine).toHaveBeenCalledWith(first, detectCtx);
    expect(result).toBe(second);
  });
});

describe('EmitStage and DetectStage', () => {
  it('have the documented values and order', () => {
    expect(EmitStage).toEqual({ Types: -100, Client: 0, Derived: 100, Summarize: 1000 });
    expect(DetectStage).toEqual({ Core: -1000, Refine: 0 });
    expect(EmitStage.Types).toBeLessThan(EmitStage.Client);
    expect(EmitStage.Client).toBeLessThan(EmitStage.Derived);
    expect(EmitStage.Derived).toBeLessThan(EmitStage.Summarize);
    expect(DetectStage.Core).toBeLessThan(DetectStage.Refine);
  });
});

describe('interceptHooks', () => {
  const setup = () => {
    const hooks = createHooks();
    const timings: HookTiming[] = [];
    interceptHooks(hooks, timings);
    return { hooks, timings };
  };

  const expectPluginError = (error: unknown, plugin: string, hook: string, cause: unknown) => {
    expect(error).toBeInstanceOf(PluginError);
    expect(error).toBeInstanceOf(GeneratorError);
    const e = error as PluginError;
    expect(e.plugin).toBe(plugin);
    expect(e.hook).toBe(hook);
    expect(e.code).toBe('RSL_PLUGIN_FAILED');
    expect(e.message).toBe(`plugin "${plugin}" failed in hook "${hook}": ${(cause as Error).message}`);
    expect(e.cause).toBe(cause);
  };

  it('wraps an error thrown by a sync tap of an async hook', async () => {
    const { hooks } = setup();
    const boom = new Error('boom');
    hooks.emit.tap('plugin-a', () => {
      throw boom;
    });
    const error = await hooks.emit.promise(emitCtx()).catch((e: unknown) => e);
    expectPluginError(error, 'plugin-a', 'emit', boom);
  });

  it('wraps a rejection of a promise tap', async () => {
    const { hooks } = setup();
    const boom = new Error('async boom');
    hooks.detect.tapPromise('plugin-b', () => Promise.reject(boom));
    const error = await hooks.detect.promise(createApiModel(), detectCtx).catch((e: unknown) => e);
    expectPluginError(error, 'plugin-b', 'detect', boom);
  });

  it('wraps an error passed to the callback of an async tap, and one thrown synchronously by it', async () => {
    const { hooks } = setup();
    const viaCallback = new Error('callback boom');
    hooks.emit.tapAsync('plugin-c', (_ctx, callback) => callback(viaCallback));
    expectPluginError(await hooks.emit.promise(emitCtx()).catch((e: unknown) => e), 'plugin-c', 'emit', viaCallback);

    const other = setup();
    const thrown = new Error('thrown boom');
    other.hooks.emit.tapAsync('plugin-d', () => {
      throw thrown;
    });
    expectPluginError(await other.hooks.emit.promise(emitCtx()).catch((e: unknown) => e), 'plugin-d', 'emit', thrown);
  });

  it('wraps an error thrown by a tap of the sync report hook', () => {
    const { hooks } = setup();
    const boom = new Error('report boom');
    hooks.report.tap('plugin-e', () => {
      throw boom;
    });
    let caught: unknown;
    try {
      hooks.report.call(runReport());
    } catch (error) {
      caught = error;
    }
    expectPluginError(caught, 'plugin-e', 'report', boom);
  });

  it('wraps a thrown non-Error value', async () => {
    const { hooks } = setup();
    hooks.emit.tap('plugin-f', () => {
      throw 'a string';
    });
    const error = (await hooks.emit.promise(emitCtx()).catch((e: unknown) => e)) as PluginError;
    expect(error.message).toBe('plugin "plugin-f" failed in hook "emit": a string');
  });

  it('does not wrap a PluginError twice', async () => {
    const { hooks } = setup();
    const inner = new PluginError('inner', 'emit', new Error('x'));
    hooks.emit.tap('outer', () => {
      throw inner;
    });
    expect(await hooks.emit.promise(emitCtx()).catch((e: unknown) => e)).toBe(inner);
  });

  it('stops at the failing tap', async () => {
    const { hooks } = setup();
    const later = jest.fn();
    hooks.emit.tap({ name: 'fails', stage: 0 }, () => {
      throw new Error('stop');
    });
    hooks.emit.tap({ name: 'later', stage: 1 }, later);
    await expect(hooks.emit.promise(emitCtx())).rejects.toBeInstanceOf(PluginError);
    expect(later).not.toHaveBeenCalled();
  });

  it('records the CPU time a tap spent: a busy tap shows it, within its wall time', () => {
    const { hooks, timings } = setup();
    hooks.report.tap('p-busy', () => {
      const until = performance.now() + 30;
      while (performance.now() < until) Math.sqrt(Math.random());
    });
    hooks.report.call(runReport());
    const [t] = timings;
    expect(t?.cpuMs).toBeGreaterThan(5);
    expect(t?.cpuMs).toBeLessThanOrEqual((t?.ms ?? 0) * 2.5);
  });

  it('records one timing per tap call with the hook and tap (plugin) name, also for failing taps', async () => {
    const { hooks, timings } = setup();
    hooks.detect.tap('p-detect', (m) => m);
    hooks.emit.tapPromise('p-emit', async () => undefined);
    hooks.emit.tapAsync('p-async', (_ctx, cb) => cb());
    hooks.report.tap('p-report', () => undefined);
    await hooks.detect.promise(createApiModel(), detectCtx);
    await hooks.emit.promise(emitCtx());
    hooks.report.call(runReport());
    hooks.report.tap('p-fail', () => {
      throw new Error('x');
    });
    expect(() => hooks.report.call(runReport())).toThrow(PluginError);
    expect(timings.map((t) => `${t.hook}:${t.plugin}`)).toEqual([
      'detect:p-detect',
      'emit:p-emit',
      'emit:p-async',
      'report:p-report',
      'report:p-report',
      'report:p-fail',
    ]);
    for (const t of timings) {
      expect(typeof t.ms).toBe('number');
      expect(t.ms).toBeGreaterThanOrEqual(0);
      expect(t.cpuMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('the measured time covers an async tap’s work', async () => {
    const { hooks, timings } = setup();
    hooks.emit.tapPromise('slow', () => new Promise((resolve) => setTimeout(resolve, 30)));
    await hooks.emit.promise(emitCtx());
    expect(timings[0]?.ms).toBeGreaterThanOrEqual(25);
  });
});

describe('docs/hooks.md', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/hooks.md'), 'utf8');
  const section = (hook: string): string => {
    const start = doc.indexOf(`### \`${hook}\``);
    const end = doc.indexOf('\n### ', start + 1);
    return start < 0 ? '' : doc.slice(start, end < 0 ? undefined : end);
  };

  it.each(Object.keys(createHooks()))('documents hook %s with Kind, When, Args, Return, Previous and Next', (hook) => {
    const text = section(hook);
    expect(text).not.toBe('');
    for (const field of ['Kind', 'When', 'Args', 'Return', 'Previous', 'Next']) expect(text).toContain(`| **${field}** |`);
  });

  it('documents every stage with its value', () => {
    for (const [group, stages] of [
      ['EmitStage', EmitStage],
      ['DetectStage', DetectStage],
    ] as const) {
      for (const [name, value] of Object.entries(stages)) expect(doc).toContain(`| \`${group}.${name}\` | ${value} |`);
    }
  });
});
