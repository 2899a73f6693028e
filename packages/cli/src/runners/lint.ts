import type { InputArgs } from '../commands/shared.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../format/formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from '../format/formatError.js';
import { guard, runPipeline } from './context.js';

/** Arguments of `lint`. */
export interface LintArgs extends InputArgs {
  /** Treat warnings as failures. */
  strict: boolean;
}

/**
 * Runs `lint`: load + detect (no emit), then prints the diagnostics grouped by code.
 * Fails on error diagnostics, and on warnings under `--strict`; info diagnostics never fail.
 * @param args parsed command-line arguments
 * @returns 0 when it passes, 1 when it fails, 2 for a config or input error
 */
export async function runLint(args: LintArgs): Promise<number> {
  return guard('lint', args.json, async (io) => {
    const { result } = await runPipeline(args, io, { skipEmit: true });
    io.endProgress();
    const diagnostics = result.diagnostics.list();
    const counts = countDiagnostics(diagnostics);
    const ok = counts.errors === 0 && (!args.strict || counts.warnings === 0);
    if (io.json) {
      io.outJson({ diagnostics, ...counts, strict: args.strict, ok });
      return ok ? EXIT_OK : EXIT_FINDINGS;
    }
    const { colors } = io;
    if (diagnostics.length === 0) io.out(`${colors.green('✔')} No diagnostics.`);
    else io.out(...formatDiagnostics(diagnostics, colors), '', formatCounts(counts));
    if (!ok) {
      const why = counts.errors > 0 ? 'error diagnostics' : 'warnings (--strict)';
      io.out(`${colors.red('✖')} lint failed: ${why}`);
    } else if (diagnostics.length > 0) io.out(`${colors.green('✔')} lint passed${args.strict ? ' (--strict)' : ''}`);
    return ok ? EXIT_OK : EXIT_FINDINGS;
  });
}
