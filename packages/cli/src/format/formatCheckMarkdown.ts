import { MAX_DEDUCTIONS, countDiagnostics, deductionCount, formatCounts } from './formatDiagnostics.js';
import type { CheckReportData } from './formatReport.js';

/** Most drifted files and diagnostics listed (the rest are counted). */
const MAX_ROWS = 50;

const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The check report as markdown, e.g. for a CI job summary or a PR comment: the verdict and the summary
 * table first, then the drift (files only: the HTML report has the diffs) and the diagnostics. No
 * timestamps: the same check gives the same text.
 * @param data what the check found (the data of the HTML report)
 * @returns the markdown, ending with a newline
 */
export function formatCheckMarkdown(data: CheckReportData): string {
  const counts = countDiagnostics(data.diagnostics);
  const lines = [
    `## ${data.ok ? '✅' : '❌'} reslayer check: ${data.ok ? 'passed' : 'failed'}`,
    '',
    `**${cell(data.title)}** ${cell(data.version)} · contract ${code(data.contract)} · output ${code(data.outputRoot)}`,
    '',
    '| Measure | Value |',
    '|---|---:|',
    `| Health score | **${data.healthScore}** / 100 |`,
    `| Resources | ${data.resources.length} |`,
    `| Generated files | ${data.files} |`,
    `| Diagnostics | ${data.diagnostics.length} (${formatCounts(counts)}) |`,
    `| Drift | ${data.drift.length} |`,
    '',
  ];
  if (data.deductions.length > 0) {
    lines.push('Health score lowered by:', '');
    for (const d of data.deductions.slice(0, MAX_DEDUCTIONS)) lines.push(`- −${d.points} ${code(d.code)} (${deductionCount(d)})`);
    if (data.deductions.length > MAX_DEDUCTIONS) lines.push(`- … and ${data.deductions.length - MAX_DEDUCTIONS} more`);
    lines.push('');
  }
  if (data.drift.length > 0) {
    lines.push(`### Drift (${data.drift.length})`, '', 'Run `reslayer generate` to bring these files up to date.', '');
    for (const d of data.drift.slice(0, MAX_ROWS)) lines.push(`- ${d.kind}: ${code(d.path)}`);
    if (data.drift.length > MAX_ROWS) lines.push(`- … and ${data.drift.length - MAX_ROWS} more`);
    lines.push('');
  }
  if (data.diagnostics.length > 0) {
    lines.push(`### Diagnostics (${formatCounts(counts)})`, '', '| Severity | Code | Location | Message |', '|---|---|---|---|');
    for (const d of data.diagnostics.slice(0, MAX_ROWS)) lines.push(`| ${d.severity} | ${code(d.code)} | ${d.location ? code(d.location) : ''} | ${cell(d.message)} |`);
    if (data.diagnostics.length > MAX_ROWS) lines.push('', `… and ${data.diagnostics.length - MAX_ROWS} more (\`reslayer lint --all\` lists them).`);
    lines.push('');
  }
  lines.push(`<sub>reslayer ${cell(data.generator)} · health score = max(0, 100 − 10 × errors − 2 × warnings − 5 × drifted files)</sub>`);
  return `${lines.join('\n')}\n`;
}
