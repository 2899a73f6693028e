import type { ResolvedConfig } from '@reslayer/core/host';
import { type GenerateResult, generate } from '@reslayer/engine';
import type { OutputArgs } from '../commands/shared.js';
import { printGenerate } from '../format/printGenerate.js';
import { displayPath, pluginModulesOf } from '../format/resolveCliConfig.js';
import { type RunBody, type RunnerIO, guardRuns, waitNotice, writeProfile } from './context.js';

/** Arguments of `generate`. */
export interface GenerateArgs extends OutputArgs {
  /** Write nothing; list what would change. */
  dryRun: boolean;
  /** Keep running and regenerate when the contract or the config changes. */
  watch?: boolean | undefined;
}

/**
 * Runs the engine's `generate` for one config and prints the outcome.
 * @param io the command's output channels
 * @param config the resolved config
 * @param args the command's arguments (`dryRun`, `cache`)
 * @returns the exit code and what generate did
 */
export async function generateOnce(io: RunnerIO, config: ResolvedConfig, args: Pick<GenerateArgs, 'dryRun' | 'cache'>): Promise<{ code: number; result: GenerateResult }> {
  const result = await generate(config, {
    dryRun: args.dryRun,
    skipCache: args.cache ? undefined : '--no-cache',
    onPhase: io.phase,
    onWait: waitNotice(displayPath(config.outputRoot, io.cwd)),
    pluginModules: pluginModulesOf(config),
  });
  await writeProfile(result.profile, io.cwd);
  io.endProgress();
  return { code: printGenerate(io, displayPath(config.outputRoot, io.cwd), result), result };
}

/**
 * Runs `generate`: resolves the config, runs the engine's `generate` (lock, no-change cache, pipeline, write or
 * dry-run plan, cache record; see docs/engine.md) and prints the outcome, for each run of the config. With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * With `watch`, hands over to `runWatch` (runners/watch.ts), which never returns on its own.
 * @param args parsed command-line arguments
 * @returns 0 on success, 1 when error diagnostics stop the run, 2 for a config, input or write error
 */
export async function runGenerate(args: GenerateArgs): Promise<number> {
  if (args.watch) {
    const { runWatch } = await import('./watch.js');
    return runWatch(args);
  }
  const body: RunBody = async (io, config) => (await generateOnce(io, config, args)).code;
  return guardRuns('generate', args, body);
}
