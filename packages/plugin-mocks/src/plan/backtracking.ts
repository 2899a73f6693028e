import { createRequire } from 'node:module';
import type { Token, Tokens } from 'ret';

/** The part of ret's API used here (the regular-expression tokenizer randexp is built on; CommonJS). */
const tokenize = createRequire(import.meta.url)('ret') as ((source: string) => Tokens) & { types: { REPETITION: number } };

/**
 * True when a `pattern` may backtrack exponentially on a string that does not match: an unbounded repetition
 * (`*`, `+`, `{n,}`) inside another one (`([\w.-]*)*`, `(a+)+`), the shape behind catastrophic backtracking.
 * Bounded repetitions (`(-[A-Z]{4}){8}`) are fine. A pattern ret cannot read counts as dangerous.
 * @param pattern a JSON Schema `pattern`
 * @see https://github.com/fent/ret.js (the tokenizer)
 */
export function backtracksExponentially(pattern: string): boolean {
  let root: Tokens;
  try {
    root = tokenize(pattern);
  } catch {
    return true;
  }
  const walk = (token: Tokens, depth: number): boolean => {
    if (token.type === tokenize.types.REPETITION) {
      const rep = token as Extract<Token, { min: number }>;
      const next = rep.max === Infinity ? depth + 1 : depth;
      return next > 1 || walk(rep.value, next);
    }
    const node = token as { stack?: Token[]; options?: Token[][] };
    const children = [...(node.stack ?? []), ...(node.options ?? []).flat()];
    return children.some((t) => walk(t, depth));
  };
  return walk(root, 0);
}
