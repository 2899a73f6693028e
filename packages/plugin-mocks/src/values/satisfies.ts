import { isIPv4, isIPv6 } from 'node:net';
import type { SchemaNode, StringSchema } from '@reslayer/core';
import { backtracksExponentially } from './backtracking.js';

/** Compiled `pattern`s of one run, by source (`null`: not a valid ECMAScript regular expression). */
export type Patterns = Map<string, RegExp | null>;

/**
 * A `pattern` compiled as validators apply it: with the `u` flag (JSON Schema), else without it, since an
 * identity escape such as `\:` or `\-` outside a class (`^[\w\-\:]+$`, DigitalOcean) is valid ECMA-262 only in
 * non-`u` mode, which is how ajv with a fallback, browsers' `pattern` attribute before `v` and most servers read it.
 * @param pattern the `pattern` keyword
 * @returns the regular expression, or null when it compiles in neither mode or could backtrack exponentially
 */
export function compilePattern(pattern: string): RegExp | null {
  // A pattern that can backtrack exponentially (`([\w.-]*)*`) is never run: a contract's pattern must not hang
  // the generator. Nothing is said about such strings.
  if (backtracksExponentially(pattern)) return null;
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // next mode
    }
  }
  return null;
}

/**
 * Whether a string matches a JSON Schema `pattern` (ECMAScript, `u` flag when it compiles with it, unanchored, as
 * JSON Schema validators such as ajv apply it; see {@link compilePattern}); undefined when the pattern does not compile (nothing can be said).
 * @param pattern the `pattern` keyword
 * @param value the string
 * @param compiled the run's compiled patterns (filled on first use); without it the pattern is compiled each time
 */
export function matchesPattern(pattern: string, value: string, compiled?: Patterns): boolean | undefined {
  let re = compiled?.get(pattern);
  if (re === undefined) {
    re = compilePattern(pattern);
    compiled?.set(pattern, re);
  }
  return re === null ? undefined : re.test(value);
}

/**
 * True when a JSON value fits a primitive schema's TypeScript type (`enum` included).
 * @param v the value
 * @param node the (primitive) schema
 */
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

const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;
const DATE = String.raw`\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const URI = /^[A-Za-z][A-Za-z\d+.-]*:\S*$/;
/** RFC 3986's characters of a URI reference, `%` escapes whole (no space, quote or brace: ajv-formats refuses them). */
const URI_REFERENCE = /^(?:[A-Za-z][A-Za-z\d+.-]*:)?(?:[\w\-.~!$&'()*+,;=:@/?#[\]]|%[\dA-Fa-f]{2})*$/;

/** The integers an integer `format` holds (as ajv-formats checks `int32` and `int64`), by format. */
export const INTEGER_FORMATS: Readonly<Record<string, readonly [min: number, max: number]>> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

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
  'uri-reference': URI_REFERENCE,
  hostname: new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`),
  ipv4: isIPv4,
  ipv6: isIPv6,
  byte: /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/,
};

/**
 * True when a string fits the schema's length (in code points, as JSON Schema counts), `pattern` and known `format`.
 * @param s the string
 * @param node the string schema
 * @param compiled the run's compiled patterns
 */
export function satisfiesString(s: string, node: StringSchema, compiled?: Patterns): boolean {
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    const length = [...s].length;
    if (node.minLength !== undefined && length < node.minLength) return false;
    if (node.maxLength !== undefined && length > node.maxLength) return false;
  }
  if (node.pattern !== undefined && matchesPattern(node.pattern, s, compiled) === false) return false;
  const check = node.format !== undefined ? FORMAT_CHECKS[node.format] : undefined;
  return check === undefined || (typeof check === 'function' ? check(s) : check.test(s));
}

/**
 * True when a value that {@link fits} a primitive schema also meets its constraints: a string's length,
 * `pattern` and (common) `format`, a number's range, integer `format` (`int32`, `int64`) and `multipleOf`. Contract examples and defaults that
 * break them are not used as samples.
 * @param v the value
 * @param node the (primitive) schema
 * @param compiled the run's compiled patterns
 */
export function satisfies(v: unknown, node: SchemaNode, compiled?: Patterns): boolean {
  if (node.kind === 'string' && typeof v === 'string') return satisfiesString(v, node, compiled);
  if (node.kind !== 'number' || typeof v !== 'number') return true;
  const whole = node.format !== undefined ? INTEGER_FORMATS[node.format] : undefined;
  if (whole && !(Number.isInteger(v) && v >= whole[0] && v <= whole[1])) return false;
  if (node.minimum !== undefined && v < node.minimum) return false;
  if (node.maximum !== undefined && v > node.maximum) return false;
  if (node.exclusiveMinimum !== undefined && v <= node.exclusiveMinimum) return false;
  if (node.exclusiveMaximum !== undefined && v >= node.exclusiveMaximum) return false;
  // Exact in floating point, as validators divide (ajv: `0.3 / 0.1` is `2.9999999999999996`, not a multiple).
  if (node.multipleOf !== undefined && node.multipleOf > 0 && !Number.isInteger(v / node.multipleOf)) return false;
  return true;
}
