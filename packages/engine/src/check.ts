import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, GeneratorError } from '@reslayer/core';
import { type ReportSection, type HealthDeduction, type ResolvedConfig, type RunResult, healthDeductions, healthScore, runGenerator } from '@reslayer/core/host';
import { outputPaths } from './output/paths.js';
import { MANIFEST_NAME, type ManifestContract, manifestContract, readManifest } from './output/manifest.js';
import type { OutputPaths } from './output/paths.js';
import { type DriftEntry, driftOf } from './output/plan.js';
import { type Leftovers, findLeftovers } from './output/swap.js';
import { readOutput } from './output/writer.js';
import { recordedDigests } from './cache/probe.js';
import { type CacheOutcome, type RunOptions, type RunProfileData, hitProfile, outcomeOf, runProfile, startTiming, withOpenRoot } from './run.js';
import { formatOutput } from './format.js';

/** What {@link check} found. Nothing is ever written. */
export interface CheckResult {
  /** True when there is no drift, no error diagnostic, and the root is not missing after a killed swap. */
  ok: boolean;
  /** The contract's title and version. */
  title: string;
  version: string;
  /** Number of detected resources. */
  resources: number;
  /** Number of generated files. */
  files: number;
  /** The run's diagnostics (on a hit, the recorded run's), then the notices about the root. */
  diagnostics: Diagnostic[];
  /** Missing, different and stale files, sorted by path (empty on a hit). */
  drift: DriftEntry[];
  /** Sections plugins added to the report. */
  sections: ReportSection[];
  /** `healthScore` of the error and warning counts and the drift. */
  healthScore: number;
  /** What lowers the health score, the largest deduction first (`healthDeductions`). */
  deductions: HealthDeduction[];
  /** What a killed `generate` left beside the root (the next `generate` repairs it). */
  interrupted?: Leftovers | undefined;
  /** Whether the no-change cache answered, or why not. */
  cache: CacheOutcome;
  /** The pipeline's result; undefined when the cache answered. */
  run?: RunResult | undefined;
  /** Timings and sizes for `$RESLAYER_PROFILE`. */
  profile: RunProfileData;
}

/**
 * The `check` run of a config: is the output on disk what a run would generate now? Waits for a run that holds
 * the root (so it reads a consistent state), answers from the no-change cache when it hits, else runs the
 * pipeline in memory and compares its files with the disk. Writes nothing.
 *
 * Exit-code guidance: 0 when `ok`, 1 when not, 2 when this throws.
 * @param config the resolved config
 * @param options see {@link RunOptions} (pass `skipCache` when the caller needs `run`)
 * @throws GeneratorError `RSL_OUTPUT_MISSING` when the output root does not exist; input, config and plugin errors
 */
export async function check(config: ResolvedConfig, options: RunOptions = {}): Promise<CheckResult> {
  assertOutputExists(config);
  return withOpenRoot(config, options, false, async ({ paths, probe, took }) => {
    if (probe.status === 'hit') {
      const { summary, files } = probe.record;
      const left = findLeftovers(paths);
      return withVerdict({ ...summary, files: files.length, drift: [], ...(left ? { interrupted: left } : {}), cache: { status: 'hit' }, profile: hitProfile(files.length, probe.bytes, took) });
    }
    const run = await runGenerator(config, { onPhase: options.onPhase });
    options.onPhase?.('diff');
    const diffing = startTiming();
    const files = await formatOutput(config, run.files);
    const recorded = probe.status === 'miss' ? probe.record : undefined;
    const { plan, notices, interrupted } = readOutput(paths, files, recorded && recordedDigests(recorded));
    return withVerdict({
      title: run.model.meta.title,
      version: run.model.meta.version,
      resources: run.model.resources.length,
      files: files.size,
      diagnostics: [...run.diagnostics.list(), ...notices],
      drift: [...manifestDrift(paths, interrupted?.rootMissing === true, run.model.meta), ...driftOf(plan)],
      sections: run.report.sections,
      ...(interrupted ? { interrupted } : {}),
      cache: outcomeOf(probe),
      run,
      profile: runProfile(run.report, files, diffing(), probe.status),
    });
  });
}

/**
 * The manifest's drift: `different` when the root has a manifest that names another contract title or version
 * than the run's (the one generated file that names them; see `MANIFEST_NAME`). Its file list is not compared:
 * a file it lists that the run no longer generates is already `stale`.
 * @param paths the root and its siblings
 * @param rootMissing a killed swap left the output in the previous folder
 * @param contract the run's contract title and version
 */
function manifestDrift(paths: OutputPaths, rootMissing: boolean, contract: ManifestContract): DriftEntry[] {
  const manifest = readManifest(rootMissing ? paths.previous : paths.real);
  if (manifest.text === undefined) return [];
  const want = manifestContract(contract);
  const same = manifest.contract?.title === want.title && manifest.contract.version === want.version;
  return same ? [] : [{ path: MANIFEST_NAME, kind: 'different' }];
}

/** Adds `ok` and the health score to what a check found. */
function withVerdict(found: Omit<CheckResult, 'ok' | 'healthScore' | 'deductions'>): CheckResult {
  const errors = found.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = found.diagnostics.filter((d) => d.severity === 'warning').length;
  const ok = found.drift.length === 0 && errors === 0 && found.interrupted?.rootMissing !== true;
  return { ok, healthScore: healthScore({ errors, warnings, drift: found.drift.length }), deductions: healthDeductions(found.diagnostics, found.drift.length), ...found };
}

/**
 * Refuses to check an output root that does not exist: usually another `--output` than `generate` used. When a
 * `generate` was killed between its swap's two renames, the message names the previous contents beside it.
 * @throws GeneratorError `RSL_OUTPUT_MISSING`
 */
function assertOutputExists(config: ResolvedConfig): void {
  const paths = outputPaths(config);
  if (existsSync(paths.real)) return;
  // Shown relative to the working directory when inside it, as the user typed them.
  const shown = (p: string) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p) || '.');
  const root = shown(paths.root);
  if (existsSync(paths.previous)) {
    throw new GeneratorError('RSL_OUTPUT_MISSING', `the output root ${root} does not exist: an interrupted \`reslayer generate\` left its previous contents in ${shown(paths.previous)}`, {
      hint: 'Run `reslayer generate` with the same config or --output: it renames the previous contents back and then writes; check again after it.',
    });
  }
  const hint = config.configFile
    ? `Run \`reslayer generate\` with the same config first (its \`output\` is ${root}).`
    : 'Pass the --output that generate used (the default is ./generated), or run `reslayer generate` first.';
  throw new GeneratorError('RSL_OUTPUT_MISSING', `the output root ${root} does not exist, so there is nothing to check`, { hint });
}
