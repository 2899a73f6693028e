import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CacheProbe, CacheStatus, HookTiming, RunKey, RunOptions, RunResult, ResolvedConfig } from '@reslayer/core';
import { GeneratorError, computeRunKey, probeNoChangeCache, runGenerator } from '@reslayer/core';
import { type Colors, colorsFor, printError } from '../format/formatError.js';
import { type CliInput, builtinPluginReferences, resolveCliConfig } from '../format/resolveCliConfig.js';

/** A phase shown by the progress line: the generator's phases plus the CLI's own. */
export type Phase = Parameters<NonNullable<RunOptions['onPhase']>>[0] | 'write' | 'diff' | 'cache';

/** Output channels of one command run. */
export interface RunnerIO {
  /** True in `--json` mode. */
  json: boolean;
  /** Working directory that relative paths resolve from. */
  cwd: string;
  /** Colors for stdout (disabled in `--json` mode and when stdout is not a TTY). */
  colors: Colors;
  /** Prints lines to stdout. */
  out(...lines: string[]): void;
  /** Prints a JSON value to stdout (two-space indent, trailing newline). */
  outJson(value: unknown): void;
  /** Shows a phase on stderr (TTY only, never in `--json` mode). */
  phase(phase: Phase): void;
  /** Clears the progress line. */
  endProgress(): void;
}

/**
 * Creates the output channels of a command.
 * @param command command name, shown in the progress line
 * @param json true in `--json` mode
 */
export function createIO(command: string, json: boolean): RunnerIO {
  const showProgress = !json && process.stderr.isTTY === true;
  const errColors = colorsFor(process.stderr, json);
  let progressShown = false;
  const clear = () => {
    if (progressShown) process.stderr.write('\r\x1b[2K');
    progressShown = false;
  };
  return {
    json,
    cwd: process.cwd(),
    colors: colorsFor(process.stdout, json),
    out: (...lines) => {
      clear();
      process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    },
    outJson: (value) => {
      process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    phase: (phase) => {
      if (!showProgress) return;
      process.stderr.write(`\r\x1b[2K${errColors.dim(`reslayer ${command}: ${phase}…`)}`);
      progressShown = true;
    },
    endProgress: clear,
  };
}

/**
 * Runs a command body, mapping anything it throws to a printed error and exit code 2.
 * @param command command name
 * @param json true in `--json` mode
 * @param body the command's work; returns the exit code
 * @returns the exit code
 */
export async function guard(command: string, json: boolean, body: (io: RunnerIO) => Promise<number>): Promise<number> {
  const io = createIO(command, json);
  try {
    return await body(io);
  } catch (error) {
    io.endProgress();
    return printError(error, json);
  } finally {
    io.endProgress();
  }
}

/**
 * Resolves the config and runs the generator in memory, reporting phases to the progress line.
 * @param input config file or contract
 * @param io the command's output channels
 * @param options `skipEmit` for inspect and lint
 * @returns the resolved config and the run result
 */
export async function runPipeline(input: CliInput, io: RunnerIO, options: { skipEmit?: boolean } = {}): Promise<{ config: ResolvedConfig; result: RunResult }> {
  const config = await resolveCliConfig(input, io.cwd);
  const result = await runGenerator(config, { skipEmit: options.skipEmit === true, onPhase: io.phase });
  return { config, result };
}

/** The no-change cache of one `generate` or `check` run. */
export interface RunCache {
  /** The run key (recorded by a full `generate`), or why the cache is off. */
  key: RunKey;
  /** The probe's verdict; `off` without probing when the caller said so. */
  probe: CacheProbe;
  /** Milliseconds spent computing the key and probing. */
  ms: number;
}

/**
 * Computes the run key and, unless `skipProbe` names a reason, probes the no-change cache.
 * @param config the resolved config
 * @param io the command's output channels (progress)
 * @param skipProbe why the cache must not answer this run (`--no-cache`, `--report html`), if it must not
 */
export async function openCache(config: ResolvedConfig, io: RunnerIO, skipProbe?: string): Promise<RunCache> {
  io.phase('cache');
  const start = performance.now();
  const key = await computeRunKey(config, { builtins: builtinPluginReferences() });
  const probe: CacheProbe =
    skipProbe !== undefined ? { status: 'off', reason: skipProbe } : await probeNoChangeCache({ outputRoot: config.outputRoot, srcDir: config.srcDir }, key);
  return { key, probe, ms: performance.now() - start };
}

/** What `--json` says about the cache: `cache` and, unless it hit, `cacheReason`. */
export function cacheJson(cache: RunCache): { cache: CacheStatus; cacheReason?: string } {
  return cache.probe.status === 'hit' ? { cache: 'hit' } : { cache: cache.probe.status, cacheReason: cache.probe.reason };
}

/**
 * Environment variable that turns on the run profile: the path of a JSON file (relative to the working
 * directory, or absolute) that `generate` and `check` write at the end of a run that got past the pipeline.
 * Read by `scripts/bench.mjs`; see docs/benchmark.md. Unset or empty: nothing is written.
 */
export const PROFILE_ENV = 'RESLAYER_PROFILE';

/** The JSON written to `$RESLAYER_PROFILE`. */
export interface RunProfile {
  /** The run report's timings, in the order recorded: `load` and `normalize` (plugin `core`), then every tap of `detect`, `emit` and `report`; on a cache hit, one `cache` entry. */
  phases: Array<Omit<HookTiming, 'hook'> & { hook: HookTiming['hook'] | 'cache' }>;
  /**
   * Milliseconds in core's `writeFileSet` (`generate`), `planFileSet` (`generate --dry-run`) or `diffFileSet` (`check`); 0 when generate wrote nothing because of error diagnostics.
   * On a cache hit: the time of the probe (key, contract hashes, stat of every generated file), which replaces pipeline and write.
   */
  writeMs: number;
  /** The no-change cache: `hit` (the pipeline did not run; `phases` is one `cache` entry), `miss` or `off`. */
  cache: CacheStatus;
  /** Number of generated files. */
  files: number;
  /** Their total size, in UTF-8 bytes. */
  bytes: number;
  /** Peak resident set size of this process so far, in kilobytes (`process.resourceUsage().maxRSS`). */
  maxRssKb: number;
}

/**
 * Writes the run profile ({@link RunProfile}) when {@link PROFILE_ENV} is set; does nothing otherwise.
 * @param run the pipeline's result (its `report.timings` come from core's hook interceptors), or, on a cache hit, the hit's file count and bytes
 * @param writeMs time the runner spent writing or diffing the files (on a hit: probing the cache)
 * @param cwd working directory the path resolves from
 * @param cache the cache's status
 * @throws GeneratorError `RSL_WRITE_FAILED` when the file cannot be written
 */
export async function writeProfile(run: RunResult | { files: number; bytes: number }, writeMs: number, cwd: string, cache: CacheStatus): Promise<void> {
  const target = process.env[PROFILE_ENV];
  if (!target) return;
  const full = 'report' in run;
  const profile: RunProfile = {
    phases: full ? run.report.timings.map(({ hook, plugin, ms }) => ({ hook, plugin, ms })) : [{ hook: 'cache', plugin: 'core', ms: writeMs }],
    writeMs,
    cache,
    files: full ? run.files.length : run.files,
    bytes: full ? run.files.reduce((sum, f) => sum + Buffer.byteLength(f.contents, 'utf8'), 0) : run.bytes,
    maxRssKb: process.resourceUsage().maxRSS,
  };
  try {
    await writeFile(path.resolve(cwd, target), `${JSON.stringify(profile, null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the ${PROFILE_ENV} file ${target}: ${(error as Error).message}`, { cause: error });
  }
}
