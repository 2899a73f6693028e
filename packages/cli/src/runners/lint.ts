import type { InputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { guardRuns, runPipeline } from './context.js';

/** Arguments of `lint`. */
export interface LintArgs extends InputArgs {
  /** Treat warnings as failures. */
  strict: boolean;
  /** List every finding of a group instead of the first three. */
  all: boolean;
}

/**
 * Runs `lint`: the whole pipeline in memory (load, detect and the plugins' emit, so what a plugin reports while
 * generating counts too; no file is kept or written), then prints the diagnostics grouped by code (the first three
 * of a group, or all with `--all`). Fails on error diagnostics, and on warnings under `--strict`; info diagnostics
 * never fail.
 * @param args parsed command-line arguments
 * @returns 0 when it passes, 1 when it fails, 2 for a config or input error
 */
export async function runLint(args: LintArgs): Promise<number> {
  return guardRuns('lint', args, async (io, config) => {
    const result = await runPipeline(config, io, { discardFiles: true });
    io.endProgress();
    const diagnostics = result.diagnostics.list();
    const counts = countDiagnostics(diagnostics);
    const ok = counts.errors === 0 && (!args.strict || counts.warnings === 0);
    if (io.json) {
      io.outJson({ diagnostics, ...counts, strict: args.strict, ok });
      return ok ? EXIT_OK : EXIT_FINDINGS;
    }
    const { colors } = io;
    const options = args.all ? { maxPerGroup: Infinity } : { moreHint: 'run with --all to list them' };
    if (diagnostics.length === 0) io.out(`${colors.green('✔')} No diagnostics.`);
    else io.out(...formatDiagnostics(diagnostics, colors, options), '', formatCounts(counts));
    if (!ok) {
      const why = counts.errors > 0 ? 'error diagnostics' : 'warnings (--strict)';
      io.out(`${colors.red('✖')} lint failed: ${why}`);
    } else if (diagnostics.length > 0) io.out(`${colors.green('✔')} lint passed${args.strict ? ' (--strict)' : ''}`);
    return ok ? EXIT_OK : EXIT_FINDINGS;
  });
}
