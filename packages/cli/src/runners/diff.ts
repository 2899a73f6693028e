import { rm } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { type ResolvedConfig, findConfig } from '@reslayer/core/host';
import { type DiffResult, diffContracts, reaches, readGitContract } from '@reslayer/diff';
import type { FAIL_ON } from '../commands/diff.js';
import { type DiffView, writeDiffReport } from '../format/diffView.js';
import { formatDiffMarkdown } from '../format/formatDiffMarkdown.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { printDiff } from '../format/printDiff.js';
import { displayPath, portableRelativePath, resolveCliConfig, resolveCliConfigs } from '../format/resolveCliConfig.js';
import { CLI_VERSION } from '../version.js';
import { guard } from './context.js';

/** Arguments of `diff`. */
export interface DiffArgs {
  /** Old contract; with `--base`, the new contract. */
  old?: string | undefined;
  /** New contract (without `--base`). */
  new?: string | undefined;
  /** Git ref the old contract is read from. */
  base?: string | undefined;
  /** Config file: plugins and output (and with `--base`, the contract). */
  config?: string | undefined;
  json: boolean;
  report?: 'markdown' | 'html' | undefined;
  reportFile?: string | undefined;
  failOn: (typeof FAIL_ON)[number];
  /** List documentation changes (descriptions, examples, summaries, titles) too; without it they are only counted. */
  docs?: boolean | undefined;
}

/** The two sides to diff, how to show them, and what to remove afterwards. */
interface Sides {
  before: ResolvedConfig;
  after: ResolvedConfig;
  oldLabel: string;
  newLabel: string;
  cleanup: () => Promise<void>;
  /** With `--base`: the temporary folder the old contract was written to. */
  tempDir?: string;
}

/**
 * The config whose plugins and output both sides use, found as `generate` finds it: `--config`, else the config
 * found from the working directory upwards (cosmiconfig's search: `generator.config.*`, `reslayer.config.*`, a
 * `reslayer` key in `package.json`), else the four built-in plugins with `./generated` for `contract`. Of a config
 * with several runs, the run that reads `contract`.
 * @param args the command's arguments (`config`)
 * @param cwd the working directory
 * @param contract the contract compared (the new one), when one is given
 * @throws GeneratorError as config loading does; `RSL_USAGE` when no contract is given and no config is found;
 *   `RSL_CONFIG_INVALID` for a config with several runs none of which reads `contract`
 */
async function diffConfig(args: DiffArgs, cwd: string, contract: string | undefined): Promise<ResolvedConfig> {
  const file = args.config ?? findConfig(cwd);
  if (file === undefined) return resolveCliConfig(contract !== undefined ? { contract } : {}, cwd);
  const configs = await resolveCliConfigs({ config: file }, cwd);
  const input = contract !== undefined ? path.resolve(cwd, contract) : undefined;
  const run = configs.length === 1 ? configs[0] : configs.find((c) => c.input === input);
  if (run) return run;
  throw new GeneratorError('RSL_CONFIG_INVALID', `${displayPath(file, cwd)} defines ${configs.length} runs and none reads ${contract ?? 'the contract'}`, {
    hint: 'Pass the contract one of its runs reads, or --config with a config of one run.',
  });
}

/**
 * The configs of both sides, with the plugins and output of {@link diffConfig}. Without `--base`: the two
 * contracts given. With `--base`: the new side is the contract given or the config's, and the old side is the same
 * config with the contract read from git (`readGitContract`: every file it references).
 */
async function resolveSides(args: DiffArgs, cwd: string): Promise<Sides> {
  const none = async () => {};
  if (args.base !== undefined) {
    const config = await diffConfig(args, cwd, args.old);
    const after = args.old !== undefined ? { ...config, input: path.resolve(cwd, args.old) } : config;
    const git = await readGitContract(after.input, args.base, cwd);
    return {
      before: { ...after, input: git.entry },
      after,
      oldLabel: `${args.base}:${git.files[0] as string}`,
      newLabel: displayPath(after.input, cwd),
      cleanup: () => rm(git.dir, { recursive: true, force: true }),
      tempDir: git.dir,
    };
  }
  const [oldFile, newFile] = [path.resolve(cwd, args.old as string), path.resolve(cwd, args.new as string)];
  const config = await diffConfig(args, cwd, args.new);
  return {
    before: { ...config, input: oldFile },
    after: { ...config, input: newFile },
    oldLabel: displayPath(oldFile, cwd),
    newLabel: displayPath(newFile, cwd),
    cleanup: none,
  };
}

/**
 * Whether a result fails the run under `--fail-on`.
 * @param result the diff
 * @param failOn the least level that fails, or `never`
 */
export function failsOn(result: Pick<DiffResult, 'level'>, failOn: DiffArgs['failOn']): boolean {
  return failOn !== 'never' && result.level !== 'none' && reaches(result.level, failOn);
}

/**
 * Runs `diff`: resolves both sides, runs `diffContracts` (two in-memory generations, the contract changes
 * under our codes, the generated symbols checked with the TypeScript checker), writes the report if asked,
 * and prints text, JSON, or (`--report markdown` without `--report-file`) the markdown.
 * @param args parsed command-line arguments
 * @returns 0 when nothing reaches `--fail-on`, 1 when something does, 2 for a usage, config, input or git error
 */
export async function runDiff(args: DiffArgs): Promise<number> {
  return guard('diff', args.json, async (io) => {
    const sides = await resolveSides(args, io.cwd);
    try {
      const result = await diffContracts(sides.before, sides.after, { onPhase: (phase) => io.phase(phase as never), docs: args.docs === true });
      io.endProgress();
      const failed = failsOn(result, args.failOn);
      const view: DiffView = { result, oldLabel: sides.oldLabel, newLabel: sides.newLabel, failOn: args.failOn, failed, generator: CLI_VERSION, outputRoot: portableRelativePath(sides.after.outputRoot, io.cwd) };
      let reportPath: string | undefined;
      if (args.report !== undefined && args.reportFile !== undefined) reportPath = await writeDiffReport(args.report, args.reportFile, io.cwd, view);
      if (io.json) io.outJson(diffJson(view, reportPath ? displayPath(reportPath, io.cwd) : undefined));
      else if (args.report === 'markdown' && reportPath === undefined) io.out(formatDiffMarkdown(view).trimEnd());
      else printDiff(io, view, reportPath);
      return failed ? EXIT_FINDINGS : EXIT_OK;
    } catch (error) {
      // An error in the old contract names the temporary copy: name the ref instead.
      if (sides.tempDir !== undefined && error instanceof GeneratorError && error.message.includes(sides.tempDir)) {
        const message = error.message.split(`${sides.tempDir}${path.sep}`).join(`${args.base as string}:`);
        throw new GeneratorError(error.code, message, { ...(error.hint !== undefined ? { hint: error.hint } : {}), cause: error });
      }
      throw error;
    } finally {
      await sides.cleanup();
    }
  });
}

/** The `--json` document. */
function diffJson(view: DiffView, reportFile: string | undefined): Record<string, unknown> {
  const { result } = view;
  return {
    ok: !view.failed,
    level: result.level,
    failOn: view.failOn,
    before: { ...result.before, contract: view.oldLabel },
    after: { ...result.after, contract: view.newLabel },
    summary: result.summary,
    changes: result.changes,
    files: result.impact.files,
    symbols: result.impact.symbols,
    renames: result.renames,
    checkedSymbols: result.impact.checked,
    timings: Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, Math.round(v)])),
    ...(reportFile !== undefined ? { reportFile } : {}),
  };
}
