import { Worker } from 'node:worker_threads';
import pc from 'picocolors';
import type { ResolvedConfig } from '@reslayer/core';
import { EXIT_USAGE, errorJson, formatError } from '../format/formatError.js';
import { reslayerCommand } from '../format/invocation.js';
import type { RunBody, RunnerIO } from './context.js';

/** The commands whose runs may go to worker threads: each run writes (or reads) only its own output root. */
export type ParallelCommand = 'generate' | 'check';

/**
 * Environment variable that turns on threads for a config with several runs: the most threads to use, the
 * main thread included (never more than the runs). Unset or `1`: the runs go one after the other in the main
 * thread. Off by default: on a 2-core machine the four-contract bench (`pnpm bench --only runs`) gained
 * nothing in threads, each run's writes already going to a thread of their own.
 */
export const WORKERS_ENV = 'RESLAYER_WORKERS';

/** What one run sends back: what it printed, in order, and its exit code. */
export interface RunOutcome {
  /** The run's exit code (2 when it threw). */
  exit: number;
  /** Lines the run printed to stdout (text mode). */
  lines: string[];
  /** Values the run printed as JSON (`--json` mode). */
  json: unknown[];
  /** When the run threw: the error as `--json` prints it and as text for stderr. */
  error?: { json: unknown; text: string };
}

/** What a worker thread starts with: which command, the command's arguments, the colors and how reslayer was run. */
export interface RunWorkerData {
  command: ParallelCommand;
  args: Record<string, unknown>;
  colors: { stdout: boolean; stderr: boolean };
  /** The command hints name (`reslayerCommand()` of the main thread, e.g. `npx reslayer`). */
  invocation: string;
}

/** A message to a worker thread: run the run of this index (0-based), or, without one, finish. */
export interface RunRequest {
  index?: number;
}

/**
 * How many threads a config with `runs` runs gets, the main thread included: {@link WORKERS_ENV} when it is set
 * above 1, at most one per run; otherwise 1 (the main thread alone).
 * @param runs the number of runs
 * @returns 1 when the runs should stay in the main thread
 */
export function workerCount(runs: number): number {
  const set = Number.parseInt(process.env[WORKERS_ENV] ?? '', 10);
  return Number.isInteger(set) && set > 1 ? Math.min(runs, set) : 1;
}

/**
 * Runs one run of a config with an output channel that records what it prints, in whichever thread calls it.
 * @param body the command's per-run body (`generateRunBody`, `checkRunBody`)
 * @param data the command's arguments and the colors
 * @param config the run's resolved config
 * @param run the run's number, from 1
 * @returns the outcome (an error outcome, exit 2, when the run threw)
 */
export async function recordRun(body: RunBody, data: RunWorkerData, config: ResolvedConfig, run: number): Promise<RunOutcome> {
  const outcome: RunOutcome = { exit: 0, lines: [], json: [] };
  const io: RunnerIO = {
    json: data.args['json'] === true,
    cwd: process.cwd(),
    colors: pc.createColors(data.colors.stdout),
    out: (...lines) => void outcome.lines.push(...lines),
    outJson: (value) => void outcome.json.push(value),
    phase: () => undefined,
    endProgress: () => undefined,
  };
  try {
    outcome.exit = await body(io, config, run);
  } catch (error) {
    return thrownOutcome(error, data.colors);
  }
  return outcome;
}

/**
 * The outcome of a run that threw: exit 2, the error as `--json` prints it and as text for stderr.
 * @param error what the run threw
 * @param colors whether stderr gets colors
 * @returns the outcome
 */
export function thrownOutcome(error: unknown, colors: RunWorkerData['colors']): RunOutcome {
  return { exit: EXIT_USAGE, lines: [], json: [], error: { json: errorJson(error), text: formatError(error, pc.createColors(colors.stderr)) } };
}

/**
 * Runs every run of a config in `threads` lanes: the main thread is one, each other lane keeps one worker
 * thread (`runWorker.js`) for all the runs it takes, which resolves the config once (plugins are functions
 * and cannot be sent to a thread). A lane takes the next run when it has finished one. The outcomes come
 * back in config order, whatever order the runs finish in, so the output is the same as one after the other.
 * Output roots of the runs never overlap (`RSL_OUTPUT_CONFLICT`), so the runs share no file.
 * @param command `generate` or `check`
 * @param args the command's parsed arguments (plain data: sent to the workers as a structured clone)
 * @param configs the resolved configs of the runs (the main thread's lane runs with these)
 * @param threads how many lanes at most, the main thread included (see {@link workerCount})
 * @param colors whether stdout and stderr get colors
 * @param body the command's per-run body, for the main thread's lane (a worker makes its own from `command`)
 * @returns one outcome per run, in config order
 */
export async function runInWorkers(
  command: ParallelCommand,
  args: object,
  configs: readonly ResolvedConfig[],
  threads: number,
  colors: RunWorkerData['colors'],
  body: RunBody,
): Promise<RunOutcome[]> {
  const data: RunWorkerData = { command, args: JSON.parse(JSON.stringify(args)) as Record<string, unknown>, colors, invocation: reslayerCommand() };
  const outcomes: RunOutcome[] = new Array<RunOutcome>(configs.length);
  let next = 0;
  const mainLane = async (): Promise<void> => {
    while (next < configs.length) {
      const index = next++;
      outcomes[index] = await recordRun(body, data, configs[index] as ResolvedConfig, index + 1);
    }
  };
  const workerLane = async (): Promise<void> => {
    let worker: LaneWorker | undefined;
    while (next < configs.length) {
      const index = next++;
      if (!worker || worker.broken) worker = new LaneWorker(data);
      outcomes[index] = await worker.run(index);
    }
    worker?.finish();
  };
  // The worker lanes start first, so that their threads start up while the main thread runs its first run.
  const lanes = Array.from({ length: Math.min(threads, configs.length) - 1 }, workerLane);
  await Promise.all([...lanes, mainLane()]);
  return outcomes;
}

/** One worker thread of a lane: runs one run at a time, as the lane asks. */
class LaneWorker {
  private readonly worker: Worker;
  private readonly colors: RunWorkerData['colors'];
  private pending: { index: number; resolve: (outcome: RunOutcome) => void } | undefined;
  /** True once the thread failed or exited: the lane starts a new one for its next run. */
  broken = false;

  constructor(data: RunWorkerData) {
    this.colors = data.colors;
    this.worker = new Worker(new URL('./runWorker.js', import.meta.url), { workerData: data });
    this.worker.on('message', (outcome: RunOutcome) => this.settle(outcome));
    this.worker.once('error', (error) => this.fail((run) => `the worker thread of run ${run} failed: ${error.message}`));
    this.worker.once('exit', (code) => this.fail((run) => `the worker thread of run ${run} exited with code ${code} without a result`));
  }

  /**
   * Runs one run in the thread.
   * @param index the run's index in the config (0-based)
   * @returns its outcome; an error outcome when the thread fails or exits first
   */
  run(index: number): Promise<RunOutcome> {
    return new Promise((resolve) => {
      this.pending = { index, resolve };
      this.worker.postMessage({ index } satisfies RunRequest);
    });
  }

  /** Lets the thread end once it is idle (it closes its port; work it left running still completes). */
  finish(): void {
    if (!this.broken) this.worker.postMessage({} satisfies RunRequest);
  }

  private settle(outcome: RunOutcome): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(outcome);
  }

  private fail(message: (run: number) => string): void {
    this.broken = true;
    const pending = this.pending;
    if (!pending) return;
    this.settle(thrownOutcome(new Error(message(pending.index + 1)), this.colors));
  }
}
