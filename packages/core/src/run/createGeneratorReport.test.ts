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

describe('runGenerator: report, timings, files, phases', () => {
  const emitter = definePlugin({
    name: 'plugin-files',
    apply(hooks) {
      hooks.detect.tap({ name: 'plugin-files', stage: DetectStage.Refine }, (model) => model);
      hooks.emit.tap({ name: 'plugin-files', stage: EmitStage.Client }, (ctx) => {
        ctx.files.add({ path: 'b/second.ts', contents: 'export const b = 2;', plugin: 'plugin-files' });
        ctx.files.add({ path: 'a/first.ts', contents: 'export const a = 1;\r\n\r\n', plugin: 'plugin-files' });
      });
      hooks.report.tap('plugin-files', (report) => {
        report.sections.push({ plugin: 'plugin-files', title: 'Files', lines: [`${report.fileCount} files`] });
      });
    },
  });

  it('records timings per plugin and hook, plus core’s load and normalize phases', async () => {
    const { report } = await run([emitter]);
    const pairs = report.timings.map((t) => `${t.hook}:${t.plugin}`);
    expect(pairs).toEqual(['load:core', 'normalize:core', 'detect:core', 'detect:plugin-files', 'emit:plugin-files', 'report:plugin-files']);
    expect(report.timings.every((t) => Number.isFinite(t.ms) && t.ms >= 0)).toBe(true);
    expect(CORE_PLUGIN).toBe('core');
  });

  it('returns the files sorted by path with normalized contents, and the report counts them', async () => {
    const result = await run([emitter]);
    expect(result.files).toEqual([
      { path: 'a/first.ts', contents: 'export const a = 1;\n', plugin: 'plugin-files', kind: 'source' },
      { path: 'b/second.ts', contents: 'export const b = 2;\n', plugin: 'plugin-files', kind: 'source' },
    ]);
    expect(result.report.fileCount).toBe(2);
    expect(result.report.sections).toEqual([{ plugin: 'plugin-files', title: 'Files', lines: ['2 files'] }]);
    expect(result.report.diagnostics).toBe(result.diagnostics);
    expect(result.diagnostics.list()).toEqual([]);
  });

  it('writes nothing to the output root', async () => {
    const cfg = await config([emitter]);
    await runGenerator(cfg);
    expect(existsSync(cfg.outputRoot)).toBe(false);
  });

  it('skipEmit runs detect and report but no emit tap', async () => {
    const emitFn = jest.fn();
    const reportFn = jest.fn();
    const plugin = definePlugin({
      name: 'p',
      apply(hooks) {
        hooks.emit.tap('p', emitFn);
        hooks.report.tap('p', reportFn);
      },
    });
    const phases: string[] = [];
    const result = await run([plugin], { skipEmit: true, onPhase: (phase) => void phases.push(phase) });
    expect(emitFn).not.toHaveBeenCalled();
    expect(reportFn).toHaveBeenCalledTimes(1);
    expect(result.files).toEqual([]);
    expect(result.model.resources).toHaveLength(6);
    expect(phases).toEqual(['load', 'normalize', 'detect', 'report']);
  });

  it('reports phases in pipeline order', async () => {
    const phases: string[] = [];
    await run([], { onPhase: (phase) => void phases.push(phase) });
    expect(phases).toEqual(['load', 'normalize', 'detect', 'emit', 'report']);
  });

  it('diagnostics a plugin reports through its context carry the plugin name unless they name one', async () => {
    const plugin = definePlugin({
      name: 'plugin-lint',
      apply(hooks) {
        hooks.detect.tap({ name: 'plugin-lint', stage: DetectStage.Refine }, (model, ctx) => {
          ctx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'warning', message: 'from detect', location: '#/a' });
          return model;
        });
        hooks.emit.tap('plugin-lint', (ctx) => {
          ctx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'warning', message: 'from emit', location: '#/b' });
          ctx.report({ code: 'RSL_SCHEMA_UNSUPPORTED', severity: 'info', message: 'named', location: '#/c', plugin: 'someone-else' });
        });
      },
    });
    const { diagnostics } = await run([plugin]);
    expect(diagnostics.list().map((d) => [d.message, d.plugin])).toEqual([
      ['from detect', 'plugin-lint'],
      ['from emit', 'plugin-lint'],
      ['named', 'someone-else'],
    ]);
  });

  it('core’s own diagnostics carry no plugin name', async () => {
    const input = await tmp.write('no-op-id.yaml', { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/ping': { get: { responses: { '204': { description: 'ok' } } } } } });
    const { diagnostics } = await runGenerator(await config([], input));
    expect(diagnostics.list().map((d) => [d.code, d.plugin])).toEqual([['RSL_OPERATION_ID_MISSING', undefined]]);
  });
});

describe("config dates: 'Date'", () => {
  it('reaches every plugin on the model; the default leaves the model without it', async () => {
    const seen: Array<ApiModel['dates']> = [];
    const probe = definePlugin({ name: 'probe', apply: (hooks) => hooks.emit.tap({ name: 'probe', stage: EmitStage.Derived }, (ctx: EmitContext) => void seen.push(ctx.model.dates)) });
    const base = await config([probe]);
    await runGenerator(base);
    await runGenerator({ ...base, dates: 'Date' });
    expect(seen).toEqual([undefined, 'Date']);
  });
});
