import type { NumberSchema, SchemaNode, StringSchema } from '@reslayer/core';

/**
 * Marks a required `format: binary` value inside a JSON sample (the client types it `Blob`).
 * JSON cannot carry a Blob, so this only keeps such fixtures type-correct; it prints as `new Blob([])`.
 */
export class BlobSample {}

/** The UUID of sequence number `n`: `00000000-0000-4000-8000-00000000000n` (version 4 layout, deterministic). */
export function sampleUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** True when a JSON value fits a primitive schema's TypeScript type (`enum` included). */
export function fits(v: unknown, node: SchemaNode): boolean {
  if (v === undefined) return false;
  if (v === null) return node.nullable === true || node.kind === 'null' || node.kind === 'unknown';
  switch (node.kind) {
    case 'string':
      return typeof v === 'string' && node.format !== 'binary' && (!node.enum?.length || node.enum.includes(v));
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) && (!node.integer || Number.isInteger(v)) && (!node.enum?.length || node.enum.includes(v));
    case 'boolean':
      return typeof v === 'boolean' && (!node.enum?.length || node.enum.includes(v));
    case 'unknown':
      return true;
    default:
      return false;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Format-aware values by `format`, for sequence number `i`. */
const FORMATS: Record<string, (i: number) => string> = {
  uuid: sampleUuid,
  email: (i) => `user${i}@example.test`,
  'idn-email': (i) => `user${i}@example.test`,
  'date-time': (i) => `2024-01-${pad2(((i - 1) % 28) + 1)}T00:00:00.000Z`,
  date: (i) => `2024-01-${pad2(((i - 1) % 28) + 1)}`,
  time: (i) => `12:00:${pad2((i - 1) % 60)}Z`,
  duration: (i) => `P${i}D`,
  uri: (i) => `https://example.test/${i}`,
  url: (i) => `https://example.test/${i}`,
  iri: (i) => `https://example.test/${i}`,
  'uri-reference': (i) => `/resources/${i}`,
  'iri-reference': (i) => `/resources/${i}`,
  'uri-template': () => 'https://example.test/{id}',
  hostname: (i) => `host${i}.example.test`,
  'idn-hostname': (i) => `host${i}.example.test`,
  ipv4: (i) => `192.0.2.${((i - 1) % 254) + 1}`,
  ipv6: (i) => `2001:db8::${i.toString(16)}`,
  byte: (i) => btoa(`sample-${i}`),
  'json-pointer': (i) => `/items/${i}`,
  'relative-json-pointer': () => '0',
  regex: () => '^.*$',
  char: () => 'a',
};

/**
 * A string for a schema: an `enum` value (by position), a format-aware value, or `<name>-<index>`,
 * padded with `x` or cut to fit `minLength`/`maxLength`. `format: binary` gives a {@link BlobSample}.
 * @param node the string schema
 * @param name property name (seeds plain strings)
 * @param index 1-based sequence number
 * @param position position inside an array (picks successive enum values)
 */
export function sampleString(node: StringSchema, name: string, index: number, position: number): string | BlobSample {
  if (node.enum?.length) return node.enum[position % node.enum.length] ?? '';
  if (node.format === 'binary') return new BlobSample();
  const make = node.format !== undefined ? FORMATS[node.format] : undefined;
  let s = make ? make(index) : `${name}-${index}`;
  const min = node.minLength ?? 0;
  if (s.length < min) s += 'x'.repeat(min - s.length);
  if (node.maxLength !== undefined && s.length > node.maxLength) s = s.slice(0, Math.max(node.maxLength, 0));
  return s;
}

/**
 * A number within the schema's range and on its `multipleOf` grid: `index` for integers
 * (`index + 0.5` for numbers), or the lowest allowed value from 0 up in the empty variant.
 * @param node the number schema
 * @param index 1-based sequence number
 * @param empty true for the empty variant
 */
export function sampleNumber(node: Pick<NumberSchema, 'integer' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'>, index: number, empty = false): number {
  const step = node.multipleOf !== undefined && node.multipleOf > 0 ? node.multipleOf : undefined;
  const unit = step ?? (node.integer ? 1 : 0.5);
  let lo = node.minimum ?? -Infinity;
  let hi = node.maximum ?? Infinity;
  if (node.exclusiveMinimum !== undefined) lo = Math.max(lo, node.exclusiveMinimum + unit);
  if (node.exclusiveMaximum !== undefined) hi = Math.min(hi, node.exclusiveMaximum - unit);
  let v = empty ? 0 : node.integer ? index : index + 0.5;
  v = Math.min(Math.max(v, lo), hi);
  if (step !== undefined) {
    v = Math.ceil(v / step - 1e-9) * step;
    if (v > hi) v = Math.floor(hi / step + 1e-9) * step;
  }
  if (node.integer) v = Math.ceil(v - 1e-9) > hi ? Math.floor(v) : Math.ceil(v - 1e-9);
  return Number(v.toFixed(10));
}
