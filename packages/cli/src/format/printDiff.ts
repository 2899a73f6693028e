import type { ChangeLevel } from '@reslayer/diff';
import type { RunnerIO } from '../runners/context.js';
import { type DiffView, LEVEL_TITLES, hiddenDocsNote, linkedSymbols, plural, verdict } from './diffView.js';
import { displayPath } from './resolveCliConfig.js';

/** Most non-breaking changes and generated symbols the text lists (`--json` has them all). */
const MAX_LINES = 25;
/** Most symbol names shown after "affects:". */
const MAX_NAMES = 6;

/**
 * Prints a diff as text: the two sides and counts, the breaking and possibly breaking contract changes
 * (code, message, operations, affected symbols), the non-breaking ones, the generated symbols that break
 * their callers, and the verdict.
 * @param io output channels
 * @param view what to show
 * @param reportPath absolute path of the report written, if any
 */
export function printDiff(io: RunnerIO, view: DiffView, reportPath: string | undefined): void {
  const { colors } = io;
  const { result } = view;
  const { summary } = result;
  const mark: Record<ChangeLevel, string> = { breaking: colors.red('✖'), 'possibly-breaking': colors.yellow('!'), 'non-breaking': colors.dim('·') };
  io.out(`${colors.bold(result.after.title)} ${result.before.version} → ${result.after.version}  ${colors.dim(`(${view.oldLabel} → ${view.newLabel})`)}`);
  const rows: Array<[string, string]> = [
    ['contract', `${result.changes.length} ${plural(result.changes.length, 'change')} (${summary.contract.breaking} breaking, ${summary.contract['possibly-breaking']} possibly breaking, ${summary.contract['non-breaking']} non-breaking)`],
    ['files', `${summary.files.changed} changed, ${summary.files.created} created, ${summary.files.removed} removed`],
    ['symbols', `${summary.symbols.changed} changed, ${summary.symbols.added} added, ${summary.symbols.removed} removed, ${summary.symbols.renamed} renamed; ${summary.symbols.breaking} break callers`],
  ];
  io.out(...rows.map(([k, v]) => `  ${k.padEnd(10)}${v}`));
  for (const r of result.renames) io.out(`  ${colors.cyan('renamed')}   ${r.before} → ${r.after} (${r.to})`);
  for (const level of ['breaking', 'possibly-breaking'] as const) {
    const changes = result.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    io.out('', colors.bold(`${LEVEL_TITLES[level]}:`));
    for (const c of changes) {
      io.out(`  ${mark[level]} ${colors.bold(c.code)}  ${c.message}  ${colors.dim(c.pointer)}`);
      if (c.operations.length > 0) io.out(colors.dim(`      operations: ${c.operations.slice(0, 4).join(', ')}${c.operations.length > 4 ? `, … (${c.operations.length})` : ''}`));
      const symbols = linkedSymbols(c, result);
      if (symbols.length > 0) {
        const names = symbols.slice(0, MAX_NAMES).map((s) => s.name).join(', ');
        io.out(`      affects: ${names}${symbols.length > MAX_NAMES ? `, …` : ''} (${symbols.length} ${plural(symbols.length, 'symbol')} in ${c.files.length} ${plural(c.files.length, 'file')})`);
      }
    }
  }
  const mild = result.changes.filter((c) => c.level === 'non-breaking');
  if (mild.length > 0) {
    io.out('', colors.bold(`${LEVEL_TITLES['non-breaking']}:`), ...mild.slice(0, MAX_LINES).map((c) => `  ${mark['non-breaking']} ${c.code}  ${c.message}  ${colors.dim(c.pointer)}`));
    if (mild.length > MAX_LINES) io.out(colors.dim(`  … and ${mild.length - MAX_LINES} more (--json lists them all)`));
  }
  const hidden = hiddenDocsNote(result);
  if (hidden !== undefined) io.out('', colors.dim(hidden));
  const breaking = result.impact.symbols.filter((s) => s.level !== 'non-breaking');
  if (breaking.length > 0) {
    io.out('', colors.bold(`Generated symbols that may break their callers (under ${view.outputRoot}):`));
    for (const s of breaking.slice(0, MAX_LINES)) {
      const why = s.status === 'renamed' ? `→ ${s.to?.name ?? ''}` : s.reasons[0] ?? '';
      io.out(`  ${s.status.padEnd(8)} ${s.kind.padEnd(13)} ${s.name}${why ? colors.dim(`  ${why}`) : ''}`);
    }
    if (breaking.length > MAX_LINES) io.out(colors.dim(`  … and ${breaking.length - MAX_LINES} more (--json lists them all)`));
  }
  if (reportPath) io.out('', `Report written to ${colors.cyan(displayPath(reportPath, io.cwd))}`);
  const line = `${verdict(result)}${view.failOn === 'never' ? '' : ` (--fail-on ${view.failOn})`}`;
  io.out('', view.failed ? `${colors.red('✖')} diff failed: ${line}` : `${colors.green('✔')} ${line}`);
}
