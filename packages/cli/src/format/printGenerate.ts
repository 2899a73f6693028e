import type { GenerateResult } from '@reslayer/engine';
import { type RunnerIO, cacheJson } from '../runners/context.js';
import { countDiagnostics, formatCounts, formatDiagnostics } from './formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from './formatError.js';
import { cmd } from './invocation.js';

/**
 * Prints the outcome of the engine's `generate` (text, or `--json`: `ok`, `dryRun`, `outputRoot`, `files`, the
 * plan's lists, `diagnostics`, `cache`, `cacheReason` and, after an interrupted earlier write, `interruptedWrite`).
 * @param io the command's output channels
 * @param root the output root, for display
 * @param r what `generate` did
 * @returns 0, or 1 when error diagnostics stopped the run
 */
export function printGenerate(io: RunnerIO, root: string, r: GenerateResult): number {
  const { files, plan, diagnostics, failed, dryRun, interrupted } = r;
  const counts = countDiagnostics(diagnostics);
  if (io.json) {
    io.outJson({ ok: !failed, dryRun, outputRoot: root, files, ...plan, diagnostics, ...cacheJson(r.cache), ...(interrupted ? { interruptedWrite: interrupted } : {}) });
    return failed ? EXIT_FINDINGS : EXIT_OK;
  }
  const { colors } = io;
  if (failed) {
    io.out(...formatDiagnostics(diagnostics, colors, { moreHint: '`reslayer lint --all` lists them' }), '', formatCounts(counts));
    io.out(`${colors.red('✖')} generate failed: the contract has ${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}; nothing was written`);
    return EXIT_FINDINGS;
  }
  const summary = `created ${plan.created.length}, updated ${plan.updated.length}, unchanged ${plan.unchanged.length}, removed ${plan.removed.length}`;
  const hit = r.cache.status === 'hit' ? colors.dim(' (nothing changed since the last generate)') : '';
  if (dryRun) {
    io.out(`${colors.bold('Dry run')}: ${files.length} generated ${files.length === 1 ? 'file' : 'files'} for ${colors.cyan(root)}; nothing was written${hit}`);
    const list = (label: string, paths: string[]) => {
      if (paths.length > 0) io.out(`${label} (${paths.length}):`, ...paths.map((p) => `  ${p}`));
    };
    list(colors.green('would create'), plan.created);
    list(colors.yellow('would update'), plan.updated);
    list(colors.red('would remove'), plan.removed);
    io.out(`unchanged: ${plan.unchanged.length}`);
  } else {
    io.out(`${colors.green('✔')} Generated ${files.length} ${files.length === 1 ? 'file' : 'files'} into ${colors.cyan(root)}: ${summary}${hit}`);
  }
  const left = interrupted?.leftovers.join(', ');
  if (interrupted?.repaired) io.out(colors.dim(`What an interrupted earlier run left beside the root was cleaned up first (${left}).`));
  else if (interrupted) io.out(colors.yellow(`An earlier run was interrupted and left ${left} beside the root; \`reslayer generate\` cleans it up before writing.`));
  if (counts.warnings + counts.infos > 0) io.out(colors.dim(`${formatCounts(counts)}: run \`reslayer lint\` for details`));
  return EXIT_OK;
}
