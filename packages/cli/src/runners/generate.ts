import { generate } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { printGenerate } from '../format/printGenerate.js';
import { builtinPlugins, displayPath, resolveCliConfig } from '../format/resolveCliConfig.js';
import { guard, writeProfile } from './context.js';

/** Arguments of `generate`. */
export interface GenerateArgs extends OutputArgs {
  /** Write nothing; list what would change. */
  dryRun: boolean;
}

/**
 * Runs `generate`: resolves the config, runs core's `generate` protocol (no-change cache, pipeline,
 * journaled write or dry-run plan, cache record; see its documentation) and prints the outcome. With
 * `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 on success, 1 when error diagnostics stop the run, 2 for a config, input or write error
 */
export async function runGenerate(args: GenerateArgs): Promise<number> {
  return guard('generate', args.json, async (io) => {
    const config = await resolveCliConfig(args, io.cwd);
    const result = await generate(config, {
      dryRun: args.dryRun,
      skipCache: args.cache ? undefined : '--no-cache',
      builtins: builtinPlugins(),
      onPhase: io.phase,
    });
    await writeProfile(result.profile, io.cwd);
    io.endProgress();
    return printGenerate(io, displayPath(config.outputRoot, io.cwd), result);
  });
}
