import { objectKey, stringLiteral } from '@reslayer/core';
import { printValue } from '../values/printValue.js';

/** Code to print as it is (an identifier: a fixture, another resource's store), never a contract text. */
export class Code {
  /**
   * @param text the code (an identifier the generator made)
   */
  constructor(readonly text: string) {}
}

/** A sample value (a template, a wrapper's other properties), printed as the fixtures are. */
export class Sample {
  /**
   * @param value JSON-like data from `sampleValue`
   */
  constructor(readonly value: unknown) {}
}

/** What {@link printSpec} prints: data of the generator's own shape, with code and samples inside. */
export type Spec = string | number | boolean | null | Code | Sample | readonly Spec[] | { readonly [key: string]: Spec | undefined };

const pad = (n: number): string => '  '.repeat(n);

/** The one-line form of a spec value. */
function flat(value: Spec): string {
  if (value instanceof Code) return value.text;
  if (value instanceof Sample) return printValue(value.value, 0, Infinity);
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? stringLiteral(value) : String(value);
  if (Array.isArray(value)) return `[${(value as readonly Spec[]).map(flat).join(', ')}]`;
  const entries = Object.entries(value).filter((e): e is [string, Spec] => e[1] !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${objectKey(k)}: ${flat(v)}`).join(', ')} }`;
}

/**
 * A spec value as TypeScript: on one line when it fits in `width` columns, else one property or element per line
 * (keys in the order given; strings escaped with core's `stringLiteral`, keys with `objectKey`).
 * @param value the value
 * @param indent indentation level of the line the value starts on
 * @param width preferred line width
 * @param offset characters already on the first line before the value
 * @returns the text
 */
export function printSpec(value: Spec, indent = 0, width = 140, offset = 0): string {
  const line = flat(value);
  if (line.length + indent * 2 + offset <= width || value === null || typeof value !== 'object' || value instanceof Code) return line;
  if (value instanceof Sample) return printValue(value.value, indent, width, offset);
  if (Array.isArray(value)) return `[\n${(value as readonly Spec[]).map((v) => `${pad(indent + 1)}${printSpec(v, indent + 1, width)},`).join('\n')}\n${pad(indent)}]`;
  const entries = Object.entries(value).filter((e): e is [string, Spec] => e[1] !== undefined);
  return `{\n${entries.map(([k, v]) => `${pad(indent + 1)}${objectKey(k)}: ${printSpec(v, indent + 1, width, objectKey(k).length + 2)},`).join('\n')}\n${pad(indent)}}`;
}

/**
 * An object spec with its properties packed into lines of at most `width` columns (a property too long for a line
 * of its own is printed over several, as {@link printSpec} does); on one line when it fits.
 * @param value the object
 * @param indent indentation level of the line the object starts on
 * @param width line width
 * @param offset characters already on the first line before the object
 * @returns the text
 */
export function printPacked(value: { readonly [key: string]: Spec | undefined }, indent: number, width: number, offset: number): string {
  const line = flat(value);
  if (line.length + indent * 2 + offset <= width) return line;
  const room = width - (indent + 1) * 2;
  const lines: string[] = [];
  let current = '';
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const text = `${objectKey(k)}: ${flat(v)},`;
    if (text.length > room) {
      if (current) lines.push(current);
      current = '';
      lines.push(`${objectKey(k)}: ${printSpec(v, indent + 1, width, objectKey(k).length + 2)},`);
    } else if (current && current.length + 1 + text.length > room) {
      lines.push(current);
      current = text;
    } else current = current ? `${current} ${text}` : text;
  }
  if (current) lines.push(current);
  return `{\n${lines.map((l) => `${pad(indent + 1)}${l}`).join('\n')}\n${pad(indent)}}`;
}
