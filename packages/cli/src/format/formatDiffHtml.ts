import type { ChangeLevel, LinkedChange } from '@reslayer/diff';
import { type DiffView, LEVEL_TITLES, linkedSymbols, plural, symbolNote, verdict } from './diffView.js';
import { escapeHtml } from './formatReport.js';

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff;margin:0 auto;max-width:1080px;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:15px;margin:20px 0 4px}
p.meta{color:#59636e;margin:0 0 16px}code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #d0d7de;vertical-align:top}
th{background:#f6f8fa;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:2px 10px;border-radius:12px;font-weight:600;font-size:13px}
.breaking{background:#ffebe9;color:#a40e26}.possibly-breaking{background:#fff8c5;color:#7d4e00}.non-breaking{background:#dafbe1;color:#116329}.none{background:#dafbe1;color:#116329}
.change{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin:10px 0}.change p{margin:4px 0}.ops{color:#59636e}
ul.symbols{margin:4px 0 0;padding-left:20px}ul.symbols li{margin:2px 0}small{color:#59636e}details{margin:8px 0}summary{cursor:pointer;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td,.change{border-color:#30363d}p.meta,.ops,small{color:#9198a1}}
`.trim();

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
/** Our messages mark names with backticks: render them as code, escaping everything. */
const rich = (text: string) => escapeHtml(text).replace(/`([^`]*)`/g, '<code>$1</code>');
const badge = (level: ChangeLevel | 'none', text: string = level) => `<span class="badge ${level}">${escapeHtml(text)}</span>`;

function changeHtml(change: LinkedChange, view: DiffView): string {
  const symbols = linkedSymbols(change, view.result);
  const list = symbols.length === 0
    ? '<p><small>No generated symbol changes with it.</small></p>'
    : `<p>Affected symbols (${symbols.length}, in ${change.files.length} ${plural(change.files.length, 'file')}):</p>\n<ul class="symbols">${symbols
        .map((s) => `<li>${code(s.name)} <small>${escapeHtml(s.kind)}</small> — ${rich(symbolNote(s))} <small>${code(s.file)}</small></li>`)
        .join('\n')}</ul>`;
  return [
    `<div class="change">`,
    `<p>${badge(change.level)} ${code(change.code)} ${rich(change.message)} <small>${code(change.pointer)}</small></p>`,
    change.operations.length > 0 ? `<p class="ops">Operations: ${change.operations.map(code).join(', ')}</p>` : '',
    list,
    `</div>`,
  ].filter(Boolean).join('\n');
}

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `<table>\n<thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>\n<tbody>\n${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')}\n</tbody>\n</table>`;
}

/**
 * Renders the self-contained HTML diff report: inline CSS, no JavaScript, no external resources, no
 * timestamps; every contract-derived text is escaped. The verdict and summary come first, then the
 * breaking, possibly breaking and non-breaking changes (each with its operations and affected symbols),
 * then every changed generated symbol and file.
 * @param view what to show
 * @returns the HTML document, ending with a newline
 */
export function formatDiffHtml(view: DiffView): string {
  const { result } = view;
  const { summary } = result;
  const levelSymbols = (l: ChangeLevel) => String(result.impact.symbols.filter((s) => s.level === l).length);
  const summaryTable = table(
    ['', 'Breaking', 'Possibly breaking', 'Non-breaking'],
    [
      ['Contract changes', String(summary.contract.breaking), String(summary.contract['possibly-breaking']), String(summary.contract['non-breaking'])],
      ['Generated symbols', levelSymbols('breaking'), levelSymbols('possibly-breaking'), levelSymbols('non-breaking')],
    ],
  );
  const sections = (['breaking', 'possibly-breaking', 'non-breaking'] as const)
    .map((level) => {
      const changes = result.changes.filter((c) => c.level === level);
      return changes.length === 0 ? '' : `<h2>${LEVEL_TITLES[level]} (${changes.length})</h2>\n${changes.map((c) => changeHtml(c, view)).join('\n')}`;
    })
    .filter(Boolean)
    .join('\n');
  const symbols = result.impact.symbols.length === 0
    ? '<p>No exported symbol changes.</p>'
    : table(
        ['Status', 'Level', 'Kind', 'Symbol', 'File', 'Why'],
        result.impact.symbols.map((s) => [
          escapeHtml(s.status),
          badge(s.level),
          escapeHtml(s.kind),
          code(s.name),
          code(s.file),
          s.status === 'renamed' ? `→ ${code(s.to?.name ?? '')}` : rich(s.reasons.join('; ')),
        ]),
      );
  const files = result.impact.files.length === 0 ? '<p>No generated file changes.</p>' : table(['Status', 'File'], result.impact.files.map((f) => [escapeHtml(f.status), code(f.path)]));
  const renames = result.renames.length === 0 ? '' : `<h2>Renamed operations</h2>\n${table(['Operation', 'Before', 'After'], result.renames.map((r) => [code(r.to), code(r.before), code(r.after)]))}`;
  const title = `${result.after.title} ${result.before.version} → ${result.after.version}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>reslayer diff: ${escapeHtml(title)}</title>
<style>
${CSS}
</style>
</head>
<body>
<h1>${escapeHtml(result.after.title)} <small>${escapeHtml(result.before.version)} → ${escapeHtml(result.after.version)}</small> ${badge(result.level, result.level === 'none' ? 'no changes' : result.level)}</h1>
<p class="meta">reslayer diff report · ${code(view.oldLabel)} → ${code(view.newLabel)} · generated files under ${code(view.outputRoot)} · ${view.failed ? `fails <code>--fail-on ${escapeHtml(view.failOn)}</code>` : 'passes'}</p>
<p><strong>${escapeHtml(verdict(result))}.</strong> Generated files: ${summary.files.changed} changed, ${summary.files.created} created, ${summary.files.removed} removed.</p>
${summaryTable}
${renames}${renames ? '\n' : ''}${sections}
<h2>Generated symbols (${result.impact.symbols.length})</h2>
${symbols}
<h2>Generated files (${result.impact.files.length})</h2>
${files}
<p class="meta">Written by reslayer ${escapeHtml(view.generator)}. Contract changes are classified with api-smart-diff under reslayer's own codes; “breaks callers” is decided by the TypeScript checker (see docs/diff.md).</p>
</body>
</html>
`;
}
