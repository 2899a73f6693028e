import type { ChangeLevel, LinkedChange, SymbolChange } from '@reslayer/diff';
import { type DiffView, LEVEL_TITLES, hiddenDocsNote, linkedSymbols, plural, symbolNote, verdict } from './diffView.js';

/** Most symbols listed under one change (the rest are counted). */
const MAX_SYMBOLS_PER_CHANGE = 15;
/** Most rows of the generated-layer table. */
const MAX_SYMBOL_ROWS = 60;
/** GitHub refuses comments over 65,536 characters: stop well before. */
const MAX_LENGTH = 60_000;

/** Inline code that survives backticks and pipes inside (markdown tables). */
const code = (text: string) => {
  const clean = text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return clean.includes('`') ? `\`\` ${clean} \`\`` : `\`${clean}\``;
};
/** Plain text for a table cell (our messages use backticks: keep them, escape pipes). */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const ICON: Readonly<Record<ChangeLevel | 'none', string>> = { breaking: '❌', 'possibly-breaking': '⚠️', 'non-breaking': '✅', none: '✅' };

function changeBlock(change: LinkedChange, view: DiffView): string[] {
  const lines = [`#### ${code(change.code)} ${cell(change.message)} · ${code(change.pointer)}`, ''];
  if (change.operations.length > 0) lines.push(`Operations: ${change.operations.map(code).join(', ')}`, '');
  const symbols = linkedSymbols(change, view.result);
  if (symbols.length > 0) {
    lines.push(`Affected symbols (${symbols.length}, in ${change.files.length} ${plural(change.files.length, 'file')}):`, '');
    for (const s of symbols.slice(0, MAX_SYMBOLS_PER_CHANGE)) lines.push(`- ${code(s.name)} (${s.kind}) — ${cell(symbolNote(s))} · ${code(s.file)}`);
    if (symbols.length > MAX_SYMBOLS_PER_CHANGE) lines.push(`- … and ${symbols.length - MAX_SYMBOLS_PER_CHANGE} more (\`reslayer diff --json\` lists them all)`);
    lines.push('');
  } else lines.push('No generated symbol changes with it.', '');
  return lines;
}

function symbolTable(symbols: readonly SymbolChange[]): string[] {
  const rows = symbols.slice(0, MAX_SYMBOL_ROWS).map((s) => `| ${s.status} | ${s.level} | ${s.kind} | ${code(s.name)} | ${code(s.file)} | ${cell(s.status === 'changed' ? s.reasons.join('; ') : s.status === 'renamed' ? `→ ${s.to?.name ?? ''}` : '')} |`);
  const more = symbols.length > MAX_SYMBOL_ROWS ? [``, `… and ${symbols.length - MAX_SYMBOL_ROWS} more.`] : [];
  return ['| Status | Level | Kind | Symbol | File | Why |', '|---|---|---|---|---|---|', ...rows, ...more];
}

/**
 * The diff as markdown for a pull-request comment: the verdict and a summary table first, then each
 * breaking and possibly breaking change with its operations and the generated symbols and files it
 * affects, then (folded) the non-breaking changes, the generated symbols and the files. Deterministic (no
 * timings) and cut below GitHub's comment size limit.
 * @param view what to show
 * @returns the markdown, ending with a newline
 */
export function formatDiffMarkdown(view: DiffView): string {
  const { result } = view;
  const { summary } = result;
  const status = result.level === 'none' ? 'no changes' : view.failed ? `fails (\`--fail-on ${view.failOn}\`)` : 'passes';
  const lines: string[] = [
    `## ${ICON[result.level]} reslayer diff: ${result.level === 'none' ? 'no changes' : result.level === 'non-breaking' ? 'no breaking changes' : result.level === 'breaking' ? 'breaking changes' : 'possibly breaking changes'}`,
    '',
    `**${cell(result.after.title)}** ${cell(result.before.version)} → ${cell(result.after.version)} · ${code(view.oldLabel)} → ${code(view.newLabel)} · check ${status}`,
    '',
    `${verdict(result)}.`,
    '',
    '| | Breaking | Possibly breaking | Non-breaking |',
    '|---|---:|---:|---:|',
    `| Contract changes | ${summary.contract.breaking} | ${summary.contract['possibly-breaking']} | ${summary.contract['non-breaking']} |`,
    `| Generated symbols | ${result.impact.symbols.filter((s) => s.level === 'breaking').length} | ${result.impact.symbols.filter((s) => s.level === 'possibly-breaking').length} | ${result.impact.symbols.filter((s) => s.level === 'non-breaking').length} |`,
    '',
    `Generated files under ${code(view.outputRoot)}: ${summary.files.changed} changed, ${summary.files.created} created, ${summary.files.removed} removed. Symbols: ${summary.symbols.changed} changed, ${summary.symbols.added} added, ${summary.symbols.removed} removed, ${summary.symbols.renamed} renamed.`,
    '',
  ];
  const hidden = hiddenDocsNote(result);
  if (hidden !== undefined) lines.push(`${hidden}.`, '');
  if (result.renames.length > 0) {
    lines.push('**Renamed operations:** ' + result.renames.map((r) => `${code(r.before)} → ${code(r.after)} (${code(r.to)})`).join(', '), '');
  }
  for (const level of ['breaking', 'possibly-breaking'] as const) {
    const changes = result.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    lines.push(`### ${LEVEL_TITLES[level]} (${changes.length})`, '');
    for (const c of changes) lines.push(...changeBlock(c, view));
  }
  const mild = result.changes.filter((c) => c.level === 'non-breaking');
  if (mild.length > 0) {
    lines.push(`<details><summary>${LEVEL_TITLES['non-breaking']} (${mild.length})</summary>`, '');
    for (const c of mild) lines.push(`- ${code(c.code)} ${cell(c.message)} · ${code(c.pointer)}${c.operations.length > 0 ? ` — ${c.operations.map(code).join(', ')}` : ''}`);
    lines.push('', '</details>', '');
  }
  if (result.impact.symbols.length > 0) {
    lines.push(`<details><summary>Generated symbols (${result.impact.symbols.length})</summary>`, '', ...symbolTable(result.impact.symbols), '', '</details>', '');
  }
  if (result.impact.files.length > 0) {
    lines.push(`<details><summary>Generated files (${result.impact.files.length})</summary>`, '');
    for (const f of result.impact.files) lines.push(`- ${f.status}: ${code(f.path)}`);
    lines.push('', '</details>', '');
  }
  lines.push(`<sub>reslayer ${cell(view.generator)} · contract changes classified with api-smart-diff, generated symbols checked with the TypeScript checker (docs/diff.md)</sub>`);
  let text = `${lines.join('\n')}\n`;
  if (text.length > MAX_LENGTH) text = `${text.slice(0, MAX_LENGTH)}\n\n… cut at ${MAX_LENGTH} characters: run \`reslayer diff --json\` for everything.\n`;
  return text;
}
