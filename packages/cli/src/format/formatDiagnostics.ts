import type { Diagnostic } from '@reslayer/core';
import type { HealthDeduction, Severity } from '@reslayer/core/host';
import type { Colors } from './formatError.js';
import { asInvoked } from './invocation.js';

/** Counts of diagnostics per severity. */
export interface DiagnosticCounts {
  errors: number;
  warnings: number;
  infos: number;
}

/** Options of {@link formatDiagnostics}. */
export interface FormatDiagnosticsOptions {
  /** How many findings of a group to show before "… and N more" (`Infinity`: all). @default 3 */
  maxPerGroup?: number;
  /** Says how to see the rest, after "… and N more": e.g. `run with --all to list them`. */
  moreHint?: string;
}

/**
 * Counts diagnostics per severity.
 * @param diagnostics the diagnostics
 */
export function countDiagnostics(diagnostics: readonly Pick<Diagnostic, 'severity'>[]): DiagnosticCounts {
  const of = (s: Severity) => diagnostics.filter((d) => d.severity === s).length;
  return { errors: of('error'), warnings: of('warning'), infos: of('info') };
}

/**
 * Formats counts as `1 error, 2 warnings, 0 info`.
 * @param counts counts per severity
 */
export function formatCounts(counts: DiagnosticCounts): string {
  return `${counts.errors} ${counts.errors === 1 ? 'error' : 'errors'}, ${counts.warnings} ${counts.warnings === 1 ? 'warning' : 'warnings'}, ${counts.infos} info`;
}

/** Diagnostics of one severity and code, in the order they were listed. */
interface Group {
  severity: Severity;
  code: string;
  items: Diagnostic[];
}

function groupDiagnostics(diagnostics: readonly Diagnostic[]): Group[] {
  const groups = new Map<string, Group>();
  for (const d of diagnostics) {
    const key = `${d.severity}\u0000${d.code}`;
    const group = groups.get(key) ?? { severity: d.severity, code: d.code, items: [] };
    group.items.push(d);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function severityLabel(severity: Severity, colors: Colors): string {
  const padded = severity.padEnd(7);
  return severity === 'error' ? colors.red(padded) : severity === 'warning' ? colors.yellow(padded) : colors.blue(padded);
}

/**
 * Formats diagnostics for the terminal. Findings with the same severity and code form one group:
 * a header `severity CODE (count)`, the first few findings as `location  message`, then
 * `… and N more` (with `moreHint`), then the hint (the first finding's, shared by the group). Commands named in
 * backticks read as the user runs them (`asInvoked`).
 * @param diagnostics diagnostics, already sorted (core's `Diagnostics.list()` order)
 * @param colors stdout colors
 * @param options see {@link FormatDiagnosticsOptions}
 * @returns lines to print; empty when there are no diagnostics
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], colors: Colors, options: FormatDiagnosticsOptions = {}): string[] {
  const max = Math.max(1, options.maxPerGroup ?? 3);
  const lines: string[] = [];
  for (const group of groupDiagnostics(diagnostics)) {
    const count = group.items.length > 1 ? ` ${colors.dim(`(${group.items.length})`)}` : '';
    lines.push(`${severityLabel(group.severity, colors)} ${colors.bold(group.code)}${count}`);
    for (const d of group.items.slice(0, max)) {
      const plugin = d.plugin ? colors.dim(` [${d.plugin}]`) : '';
      lines.push(`  ${d.location ? `${colors.cyan(d.location)}  ` : ''}${d.message}${plugin}`);
    }
    if (group.items.length > max) lines.push(`  ${colors.dim(`… and ${group.items.length - max} more${options.moreHint ? ` (${asInvoked(options.moreHint)})` : ''}`)}`);
    const hint = group.items.find((d) => d.hint)?.hint;
    if (hint) lines.push(`  ${colors.dim('hint:')} ${asInvoked(hint)}`);
  }
  return lines;
}

/** Most health-score deductions the text, markdown and HTML reports list (JSON has them all). */
export const MAX_DEDUCTIONS = 5;

/**
 * What one deduction cost, as the reports show it: `3 warnings` / `1 error` / `2 drifted files`.
 * @param d a deduction of the health score
 */
export function deductionCount(d: HealthDeduction): string {
  const noun = d.kind === 'drift' ? 'drifted file' : d.kind;
  return `${d.count} ${noun}${d.count === 1 ? '' : 's'}`;
}
