import type { ResolvedConfig } from '../config/types.js';
import type { ModelReuse } from '../contract/modelReuse.js';
import type { LookaheadHost } from '../emit/lookahead.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import type { CacheRecord, RunSummary } from '../emit/cacheRecord.js';
import type { InterruptedWrite } from '../emit/journal.js';
import { type WritePlan, planOutput, rootRelative } from '../emit/planFileSet.js';
import { writeOutput } from '../emit/writeFileSet.js';
import { commitStream, openOutputStream } from '../emit/streamOutput.js';
import { srcPrefix } from '../emit/outputTree.js';
import { EmitUnits } from '../emit/units.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type RunOptions, type RunResult, runGenerator } from './createGenerator.js';
import { cacheRecordFor, refreshRecord, summaryOf } from './noChangeCache.js';
import { assertOutputFolders } from './outputFolders.js';
import type { RunKey } from './runKey.js';
import { type CacheOutcome, type ProtocolOptions, type RunProfileData, hitProfile, locationOf, openCache, outcomeOf, runProfile } from './protocol.js';

/** Options of {@link generate}. */
export interface GenerateOptions extends ProtocolOptions {
  /** Write nothing: only plan what a write would create, update and remove. @default false */
  dryRun?: boolean | undefined;
  /**
   * The last model of this contract, kept across the runs of `generate --watch` (see {@link ModelReuse}). With it,
   * the write records no folder stamps (`WriteOptions.folderStamps`): the next run of a watch follows an edit.
   */
  modelReuse?: ModelReuse | undefined;
  /** The write path's look-ahead worker thread, kept across the runs of `generate --watch` (see {@link LookaheadHost}). */
  lookaheadHost?: LookaheadHost | undefined;
}

/** What {@link generate} did. */
export interface GenerateResult {
  /** True when error diagnostics stopped the run: nothing was written (or planned), `files` is empty. */
  failed: boolean;
  /** True for a dry run (nothing was written). */
  dryRun: boolean;
  /** Root-relative POSIX paths of the generated files, sorted; empty when `failed`. */
  files: string[];
  /** What the write did (or, on a dry run, would do) to each path; every list empty when `failed`. On a cache hit, every file is unchanged. */
  plan: WritePlan;
  /** The run's diagnostics (on a cache hit, those the recorded run reported). */
  diagnostics: Diagnostic[];
  /** Whether the no-change cache answered, or why not. */
  cache: CacheOutcome;
  /**
   * Leftovers of an interrupted earlier write: rolled back before this write (`repaired: true`) or, on a
   * dry run, only found (`repaired: false`); undefined when there were none (or nothing was written).
   */
  interrupted?: (InterruptedWrite & { repaired: boolean }) | undefined;
  /**
   * What the run reported: the contract's title and version, the number of resources, the diagnostics and
   * the plugins' report sections; on a cache hit, what the recorded run reported. The model itself is not
   * kept: `generate` lets it go before the commit, the largest structure of a run (call `runGenerator`
   * for it).
   */
  summary: RunSummary;
  /** Every contract file the run read (absolute paths; remote refs by URL), the entry first; on a cache hit, those the recorded run read. */
  contractFiles: string[];
  /** Timings and sizes for `$RESLAYER_PROFILE`. */
  profile: RunProfileData;
}

const emptyPlan = (): WritePlan => ({ created: [], updated: [], unchanged: [], removed: [] });

/**
 * The `generate` protocol: computes the run key, probes the no-change cache, and either answers from it
 * or runs the pipeline and writes (or plans) the files, recording the cache.
 *
 * 1. Cache hit (contract, plugins, options, build and output unchanged since the recorded run): nothing is
 *    generated and nothing in the output root is written; only the record's stat stamps are refreshed
 *    (not on a dry run). Every file is reported unchanged.
 * 2. Otherwise the pipeline runs (`runGenerator`). With an error diagnostic nothing is written
 *    (`failed`). Else the files are written with core's atomic write (staging folder and swap), which first repairs an
 *    interrupted earlier write (reported in `interrupted`) and records the cache for the next run; with
 *    `dryRun` they are only planned against the disk.
 *
 * Exit-code guidance for a command line: 0 when not `failed`, 1 when `failed` (error diagnostics), 2 when
 * this function throws.
 * @param config the resolved config
 * @param options see {@link GenerateOptions}
 * @returns the files, the plan, the diagnostics, the cache outcome, any interrupted write and the profile data
 * @throws GeneratorError for input, config and plugin errors (a plugin's error is a PluginError),
 *   `RSL_OUTPUT_NOT_DIRECTORY` when a file stands where the output needs a folder (also on a dry run;
 *   checked before anything is written), and `RSL_WRITE_FAILED` or `RSL_PATH_OUTSIDE_ROOT` when the write
 *   fails (the previous output is kept)
 */
export async function generate(config: ResolvedConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  const location = locationOf(config);
  const dryRun = options.dryRun === true;
  assertOutputFolders(location);
  const cache = await openCache(config, options);
  if (cache.probe.status === 'hit') {
    const hit = cache.probe;
    const profile = hitProfile(hit, cache.ms);
    if (!dryRun) await refreshRecord(location, hit);
    const plan = { ...emptyPlan(), unchanged: [...hit.files] };
    const contractFiles = hit.record.inputs.map((i) => i.path);
    return { failed: false, dryRun, files: hit.files, plan, diagnostics: hit.summary.diagnostics, summary: hit.summary, cache: { status: 'hit' }, contractFiles, profile };
  }
  const startedAt = Date.now();
  // Files go to the staging folder as plugins emit them (or, on a dry run, are only compared with the disk).
  const withStats = !dryRun && cache.key.ok;
  const stamps = withStats && cache.probe.status === 'miss' ? cache.probe.stamps : undefined;
  const stream = await openOutputStream(location, { write: !dryRun, withStats, ...(stamps ? { stamps } : {}), lookaheadHost: options.lookaheadHost });
  // The per-resource cache: units of the recorded run whose slice of the model is unchanged are kept as they are.
  const units =
    stream && withStats && cache.key.ok
      ? new EmitUnits({ runKey: cache.key.emitKey, sink: stream, prefix: srcPrefix(location), previous: cache.probe.status === 'miss' ? cache.probe.units : undefined, stamps })
      : undefined;
  let outcome: PipelineOutcome;
  try {
    const runOptions: RunOptions = {
      ...(options.onPhase ? { onPhase: options.onPhase } : {}),
      ...(stream ? { sink: stream } : {}),
      ...(units ? { units } : {}),
      ...(options.modelReuse ? { modelReuse: options.modelReuse } : {}),
      ...(cache.probe.status === 'miss' && cache.probe.entryRead ? { entryRead: cache.probe.entryRead } : {}),
    };
    outcome = await runPipeline(config, runOptions, dryRun ? undefined : { key: cache.key, startedAt });
  } catch (error) {
    await stream?.discard();
    throw error;
  }
  const { failed } = outcome;
  const { diagnostics } = outcome.summary;
  const paths = stream ? [...stream.entries.keys()].sort(cmp) : outcome.files.map((f) => rootRelative(location, f));
  let plan = emptyPlan();
  let interrupted: GenerateResult['interrupted'];
  let writeMs = 0;
  if (failed) await stream?.discard();
  else {
    try {
      assertOutputFolders(location, paths, stream?.scan.dirs);
    } catch (error) {
      await stream?.discard();
      throw error;
    }
    options.onPhase?.('write');
    const start = performance.now();
    // A watch (one that keeps the last model) writes again after the next edit: no folder stamps for a no-change probe.
    const writeOptions = outcome.record ? { cache: outcome.record, folderStamps: options.modelReuse === undefined } : {};
    if (stream) plan = dryRun ? (await stream.finish()).plan : await commitStream(stream, writeOptions);
    else if (dryRun) {
      const planned = await planOutput(location, outcome.files);
      plan = planned.plan;
      if (planned.interrupted) interrupted = { ...planned.interrupted, repaired: false };
    } else {
      const written = await writeOutput(location, outcome.files, writeOptions);
      plan = written.plan;
      if (written.repaired) interrupted = { ...written.repaired, repaired: true };
    }
    writeMs = performance.now() - start;
  }
  const sizes = stream ? { count: stream.entries.size, bytes: [...stream.entries.values()].reduce((sum, e) => sum + e.size, 0) } : undefined;
  return {
    failed,
    dryRun,
    files: failed ? [] : paths,
    plan,
    diagnostics,
    cache: outcomeOf(cache.probe),
    ...(interrupted ? { interrupted } : {}),
    summary: outcome.summary,
    contractFiles: outcome.contractFiles,
    profile: {
      ...runProfile(outcome, writeMs, cache.probe.status, sizes),
      ...(units ? { units: { reused: units.reused, emitted: units.emitted } } : {}),
      ...(options.modelReuse?.outcome ? { model: options.modelReuse.outcome } : {}),
      ...(options.modelReuse?.reparse.outcome ? { parse: options.modelReuse.reparse.outcome } : {}),
    },
  };
}

/**
 * What {@link generate} keeps of a pipeline run for the write and its result: everything but the model.
 * The model is a run's largest structure (about 60 KB per resource of the benchmark's synthetic contracts),
 * and the commit allocates the plan, the manifest and the cache record beside it.
 */
interface PipelineOutcome extends Pick<RunResult, 'files' | 'contractFiles'> {
  failed: boolean;
  /** The run's summary, its diagnostics included. */
  summary: RunSummary;
  report: Pick<RunResult['report'], 'timings'>;
  /** The no-change cache record, for a run that passed and will write (see `cacheRecordFor`). */
  record: CacheRecord | undefined;
}

/**
 * Runs the pipeline and keeps only its {@link PipelineOutcome}: once this returns, nothing holds the model.
 * @param config the resolved config
 * @param options progress callback and the output stream that receives the files
 * @param recording the run key and start time, when the run will write and may record the cache
 * @returns the outcome, with the cache record when `recording` is given, the run passed and the key allows one
 * @throws what `runGenerator` throws
 */
async function runPipeline(
  config: ResolvedConfig,
  options: RunOptions,
  recording: { key: RunKey; startedAt: number } | undefined,
): Promise<PipelineOutcome> {
  const run = await runGenerator(config, options);
  const failed = run.diagnostics.hasErrors();
  const made = recording && !failed ? await cacheRecordFor(recording.key, run, recording.startedAt) : undefined;
  const record = made && options.units ? { ...made, units: options.units.records() } : made;
  // The record holds the same summary: built once.
  return { failed, summary: record?.summary ?? summaryOf(run), report: { timings: run.report.timings }, files: run.files, contractFiles: run.contractFiles, record };
}
