// Renames a module's own top-level names in its code, for the single-file layout: two generated modules that each
// declare a private `all` cannot share one file under that name. A small scanner, enough for generated TypeScript:
// strings, comments and template literals are copied; property names are kept; shorthand properties are expanded.

/** What an open bracket is: a block, an object literal or type, a `${…}` of a template literal, type arguments (`Foo<`). */
type Brace = 'block' | 'object' | 'template' | 'angle';

/** The tokens after which a `{` opens a block, not an object literal or type. */
const BLOCK_AFTER = new Set(['', ')', '>', '=>', ';', '{', '}', 'else', 'try', 'finally', 'do']);

const IDENT_START = /[A-Za-z_$]/;
const IDENT = /[\w$]/;

/**
 * The code with each name of `renames` replaced where it is an identifier reference or declaration: not in a
 * string, comment or template text, not after `.` (a member), not as a property key (`all: …`, a method `all() {}`);
 * a shorthand property `{ all }` becomes `{ all: contactsAll }`. A name renamed to `''` is a namespace whose
 * qualifier goes: `T.Contact` becomes `Contact`.
 * @param code a generated module's text (no regular expression literals that hold quotes or braces)
 * @param renames old name → new name
 * @returns the renamed text
 */
export function renameLocals(code: string, renames: ReadonlyMap<string, string>): string {
  let out = '';
  const stack: Brace[] = [];
  let prev = ''; // the last significant token (an identifier or a punctuation character)
  let i = 0;
  while (i < code.length) {
    const c = code[i] as string;
    const skip = skipInert(code, i, stack);
    if (skip > i) {
      out += code.slice(i, skip);
      i = skip;
      if (c !== '/') prev = code.slice(skip - 2, skip) === '${' ? '{' : '"';
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < code.length && IDENT.test(code[j] as string)) j++;
      const name = code.slice(i, j);
      if (renames.get(name) === '' && code[j] === '.' && prev !== '.') {
        i = j + 1; // a joined namespace: `T.Contact` → `Contact`
        continue;
      }
      out += replacement(code, i, j, name, prev, stack, renames);
      prev = name;
      i = j;
      continue;
    }
    if (c === '<' && IDENT.test(code[i - 1] ?? '')) stack.push('angle'); // type arguments: `Foo<` (a comparison is spaced)
    else if (c === '>' && stack[stack.length - 1] === 'angle' && code[i - 1] !== '=') stack.pop();
    if (c === '{') stack.push(BLOCK_AFTER.has(prev) ? 'block' : 'object');
    else if (c === '}') {
      if (stack.pop() === 'template') {
        // back into the template literal's text: copy up to its end or its next `${`
        const end = templateEnd(code, i + 1, stack);
        out += code.slice(i, end);
        i = end;
        prev = '`';
        continue;
      }
    }
    if (!/\s/.test(c)) prev = c === '>' && code[i - 1] === '=' ? '=>' : c;
    out += c;
    i++;
  }
  return out;
}

/** What an identifier at `[i, j)` becomes. */
function replacement(code: string, i: number, j: number, name: string, prev: string, stack: readonly Brace[], renames: ReadonlyMap<string, string>): string {
  const to = renames.get(name);
  if (to === undefined) return name;
  if (prev === '.' && !code.slice(Math.max(0, i - 16), i).trimEnd().endsWith('...')) return name;
  const next = code.slice(j).trimStart()[0] ?? '';
  const inObject = stack[stack.length - 1] === 'object' && (prev === '{' || prev === ',');
  if (inObject && (next === ':' || next === '(' || next === '?')) return name;
  if (inObject && (next === ',' || next === '}')) return `${name}: ${to}`;
  return to;
}

/** The end of a string, comment or template text starting at `i` (pushes `template` at a `${`); `i` when none starts there. */
function skipInert(code: string, i: number, stack: Brace[]): number {
  const c = code[i];
  if (c === '/' && code[i + 1] === '/') {
    const end = code.indexOf('\n', i);
    return end < 0 ? code.length : end;
  }
  if (c === '/' && code[i + 1] === '*') {
    const end = code.indexOf('*/', i + 2);
    return end < 0 ? code.length : end + 2;
  }
  if (c === "'" || c === '"') {
    let j = i + 1;
    while (j < code.length && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '`') return templateEnd(code, i + 1, stack);
  return i;
}

/** From inside a template literal's text at `j`: past its closing backquote, or past its next `${` (pushed). */
function templateEnd(code: string, j: number, stack: Brace[]): number {
  while (j < code.length) {
    if (code[j] === '\\') j += 2;
    else if (code[j] === '`') return j + 1;
    else if (code[j] === '$' && code[j + 1] === '{') {
      stack.push('template');
      return j + 2;
    }
    else j++;
  }
  return j;
}
