import { type GenerateOptions, type GenerateResult, type ResolvedConfig, generate } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { printGenerate } from '../format/printGenerate.js';
import { builtinPlugins, displayPath } from '../format/resolveCliConfig.js';
import { type RunBody, type RunnerIO, guardRuns, writeProfile } from './context.js';

/** Arguments of `generate`. */
export interface GenerateArgs extends OutputArgs {
  /** Write nothing; list what would change. */
  dryRun: boolean;
  /** Keep running and regenerate when the contract or the config changes. */
  watch?: boolean | undefined;
}

/**
 * Runs core's `generate` protocol for one config and prints the outcome.
 * @param io the command's output channels
 * @param config the resolved config
 * @param args the command's arguments (`dryRun`, `cache`)
 * @param kept what `--watch` keeps across its runs: the last model of the config's contract, and the write
 *   path's look-ahead worker thread
 * @returns the exit code and what generate did
 */
export async function generateOnce(
  io: RunnerIO,
  config: ResolvedConfig,
  args: Pick<GenerateArgs, 'dryRun' | 'cache'>,
  kept: Pick<GenerateOptions, 'modelReuse' | 'lookaheadHost'> = {},
): Promise<{ code: number; result: GenerateResult }> {
  const result = await generate(config, {
    dryRun: args.dryRun,
    skipCache: args.cache ? undefined : '--no-cache',
    builtins: builtinPlugins(),
    onPhase: io.phase,
    ...kept,
  });
  await writeProfile(result.profile, io.cwd);
  io.endProgress();
  return { code: printGenerate(io, displayPath(config.outputRoot, io.cwd), result), result };
}

/**
 * Runs `generate`: resolves the config, runs core's `generate` protocol (no-change cache, pipeline,
 * journaled write or dry-run plan, cache record; see its documentation) and prints the outcome, for each
 * run of the config. With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * With `watch`, hands over to `runWatch` (runners/watch.ts), which never returns on its own.
 * @param args parsed command-line arguments
 * @returns 0 on success, 1 when error diagnostics stop the run, 2 for a config, input or write error
 */
export async function runGenerate(args: GenerateArgs): Promise<number> {
  if (args.watch) {
    const { runWatch } = await import('./watch.js');
    return runWatch(args);
  }
  return guardRuns('generate', args, generateRunBody(args), 'generate');
}

/**
 * The work of one run of `generate` (see {@link generateOnce}), for `guardRuns` and its worker threads.
 * @param args the command's arguments
 * @returns the per-run body: prints the outcome and returns the exit code
 */
export function generateRunBody(args: GenerateArgs): RunBody {
  return async (io, config) => (await generateOnce(io, config, args)).code;
}
