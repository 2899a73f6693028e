import type { ResolvedConfig } from '../config/types.js';
import type { ApiModel } from '../model/types.js';
import type { GeneratedFile } from '../emit/GeneratedFile.js';
import type { DetectContext, EmitContext, HookTiming, RunInfo, RunReport } from '../hooks/types.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import { Diagnostics, cmp } from '../diagnostics/Diagnostics.js';
import { clock, cpuNow, createHooks, interceptHooks } from '../hooks/createHooks.js';
import { DetectStage } from '../hooks/stages.js';
import { orderPlugins } from '../plugin/applyPlugins.js';
import { loadContract } from '../contract/loadContract.js';
import { normalizeContract } from '../contract/normalize.js';
import { detectResources } from '../detect/detectResources.js';
import { FileSet } from '../emit/FileSet.js';
import { applyLayout } from '../layout/applyLayout.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

/** Name under which core's own taps and phases are reported. */
export const CORE_PLUGIN = 'core';

/** What a run returns. */
export interface RunResult {
  model: ApiModel;
  /** Generated files sorted by path (empty when `emit` was skipped). */
  files: GeneratedFile[];
  diagnostics: Diagnostics;
  report: RunReport;
  /** Every contract file the load read (absolute paths; remote refs by URL), the entry first. */
  contractFiles: string[];
  /** The sha256 (hex) of the bytes the load read from each local contract file, by its path in `contractFiles`. */
  contractDigests: ReadonlyMap<string, string>;
}

/** Options of {@link runGenerator}. */
export interface RunOptions {
  /** Stop after `detect` (for `inspect` and `lint`): no plugin emits. @default false */
  skipEmit?: boolean;
  /** Called when a phase starts, for progress output. */
  onPhase?: ((phase: 'load' | 'normalize' | 'detect' | 'emit' | 'report') => void) | undefined;
}

/**
 * Runs the pipeline in memory: load → normalize → `detect` → `emit` → `report`.
 * Nothing is written; the caller writes, diffs or prints the result.
 * @param config the resolved config
 * @param options see {@link RunOptions}
 * @returns the model, the generated files, the diagnostics and the report with per-plugin timings
 * @throws GeneratorError for input, config and plugin errors (a plugin's error is a PluginError naming the plugin and hook)
 */
export async function runGenerator(config: ResolvedConfig, options: RunOptions = {}): Promise<RunResult> {
  const plugins = orderPlugins(config.plugins);
  const timings: HookTiming[] = [];
  const diagnostics = new Diagnostics();
  const run: RunInfo = Object.freeze({
    input: config.input,
    outputRoot: config.outputRoot,
    srcDir: config.srcDir,
    plugins: Object.freeze(plugins.map((p) => p.name).sort(cmp)),
  });
  const hooks = createHooks();
  interceptHooks(hooks, timings);
  hooks.detect.tap({ name: CORE_PLUGIN, stage: DetectStage.Core }, (model) => detectResources(model, diagnostics, { overrides: config.overrides }));
  for (const plugin of plugins) plugin.apply(hooks, { run });

  const time = async <T>(phase: 'load' | 'normalize', fn: () => Promise<T> | T): Promise<T> => {
    const [wall, cpu] = clock();
    try {
      return await fn();
    } finally {
      timings.push({ hook: phase, plugin: CORE_PLUGIN, ms: performance.now() - wall, cpuMs: cpuNow() - cpu });
    }
  };
  const { model: normalized, contractFiles, contractDigests } = await loadModel(config, diagnostics, time, options.onPhase);
  // A $ref that leads nowhere makes the contract unreadable: stop as for any other broken input.
  const dangling = diagnostics.list().find((d) => d.code === 'RSL_REF_UNRESOLVED' && d.severity === 'error');
  if (dangling) {
    throw new GeneratorError('RSL_REF_UNRESOLVED', `${config.input}: ${dangling.message} (at ${dangling.location ?? '#'})`, {
      file: config.input,
      ...(dangling.location ? { location: dangling.location } : {}),
      hint: dangling.hint ?? 'Point the $ref at an existing object.',
    });
  }

  // The contexts are shared by all taps: attribute a reported diagnostic to the tap that is running.
  let running = CORE_PLUGIN;
  hooks.detect.intercept({ tap: (tap) => void (running = tap.name) });
  hooks.emit.intercept({ tap: (tap) => void (running = tap.name) });
  const addDiagnostic = (d: Diagnostic) => diagnostics.add(d.plugin === undefined && running !== CORE_PLUGIN ? { ...d, plugin: running } : d);
  options.onPhase?.('detect');
  const detectCtx: DetectContext = { run, report: addDiagnostic };
  const model = await hooks.detect.promise(normalized, detectCtx);
  // A naming override that matches nothing (or clashes) is a config error.
  const badOverrides = diagnostics.list().filter((d) => d.code === 'RSL_OVERRIDE_INVALID');
  if (badOverrides.length > 0) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${config.configFile ?? 'config'}: ${badOverrides.map((d) => d.message).join('; ')}`, {
      ...(config.configFile ? { file: config.configFile } : {}),
      hint: badOverrides[0]?.hint ?? 'Fix the overrides of the config.',
    });
  }

  const files = new FileSet();
  if (!options.skipEmit) {
    options.onPhase?.('emit');
    const emitCtx: EmitContext = { run, model, files, report: addDiagnostic };
    await hooks.emit.promise(emitCtx);
  }
  // The plugins emit the resource layout; the config's layout moves and joins their files (docs/layouts.md).
  const laidOut = applyLayout(files.list(), config.layout, model);
  options.onPhase?.('report');
  const report: RunReport = { model, diagnostics, sections: [], timings, fileCount: laidOut.length };
  hooks.report.call(report);
  return { model, files: laidOut, diagnostics, report, contractFiles, contractDigests };
}

/**
 * The `load` and `normalize` phases: reads the contract and builds its model. Only the model and the list
 * of files read leave this function, so the parsed document (several times the contract's size in memory)
 * is garbage before any plugin emits.
 * @param config the resolved config (`input`, `allowRemoteRefs`, `dates`)
 * @param diagnostics where the loader's notices and the normalizer's findings go
 * @param time runs a phase and records its timing
 * @param onPhase called when each phase starts
 * @returns the model (with `dates` from the config), every contract file read (the entry first) and its digest
 * @throws GeneratorError from `loadContract` for unreadable input
 */
async function loadModel(
  config: ResolvedConfig,
  diagnostics: Diagnostics,
  time: <T>(phase: 'load' | 'normalize', fn: () => Promise<T> | T) => Promise<T>,
  onPhase: RunOptions['onPhase'],
): Promise<{ model: ApiModel; contractFiles: string[]; contractDigests: ReadonlyMap<string, string> }> {
  onPhase?.('load');
  const contract = await time('load', () => loadContract(config.input, { allowRemoteRefs: config.allowRemoteRefs, refRoots: config.refRoots, maxInputSize: config.maxInputSize }));
  for (const notice of contract.notices) diagnostics.add(notice);
  onPhase?.('normalize');
  const contractModel = await time('normalize', () => normalizeContract(contract, diagnostics));
  // `dates: 'Date'` travels on the model, so every plugin prints and encodes dates the same way.
  return { model: config.dates === 'Date' ? { ...contractModel, dates: 'Date' } : contractModel, contractFiles: contract.files, contractDigests: contract.digests };
}
