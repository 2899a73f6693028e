import { DIAGNOSTIC_CODES, DIAGNOSTIC_EXPLANATIONS, type DiagnosticCode, GeneratorError, explainCode } from '@reslayer/core';
import { EXIT_OK } from '../format/formatError.js';
import { closestMatches } from '../format/suggest.js';
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
 * from core's `DIAGNOSTIC_EXPLANATIONS`, the source of docs/diagnostics.md too), or lists every code
 * with its one-line doc.
 * @param args parsed command-line arguments
 * @returns 0, or 2 for an unknown code (with the closest codes as suggestions)
 */
export async function runExplain(args: ExplainArgs): Promise<number> {
  return guard('explain', args.json, async (io) => {
    const { colors } = io;
    const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];
    if (args.code === undefined) {
      if (io.json) io.outJson({ codes: codes.map((code) => ({ code, summary: DIAGNOSTIC_CODES[code], section: DIAGNOSTIC_EXPLANATIONS[code].section })) });
      else {
        const width = Math.max(...codes.map((c) => c.length));
        io.out(...codes.map((code) => `${colors.bold(code.padEnd(width))}  ${DIAGNOSTIC_CODES[code]}`), '', colors.dim(asInvoked('`reslayer explain <code>` says what happened, why it matters and how to fix it.')));
      }
      return EXIT_OK;
    }
    const found = explainCode(args.code);
    if (!found) {
      const near = closestMatches(args.code.toUpperCase().startsWith('RSL_') ? args.code.toUpperCase() : `RSL_${args.code.toUpperCase()}`, codes, 3);
      throw new GeneratorError('RSL_USAGE', `unknown code "${args.code}"${near.length > 0 ? `. Did you mean ${near.join(', ')}?` : ''}`, {
        hint: 'Run `reslayer explain` without a code to list every code.',
      });
    }
    const { code, explanation: e } = found;
    if (io.json) {
      io.outJson({ code, summary: DIAGNOSTIC_CODES[code], ...e });
      return EXIT_OK;
    }
    const para = (label: string, text: string) => [colors.bold(label), ...wrap(text, 88).map((l) => `  ${l}`), ''];
    io.out(
      `${colors.bold(code)}: ${DIAGNOSTIC_CODES[code]}`,
      colors.dim(`${e.section} · ${e.severity}`),
      '',
      ...para('What happened', e.what),
      ...para('Why it matters', e.why),
      ...para('How to fix it', e.fix),
      colors.bold(e.examples.length > 1 ? 'Examples' : 'Example'),
      ...e.examples.map((x) => `  ${x}`),
    );
    return EXIT_OK;
  });
}

/** Wraps text at spaces to lines of at most `width` characters (longer words stay whole). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
