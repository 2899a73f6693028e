// Worker-thread entry of a lane of a config with several runs (see parallelRuns.ts): resolves the config once,
// then runs each run the main thread sends, with an output channel that records what it prints, and posts
// the outcome back; the main thread prints the runs in config order. A message without a run index ends it.
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedConfig } from '@reslayer/core';
import { useInvocation } from '../format/invocation.js';
import { resolveCliConfigs } from '../format/resolveCliConfig.js';
import type { RunBody } from './context.js';
import { recordRun, thrownOutcome, type RunOutcome, type RunRequest, type RunWorkerData } from './parallelRuns.js';

const data = workerData as RunWorkerData;
useInvocation(data.invocation);
let configs: Promise<ResolvedConfig[]> | undefined;
let body: Promise<RunBody> | undefined;

/** The command's per-run body, made from the arguments the main thread sent. */
async function runBody(): Promise<RunBody> {
  return data.command === 'generate'
    ? (await import('./generate.js')).generateRunBody(data.args as never)
    : (await import('./check.js')).checkRunBody(data.args as never);
}

/** Runs the run of this index and posts its outcome. */
async function answer(index: number): Promise<void> {
  let outcome: RunOutcome;
  try {
    configs ??= resolveCliConfigs(data.args, process.cwd());
    body ??= runBody();
    outcome = await recordRun(await body, data, (await configs)[index] as ResolvedConfig, index + 1);
  } catch (error) {
    outcome = thrownOutcome(error, data.colors);
  }
  parentPort?.postMessage(outcome);
}

parentPort?.on('message', (request: RunRequest) => {
  if (request.index === undefined) parentPort?.close();
  else void answer(request.index);
});
