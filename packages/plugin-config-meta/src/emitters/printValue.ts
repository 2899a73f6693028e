import { objectKey, valueLiteral, valueLiteralWithin } from '@reslayer/core';

/** Longest line the printer keeps a container on by default, before breaking it over several lines. */
const WIDTH = 100;

const pad = (indent: number): string => '  '.repeat(indent);

/** The members of a container: array items keyed `''`, object entries without `undefined` values. */
function entriesOf(value: object): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((v) => ['', v]) : Object.entries(value).filter(([, v]) => v !== undefined);
}

/**
 * Prints a JSON-like value (strings, finite numbers, booleans, null, arrays, plain objects) as a
 * TypeScript expression: core's `valueLiteral` with key order kept, broken over lines with one member per
 * line (keys written with core's `objectKey`, so a `__proto__` key stays an own property) when needed.
 * `undefined` members are left out. A container stays on one line when it fits in `width` columns, unless it
 * is among the `forceBreak` outermost levels.
 * @param value the value
 * @param indent indentation level (two spaces each) of the line the value starts on
 * @param forceBreak how many outer levels always break (0 = only by width)
 * @param prefix characters already on the line before the value (e.g. `key: `)
 * @param width longest line a container stays on (default 100)
 * @returns the expression text; lines after the first are indented for `indent`
 */
export function printValue(value: unknown, indent = 0, forceBreak = 0, prefix = 0, width = WIDTH): string {
  if (value === null || typeof value !== 'object') return valueLiteral(value, true);
  if (forceBreak <= 0) {
    const text = valueLiteralWithin(value, width - indent * 2 - prefix - 1, true);
    if (text !== undefined) return text;
  }
  // Broken over lines: only now are the members listed.
  const entries = entriesOf(value);
  const array = Array.isArray(value);
  if (entries.length === 0) return array ? '[]' : '{}';
  const lines = entries.map(([k, v]) => {
    const head = array ? '' : `${objectKey(k)}: `;
    return `${pad(indent + 1)}${head}${printValue(v, indent + 1, forceBreak - 1, head.length, width)},`;
  });
  return `${array ? '[' : '{'}\n${lines.join('\n')}\n${pad(indent)}${array ? ']' : '}'}`;
}
