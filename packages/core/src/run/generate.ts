import type { ResolvedConfig } from '../config/types.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import type { InterruptedWrite } from '../emit/journal.js';
import { type WritePlan, planOutput, rootRelative } from '../emit/planFileSet.js';
import { writeOutput } from '../emit/writeFileSet.js';
import { commitStream, openOutputStream } from '../emit/streamOutput.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type RunResult, runGenerator } from './createGenerator.js';
import { cacheRecordFor, refreshRecord } from './noChangeCache.js';
import { assertOutputFolders } from './outputFolders.js';
import { type CacheOutcome, type ProtocolOptions, type RunProfileData, hitProfile, locationOf, openCache, outcomeOf, runProfile } from './protocol.js';

/** Options of {@link generate}. */
export interface GenerateOptions extends ProtocolOptions {
  /** Write nothing: only plan what a write would create, update and remove. @default false */
  dryRun?: boolean | undefined;
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
  /** The pipeline's result (model, files, report); undefined when the cache answered. */
  run?: RunResult | undefined;
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
    return { failed: false, dryRun, files: hit.files, plan, diagnostics: hit.summary.diagnostics, cache: { status: 'hit' }, contractFiles, profile };
  }
  const startedAt = Date.now();
  // Files go to the staging folder as plugins emit them (or, on a dry run, are only compared with the disk).
  const withStats = !dryRun && cache.key.ok;
  const stamps = withStats && cache.probe.status === 'miss' ? cache.probe.stamps : undefined;
  const stream = await openOutputStream(location, { write: !dryRun, withStats, ...(stamps ? { stamps } : {}) });
  let run: RunResult;
  try {
    run = await runGenerator(config, { ...(options.onPhase ? { onPhase: options.onPhase } : {}), ...(stream ? { sink: stream } : {}) });
  } catch (error) {
    await stream?.discard();
    throw error;
  }
  const diagnostics = run.diagnostics.list();
  const failed = run.diagnostics.hasErrors();
  const paths = stream ? [...stream.entries.keys()].sort(cmp) : run.files.map((f) => rootRelative(location, f));
  let plan = emptyPlan();
  let interrupted: GenerateResult['interrupted'];
  let writeMs = 0;
  if (failed) await stream?.discard();
  else {
    try {
      assertOutputFolders(location, paths);
    } catch (error) {
      await stream?.discard();
      throw error;
    }
    options.onPhase?.('write');
    const start = performance.now();
    const record = dryRun ? undefined : await cacheRecordFor(cache.key, run, startedAt);
    const writeOptions = record ? { cache: record } : {};
    if (stream) plan = dryRun ? (await stream.finish()).plan : await commitStream(stream, writeOptions);
    else if (dryRun) {
      const planned = await planOutput(location, run.files);
      plan = planned.plan;
      if (planned.interrupted) interrupted = { ...planned.interrupted, repaired: false };
    } else {
      const written = await writeOutput(location, run.files, writeOptions);
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
    run,
    contractFiles: run.contractFiles,
    profile: runProfile(run, writeMs, cache.probe.status, sizes),
  };
}
