import { commentLines, propertyKey, stringLiteral } from '@reslayer/core';

/** Longest line the printer keeps a container on, before breaking it over several lines. */
const WIDTH = 100;

const pad = (indent: number): string => '  '.repeat(indent);

/**
 * An object key: bare when it is an identifier, else a string literal. `__proto__` is written as a
 * computed key, because a plain `__proto__:` in an object literal sets the prototype instead.
 * @param name a key, possibly from the contract
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

function entriesOf(value: unknown): Array<[string, unknown]> | undefined {
  if (Array.isArray(value)) return value.map((v) => ['', v]);
  if (value !== null && typeof value === 'object') return Object.entries(value).filter(([, v]) => v !== undefined);
  return undefined;
}

/** A JSON-like value on one line; every string and key is escaped. Keys keep their order. */
function inline(value: unknown): string {
  const entries = entriesOf(value);
  if (!entries) {
    if (typeof value === 'string') return stringLiteral(value);
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
    if (typeof value === 'boolean') return String(value);
    return 'null';
  }
  if (Array.isArray(value)) return `[${entries.map(([, v]) => inline(v)).join(', ')}]`;
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${objectKey(k)}: ${inline(v)}`).join(', ')} }`;
}

/**
 * Prints a JSON-like value (strings, finite numbers, booleans, null, arrays, plain objects) as a
 * TypeScript expression. Key order is kept; `undefined` members are left out. A container stays on
 * one line when it fits in 100 columns, unless it is among the `forceBreak` outermost levels.
 * @param value the value
 * @param indent indentation level (two spaces each) of the line the value starts on
 * @param forceBreak how many outer levels always break (0 = only by width)
 * @param prefix characters already on the line before the value (e.g. `key: `)
 */
export function printValue(value: unknown, indent = 0, forceBreak = 0, prefix = 0): string {
  const entries = entriesOf(value);
  if (!entries) return inline(value);
  const array = Array.isArray(value);
  if (entries.length === 0) return array ? '[]' : '{}';
  if (forceBreak <= 0) {
    const text = inline(value);
    if (indent * 2 + prefix + text.length + 1 <= WIDTH) return text;
  }
  const lines = entries.map(([k, v]) => {
    const head = array ? '' : `${objectKey(k)}: `;
    return `${pad(indent + 1)}${head}${printValue(v, indent + 1, forceBreak - 1, head.length)},`;
  });
  return `${array ? '[' : '{'}\n${lines.join('\n')}\n${pad(indent)}${array ? ']' : '}'}`;
}

/**
 * A `/** … *\/` comment whose text is escaped with core's `commentLines`, so it cannot close early.
 * @param texts paragraphs (contract text allowed)
 * @param indent indentation level
 */
export function docComment(texts: readonly string[], indent = 0): string {
  const body = texts.flatMap((t) => commentLines(t, 1000));
  if (body.length === 1) return `${pad(indent)}/** ${body[0]} */`;
  return [`${pad(indent)}/**`, ...body.map((l) => `${pad(indent)} *${l ? ` ${l}` : ''}`), `${pad(indent)} */`].join('\n');
}
