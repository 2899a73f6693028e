import type { ResolvedConfig } from '../config/types.js';
import { type Diagnostic, healthScore } from '../diagnostics/Diagnostics.js';
import type { ReportSection } from '../hooks/types.js';
import type { InterruptedWrite } from '../emit/journal.js';
import { type DriftEntry, diffOutput, rootRelative } from '../emit/planFileSet.js';
import { type RunResult, runGenerator } from './createGenerator.js';
import { assertOutputFolders } from './outputFolders.js';
import { type CacheOutcome, type ProtocolOptions, type RunProfileData, hitProfile, locationOf, openCache, outcomeOf, runProfile } from './protocol.js';

/** Options of {@link check}: those of every protocol (pass `skipCache` when the caller needs `run`, e.g. for a report built from the model). */
export type CheckOptions = ProtocolOptions;

/** What {@link check} found. Nothing is ever written. */
export interface CheckResult {
  /** True when there is no drift, no error diagnostic and no interrupted write pending (journal). */
  ok: boolean;
  /** The contract's title and version. */
  title: string;
  version: string;
  /** Number of detected resources. */
  resources: number;
  /** Number of generated files. */
  files: number;
  /** The run's diagnostics (on a cache hit, those the recorded run reported). */
  diagnostics: Diagnostic[];
  /** Missing, different and stale files, sorted by path (empty on a cache hit). */
  drift: DriftEntry[];
  /** Sections plugins added to the report. */
  sections: ReportSection[];
  /** `healthScore` of the error and warning counts and the drift. */
  healthScore: number;
  /**
   * Leftovers of an interrupted earlier write, left untouched: `reslayer generate` (core's `generate`)
   * rolls them back. With `journal` set the output may be a mix of two runs, so `ok` is false.
   */
  interrupted?: InterruptedWrite | undefined;
  /** Whether the no-change cache answered, or why not. */
  cache: CacheOutcome;
  /** The pipeline's result (model, files, report); undefined when the cache answered. */
  run?: RunResult | undefined;
  /** Timings and sizes for `$RESLAYER_PROFILE`. */
  profile: RunProfileData;
}

/**
 * The `check` protocol: is the output on disk what a run would generate now? Computes the run key and
 * probes the no-change cache; on a hit, the output is what the recorded run wrote, so the drift is empty
 * and the summary comes from the record. Otherwise the pipeline runs in memory and its files are
 * compared with the disk.
 *
 * Never writes anything: not the output, not the cache record, and not the repair of an interrupted
 * earlier write. Such a write is reported in `interrupted` (leftovers untouched; only `generate` rolls
 * it back), and with its journal present `ok` is false.
 *
 * Exit-code guidance for a command line: 0 when `ok`, 1 when not, 2 when this function throws.
 * @param config the resolved config
 * @param options see {@link CheckOptions}
 * @returns the summary, the drift, the diagnostics, the health score, any interrupted write, the cache outcome and the profile data
 * @throws GeneratorError for input, config and plugin errors (a plugin's error is a PluginError),
 *   `RSL_OUTPUT_NOT_DIRECTORY` when a file stands where the output needs a folder, and
 *   `RSL_PATH_OUTSIDE_ROOT` when the source folder leaves the output root
 */
export async function check(config: ResolvedConfig, options: CheckOptions = {}): Promise<CheckResult> {
  const location = locationOf(config);
  assertOutputFolders(location);
  const cache = await openCache(config, options);
  if (cache.probe.status === 'hit') {
    const hit = cache.probe;
    const { title, version, resources, diagnostics, sections } = hit.summary;
    return withVerdict({ title, version, resources, files: hit.files.length, diagnostics, drift: [], sections, cache: { status: 'hit' }, profile: hitProfile(hit, cache.ms) });
  }
  const run = await runGenerator(config, options.onPhase ? { onPhase: options.onPhase } : {});
  assertOutputFolders(location, run.files.map((f) => rootRelative(location, f)));
  options.onPhase?.('diff');
  const start = performance.now();
  const { drift, interrupted } = await diffOutput(location, run.files);
  const profile = runProfile(run, performance.now() - start, cache.probe.status);
  return withVerdict({
    title: run.model.meta.title,
    version: run.model.meta.version,
    resources: run.model.resources.length,
    files: run.files.length,
    diagnostics: run.diagnostics.list(),
    drift,
    sections: run.report.sections,
    ...(interrupted ? { interrupted } : {}),
    cache: outcomeOf(cache.probe),
    run,
    profile,
  });
}

/** Adds `ok` and the health score to what a check found. */
function withVerdict(found: Omit<CheckResult, 'ok' | 'healthScore'>): CheckResult {
  const errors = found.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = found.diagnostics.filter((d) => d.severity === 'warning').length;
  const ok = found.drift.length === 0 && errors === 0 && found.interrupted?.journal !== true;
  return { ok, healthScore: healthScore({ errors, warnings, drift: found.drift.length }), ...found };
}
