import type { Diagnostic, DriftEntry, ReportSection } from '@reslayer/core';
import { RESOURCE_HEADERS, type ResourceJson, resourceRows } from './formatResources.js';

/** Everything the HTML check report shows. Holds no timestamps or timings, so the report is deterministic. */
export interface CheckReportData {
  /** Contract `info.title` and `info.version`. */
  title: string;
  version: string;
  /** Contract path, as shown (relative to the report file's folder). */
  contract: string;
  /** Output root, as shown (relative to the report file's folder). */
  outputRoot: string;
  /** Version of the CLI that wrote the report. */
  generator: string;
  resources: ResourceJson[];
  /** Number of generated files. */
  files: number;
  diagnostics: Diagnostic[];
  drift: DriftEntry[];
  healthScore: number;
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
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}pre{background:#161b22}p.meta{color:#9198a1}}
`.trim();

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, numeric: ReadonlySet<number> = new Set()): string {
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((cell, i) => `<td${numeric.has(i) ? ' class="num"' : ''}>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/**
 * Renders the self-contained HTML check report: inline CSS, no JavaScript, no external resources,
 * no timestamps. Every contract-derived text is HTML-escaped.
 * @param data the check result
 * @returns the HTML document, ending with a newline
 */
export function formatHtmlReport(data: CheckReportData): string {
  const status = data.ok ? '<span class="badge ok">OK</span>' : '<span class="badge fail">FAILED</span>';
  const summary = table(
    ['Measure', 'Value'],
    [
      ['Resources', String(data.resources.length)],
      ['Generated files', String(data.files)],
      ['Diagnostics', String(data.diagnostics.length)],
      ['Drift', String(data.drift.length)],
      ['Health score', `<span class="score">${data.healthScore}</span> / 100`],
    ],
    new Set([1]),
  );
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
  const drift =
    data.drift.length === 0
      ? '<p>No drift: the files on disk match a fresh generation.</p>'
      : table(['Kind', 'File'], data.drift.map((d) => [escapeHtml(d.kind), code(d.path)]));
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
<p class="meta">reslayer check report · contract ${code(data.contract)} · output ${code(data.outputRoot)}</p>
<h2>Summary</h2>
${summary}
<h2>Resources</h2>
${resources}
<h2>Diagnostics</h2>
${diagnostics}
<h2>Drift</h2>
${drift}
${sections}${sections ? '\n' : ''}<p class="meta">Written by reslayer ${escapeHtml(data.generator)}. Health score = max(0, 100 − 10 × errors − 2 × warnings − 5 × drifted files).</p>
</body>
</html>
`;
}
