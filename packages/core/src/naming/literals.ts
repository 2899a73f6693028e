/**
 * Escaping of contract text into generated code. Every string, key or comment that comes from a
 * contract passes through one of these, so contract text can never close a string or comment.
 */

/** Printable ASCII without a quote or a backslash: text {@link stringLiteral} keeps as it is. */
const PLAIN = /^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/;

/**
 * A TypeScript string literal (single-quoted) holding exactly `value`. Escapes quotes, backslashes,
 * line terminators, and non-printable or non-ASCII characters as `\uXXXX` (`${` needs no escape in a
 * single-quoted literal).
 * @param value any text
 * @returns e.g. `'it\'s'`
 */
export function stringLiteral(value: string): string {
  // Most contract text is printable ASCII without a quote or backslash: it stands in the literal as it is.
  if (PLAIN.test(value)) return `'${value}'`;
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code > 0x7e) {
      if (code > 0xffff) {
        const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
        const lo = ((code - 0x10000) % 0x400) + 0xdc00;
        out += `\\u${hi.toString(16).padStart(4, '0')}\\u${lo.toString(16).padStart(4, '0')}`;
      } else out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}'`;
}

/**
 * A property key: the bare name when it is a valid identifier, otherwise a quoted string literal.
 * @param name property name from the contract
 */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name);
}

/** What {@link commentLines} replaces or splits on: line breaks, control and bidirectional characters, `*\/`. */
// eslint-disable-next-line no-control-regex
const COMMENT_SPECIAL = /[\r\n\u2028\u2029\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]|\*\//;

/**
 * Text made safe for the inside of a `/* … *\/` or `/** … *\/` comment: no comment terminator,
 * no line terminators other than `\n`, no control or bidirectional control characters, at most `maxLength` characters.
 * Returns the lines of the comment body.
 * @param text raw text (description, summary) from the contract
 * @param maxLength longest text kept, in characters (default 2000)
 */
export function commentLines(text: string, maxLength = 2000): string[] {
  const clipped = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  // Most texts are one line with nothing to replace.
  if (!COMMENT_SPECIAL.test(clipped)) return [clipped.trimEnd()];
  return clipped
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    // Bidirectional controls could make a comment display as code (Trojan Source, CVE-2021-42574).
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((l) => l.trimEnd());
}

/**
 * A JSON-compatible value as a TypeScript expression with every string escaped by {@link stringLiteral}.
 * Object keys are sorted for determinism unless `keepOrder` is true. `undefined` becomes `undefined`.
 * @param value a JSON-like value (from a contract example or default)
 */
export function valueLiteral(value: unknown, keepOrder = false): string {
  return valueLiteralWithin(value, Infinity, keepOrder) as string;
}

/**
 * {@link valueLiteral} when its text is at most `maxLength` characters long, else undefined. The printing
 * stops as soon as the text is known to be longer, so a printer that tries one line before breaking a value
 * over several does not print large values whole first.
 * @param value a JSON-like value
 * @param maxLength the longest text accepted, in characters (`Infinity` for any)
 * @param keepOrder keep the object keys' order instead of sorting them
 * @returns the text, or undefined when it is longer than `maxLength`
 */
export function valueLiteralWithin(value: unknown, maxLength: number, keepOrder = false): string | undefined {
  if (value === null || typeof value !== 'object') {
    const text = primitiveLiteral(value);
    return text.length <= maxLength ? text : undefined;
  }
  const array = Array.isArray(value);
  const record = value as Record<string, unknown>;
  // Sorted by UTF-16 code units: the default `sort()` of strings.
  const keys = array ? undefined : keepOrder ? Object.keys(record) : Object.keys(record).sort();
  const items: unknown[] = array ? value : (keys as string[]).map((k) => record[k]);
  const parts: string[] = [];
  // The brackets and the separators so far: a lower bound of the final length.
  let length = array ? 2 : 4;
  for (let i = 0; i < items.length; i++) {
    if (!array && items[i] === undefined) continue;
    const key = keys ? `${objectKey(keys[i] as string)}: ` : '';
    const text = valueLiteralWithin(items[i], maxLength - length - key.length, keepOrder);
    if (text === undefined) return undefined;
    length += key.length + text.length + (parts.length > 0 ? 2 : 0);
    if (length > maxLength) return undefined;
    parts.push(key + text);
  }
  const text = array ? `[${parts.join(', ')}]` : parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
  return text.length <= maxLength ? text : undefined;
}

/** The literal of a value that is not an object: `null`, `undefined`, a string, a number (non-finite ones as `0`), a boolean. */
function primitiveLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'boolean') return String(value);
  return 'undefined';
}

/**
 * A key of an object literal the generated code builds at run time. `__proto__` is written as a computed key:
 * `{ __proto__: x }` and `{ '__proto__': x }` set the object's prototype instead of adding a property.
 * @param name the key
 * @returns the key text: bare identifier, quoted string, or `['__proto__']`
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}
