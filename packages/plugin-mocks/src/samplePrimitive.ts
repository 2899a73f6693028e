import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import type { NumberSchema, SchemaNode, StringSchema } from '@reslayer/core';

/** The part of randexp's API used here (its CommonJS typings do not load as a NodeNext default import). */
interface RandExpLike {
  /** Extra repetitions of an unbounded quantifier (`*`, `+`, `{n,}`) at most. */
  max: number;
  randInt(a: number, b: number): number;
  gen(): string;
}
const RandExp = createRequire(import.meta.url)('randexp') as new (source: string) => RandExpLike;

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
 * With a `pattern` that value is kept when it matches; otherwise a matching string is generated
 * ({@link fromPattern}), and when none can be found the value stays as it is (see {@link matchesPattern}:
 * callers leave such an optional property out).
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
  if (node.pattern === undefined || matchesPattern(node.pattern, s) !== false) return s;
  // No string found for the pattern: the plain value stays (a required property needs one; callers leave an
  // optional one out, since `matchesPattern` tells them it does not match).
  return fromPattern(node, index, position) ?? s;
}

/** Compiled patterns (`null`: not a valid ECMAScript regular expression with the `u` flag). */
const PATTERNS = new Map<string, RegExp | null>();

/**
 * Whether a string matches a JSON Schema `pattern` (ECMAScript, `u` flag, unanchored, as JSON Schema
 * validators such as ajv apply it); undefined when the pattern does not compile (nothing can be said).
 * @param pattern the `pattern` keyword
 * @param value the string
 */
export function matchesPattern(pattern: string, value: string): boolean | undefined {
  let re = PATTERNS.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    PATTERNS.set(pattern, re);
  }
  return re === null ? undefined : re.test(value);
}

/** Attempts of {@link fromPattern}: unbounded quantifiers repeat at most this many extra times. */
const ATTEMPTS = [2, 2, 2, 2, 8, 8, 8, 8, 32, 32, 32, 100];

/**
 * A string that matches the schema's `pattern` and fits its length and format, generated with randexp
 * driven by a seeded PRNG (no global randomness: the same schema, index and position give the same string).
 * randexp ignores lookarounds and does not know every construct, so each candidate is checked with
 * `new RegExp(pattern, 'u')`; undefined when no attempt matches (or the pattern does not compile).
 * @param node the string schema (with a `pattern`)
 * @param index 1-based sequence number (varies the string)
 * @param position position inside an array (varies the string)
 */
export function fromPattern(node: StringSchema, index: number, position: number): string | undefined {
  const pattern = node.pattern;
  if (pattern === undefined || matchesPattern(pattern, '') === undefined) return undefined;
  for (let attempt = 0; attempt < ATTEMPTS.length; attempt++) {
    let candidate: string;
    try {
      const gen = new RandExp(pattern);
      const next = prng(hash(`${pattern}\u0000${index}\u0000${position}\u0000${attempt}`));
      gen.randInt = (a, b) => a + Math.floor(next() * (b - a + 1));
      gen.max = ATTEMPTS[attempt] ?? 2;
      candidate = gen.gen();
    } catch {
      return undefined;
    }
    if (satisfiesString(candidate, node)) return candidate;
  }
  return undefined;
}

/** FNV-1a hash of a string (a PRNG seed). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG giving numbers in [0, 1). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;
const DATE = String.raw`\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const URI = /^[A-Za-z][A-Za-z\d+.-]*:\S*$/;

/**
 * Checks of the common `format`s, as strict as JSON Schema validators (ajv-formats) or stricter, so that a
 * contract example that passes them is a valid value. Other formats are not checked.
 */
const FORMAT_CHECKS: Record<string, RegExp | ((s: string) => boolean)> = {
  uuid: /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i,
  email: new RegExp(String.raw`^[\w.!#$%&'*+/=?^\x60{|}~-]+@${LABEL}(?:\.${LABEL})*$`),
  'date-time': new RegExp(`^${DATE}[Tt ]${TIME}$`),
  date: new RegExp(`^${DATE}$`),
  time: new RegExp(`^${TIME}$`),
  uri: URI,
  url: URI,
  hostname: new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`),
  ipv4: isIPv4,
  ipv6: isIPv6,
  byte: /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/,
};

/** True when a string fits the schema's length (in code points, as JSON Schema counts), `pattern` and known `format`. */
function satisfiesString(s: string, node: StringSchema): boolean {
  const length = [...s].length;
  if (node.minLength !== undefined && length < node.minLength) return false;
  if (node.maxLength !== undefined && length > node.maxLength) return false;
  if (node.pattern !== undefined && matchesPattern(node.pattern, s) === false) return false;
  const check = node.format !== undefined ? FORMAT_CHECKS[node.format] : undefined;
  return check === undefined || (typeof check === 'function' ? check(s) : check.test(s));
}

/**
 * True when a value that {@link fits} a primitive schema also meets its constraints: a string's length,
 * `pattern` and (common) `format`, a number's range and `multipleOf`. Contract examples and defaults that
 * break them are not used as samples.
 * @param v the value
 * @param node the (primitive) schema
 */
export function satisfies(v: unknown, node: SchemaNode): boolean {
  if (node.kind === 'string' && typeof v === 'string') return satisfiesString(v, node);
  if (node.kind !== 'number' || typeof v !== 'number') return true;
  if (node.minimum !== undefined && v < node.minimum) return false;
  if (node.maximum !== undefined && v > node.maximum) return false;
  if (node.exclusiveMinimum !== undefined && v <= node.exclusiveMinimum) return false;
  if (node.exclusiveMaximum !== undefined && v >= node.exclusiveMaximum) return false;
  if (node.multipleOf !== undefined && node.multipleOf > 0) {
    const q = v / node.multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9) return false;
  }
  return true;
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
