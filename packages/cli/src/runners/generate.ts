import { planFileSet, rootRelative, writeFileSet, type WritePlan } from '@reslayer/core';
import type { OutputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { displayPath } from '../format/resolveCliConfig.js';
import { guard, runPipeline, writeProfile } from './context.js';

/** Arguments of `generate`. */
export interface GenerateArgs extends OutputArgs {
  /** Write nothing; list what would change. */
  dryRun: boolean;
}

const EMPTY_PLAN: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };

/**
 * Runs `generate`: the whole pipeline, then writes the files with core's `writeFileSet`
 * (or, with `--dry-run`, only plans with `planFileSet`). Nothing is written when a diagnostic has severity `error`.
 * With `RESLAYER_PROFILE` set, also writes the run profile (see `writeProfile`).
 * @param args parsed command-line arguments
 * @returns 0 on success, 1 when error diagnostics stop the run, 2 for a config, input or write error
 */
export async function runGenerate(args: GenerateArgs): Promise<number> {
  return guard('generate', args.json, async (io) => {
    const { config, result } = await runPipeline(args, io);
    const location = { outputRoot: config.outputRoot, srcDir: config.srcDir };
    const diagnostics = result.diagnostics.list();
    const counts = countDiagnostics(diagnostics);
    const failed = result.diagnostics.hasErrors();
    let plan = EMPTY_PLAN;
    let writeMs = 0;
    if (!failed) {
      io.phase('write');
      const start = performance.now();
      plan = args.dryRun ? await planFileSet(location, result.files) : await writeFileSet(location, result.files);
      writeMs = performance.now() - start;
    }
    await writeProfile(result, writeMs, io.cwd);
    io.endProgress();
    const root = displayPath(config.outputRoot, io.cwd);
    if (io.json) {
      io.outJson({
        ok: !failed,
        dryRun: args.dryRun,
        outputRoot: root,
        files: failed ? [] : result.files.map((f) => rootRelative(location, f)),
        ...plan,
        diagnostics,
      });
      return failed ? EXIT_FINDINGS : EXIT_OK;
    }
    const { colors } = io;
    if (failed) {
      io.out(...formatDiagnostics(diagnostics, colors), '', formatCounts(counts));
      io.out(`${colors.red('✖')} generate failed: the contract has ${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}; nothing was written`);
      return EXIT_FINDINGS;
    }
    const summary = `created ${plan.created.length}, updated ${plan.updated.length}, unchanged ${plan.unchanged.length}, removed ${plan.removed.length}`;
    if (args.dryRun) {
      io.out(`${colors.bold('Dry run')}: ${result.files.length} generated ${result.files.length === 1 ? 'file' : 'files'} for ${colors.cyan(root)}; nothing was written`);
      const list = (label: string, paths: string[]) => {
        if (paths.length > 0) io.out(`${label} (${paths.length}):`, ...paths.map((p) => `  ${p}`));
      };
      list(colors.green('would create'), plan.created);
      list(colors.yellow('would update'), plan.updated);
      list(colors.red('would remove'), plan.removed);
      io.out(`unchanged: ${plan.unchanged.length}`);
    } else {
      io.out(`${colors.green('✔')} Generated ${result.files.length} ${result.files.length === 1 ? 'file' : 'files'} into ${colors.cyan(root)}: ${summary}`);
    }
    if (counts.warnings + counts.infos > 0) io.out(colors.dim(`${formatCounts(counts)}: run \`reslayer lint\` for details`));
    return EXIT_OK;
  });
}
