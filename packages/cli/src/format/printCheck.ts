import type { CheckResult } from '@reslayer/engine';
import { type RunnerIO, cacheJson } from '../runners/context.js';
import { MAX_DEDUCTIONS, countDiagnostics, deductionCount, formatCounts, formatDiagnostics } from './formatDiagnostics.js';
import { EXIT_FINDINGS, EXIT_OK } from './formatError.js';
import { displayPath } from './resolveCliConfig.js';
import { asInvoked, cmd } from './invocation.js';

/** How many drifted files the text output lists before "… and N more". */
const MAX_DRIFT_LINES = 25;

/** What to do about an interrupted earlier write, which `check` only reports. */
/** What repairs an interrupted write (in `--json` as is; in the text, as the user runs it). */
const REPAIR_HINT = 'run `reslayer generate` to repair';
const repairHint = () => asInvoked(REPAIR_HINT);

/**
 * Prints the outcome of the engine's `check` (text, or `--json`: `resources`, `files`, `diagnostics`, `drift`,
 * `healthScore`, `ok`, `driftFiles`, `diagnosticsList`, `reportFile`, `cache`, `cacheReason` and, when an
 * interrupted earlier write is found, `interruptedWrite` with the repair hint).
 * @param io the command's output channels
 * @param outputRoot absolute output root
 * @param o what `check` found
 * @param reportPath absolute path of the report written, if any
 * @param minHealthScore `--min-health-score`: below it, the check fails too (JSON: `minHealthScore`, `ok`)
 * @returns 0 when ok, 1 when not
 */
export function printCheck(io: RunnerIO, outputRoot: string, o: CheckResult, reportPath: string | undefined, minHealthScore?: number): number {
  const { diagnostics, drift, interrupted } = o;
  const lowScore = minHealthScore !== undefined && o.healthScore < minHealthScore;
  const ok = o.ok && !lowScore;
  const counts = countDiagnostics(diagnostics);
  const score = o.healthScore;
  const exit = ok ? EXIT_OK : EXIT_FINDINGS;
  if (io.json) {
    io.outJson({
      resources: o.resources,
      files: o.files,
      diagnostics: diagnostics.length,
      drift: drift.length,
      healthScore: score,
      deductions: o.deductions,
      ...(minHealthScore !== undefined ? { minHealthScore } : {}),
      ok,
      driftFiles: drift,
      diagnosticsList: diagnostics,
      ...(reportPath ? { reportFile: displayPath(reportPath, io.cwd) } : {}),
      ...cacheJson(o.cache),
      ...(interrupted ? { interruptedWrite: { ...interrupted, hint: REPAIR_HINT } } : {}),
    });
    return exit;
  }
  const { colors } = io;
  const rows: Array<[string, string]> = [
    ['resources', String(o.resources)],
    ['files', String(o.files)],
    ['diagnostics', `${diagnostics.length}${diagnostics.length > 0 ? ` (${formatCounts(counts)})` : ''}`],
    ['drift', String(drift.length)],
    ['health score', String(score)],
  ];
  io.out(`${colors.bold(o.title)} ${o.version} → ${colors.cyan(displayPath(outputRoot, io.cwd))}`);
  io.out(...rows.map(([k, v]) => `  ${k.padEnd(13)}${colors.bold(v)}`));
  if (o.deductions.length > 0) {
    const top = o.deductions.slice(0, MAX_DEDUCTIONS);
    io.out('', colors.bold('Health score lowered by:'), ...top.map((d) => `  ${`−${d.points}`.padStart(5)}  ${d.code.padEnd(28)} ${deductionCount(d)}`));
    if (o.deductions.length > top.length) io.out(colors.dim(`  … and ${o.deductions.length - top.length} more (--json lists them all)`));
  }
  if (diagnostics.length > 0) io.out('', ...formatDiagnostics(diagnostics, colors, { moreHint: '`reslayer lint --all` lists them' }));
  if (drift.length > 0) {
    io.out('', colors.bold('Drift:'), ...drift.slice(0, MAX_DRIFT_LINES).map((d) => `  ${d.kind.padEnd(9)}  ${d.path}`));
    if (drift.length > MAX_DRIFT_LINES) io.out(colors.dim(`  … and ${drift.length - MAX_DRIFT_LINES} more (--json lists them all)`));
  }
  for (const section of o.sections) io.out('', colors.bold(`${section.title} (${section.plugin})`), ...section.lines.map((l) => `  ${l}`));
  if (reportPath) io.out('', `Report written to ${colors.cyan(displayPath(reportPath, io.cwd))}`);
  if (interrupted) {
    io.out('', `${colors.yellow('!')} An earlier run was interrupted and left ${interrupted.leftovers.join(', ')} beside the output root.`, `  check left it untouched: ${repairHint()}.`);
  }
  if (o.cache.status === 'hit') io.out('', colors.dim('Nothing changed since the last generate (no-change cache; --no-cache runs the whole pipeline).'));
  if (ok) io.out('', `${colors.green('✔')} check passed`);
  else {
    const why = [
      interrupted?.rootMissing ? `an interrupted write (${repairHint()})` : '',
      drift.length > 0 ? `${drift.length} drifted ${drift.length === 1 ? 'file' : 'files'} (run \`${cmd('generate')}\`)` : '',
      counts.errors > 0 ? `${counts.errors} error ${counts.errors === 1 ? 'diagnostic' : 'diagnostics'}` : '',
      lowScore ? `health score ${score} is below --min-health-score ${minHealthScore as number}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    io.out('', `${colors.red('✖')} check failed: ${why}`);
  }
  return exit;
}
