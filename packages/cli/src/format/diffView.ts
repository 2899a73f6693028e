import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import type { ChangeLevel, DiffResult, LinkedChange, SymbolChange } from '@reslayer/diff';
import { formatDiffHtml } from './formatDiffHtml.js';
import { formatDiffMarkdown } from './formatDiffMarkdown.js';

/** What the diff outputs (text, markdown, HTML) show. */
export interface DiffView {
  result: DiffResult;
  /** The old and new contract as shown: a path relative to the working directory, or `<ref>:<path>`. */
  oldLabel: string;
  newLabel: string;
  /** The `--fail-on` level, and whether the result reaches it. */
  failOn: ChangeLevel | 'never';
  failed: boolean;
  /** Version of the CLI. */
  generator: string;
  /** The new side's output root, relative to the working directory (symbol files are relative to it). */
  outputRoot: string;
}

/** Headings of the levels. */
export const LEVEL_TITLES: Readonly<Record<ChangeLevel, string>> = {
  breaking: 'Breaking changes',
  'possibly-breaking': 'Possibly breaking changes',
  'non-breaking': 'Non-breaking changes',
};

/** The one-line verdict: "2 breaking contract changes; 33 generated symbols break their callers". */
export function verdict(result: DiffResult): string {
  if (result.level === 'none') return 'no changes';
  const { contract, symbols } = result.summary;
  const parts = [
    `${contract.breaking} breaking, ${contract['possibly-breaking']} possibly breaking, ${contract['non-breaking']} non-breaking contract ${plural(result.changes.length, 'change')}`,
    `${symbols.breaking} generated ${plural(symbols.breaking, 'symbol')} ${symbols.breaking === 1 ? 'breaks its' : 'break their'} callers`,
  ];
  return parts.join('; ');
}

/**
 * `n thing` / `n things` without the number.
 * @param n count
 * @param word singular
 */
export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** "3 documentation changes not listed (--docs lists them)", or nothing when none were left out. */
export function hiddenDocsNote(result: DiffResult): string | undefined {
  const n = result.summary.hiddenDocs;
  return n > 0 ? `${n} documentation ${plural(n, 'change')} (description, example) not listed: --docs lists ${n === 1 ? 'it' : 'them'}` : undefined;
}

/** The symbol changes a contract change is linked to. */
export function linkedSymbols(change: LinkedChange, result: DiffResult): SymbolChange[] {
  const byId = new Map(result.impact.symbols.map((s) => [s.id, s] as const));
  return change.symbols.map((id) => byId.get(id)).filter((s): s is SymbolChange => s !== undefined);
}

/** How a symbol change reads: "removed", "renamed to `x`", "changed: property `lastName` removed". */
export function symbolNote(s: SymbolChange): string {
  if (s.status === 'renamed') return `renamed to \`${s.to?.name ?? '?'}\``;
  if (s.status !== 'changed') return s.status;
  const why = s.reasons.length > 0 ? `: ${s.reasons.join('; ')}` : '';
  return `${s.level === 'breaking' ? 'breaks callers' : s.level === 'possibly-breaking' ? 'changed (check its users)' : 'changed, compatible'}${why}`;
}

/**
 * Writes the markdown or HTML report of a diff.
 * @param format `markdown` or `html`
 * @param reportFile where (relative to `cwd`)
 * @param cwd working directory
 * @param view what to show
 * @returns the report's absolute path
 * @throws GeneratorError `RSL_WRITE_FAILED` when it cannot be written
 */
export async function writeDiffReport(format: 'markdown' | 'html', reportFile: string, cwd: string, view: DiffView): Promise<string> {
  const target = path.resolve(cwd, reportFile);
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, format === 'html' ? formatDiffHtml(view) : formatDiffMarkdown(view), 'utf8');
  } catch (error) {
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write the report ${reportFile}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Choose a --report-file in a folder you can write to.',
    });
  }
  return target;
}
