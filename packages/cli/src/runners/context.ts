import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CacheOutcome, CacheStatus, ProtocolPhase, ResolvedConfig, RunProfileData, RunResult } from '@reslayer/core';
import { GeneratorError, runGenerator } from '@reslayer/core';
import { type Colors, colorsFor, printError } from '../format/formatError.js';
import { type CliInput, resolveCliConfig } from '../format/resolveCliConfig.js';

/** A phase shown by the progress line: core's protocol phases (the pipeline's plus `cache`, `write` and `diff`). */
export type Phase = ProtocolPhase;

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

/** What `--json` says about the cache: `cache` and, unless it hit, `cacheReason`. */
export function cacheJson(cache: CacheOutcome): { cache: CacheStatus; cacheReason?: string } {
  return cache.status === 'hit' ? { cache: 'hit' } : { cache: cache.status, cacheReason: cache.reason };
}

/**
 * Environment variable that turns on the run profile: the path of a JSON file (relative to the working
 * directory, or absolute) that `generate` and `check` write at the end of a run that got past the pipeline.
 * Read by `scripts/bench.mjs`; see docs/benchmark.md. Unset or empty: nothing is written.
 */
export const PROFILE_ENV = 'RESLAYER_PROFILE';

/** The JSON written to `$RESLAYER_PROFILE`: core's profile data of the run (see `RunProfileData`) plus the process's peak memory. */
export interface RunProfile extends RunProfileData {
  /** Peak resident set size of this process so far, in kilobytes (`process.resourceUsage().maxRSS`). */
  maxRssKb: number;
}

/**
 * Writes the run profile ({@link RunProfile}) when {@link PROFILE_ENV} is set; does nothing otherwise.
 * @param data the profile data core's `generate` or `check` returned
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
