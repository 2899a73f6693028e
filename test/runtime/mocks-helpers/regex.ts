// A string matching a simple regular expression (for `pattern` constraints of parameters and request bodies):
// literals, escapes (\d \w \s \. …), character classes, groups with alternatives, and the quantifiers
// ? * + {n} {n,} {n,m}. Each part takes its first choice and its minimum count (at least one for + and {n,}).
// Lookarounds, backreferences and other constructs give undefined. The caller still validates the result.

/**
 * A string the pattern matches (unanchored patterns are treated as anchored), or undefined when unsupported.
 * @param pattern an ECMAScript regular expression source
 */
export function sampleFromPattern(pattern: string): string | undefined {
  try {
    const p = new Parser(pattern);
    const out = p.alternation();
    return p.done() ? out : undefined;
  } catch {
    return undefined;
  }
}

class Parser {
  private i = 0;
  private readonly src: string;

  constructor(src: string) {
    this.src = src;
  }

  done(): boolean {
    return this.i >= this.src.length;
  }

  alternation(): string {
    const first = this.sequence();
    while (this.src[this.i] === '|') {
      this.i++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      const { min } = this.quantifier();
      out += atom.repeat(min);
    }
    return out;
  }

  private atom(): string {
    const c = this.src[this.i++];
    switch (c) {
      case '^':
      case '$':
        return '';
      case '(': {
        if (this.src[this.i] === '?') {
          if (this.src[this.i + 1] !== ':') throw new Error('lookaround');
          this.i += 2;
        }
        const inner = this.alternation();
        if (this.src[this.i++] !== ')') throw new Error('unclosed group');
        return inner;
      }
      case '[':
        return this.charClass();
      case '.':
        return 'a';
      case '\\':
        return this.escape(false);
      case undefined:
        throw new Error('end');
      default:
        return c;
    }
  }

  private escape(inClass: boolean): string {
    const e = this.src[this.i++];
    switch (e) {
      case 'd':
        return '0';
      case 'w':
        return 'a';
      case 's':
        return ' ';
      case 'D':
      case 'W':
      case 'S':
        return '-';
      case 'b':
        if (inClass) return '\b';
        throw new Error('word boundary');
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case undefined:
        throw new Error('end');
      default:
        if (/[1-9]/.test(e)) throw new Error('backreference');
        if (e === 'u' || e === 'x' || e === 'p' || e === 'P' || e === 'k') throw new Error('unsupported escape');
        return e;
    }
  }

  private charClass(): string {
    if (this.src[this.i] === '^') throw new Error('negated class');
    let first: string | undefined;
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      const c = this.src[this.i] === '\\' ? (this.i++, this.escape(true)) : (this.src[this.i++] as string);
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        if (this.src[this.i] === '\\') {
          this.i++;
          this.escape(true);
        } else this.i++;
      }
      first ??= c;
    }
    if (this.src[this.i++] !== ']') throw new Error('unclosed class');
    if (first === undefined) throw new Error('empty class');
    return first;
  }

  private quantifier(): { min: number } {
    const c = this.src[this.i];
    let min = 1;
    if (c === '?' || c === '*') {
      this.i++;
      min = 0;
    } else if (c === '+') {
      this.i++;
      min = 1;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return { min: 1 };
      this.i += m[0].length;
      min = Number(m[1]);
    }
    if (this.src[this.i] === '?') this.i++;
    return { min };
  }
}
