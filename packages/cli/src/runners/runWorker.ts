// Worker-thread entry of one run of a config with several runs (see parallelRuns.ts): resolves the config
// again, runs the command's per-run body with an output channel that records what it prints, and posts
// the outcome back to the main thread, which prints the runs in config order.
import { parentPort, workerData } from 'node:worker_threads';
import pc from 'picocolors';
import type { ResolvedConfig } from '@reslayer/core';
import { EXIT_USAGE, errorJson, formatError } from '../format/formatError.js';
import { resolveCliConfigs } from '../format/resolveCliConfig.js';
import type { RunnerIO } from './context.js';
import type { RunOutcome, RunWorkerData } from './parallelRuns.js';

const data = workerData as RunWorkerData;
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
  const configs = await resolveCliConfigs(data.args, io.cwd);
  const config = configs[data.index] as ResolvedConfig;
  const body =
    data.command === 'generate'
      ? (await import('./generate.js')).generateRunBody(data.args as never)
      : (await import('./check.js')).checkRunBody(data.args as never);
  outcome.exit = await body(io, config, data.index + 1);
} catch (error) {
  outcome.exit = EXIT_USAGE;
  outcome.error = { json: errorJson(error), text: formatError(error, pc.createColors(data.colors.stderr)) };
}
parentPort?.postMessage(outcome);
