import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig, RunResult } from '@reslayer/core/host';
import { GeneratorError } from '@reslayer/core';
import { runGenerator } from '@reslayer/core/host';
import type { CacheOutcome, LockHolder, RunPhase, RunProfileData } from '@reslayer/engine';
import { type Colors, EXIT_USAGE, colorsFor, errorJson, formatError, printError } from '../format/formatError.js';
import { type CliInput, displayPath, resolveCliConfigs } from '../format/resolveCliConfig.js';
import { holdNewSpace } from './newSpace.js';

/** A phase shown by the progress line: the engine's run phases (the pipeline's plus `lock`, `cache`, `write` and `diff`). */
export type Phase = RunPhase;

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
  /** Shows a phase on stderr (TTY only, never in `--json` mode); see `createIO` for the young generation's size. */
  phase(phase: Phase): void;
  /** Clears the progress line. */
  endProgress(): void;
}

/**
 * Creates the output channels of a command.
 * @param command command name, shown in the progress line
 * @param json true in `--json` mode
 * @param hold hold the young generation's size at the first phase (`holdNewSpace`): a one-off run's memory; a watch,
 *   which runs again and again, keeps V8's default for speed
 */
export function createIO(command: string, json: boolean, hold = true): RunnerIO {
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
      if (hold) holdNewSpace();
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
 * Resolves the config (one run or several) and runs `body` for each run, inside {@link guard}.
 *
 * With one run, `body` prints as usual. With several (`defineConfig([...])`), the text output gets a
 * header line per run, an error of one run is printed and the next run goes on, and `--json` prints one
 * document `{ "ok", "runs": [{ "run", "contract", "outputRoot", ...what the run printed }] }` (a run that
 * threw has `"ok": false, "error": { code, message, hint }`). The exit code is the highest of the runs'.
 * @param command command name
 * @param input the command's input arguments and `--json`
 * @param body one run's work (`run` counts from 1); returns its exit code
 * @returns the exit code
 */
export async function guardRuns(command: string, input: CliInput & { json: boolean }, body: RunBody): Promise<number> {
  return guard(command, input.json, async (io) => {
    const configs = await resolveCliConfigs(input, io.cwd);
    if (configs.length === 1) return body(io, configs[0] as ResolvedConfig, 1);
    let exit = 0;
    const runs: unknown[] = [];
    for (const [i, config] of configs.entries()) {
      const about = { run: i + 1, contract: displayPath(config.input, io.cwd), outputRoot: displayPath(config.outputRoot, io.cwd) };
      const runIO: RunnerIO = io.json ? { ...io, outJson: (value) => void runs.push({ ...about, ...(value as object) }) } : io;
      if (!io.json) io.out(`${i > 0 ? '\n' : ''}${io.colors.bold(`Run ${i + 1}/${configs.length}:`)} ${about.contract} → ${io.colors.cyan(about.outputRoot)}`);
      try {
        exit = Math.max(exit, await body(runIO, config, i + 1));
      } catch (error) {
        io.endProgress();
        exit = Math.max(exit, EXIT_USAGE);
        if (io.json) runs.push({ ...about, ok: false, error: errorJson(error) });
        process.stderr.write(`${formatError(error, colorsFor(process.stderr, io.json))}\n`);
      }
    }
    if (io.json) io.outJson({ ok: exit === 0, runs });
    return exit;
  });
}

/** One run's work in {@link guardRuns}: prints through `io` and returns the exit code; `run` counts from 1. */
export type RunBody = (io: RunnerIO, config: ResolvedConfig, run: number) => Promise<number>;

/**
 * Runs the generator in memory for one resolved config, reporting phases to the progress line. Nothing is written.
 * @param config the resolved config
 * @param io the command's output channels
 * @param options `skipEmit`: stop after `detect` (inspect); `discardFiles`: run `emit` for its diagnostics but keep
 *   no file text (lint)
 * @returns the run result
 */
export async function runPipeline(config: ResolvedConfig, io: RunnerIO, options: { skipEmit?: boolean; discardFiles?: boolean } = {}): Promise<RunResult> {
  return runGenerator(config, { skipEmit: options.skipEmit === true, onPhase: io.phase, ...(options.discardFiles ? { sink: { accept: () => undefined } } : {}) });
}

/** What `--json` says about the cache: `cache` and, unless it hit, `cacheReason`. */
export function cacheJson(cache: CacheOutcome): { cache: CacheOutcome['status']; cacheReason?: string } {
  return cache.status === 'hit' ? { cache: 'hit' } : { cache: cache.status, cacheReason: cache.reason };
}

/**
 * Environment variable that turns on the run profile: the path of a JSON file (relative to the working
 * directory, or absolute) that `generate` and `check` write at the end of a run that got past the pipeline.
 * Read by `scripts/bench.mjs`; see docs/benchmark.md. Unset or empty: nothing is written.
 */
export const PROFILE_ENV = 'RESLAYER_PROFILE';

/** The JSON written to `$RESLAYER_PROFILE`: the engine's profile data of the run (see `RunProfileData`) plus the process's peak memory. */
export interface RunProfile extends RunProfileData {
  /** Peak resident set size of this process so far, in kilobytes (`process.resourceUsage().maxRSS`). */
  maxRssKb: number;
}

/**
 * Writes the run profile ({@link RunProfile}) when {@link PROFILE_ENV} is set; does nothing otherwise.
 * @param data the profile data the engine's `generate` or `check` returned
 * @param cwd working directory the path resolves from
 * @throws GeneratorError `RSL_WRITE_FAILED` when the file cannot be written
 */
export async function writeProfile(data: RunProfileData, cwd: string): Promise<void> {
  const target = process.env[PROFILE_ENV];
  if (!target) return;
  const profile: RunProfile = { ...data, maxRssKb: process.resourceUsage().maxRSS };
  try {
    await writeFile(path.resolve(cwd, target), `${JSON.stringify(profile, null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the ${PROFILE_ENV} file ${target}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Tells the user, on stderr, that this run waits for another one that holds the output root (the engine's
 * `onWait`: when the wait starts, then every few seconds, with the seconds waited); the engine gives up after
 * its timeout (exit 2, `RSL_OUTPUT_LOCKED`).
 * @param root the output root, for display
 */
export function waitNotice(root: string): (holder: LockHolder | undefined, waitedMs: number) => void {
  return (holder, waitedMs) => {
    const who = holder ? `another run (pid ${holder.pid})` : 'another run (its lock is being written)';
    const since = waitedMs >= 1_000 ? ` (${Math.round(waitedMs / 1_000)} s so far)` : '';
    process.stderr.write(`reslayer: waiting for ${who} that holds ${root}…${since}\n`);
  };
}
