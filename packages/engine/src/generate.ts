import { type Diagnostic, cmp } from '@reslayer/core';
import { type ResolvedConfig, type RunReport, type RunResult, runGenerator } from '@reslayer/core/host';
import { type RecordedDigests, recordInputs, fingerprintOf, recordedDigests } from './cache/probe.js';
import { type RunSummary, removeRecord, sha256, stampFiles, writeRecord } from './cache/record.js';
import type { WritePlan } from './output/plan.js';
import { type Leftovers, findLeftovers, recoverLeftovers } from './output/swap.js';
import { type OutputOutcome, readOutput, writeOutput } from './output/writer.js';
import { serializeManifest } from './output/manifest.js';
import { type CacheOutcome, type Opened, type RunOptions, type RunProfileData, hitProfile, outcomeOf, runProfile, startTiming, summaryOf, withOpenRoot } from './run.js';
import { formatOutput } from './format.js';

/** Options of {@link generate}. */
export interface GenerateOptions extends RunOptions {
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
  /** What the write did (or, on a dry run, would do) to each path; on a cache hit every file is unchanged. */
  plan: WritePlan;
  /** The run's diagnostics (on a hit, those of the recorded run), then the writer's notices about the root. */
  diagnostics: Diagnostic[];
  /** Whether the no-change cache answered, or why not. */
  cache: CacheOutcome;
  /** What a killed run had left beside the root: repaired before the write (only found by a dry run). */
  interrupted?: (Leftovers & { repaired: boolean }) | undefined;
  /** The contract's title and version, the resources, diagnostics and report sections (on a hit, the recorded run's). */
  summary: RunSummary;
  /** Every contract file the run read (on a hit, those the recorded run read). */
  contractFiles: string[];
  /** Timings and sizes for `$RESLAYER_PROFILE`. */
  profile: RunProfileData;
}

const emptyPlan = (): WritePlan => ({ created: [], updated: [], unchanged: [], removed: [] });

/**
 * The `generate` run of a config: holds the output root (see `withOpenRoot`), answers from the no-change cache when
 * nothing changed, else runs the pipeline in memory (core's `runGenerator`) and, unless error diagnostics stop it,
 * writes what changed with the one writer (`writeOutput`) and records the cache; a dry run only plans.
 *
 * Exit-code guidance for a command line: 0 when not `failed`, 1 when `failed`, 2 when this throws.
 * @param config the resolved config
 * @param options see {@link GenerateOptions}
 * @returns the files, the plan, the diagnostics, the cache outcome and the profile
 * @throws GeneratorError for input, config and plugin errors; `RSL_OUTPUT_NOT_DIRECTORY`, `RSL_OUTPUT_LOCKED`,
 *   `RSL_WRITE_FAILED` (the previous output is kept)
 */
export async function generate(config: ResolvedConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  const dryRun = options.dryRun === true;
  return withOpenRoot(config, options, !dryRun, async (opened) => {
    const { probe } = opened;
    if (probe.status === 'hit') {
      if (!dryRun && probe.refreshed) tryRecord(opened, probe.refreshed);
      // What a killed run left beside the root is repaired (or, on a dry run, found) even when nothing changed.
      const left = dryRun ? findLeftovers(opened.paths) : recoverLeftovers(opened.paths);
      const { files, summary, inputs } = probe.record;
      const plan = { ...emptyPlan(), unchanged: [...files] };
      const interrupted = left ? { interrupted: { ...left, repaired: !dryRun } } : {};
      return { failed: false, dryRun, files, plan, diagnostics: summary.diagnostics, summary, cache: { status: 'hit' }, ...interrupted, contractFiles: inputs.map((i) => i.path), profile: hitProfile(files.length, probe.bytes, opened.took) };
    }
    const startedAt = Date.now();
    const run = await emitInMemory(config, options.onPhase);
    const { summary, files } = run;
    const base = { dryRun, summary, cache: outcomeOf(probe), contractFiles: run.contractFiles };
    if (run.failed) {
      return { ...base, failed: true, files: [], plan: emptyPlan(), diagnostics: summary.diagnostics, profile: runProfile(run, files, { ms: 0, cpuMs: 0 }, probe.status) };
    }
    options.onPhase?.('write');
    const writing = startTiming();
    // After a miss, the files the record knows unchanged are compared by digest, not read (no record: all are read).
    const recorded = probe.status === 'miss' ? probe.record : undefined;
    const digests = recordedDigests(recorded);
    const known = recorded ? digests : undefined;
    const outcome: OutputOutcome = dryRun ? readOutput(opened.paths, files, known) : await writeOutput(opened.paths, files, opened.lock, summary, known);
    if (!dryRun) record(opened, files, run, startedAt, summary, digests, new Set(outcome.plan.unchanged));
    const write = writing();
    return {
      ...base,
      failed: false,
      files: [...files.keys()].sort(cmp),
      plan: outcome.plan,
      diagnostics: [...summary.diagnostics, ...outcome.notices],
      ...(outcome.interrupted ? { interrupted: { ...outcome.interrupted, repaired: !dryRun } } : {}),
      profile: runProfile(run, files, write, probe.status),
    };
  });
}

/** What the write needs of a pipeline run. */
interface Emitted extends Pick<RunResult, 'contractFiles' | 'contractDigests'>, Pick<RunReport, 'timings'> {
  summary: RunSummary;
  /** The files by root-relative path, formatted. */
  files: Map<string, string>;
  /** Error diagnostics stop the run: nothing is written. */
  failed: boolean;
}

/**
 * Runs the pipeline in memory (core's `runGenerator`) and formats its files. Only what the write needs leaves this
 * function: the model and the plugins' file objects are garbage while the files are written (on Graph beta the
 * model is a quarter of the heap).
 * @param config the resolved config
 * @param onPhase called when each phase starts
 * @throws GeneratorError as `runGenerator` and the formatter do
 */
async function emitInMemory(config: ResolvedConfig, onPhase: GenerateOptions['onPhase']): Promise<Emitted> {
  const run = await runGenerator(config, { onPhase });
  const files = await formatOutput(config, run.files);
  const { contractFiles, contractDigests } = run;
  return { summary: summaryOf(run), files, failed: run.diagnostics.hasErrors(), timings: run.report.timings, contractFiles, contractDigests };
}

/**
 * Records the output a write left, for the next run's probe: the fingerprint, the summary, and each file's stamp and
 * sha256. No record (and an older one removed) when the key is off or a contract file changed during the run.
 */
function record(opened: Opened, files: ReadonlyMap<string, string>, run: Pick<RunResult, 'contractFiles' | 'contractDigests'>, startedAt: number, summary: RunSummary, digests: RecordedDigests, unchanged: ReadonlySet<string>): void {
  const { key, paths, cacheDir } = opened;
  const sorted = [...files.keys()].sort(cmp);
  const inputs = key.ok ? recordInputs(run.contractFiles, run.contractDigests, startedAt) : undefined;
  // A file the write left as it was keeps the stamp the plan verified (no second stat).
  const stamps = inputs ? stampFiles(paths.real, sorted, (rel) => (unchanged.has(rel) ? digests.verified(rel) : undefined)) : undefined;
  if (!key.ok || !inputs || !stamps) {
    tryRecord(opened, undefined);
    return;
  }
  const fingerprint = fingerprintOf(key.key, inputs);
  const sha256s = sorted.map((rel) => digests.made(rel, files.get(rel) as string));
  tryRecord(opened, { fingerprint, inputs, summary, manifestSha256: sha256(serializeManifest(sorted, summary)), files: sorted, stamps, sha256s });
}

/** Writes (or, with none, removes) the record; the cache is best effort: a failure only costs the next run its speed. */
function tryRecord(opened: Opened, rec: Parameters<typeof writeRecord>[2] | undefined): void {
  try {
    if (rec) writeRecord(opened.cacheDir, opened.paths.root, rec);
    else removeRecord(opened.cacheDir);
  } catch {
    // best effort
  }
}
