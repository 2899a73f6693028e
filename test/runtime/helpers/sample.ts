// A small, deterministic sampler of schema-valid values for the normalized model (plugin-mocks keeps its own
// sampler internal: its index exports only the plugin and its naming).
import type { ApiModel, NamedSchema, NumberSchema, ObjectSchema, SchemaNode, StringSchema } from '@reslayer/core';

/**
 * What the value is for: `write` (a request: readOnly properties left out), `read` (writeOnly left out), `all`
 * (both kept: only for working around a server that wrongly requires readOnly properties in a request).
 */
export type SampleMode = 'write' | 'read' | 'all';

/** Sampling options. */
export interface SampleOptions {
  mode: SampleMode;
  /** Binary strings (`format: binary`) as a Blob (multipart fields, binary bodies) instead of a string. */
  binaryAsBlob?: boolean;
}

/** Nested `$ref` depth past which optional properties are left out (recursive schemas stay finite). */
const MAX_REF_DEPTH = 4;

/** Fixed, valid values of well-known string formats. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'ada@example.test',
  'idn-email': 'ada@example.test',
  'date-time': '2024-05-06T07:08:09Z',
  date: '2024-05-06',
  time: '07:08:09Z',
  duration: 'P1D',
  uri: 'https://example.test/resource',
  url: 'https://example.test/resource',
  'uri-reference': '/resource',
  iri: 'https://example.test/resource',
  hostname: 'example.test',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'c2FtcGxl',
  password: 'pa55word',
  regex: '^a+$',
  'json-pointer': '/a/b',
  int32: '7',
  int64: '7',
};

/**
 * Builds sample values from an {@link ApiModel}'s schemas: the first enum value, the format's fixed value,
 * the smallest length / number the bounds allow, one array item, every property (required or not, up to a
 * nesting depth), the first union variant (with its discriminator value), merged intersection members.
 */
export class Sampler {
  readonly #named: Map<string, NamedSchema>;

  constructor(model: ApiModel) {
    this.#named = new Map(model.schemas.map((s) => [s.name, s] as const));
  }

  /**
   * A value valid against `schema`.
   * @param schema a model schema
   * @param options mode and binary handling
   */
  sample(schema: SchemaNode, options: SampleOptions): unknown {
    return this.#sample(schema, options, 0, 0);
  }

  /** Follows `ref` nodes to the schema they name (refs to refs too). */
  resolve(schema: SchemaNode): SchemaNode {
    let s = schema;
    for (let i = 0; i < 32 && s.kind === 'ref'; i++) {
      const target = this.#named.get(s.target);
      if (!target) throw new Error(`sampler: unknown schema ${s.target}`);
      s = target.schema;
    }
    return s;
  }

  /** True when the schema (or the schema it names) is readOnly / writeOnly and must be left out in `mode`. */
  #hidden(schema: SchemaNode, mode: SampleMode): boolean {
    if (mode === 'all') return false;
    const flagged = (s: SchemaNode): boolean => (mode === 'write' ? s.readOnly === true : s.writeOnly === true);
    return flagged(schema) || (schema.kind === 'ref' && flagged(this.resolve(schema)));
  }

  /**
   * @param nth which of several distinct values (array items): enum values, strings, numbers and booleans vary with it
   */
  #sample(schema: SchemaNode, options: SampleOptions, depth: number, nth: number): unknown {
    if (depth > 3 * MAX_REF_DEPTH) throw new Error(`sampler: ${schema.pointer} nests too deeply (a required recursive property?)`);
    switch (schema.kind) {
      case 'ref': {
        const target = this.#named.get(schema.target);
        if (!target) throw new Error(`sampler: unknown schema ${schema.target}`);
        return this.#sample(target.schema, options, depth + 1, nth);
      }
      case 'string':
        return this.#string(schema, options, nth);
      case 'number':
        return sampleNumber(schema, nth);
      case 'boolean': {
        const values = schema.enum && schema.enum.length > 0 ? schema.enum : [true, false];
        return values[nth % values.length];
      }
      case 'null':
        return null;
      case 'array': {
        // Two distinct items when the bounds allow, so array serialization (explode, delimiters, repeated
        // multipart fields) is visible in the request.
        let count = Math.min(Math.max(2, schema.minItems ?? 0), schema.maxItems ?? Number.POSITIVE_INFINITY);
        const items = this.resolve(schema.items);
        const distinct = items.kind === 'string' || items.kind === 'number' ? items.enum?.length : items.kind === 'boolean' ? (items.enum?.length ?? 2) : undefined;
        if (distinct !== undefined) count = Math.max(Math.min(count, distinct), schema.minItems ?? 0);
        const out: unknown[] = [];
        for (let i = 0; i < count; i++) out.push(this.#sample(schema.items, options, depth, i));
        return out;
      }
      case 'object':
        return this.#object(schema, options, depth, nth);
      case 'union': {
        const variant = schema.variants[0];
        if (!variant) return null;
        const value = this.#sample(variant, options, depth, nth);
        const d = schema.discriminator;
        if (d && isRecord(value)) {
          const mapped = d.mapping.find((m) => m.variant === 0);
          if (mapped) value[d.propertyName] = mapped.value;
        }
        return value;
      }
      case 'intersection': {
        let merged: unknown = undefined;
        for (const member of schema.members) merged = mergeValues(merged, this.#sample(member, options, depth, nth));
        return merged ?? {};
      }
      case 'unknown':
        return 'sample';
    }
  }

  #string(schema: StringSchema, options: SampleOptions, nth: number): unknown {
    if (schema.enum && schema.enum.length > 0) return schema.enum[nth % schema.enum.length];
    if (schema.format === 'binary') {
      return options.binaryAsBlob ? new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'application/octet-stream' }) : 'c2FtcGxl';
    }
    if (schema.pattern !== undefined) {
      const re = new RegExp(schema.pattern, 'u');
      if (typeof schema.example === 'string' && re.test(schema.example)) return schema.example;
      const value = sampleFromPattern(schema.pattern);
      if (!re.test(value)) throw new Error(`sampler: cannot build a value for pattern ${schema.pattern} (got ${value})`);
      return value;
    }
    let fixed = schema.format !== undefined ? FORMAT_SAMPLES[schema.format] : undefined;
    if (fixed !== undefined && schema.format === 'uuid' && nth > 0) fixed = `${fixed.slice(0, -1)}${(nth % 10).toString()}`;
    let value = fixed ?? (nth > 0 ? `sample${nth + 1}` : 'sample');
    if (fixed === undefined || (schema.maxLength !== undefined && value.length > schema.maxLength)) {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
      if (value.length < min) value = value.padEnd(min, 'x');
      if (value.length > max) value = value.slice(0, max);
    }
    return value;
  }

  #object(schema: ObjectSchema, options: SampleOptions, depth: number, nth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of schema.properties) {
      if (this.#hidden(p.schema, options.mode)) continue;
      if (!p.required && depth > MAX_REF_DEPTH) continue;
      out[p.name] = this.#sample(p.schema, options, depth, nth);
    }
    const missing = (schema.minProperties ?? 0) - Object.keys(out).length;
    if (missing > 0 && schema.additionalProperties !== undefined) {
      for (let i = 0; i < missing; i++) {
        out[`extra${i + 1}`] = schema.additionalProperties === true ? 'sample' : this.#sample(schema.additionalProperties, options, depth, i);
      }
    }
    return out;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/** Deep-merges sampled members of an intersection (objects merge, the later scalar wins). */
function mergeValues(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (isRecord(a) && isRecord(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? mergeValues(out[k], v) : v;
    return out;
  }
  return b;
}

/**
 * The smallest "nice" number the bounds allow (1 when unbounded), an integer for `integer`; the `nth` value is
 * one step further when the bounds allow it.
 */
function sampleNumber(schema: NumberSchema, nth: number): number {
  if (schema.enum && schema.enum.length > 0) return schema.enum[nth % schema.enum.length] as number;
  const step = schema.multipleOf ?? (schema.integer ? 1 : 1);
  let low = schema.minimum ?? Number.NEGATIVE_INFINITY;
  if (schema.exclusiveMinimum !== undefined) low = Math.max(low, schema.exclusiveMinimum + (schema.integer ? 1 : step / 2));
  let high = schema.maximum ?? Number.POSITIVE_INFINITY;
  if (schema.exclusiveMaximum !== undefined) high = Math.min(high, schema.exclusiveMaximum - (schema.integer ? 1 : step / 2));
  let value = Number.isFinite(low) ? Math.max(low, Math.min(1, high)) : Math.min(1, high);
  if (schema.multipleOf !== undefined) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  if (schema.integer) value = Math.ceil(value);
  if (value > high) throw new Error(`sampler: no value in the bounds of ${schema.pointer}`);
  const next = value + nth * (schema.multipleOf ?? 1);
  return next <= high ? next : value;
}

/**
 * A string matching a simple regular expression: anchors, literals, escapes (`\d`, `\w`, `\s`, `\.`),
 * character classes and `{n}`/`{n,m}`/`+`/`*`/`?` quantifiers, non-alternating groups. Enough for the
 * identifier patterns of real contracts (`^prd_[0-9a-z]{26}$`); callers check the result with the RegExp.
 * @param pattern the pattern
 */
export function sampleFromPattern(pattern: string): string {
  let out = '';
  let i = 0;
  const atoms: string[] = [];
  const readAtom = (): string | undefined => {
    const c = pattern[i];
    if (c === undefined) return undefined;
    if (c === '^' || c === '$') {
      i++;
      return '';
    }
    if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      i += 2;
      return e === 'd' ? '0' : e === 'w' ? 'a' : e === 's' ? ' ' : e;
    }
    if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      const body = pattern.slice(i + 1, end);
      i = end + 1;
      if (body.startsWith('^')) return body.includes('a') ? 'b' : 'a';
      const first = body[0] === '\\' ? (body[1] === 'd' ? '0' : body[1] === 'w' ? 'a' : (body[1] ?? 'a')) : body[0];
      return first ?? 'a';
    }
    if (c === '(') {
      let level = 1;
      let j = i + 1;
      while (j < pattern.length && level > 0) {
        if (pattern[j] === '\\') j++;
        else if (pattern[j] === '(') level++;
        else if (pattern[j] === ')') level--;
        j++;
      }
      let inner = pattern.slice(i + 1, j - 1).replace(/^\?:/, '');
      const bar = inner.indexOf('|');
      if (bar >= 0) inner = inner.slice(0, bar);
      i = j;
      return sampleFromPattern(inner);
    }
    if (c === '.') {
      i++;
      return 'a';
    }
    i++;
    return c;
  };
  for (;;) {
    const atom = readAtom();
    if (atom === undefined) break;
    let count = 1;
    const q = pattern[i];
    if (q === '{') {
      const end = pattern.indexOf('}', i);
      const [min] = pattern.slice(i + 1, end).split(',');
      count = Number(min);
      i = end + 1;
    } else if (q === '+') {
      i++;
    } else if (q === '*' || q === '?') {
      count = 0;
      i++;
    }
    if (pattern[i] === '?') i++; // lazy quantifier
    atoms.push(atom.repeat(count));
  }
  out = atoms.join('');
  return out;
}
