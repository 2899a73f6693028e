import { GeneratorError } from '@reslayer/core';
import { DIAGNOSTIC_CODES, DIAGNOSTIC_EXPLANATIONS, type DiagnosticCode, closestMatches, explainCode } from '@reslayer/core/host';
import { DIFF_CODES, type DiffCode, diffCode } from '@reslayer/diff/codes';
import { DIFF_SECTION, diffExplanation } from '../format/explainDiff.js';
import { EXIT_OK } from '../format/formatError.js';
import { wrapText } from '../format/table.js';
import { guard } from './context.js';
import { asInvoked } from '../format/invocation.js';

/** Arguments of `explain`. */
export interface ExplainArgs {
  /** The code to explain; undefined lists every code. */
  code?: string | undefined;
  json: boolean;
}

/**
 * Runs `explain`: prints what a code means (what happened, why it matters, how to fix it, examples,
 * from core's `DIAGNOSTIC_EXPLANATIONS`, the source of docs/diagnostics.md too; for a contract change code of
 * `reslayer diff`, from `DIFF_CODES`, the source of docs/diff.md's table), or lists every code with its one-line doc.
 * @param args parsed command-line arguments
 * @returns 0, or 2 for an unknown code (with the closest codes as suggestions)
 */
export async function runExplain(args: ExplainArgs): Promise<number> {
  return guard('explain', args.json, async (io) => {
    const { colors } = io;
    const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];
    const diffCodes = Object.keys(DIFF_CODES) as DiffCode[];
    if (args.code === undefined) {
      const listed = [
        ...codes.map((code) => ({ code, summary: DIAGNOSTIC_CODES[code], section: DIAGNOSTIC_EXPLANATIONS[code].section as string })),
        ...diffCodes.map((code) => ({ code, summary: `${DIFF_CODES[code].title}.`, section: DIFF_SECTION })),
      ];
      if (io.json) io.outJson({ codes: listed });
      else {
        const width = Math.max(...listed.map((c) => c.code.length));
        io.out(...listed.map((c) => `${colors.bold(c.code.padEnd(width))}  ${c.summary}`), '', colors.dim(asInvoked('`reslayer explain <code>` says what happened, why it matters and how to fix it.')));
      }
      return EXIT_OK;
    }
    const found = explainCode(args.code);
    const asDiff = found ? undefined : diffCode(args.code);
    if (!found && !asDiff) {
      const near = closestMatches(args.code.toUpperCase().startsWith('RSL_') ? args.code.toUpperCase() : `RSL_${args.code.toUpperCase()}`, [...codes, ...diffCodes], 3);
      throw new GeneratorError('RSL_USAGE', `unknown code "${args.code}"${near.length > 0 ? `. Did you mean ${near.join(', ')}?` : ''}`, {
        hint: 'Run `reslayer explain` without a code to list every code.',
      });
    }
    const [code, e] = found ? [found.code, { summary: DIAGNOSTIC_CODES[found.code], ...found.explanation }] : [asDiff as DiffCode, diffExplanation(asDiff as DiffCode)];
    if (io.json) {
      io.outJson({ code, ...e });
      return EXIT_OK;
    }
    const para = (label: string, text: string) => [colors.bold(label), ...wrapText(asInvoked(text), 88).map((l) => `  ${l}`), ''];
    io.out(`${colors.bold(code)}: ${e.summary}`, colors.dim(`${e.section} · ${e.severity}`), '', ...para('What happened', e.what), ...para('Why it matters', e.why), ...para('How to fix it', e.fix));
    if (e.examples.length > 0) io.out(colors.bold(e.examples.length > 1 ? 'Examples' : 'Example'), ...e.examples.map((x) => `  ${x}`));
    else io.out(colors.dim(asInvoked('See docs/diff.md; `reslayer diff --json` gives every change with its code and level.')));
    return EXIT_OK;
  });
}
