import { createRequire } from 'node:module';
import type { StringSchema } from '@reslayer/core';
import { type FakedValues, fakeString, withSeededInts } from './fakeString.js';
import { matchesPattern, satisfiesString, type Patterns } from './satisfies.js';

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

/**
 * The UUID of sequence number `n`: `00000000-0000-4000-8000-00000000000n` (version 4 layout, deterministic).
 * @param n the sequence number
 */
export function sampleUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Format-aware values by `format`, for sequence number `i`. */
const FORMATS: Record<string, (i: number, where: string) => string> = {
  uuid: sampleUuid,
  guid: sampleUuid,
  email: (_, where) => fakeString('email', where),
  'idn-email': (_, where) => fakeString('email', where),
  'date-time': (i) => `2024-01-${pad2(((i - 1) % 28) + 1)}T00:00:00.000Z`,
  date: (i) => `2024-01-${pad2(((i - 1) % 28) + 1)}`,
  time: (i) => `12:00:${pad2((i - 1) % 60)}Z`,
  duration: (i) => `P${i}D`,
  uri: (_, where) => fakeString('url', where),
  url: (_, where) => fakeString('url', where),
  iri: (_, where) => fakeString('url', where),
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
 * A string for a schema: an `enum` value (by position), a format-aware value, or a realistic value for the
 * property's name from faker ({@link fakeString}, seeded by the schema's pointer, the name, the index and the
 * position), padded with `x` or cut to fit `minLength`/`maxLength`. `format: binary` gives a {@link BlobSample}.
 * With a `pattern` that value is kept when it matches; otherwise a matching string is generated
 * ({@link fromPattern}), and when none can be found the value stays as it is (see `matchesPattern`:
 * callers leave such an optional property out).
 * @param node the string schema
 * @param name property name (seeds plain strings)
 * @param index 1-based sequence number
 * @param position position inside an array (picks successive enum values)
 * @param compiled the run's compiled patterns
 * @param seed the run's seed of faker's values (0 or absent: the schema's place alone seeds them)
 * @param faked the run's values faker already made (see `FakedValues`)
 */
export function sampleString(node: StringSchema, name: string, index: number, position: number, compiled?: Patterns, seed?: number, faked?: FakedValues): string | BlobSample {
  if (node.enum?.length) return node.enum[position % node.enum.length] ?? '';
  if (node.format === 'binary') return new BlobSample();
  const make = node.format !== undefined ? FORMATS[node.format] : undefined;
  const where = `${seed ? `${seed}\u0000` : ''}${node.pointer}\u0000${index}\u0000${position}`;
  let s = make ? make(index, where) : fakeString(name, where, faked);
  const min = node.minLength ?? 0;
  if (s.length < min) s = pad(s, min, node.format, index);
  if (node.maxLength !== undefined && s.length > node.maxLength) {
    const max = Math.max(node.maxLength, 0);
    // A plain value cut short keeps its sequence number from the second on (`wor`, `wo2`, `wo3`), so values differ.
    const n = String(index);
    s = make || index === 1 || max <= n.length ? s.slice(0, max) : `${s.slice(0, max - n.length)}${n}`;
  }
  if (node.pattern === undefined || matchesPattern(node.pattern, s, compiled) !== false) return s;
  // No string found for the pattern: the plain value stays (a required property needs one; callers leave an
  // optional one out, since `matchesPattern` tells them it does not match).
  return fromPattern(node, index, position, compiled) ?? s;
}

/**
 * A format-aware value lengthened to `min` characters without breaking its format: an e-mail's local part, a
 * host name's first label (then more labels), the path of a URI, the payload of base64 (`byte`); other values get `x`s.
 */
function pad(s: string, min: number, format: string | undefined, index: number): string {
  const more = min - s.length;
  switch (format) {
    case 'email':
    case 'idn-email': {
      const at = s.indexOf('@');
      return `${s.slice(0, at)}${'x'.repeat(more)}${s.slice(at)}`;
    }
    case 'hostname':
    case 'idn-hostname': {
      // Labels of at most 63 characters: `host1` + x's, then `x…x.` labels in front.
      const dot = s.indexOf('.');
      const first = s.slice(0, dot);
      const grow = Math.min(more, 63 - first.length);
      let out = `${first}${'x'.repeat(grow)}${s.slice(dot)}`;
      while (out.length < min) out = `${'x'.repeat(Math.min(63, Math.max(1, min - out.length - 1)))}.${out}`;
      return out;
    }
    case 'byte': {
      // Base64 of a longer text: 4 characters per 3 bytes.
      const text = `sample-${index}`;
      const bytes = Math.max(text.length, Math.ceil((min * 3) / 4));
      return btoa(text.padEnd(bytes, 'x'));
    }
    default:
      return s + 'x'.repeat(more);
  }
}

/** Attempts of {@link fromPattern}: unbounded quantifiers repeat at most this many extra times. */
const ATTEMPTS = [2, 2, 2, 2, 8, 8, 8, 8, 32, 32, 32, 100];

/**
 * A string that matches the schema's `pattern` and fits its length and format, generated with randexp
 * driven by faker's seeded integers (`withSeededInts`; no global randomness: the same schema, index and position give the same string).
 * randexp ignores lookarounds and does not know every construct, so each candidate is checked with
 * `compilePattern` (with `u` when it compiles so); undefined when no attempt matches (or the pattern does not compile).
 * @param node the string schema (with a `pattern`)
 * @param index 1-based sequence number (varies the string)
 * @param position position inside an array (varies the string)
 * @param compiled the run's compiled patterns
 */
export function fromPattern(node: StringSchema, index: number, position: number, compiled?: Patterns): string | undefined {
  const pattern = node.pattern;
  if (pattern === undefined || matchesPattern(pattern, '', compiled) === undefined) return undefined;
  for (let attempt = 0; attempt < ATTEMPTS.length; attempt++) {
    let candidate: string;
    try {
      const gen = new RandExp(generated(pattern));
      gen.max = ATTEMPTS[attempt] ?? 2;
      candidate = withSeededInts(`${pattern}\u0000${index}\u0000${position}\u0000${attempt}`, (int) => {
        gen.randInt = int;
        return gen.gen();
      });
    } catch {
      return undefined;
    }
    if (satisfiesString(candidate, node, compiled)) return candidate;
  }
  return undefined;
}

/**
 * The part of a pattern worth generating: without the `.*` at its ends (`.*<uuid>.*`, as AWS writes ids), since a
 * JSON Schema pattern is unanchored and those only add random characters that break a length limit. The pattern
 * itself when a trimmed end would split an escape (`\\.*`).
 */
function generated(pattern: string): string {
  const trimmed = pattern.replace(/^\^?(?:\.\*)+/, '').replace(/(?:\.\*)+\$?$/, '');
  return trimmed === '' || /(^|[^\\])(\\\\)*\\$/.test(trimmed) ? pattern : trimmed;
}
