import { createRequire } from 'node:module';
import type { Repetition, Token, Tokens } from 'ret';

/** The part of ret's API used here (the regular-expression tokenizer randexp is built on; CommonJS). */
const ret = createRequire(import.meta.url)('ret') as ((source: string) => Tokens) & {
  types: { REPETITION: number; CHAR: number; SET: number; REFERENCE: number; POSITION: number };
  reconstruct: (token: Tokens) => string;
};

/** The characters a separator or an inner repetition is tested on: Latin-1 (where contract patterns live). */
const PROBES = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code));

/** The children of a token: a group's or root's sequence and alternatives, a repetition's value. */
function children(token: Tokens): Token[] {
  if (token.type === ret.types.REPETITION) return [(token as Repetition).value];
  const node = token as { stack?: Token[]; options?: Token[][] };
  return [...(node.stack ?? []), ...(node.options ?? []).flat()];
}

const isUnbounded = (token: Tokens): token is Repetition => token.type === ret.types.REPETITION && (token as Repetition).max === Infinity;

/** The unbounded repetitions strictly inside `token`. */
function innerUnbounded(token: Tokens): Repetition[] {
  return children(token).flatMap((child) => [...(isUnbounded(child) ? [child] : []), ...innerUnbounded(child)]);
}

/** The Latin-1 characters a single-character token (a character or a class) matches; null for anything else. */
function charsOf(token: Tokens): Set<string> | null {
  if (token.type !== ret.types.CHAR && token.type !== ret.types.SET) return null;
  try {
    const re = new RegExp(`^${ret.reconstruct(token)}$`);
    return new Set(PROBES.filter((c) => re.test(c)));
  } catch {
    return null;
  }
}

/** Every character a token can match, as far as its single-character leaves tell; null when one is unknown. */
function leafChars(token: Tokens): Set<string> | null {
  const own = charsOf(token);
  if (own) return own;
  const all = new Set<string>();
  for (const child of children(token)) {
    if (child.type === ret.types.REFERENCE || child.type === ret.types.POSITION) continue;
    const chars = leafChars(child);
    if (!chars) return null;
    for (const c of chars) all.add(c);
  }
  return all;
}

/**
 * True when each pass of `outer` must consume a separator the repetitions inside it cannot match
 * (`(?:[\s'-][A-Za-z]+)*`): the passes then split a string in one way only, and matching stays linear.
 */
function separated(outer: Repetition, inner: Repetition[]): boolean {
  const body = outer.value as { stack?: Token[]; options?: Token[][] };
  if (!body.stack) return false;
  const innerChars = new Set<string>();
  for (const rep of inner) {
    const chars = leafChars(rep.value);
    if (!chars) return false;
    for (const c of chars) innerChars.add(c);
  }
  return body.stack.some((token) => {
    const chars = charsOf(token);
    return chars !== null && chars.size > 0 && [...chars].every((c) => !innerChars.has(c));
  });
}

/**
 * True when a `pattern` may backtrack exponentially on a string that does not match: an unbounded repetition
 * (`*`, `+`, `{n,}`) inside another one (`([\w.-]*)*`, `(a+)+`), the shape behind catastrophic backtracking,
 * unless every pass of the outer one must consume a separator character the inner ones cannot match
 * (`^[A-Za-z]+(?:[\s'-][A-Za-z]+)*$` is linear). Bounded repetitions (`(-[A-Z]{4}){8}`) are fine. Characters
 * are compared over Latin-1. A pattern ret cannot read counts as dangerous.
 * @param pattern a JSON Schema `pattern`
 * @see https://github.com/fent/ret.js (the tokenizer)
 */
export function backtracksExponentially(pattern: string): boolean {
  let root: Tokens;
  try {
    root = ret(pattern);
  } catch {
    return true;
  }
  const walk = (token: Tokens): boolean => {
    if (isUnbounded(token)) {
      const inner = innerUnbounded(token);
      if (inner.length > 0 && !separated(token, inner)) return true;
    }
    return children(token).some(walk);
  };
  return walk(root);
}
