import { objectKey, stringLiteral, valueLiteral } from '@reslayer/core';
import { BlobSample } from './sampleString.js';
import { DateSample } from './dateSamples.js';

const pad = (n: number) => '  '.repeat(n);

/** The name of a constant to print instead of an object or array (nested ones; the value itself is never replaced), if any. */
export type ValueRef = (value: object) => string | undefined;

/**
 * A sample value as a TypeScript expression, on one line when it fits in `width` columns, else
 * one element or property per line. Strings and keys are escaped with core's `valueLiteral` and
 * `objectKey` (`__proto__` is a computed key); object keys are sorted (deterministic output). A {@link BlobSample} prints as `new Blob([])`, a {@link DateSample} as `new Date('…')` (see `printDate`).
 * @param value JSON-like data from `sampleValue`
 * @param indent indentation level of the line the value starts on
 * @param width preferred line width
 * @param offset characters already on the first line before the value
 * @param ref names the constant a nested object or array is printed as (shared samples)
 * @param items the texts of the value's object items (array elements, property values) printed at `indent + 1`
 *   without `ref`, by item: read and filled, for items met again in other values (one map per indent and width)
 */
export function printValue(value: unknown, indent = 0, width = 100, offset = 0, ref?: ValueRef, items?: WeakMap<object, string>): string {
  if (value === null || typeof value !== 'object' || value instanceof BlobSample || value instanceof DateSample) return flatValue(value) ?? 'null';
  const entries = entriesOf(value);
  const flat = flatEntries(value, entries, Math.max(width - indent * 2 - offset, 20), ref);
  if (flat !== undefined) return flat;
  const item = (v: unknown) => (ref && v !== null && typeof v === 'object' && ref(v)) || (items && v !== null && typeof v === 'object' ? known(items, v, () => printValue(v, indent + 1, width, 0)) : printValue(v, indent + 1, width, 0, ref));
  if (Array.isArray(value)) return `[\n${value.map((v) => `${pad(indent + 1)}${item(v)},`).join('\n')}\n${pad(indent)}]`;
  return `{\n${entries.map(([k, v]) => `${pad(indent + 1)}${objectKey(k)}: ${item(v)},`).join('\n')}\n${pad(indent)}}`;
}

/** The text `texts` holds for `key`, else made and stored. */
function known(texts: WeakMap<object, string>, key: object, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = make()));
  return text;
}

/**
 * The one-line form of a value, or undefined when it is longer than `limit` (the work stops there).
 * @param value JSON-like data
 * @param limit longest accepted length (Infinity for no limit)
 * @param ref names the constant a nested object or array is printed as (shared samples)
 */
export function flatValue(value: unknown, limit = Infinity, ref?: ValueRef): string | undefined {
  if (value instanceof BlobSample) return 'new Blob([])';
  if (value instanceof DateSample) return printDate(value.text);
  if (value === null || typeof value !== 'object') {
    const text = valueLiteral(value);
    return text.length <= limit ? text : undefined;
  }
  return flatEntries(value, entriesOf(value), limit, ref);
}

/**
 * True when two sample values print the same ({@link flatValue} of both is one text), found without printing
 * them: the walk stops at the first difference and sorts no keys.
 * @param a JSON-like data from `sampleValue`
 * @param b JSON-like data from `sampleValue`
 * @returns whether `flatValue(a) === flatValue(b)`
 */
export function sameSample(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof BlobSample || b instanceof BlobSample) return a instanceof BlobSample && b instanceof BlobSample;
  if (a instanceof DateSample || b instanceof DateSample) return a instanceof DateSample && b instanceof DateSample && a.text === b.text;
  const aObject = a !== null && typeof a === 'object';
  const bObject = b !== null && typeof b === 'object';
  if (!aObject || !bObject) return !aObject && !bObject && valueLiteral(a) === valueLiteral(b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameSample(v, b[i]));
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let defined = 0;
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue;
    defined++;
    if (!Object.hasOwn(y, key) || y[key] === undefined || !sameSample(x[key], y[key])) return false;
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) defined--;
  return defined === 0;
}

/** An array's items (with empty keys), or an object's defined properties sorted by key. */
function entriesOf(value: object): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((v) => ['', v]) : sortedEntries(value as Record<string, unknown>);
}

/** {@link flatValue} of an array or object whose entries ({@link entriesOf}) are given. */
function flatEntries(value: object, items: ReadonlyArray<[string, unknown]>, limit: number, ref: ValueRef | undefined): string | undefined {
  const parts: string[] = [];
  let length = 2;
  for (const [k, v] of items) {
    const key = Array.isArray(value) ? '' : `${objectKey(k)}: `;
    const name = ref && v !== null && typeof v === 'object' ? ref(v) : undefined;
    const text = name ?? flatValue(v, limit - length - key.length, ref);
    if (text === undefined) return undefined;
    parts.push(key + text);
    length += key.length + text.length + 2;
    if (length > limit + 2) return undefined;
  }
  if (Array.isArray(value)) return `[${parts.join(', ')}]`;
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

/** The defined properties of an object, sorted by key in UTF-16 code unit order (the default `sort()` of strings). */
function sortedEntries(value: Record<string, unknown>): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = [];
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    if (v !== undefined) entries.push([key, v]);
  }
  return entries;
}

/**
 * A sampled date as code: `new Date('…')`. A `format: date` sample (`2024-05-01`) also gets a `toJSON` that gives
 * it back as it is, so a handler answering it through `JSON.stringify` sends the RFC 3339 `full-date` the
 * contract declares, not a `date-time`.
 */
function printDate(text: string): string {
  const literal = stringLiteral(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `Object.assign(new Date(${literal}), { toJSON: () => ${literal} })` : `new Date(${literal})`;
}
