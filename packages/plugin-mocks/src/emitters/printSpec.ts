import { objectKey, stringLiteral } from '@reslayer/core';
import { flatValue, printValue } from '../values/printValue.js';

/** Code to print as it is: an identifier (a fixture, another resource's store) or a value {@link printSample} printed, never a contract text unescaped. */
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

/**
 * The one-line form of a spec value, or undefined when it is longer than `limit` (the work stops there: a large
 * sample is not printed whole only to learn that it does not fit).
 */
function flat(value: Spec, limit = Infinity): string | undefined {
  if (value instanceof Code) return fit(value.text, limit);
  if (value instanceof Sample) return fit(flatValue(value.value, limit), limit);
  if (value === null || typeof value !== 'object') return fit(typeof value === 'string' ? stringLiteral(value) : String(value), limit);
  const array = Array.isArray(value);
  const entries: Array<[string, Spec]> = array ? (value as readonly Spec[]).map((v) => ['', v]) : Object.entries(value).filter((e): e is [string, Spec] => e[1] !== undefined);
  if (entries.length === 0) return fit(array ? '[]' : '{}', limit);
  const parts: string[] = [];
  let length = array ? 2 : 4;
  for (const [k, v] of entries) {
    const key = array ? '' : `${objectKey(k)}: `;
    const text = flat(v, limit - length - key.length);
    if (text === undefined) return undefined;
    parts.push(key + text);
    length += key.length + text.length + (parts.length > 1 ? 2 : 0);
    if (length > limit) return undefined;
  }
  return array ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
}

/** `text` when it is at most `limit` long, else undefined. */
const fit = (text: string | undefined, limit: number): string | undefined => (text !== undefined && text.length <= limit ? text : undefined);

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
  if (value === null || typeof value !== 'object' || value instanceof Code) return flat(value) ?? '';
  const line = flat(value, width - indent * 2 - offset);
  if (line !== undefined) return line;
  if (value instanceof Sample) return printSample(value.value, indent, width, offset);
  if (Array.isArray(value)) return `[\n${(value as readonly Spec[]).map((v) => `${pad(indent + 1)}${printSpec(v, indent + 1, width)},`).join('\n')}\n${pad(indent)}]`;
  const entries = Object.entries(value).filter((e): e is [string, Spec] => e[1] !== undefined);
  return `{\n${entries.map(([k, v]) => `${pad(indent + 1)}${objectKey(k)}: ${printSpec(v, indent + 1, width, objectKey(k).length + 2)},`).join('\n')}\n${pad(indent)}}`;
}

/**
 * A sample value as {@link printSpec} prints it in a {@link Sample}: on one line when it fits in `width` columns, else
 * over several (`printValue`).
 * @param value JSON-like data from `sampleValue`
 * @param indent indentation level of the line the value starts on
 * @param width preferred line width
 * @param offset characters already on the first line before the value
 * @param items the texts of the value's object items at `indent + 1`, by item (see `printValue`), read and filled
 * @returns the text
 */
export function printSample(value: unknown, indent: number, width: number, offset: number, items?: WeakMap<object, string>): string {
  return fit(flatValue(value, width - indent * 2 - offset), width - indent * 2 - offset) ?? printValue(value, indent, width, offset, undefined, items);
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
  const line = flat(value, width - indent * 2 - offset);
  if (line !== undefined) return line;
  const room = width - (indent + 1) * 2;
  const lines: string[] = [];
  let current = '';
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const one = flat(v, room - objectKey(k).length - 3);
    const text = `${objectKey(k)}: ${one},`;
    if (one === undefined) {
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
