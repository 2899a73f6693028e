import type { Diagnostic } from '@reslayer/core';
import type { HealthDeduction, ReportSection } from '@reslayer/core/host';
import type { DriftEntry } from '@reslayer/engine';
import { MAX_DEDUCTIONS, countDiagnostics, deductionCount, formatCounts } from './formatDiagnostics.js';
import { RESOURCE_HEADERS, type ResourceJson, resourceRows } from './formatResources.js';

/** A drifted file in the report: for a `different` file, the unified diff from the disk to a fresh generation. */
export interface ReportDrift extends DriftEntry {
  /** Unified diff (`--- a/<path>\ton disk`, `+++ b/<path>\tgenerated`, hunks), for `different` files. */
  diff?: string | undefined;
}

/** Everything the HTML check report shows. Holds no timestamps or timings, so the report is deterministic. */
export interface CheckReportData {
  /** Contract `info.title` and `info.version`. */
  title: string;
  version: string;
  /** Contract path, as shown (relative to the working directory: the project root). */
  contract: string;
  /** Output root, as shown (relative to the working directory: the project root). */
  outputRoot: string;
  /** Version of the CLI that wrote the report. */
  generator: string;
  resources: ResourceJson[];
  /** Number of generated files. */
  files: number;
  diagnostics: Diagnostic[];
  drift: ReportDrift[];
  healthScore: number;
  /** What lowers the health score, the largest deduction first. */
  deductions: HealthDeduction[];
  ok: boolean;
  /** Report sections added by plugins. */
  sections: ReportSection[];
}

/**
 * Escapes text for HTML element content and attribute values.
 * @param text any text (contract-derived text must always pass through here)
 * @example
 * escapeHtml('<a href="x">'); // '&lt;a href=&quot;x&quot;&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff;margin:0 auto;max-width:980px;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
p.meta{color:#59636e;margin:0 0 16px}code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #d0d7de;vertical-align:top}
th{background:#f6f8fa;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:2px 10px;border-radius:12px;font-weight:600;font-size:13px}
.ok{background:#dafbe1;color:#116329}.fail{background:#ffebe9;color:#a40e26}
.error{color:#a40e26;font-weight:600}.warning{color:#7d4e00;font-weight:600}.info{color:#0550ae}
.score{font-size:20px;font-weight:700}pre{background:#f6f8fa;padding:8px;overflow:auto}
h3{font-size:15px;margin:16px 0 4px}pre.diff{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:0;border:1px solid #d0d7de;border-radius:6px}
pre.diff span{display:block;padding:0 8px;white-space:pre}pre.diff .add{background:#dafbe1}pre.diff .del{background:#ffebe9}pre.diff .hunk{background:#ddf4ff;color:#0550ae}pre.diff .head{color:#59636e;font-weight:600}
.drift-missing{color:#a40e26;font-weight:600}.drift-different{color:#7d4e00;font-weight:600}.drift-stale{color:#59636e;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}pre{background:#161b22}p.meta{color:#9198a1}pre.diff{border-color:#30363d}pre.diff .add{background:#033a16}pre.diff .del{background:#67060c}pre.diff .hunk{background:#0c2d6b;color:#a5d6ff}}
`.trim();

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, numeric: ReadonlySet<number> = new Set()): string {
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((cell, i) => `<td${numeric.has(i) ? ' class="num"' : ''}>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** A unified diff as HTML: one line per span, colored by its first character. */
function diffHtml(diff: string): string {
  const line = (l: string) => {
    const cls = l.startsWith('+++') || l.startsWith('---') ? 'head' : l.startsWith('@@') ? 'hunk' : l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : '';
    return `<span${cls ? ` class="${cls}"` : ''}>${escapeHtml(l) || ' '}</span>`;
  };
  return `<pre class="diff">${diff.split('\n').map(line).join('')}</pre>`;
}

/** The drift section: a table of the drifted files (under the output root), then the diff of each different file. */
function driftSection(data: CheckReportData): string {
  if (data.drift.length === 0) return '<h2>Drift</h2>\n<p>No drift: the files on disk match a fresh generation.</p>';
  const byKind = (k: DriftEntry['kind']) => data.drift.filter((d) => d.kind === k).length;
  const counts = (['missing', 'different', 'stale'] as const).map((k) => `${byKind(k)} ${k}`).join(', ');
  const rows = data.drift.map((d) => [`<span class="drift-${escapeHtml(d.kind)}">${escapeHtml(d.kind)}</span>`, code(d.path)]);
  const diffs = data.drift
    .filter((d) => d.diff)
    .map((d) => `<h3>${code(d.path)}</h3>\n${diffHtml(d.diff as string)}`)
    .join('\n');
  return [
    `<h2>Drift (${data.drift.length}: ${counts})</h2>`,
    `<p>Files under ${code(data.outputRoot)} that differ from a fresh generation. Run <code>reslayer generate</code> to bring them up to date.</p>`,
    table(['Kind', 'File'], rows),
    ...(diffs ? ['<p>Diffs of the different files: <code>-</code> on disk, <code>+</code> what <code>reslayer generate</code> writes.</p>', diffs] : []),
  ].join('\n');
}

/**
 * Renders the self-contained HTML check report: inline CSS, no JavaScript, no external resources,
 * no timestamps. Every contract-derived text is HTML-escaped. When there is drift, the drift section
 * (counts by kind, the files, and a unified diff of each different file) comes first; then the summary,
 * the diagnostics (counted by severity), the resources and the plugins' sections.
 * @param data the check result
 * @returns the HTML document, ending with a newline
 */
export function formatHtmlReport(data: CheckReportData): string {
  const status = data.ok ? '<span class="badge ok">OK</span>' : '<span class="badge fail">FAILED</span>';
  const counts = countDiagnostics(data.diagnostics);
  const severityCounts = `${data.diagnostics.length} (${formatCounts(counts)})`;
  const summary = table(
    ['Measure', 'Value'],
    [
      ['Resources', String(data.resources.length)],
      ['Generated files', String(data.files)],
      ['Diagnostics', escapeHtml(severityCounts)],
      ['Drift', String(data.drift.length)],
      ['Health score', `<span class="score">${data.healthScore}</span> / 100`],
    ],
    new Set([1]),
  );
  const deductions = data.deductions.length === 0
    ? ''
    : `<h3>Health score lowered by</h3>\n${table(['Code', 'Findings', 'Points'], data.deductions.slice(0, MAX_DEDUCTIONS).map((d) => [code(d.code), escapeHtml(deductionCount(d)), `−${d.points}`]), new Set([2]))}${data.deductions.length > MAX_DEDUCTIONS ? `\n<p><small>… and ${data.deductions.length - MAX_DEDUCTIONS} more.</small></p>` : ''}\n`;
  const resources =
    data.resources.length === 0
      ? '<p>No resources detected.</p>'
      : table(RESOURCE_HEADERS, resourceRows(data.resources).map((r) => r.map((cell, i) => (i === 0 ? code(cell) : escapeHtml(cell)))), new Set([5]));
  const diagnostics =
    data.diagnostics.length === 0
      ? '<p>No diagnostics.</p>'
      : table(
          ['Severity', 'Code', 'Location', 'Message', 'Hint'],
          data.diagnostics.map((d) => [
            `<span class="${d.severity}">${d.severity}</span>`,
            code(d.code),
            d.location ? code(d.location) : '',
            escapeHtml(d.message) + (d.plugin ? ` <small>(${escapeHtml(d.plugin)})</small>` : ''),
            escapeHtml(d.hint ?? ''),
          ]),
        );
  const drift = driftSection(data);
  const sections = data.sections
    .map((s) => `<h2>${escapeHtml(s.title)} <small>(${escapeHtml(s.plugin)})</small></h2>\n<pre>${escapeHtml(s.lines.join('\n'))}</pre>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>reslayer check: ${escapeHtml(data.title)} ${escapeHtml(data.version)}</title>
<style>
${CSS}
</style>
</head>
<body>
<h1>${escapeHtml(data.title)} <small>${escapeHtml(data.version)}</small> ${status}</h1>
<p class="meta">reslayer check report · contract ${code(data.contract)} · output ${code(data.outputRoot)} (paths relative to the project root)</p>
${data.drift.length > 0 ? `${drift}\n` : ''}<h2>Summary</h2>
${summary}
${deductions}<h2>Diagnostics (${escapeHtml(formatCounts(counts))})</h2>
${diagnostics}
<h2>Resources</h2>
${resources}
${data.drift.length === 0 ? `${drift}\n` : ''}${sections}${sections ? '\n' : ''}<p class="meta">Written by reslayer ${escapeHtml(data.generator)}. Health score = max(0, 100 − 10 × errors − 2 × warnings − 5 × drifted files).</p>
</body>
</html>
`;
}
