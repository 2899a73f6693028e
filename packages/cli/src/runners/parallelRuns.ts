import { Worker } from 'node:worker_threads';
import { EXIT_USAGE } from '../format/formatError.js';

/** The commands whose runs may go to worker threads: each run writes (or reads) only its own output root. */
export type ParallelCommand = 'generate' | 'check';

/**
 * Environment variable that turns on worker threads for a config with several runs: the most threads to use
 * (never more than the runs). Unset or `1`: the
 * runs go one after the other in the main thread. Off by default: on a 2-core machine the four-contract bench
 * (`pnpm bench --only runs`) was slower in threads (0.70×), its runs being bound by the file system.
 */
export const WORKERS_ENV = 'RESLAYER_WORKERS';

/** What the worker of one run sends back: what the run printed, in order, and its exit code. */
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

/** The message a worker gets: which command, the command's arguments, which run (0-based) and the colors. */
export interface RunWorkerData {
  command: ParallelCommand;
  args: Record<string, unknown>;
  index: number;
  colors: { stdout: boolean; stderr: boolean };
}

/**
 * How many worker threads a config with `runs` runs gets: {@link WORKERS_ENV} when it is set above 1, at most
 * one per run; otherwise none (1: the main thread).
 * @param runs the number of runs
 * @returns 1 when the runs should stay in the main thread
 */
export function workerCount(runs: number): number {
  const set = Number.parseInt(process.env[WORKERS_ENV] ?? '', 10);
  return Number.isInteger(set) && set > 1 ? Math.min(runs, set) : 1;
}

/**
 * Runs every run of a config in worker threads (`runWorker.js`), at most `workers` at a time, each run
 * resolving the config again in its worker (plugins are functions and cannot be sent to a thread). The
 * outcomes come back in config order, whatever order the runs finish in, so the output is the same as
 * one after the other. Output roots of the runs never overlap (`RSL_OUTPUT_CONFLICT`), so the runs share
 * no file.
 * @param command `generate` or `check`
 * @param args the command's parsed arguments (plain data: sent to the workers as a structured clone)
 * @param runs the number of runs of the config
 * @param workers how many threads at most (see {@link workerCount})
 * @param colors whether stdout and stderr get colors
 * @returns one outcome per run, in config order
 */
export async function runInWorkers(
  command: ParallelCommand,
  args: object,
  runs: number,
  workers: number,
  colors: RunWorkerData['colors'],
): Promise<RunOutcome[]> {
  const plain = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  const outcomes: RunOutcome[] = new Array<RunOutcome>(runs);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < runs) {
      const index = next++;
      outcomes[index] = await runOne({ command, args: plain, index, colors });
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, runs) }, lane));
  return outcomes;
}

/** Runs one run in a new worker thread; a worker that dies without an answer is an error outcome. */
function runOne(data: RunWorkerData): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./runWorker.js', import.meta.url), { workerData: data });
    let answered = false;
    worker.once('message', (outcome: RunOutcome) => {
      answered = true;
      resolve(outcome);
    });
    const fail = (message: string) => {
      if (answered) return;
      answered = true;
      resolve({ exit: EXIT_USAGE, lines: [], json: [], error: { json: { code: null, message, hint: null }, text: `reslayer: error: ${message}` } });
    };
    worker.once('error', (error) => fail(`the worker thread of run ${data.index + 1} failed: ${error.message}`));
    worker.once('exit', (code) => fail(`the worker thread of run ${data.index + 1} exited with code ${code} without a result`));
  });
}
