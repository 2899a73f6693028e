import type { ResolvedConfig } from '../config/types.js';
import type { ApiModel } from '../model/types.js';
import type { GeneratedFile } from '../emit/GeneratedFile.js';
import type { DetectContext, EmitContext, HookTiming, RunInfo, RunReport } from '../hooks/types.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import { Diagnostics, cmp } from '../diagnostics/Diagnostics.js';
import { createHooks, interceptHooks } from '../hooks/createHooks.js';
import { DetectStage } from '../hooks/stages.js';
import { orderPlugins } from '../plugin/applyPlugins.js';
import { type EntryRead, type ReadFile, loadContract } from '../contract/loadContract.js';
import type { ModelReuse } from '../contract/modelReuse.js';
import { normalizeContract } from '../contract/normalize.js';
import { detectResources } from '../detect/detectResources.js';
import { FileSet, type FileSink } from '../emit/FileSet.js';
import type { EmitUnits } from '../emit/units.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

/** Name under which core's own taps and phases are reported. */
export const CORE_PLUGIN = 'core';

/** What a run returns. */
export interface RunResult {
  model: ApiModel;
  /** Generated files sorted by path (empty when `emit` was skipped or a `sink` received them). */
  files: GeneratedFile[];
  diagnostics: Diagnostics;
  report: RunReport;
  /** Every contract file the load read (absolute paths; remote refs by URL), the entry first. */
  contractFiles: string[];
  /** The entry file as the load read it: the sha256 of its bytes and its stat before the read (see `LoadedContract.entry`). */
  contractEntry?: ReadFile | undefined;
}

/** Options of {@link runGenerator}. */
export interface RunOptions {
  /** Stop after `detect` (for `inspect` and `lint`): no plugin emits. @default false */
  skipEmit?: boolean;
  /** Called when a phase starts, for progress output. */
  onPhase?: (phase: 'load' | 'normalize' | 'detect' | 'emit' | 'report') => void;
  /**
   * Receives every generated file as a plugin adds it, instead of the run keeping its text (see
   * {@link FileSet}): then the result's `files` is empty and `report.fileCount` counts them.
   */
  sink?: FileSink | undefined;
  /**
   * The per-resource cache of `generate` (see {@link EmitUnits}): then `EmitContext.unit` may keep a
   * unit's recorded files instead of emitting them, and the files go to its sink (`sink` is not used).
   * Without it, every unit is emitted.
   */
  units?: EmitUnits | undefined;
  /**
   * The last model of this contract, kept by a long-running process (`generate --watch`): when only
   * operations' prose changed since, `normalize` reuses it (see {@link ModelReuse}). Without it, the
   * contract is always normalized.
   */
  modelReuse?: ModelReuse | undefined;
  /** The entry file's bytes when already read (see `LoadContractOptions.entryRead`). */
  entryRead?: EntryRead | undefined;
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
  const { modelReuse } = options;
  const detectCore = (model: ApiModel, into: Diagnostics) => detectResources(model, into, { overrides: config.overrides });
  hooks.detect.tap({ name: CORE_PLUGIN, stage: DetectStage.Core }, (model) =>
    modelReuse ? modelReuse.detect(model, diagnostics, config.overrides, detectCore) : detectCore(model, diagnostics),
  );
  for (const plugin of plugins) plugin.apply(hooks, { run });

  const time = async <T>(phase: 'load' | 'normalize', fn: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings.push({ hook: phase, plugin: CORE_PLUGIN, ms: performance.now() - start });
    }
  };
  const { model: normalized, contractFiles, contractEntry } = await loadModel(config, diagnostics, time, options);
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
  const { units } = options;
  const addDiagnostic = (d: Diagnostic) => {
    const attributed = d.plugin === undefined && running !== CORE_PLUGIN ? { ...d, plugin: running } : d;
    units?.observe(attributed);
    diagnostics.add(attributed);
  };
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

  const files = new FileSet(units ? units.sink : options.sink);
  if (!options.skipEmit) {
    options.onPhase?.('emit');
    const target = { adopt: (path: string, plugin: string) => files.adopt(path, plugin), report: addDiagnostic };
    const unit: EmitContext['unit'] = units ? (name, scope, emit) => units.run(model, run, running, name, scope, emit, target) : (_name, _scope, emit) => emit();
    const emitCtx: EmitContext = { run, model, files, report: addDiagnostic, unit };
    await hooks.emit.promise(emitCtx);
  }
  options.onPhase?.('report');
  const report: RunReport = { model, diagnostics, sections: [], timings, fileCount: files.size };
  hooks.report.call(report);
  return { model, files: files.list(), diagnostics, report, contractFiles, contractEntry };
}

/**
 * The `load` and `normalize` phases: reads the contract and builds its model. Only the model and the list
 * of files read leave this function, so the parsed document (several times the contract's size in memory)
 * is garbage before any plugin emits.
 * @param config the resolved config (`input`, `allowRemoteRefs`, `dates`)
 * @param diagnostics where the loader's notices and the normalizer's findings go
 * @param time runs a phase and records its timing
 * @param options `onPhase`, called when each phase starts, `modelReuse`, the last model, and `entryRead`, the entry
 *   file already read (see {@link RunOptions})
 * @returns the model (with `dates` from the config), every contract file read (the entry first) and the entry as read
 * @throws GeneratorError from `loadContract` for unreadable input
 */
async function loadModel(
  config: ResolvedConfig,
  diagnostics: Diagnostics,
  time: <T>(phase: 'load' | 'normalize', fn: () => Promise<T> | T) => Promise<T>,
  { onPhase, modelReuse, entryRead }: Pick<RunOptions, 'onPhase' | 'modelReuse' | 'entryRead'>,
): Promise<{ model: ApiModel; contractFiles: string[]; contractEntry: ReadFile }> {
  onPhase?.('load');
  const contract = await time('load', () => loadContract(config.input, {
      allowRemoteRefs: config.allowRemoteRefs,
      refRoots: config.refRoots,
      maxInputSize: config.maxInputSize,
      entryRead,
      ...(modelReuse ? { knownInternal: (file: string, document: unknown) => modelReuse.sameAsLast(file, document), reparse: modelReuse.reparse } : {}),
    }));
  for (const notice of contract.notices) diagnostics.add(notice);
  onPhase?.('normalize');
  const contractModel = await time('normalize', () => (modelReuse ? modelReuse.normalize(contract, diagnostics) : normalizeContract(contract, diagnostics)));
  // `dates: 'Date'` travels on the model, so every plugin prints and encodes dates the same way.
  return { model: config.dates === 'Date' ? { ...contractModel, dates: 'Date' } : contractModel, contractFiles: contract.files, contractEntry: contract.entry };
}
