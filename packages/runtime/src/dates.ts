/**
 * `Date` values of generated layers with `dates: 'Date'`: decoding `date`/`date-time` strings of JSON
 * responses into `Date` objects and encoding `Date`s of requests back into strings, led by the compact
 * per-operation {@link DateSpec} the generated client passes in `RequestSpec.dates`. No schema library is used.
 *
 * @packageDocumentation
 */

/**
 * Where a value holds `date`/`date-time` strings (RFC 3339 `full-date` / `date-time`, the OpenAPI formats):
 * - `'date'` / `'date-time'`: the value itself;
 * - `{ p }`: the named properties of an object, `{ r }`: every other property (`additionalProperties`),
 *   `{ i }`: every item of an array, `{ a }`: every one of several shapes (`allOf` members, `oneOf`/`anyOf` variants);
 *   keys combine (`{ p, r }`);
 * - a function: the shape of a named schema, resolved when reached (so recursive schemas are finite).
 */
export type DateShape =
  | 'date'
  | 'date-time'
  | { p?: Readonly<Record<string, DateShape>>; r?: DateShape; i?: DateShape; a?: readonly DateShape[] }
  | (() => DateShape);

/** The date fields of one operation: what `request()` decodes and encodes. Absent parts hold no date. */
export interface DateSpec {
  /** The JSON success body. */
  response?: DateShape;
  /** The JSON error bodies (`ApiError.body`). */
  error?: DateShape;
  /** The request body. */
  body?: DateShape;
  /** The query parameters (`{ p: { since: 'date' } }`). */
  query?: DateShape;
  /** The header parameters. */
  headers?: DateShape;
  /** The cookie parameters. */
  cookies?: DateShape;
}

type Resolved = Exclude<DateShape, () => DateShape>;

/** The shapes that apply at one place: functions called and `a` lists spread, duplicates dropped. */
function flatten(shapes: ReadonlyArray<DateShape | undefined>): Resolved[] {
  const out: Resolved[] = [];
  const add = (shape: DateShape | undefined): void => {
    if (shape === undefined) return;
    let s = shape;
    while (typeof s === 'function') s = s();
    if (out.includes(s)) return;
    out.push(s);
    if (typeof s === 'object' && s.a) for (const member of s.a) add(member);
  };
  for (const shape of shapes) add(shape);
  return out;
}

const child = (shapes: readonly Resolved[], pick: (s: Exclude<Resolved, string>) => DateShape | undefined): Resolved[] =>
  flatten(shapes.map((s) => (typeof s === 'object' ? pick(s) : undefined)));

const property = (key: string) => (s: Exclude<Resolved, string>): DateShape | undefined =>
  s.p && Object.hasOwn(s.p, key) ? s.p[key] : s.r;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;

/** The `Date` of a date string, or undefined when the string is not one of the formats the shapes name. */
function parse(text: string, shapes: readonly Resolved[]): Date | undefined {
  const ok = (shapes.includes('date') && FULL_DATE.test(text)) || (shapes.includes('date-time') && DATE_TIME.test(text));
  if (!ok) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function decode(value: unknown, shapes: readonly Resolved[]): unknown {
  if (shapes.length === 0) return value;
  if (typeof value === 'string') return parse(value, shapes) ?? value;
  if (Array.isArray(value)) {
    const items = child(shapes, (s) => s.i);
    if (items.length > 0) for (let index = 0; index < value.length; index++) value[index] = decode(value[index], items);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const inner = child(shapes, property(key));
      if (inner.length > 0) value[key] = decode(value[key], inner);
    }
  }
  return value;
}

/**
 * Turns the `date`/`date-time` strings a shape points at into `Date` objects (`new Date(text)`, as the
 * validators' transforms do), in place. A string that is not in the format the contract names (a `date-time`
 * without a time, an impossible date, another variant of a union) stays a string.
 * @param value parsed JSON (the objects and arrays are changed in place)
 * @param shape where the dates are; undefined changes nothing
 * @returns the value, with the string itself replaced when `shape` points at the top level
 */
export function decodeDates(value: unknown, shape: DateShape | undefined): unknown {
  return decode(value, flatten([shape]));
}

/** `YYYY-MM-DD` of a `Date` (its UTC date, as `new Date('2024-05-01')` is UTC midnight). */
function fullDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function encode(value: unknown, shapes: readonly Resolved[]): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('Cannot send an invalid Date');
    return shapes.includes('date') && !shapes.includes('date-time') ? fullDate(value) : value.toISOString();
  }
  if (Array.isArray(value)) {
    const items = child(shapes, (s) => s.i);
    return value.map((item) => encode(item, items));
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = encode(item, child(shapes, property(key)));
    return out;
  }
  return value;
}

/**
 * Turns the `Date` objects of a request value into strings: `YYYY-MM-DD` (UTC) where the shape says `date`,
 * an ISO 8601 `date-time` (`toISOString()`) anywhere else. Plain objects and arrays are copied, never changed;
 * other values (`Blob`, `FormData`, …) are kept as they are.
 * @param value a request body or a parameters record
 * @param shape where the `date` fields are; undefined writes every `Date` as a `date-time`
 * @returns the value with strings for its dates
 * @throws TypeError for an invalid `Date` (`new Date('nonsense')`)
 */
export function encodeDates(value: unknown, shape: DateShape | undefined): unknown {
  return encode(value, flatten([shape]));
}

/**
 * A request with the `Date`s of its body and query, header and cookie parameters written as strings (see
 * {@link encodeDates}); the request itself when the operation has no {@link DateSpec}.
 * @param spec the request
 * @returns a copy with encoded values, or `spec`
 * @throws TypeError for an invalid `Date`
 */
export function encodeRequestDates<S extends { dates?: DateSpec; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, unknown>; cookies?: Record<string, unknown> }>(spec: S): S {
  const dates = spec.dates;
  if (dates === undefined) return spec;
  const out: S = { ...spec };
  if (spec.body !== undefined) out.body = encodeDates(spec.body, dates.body);
  for (const part of ['query', 'headers', 'cookies'] as const) {
    const record = spec[part];
    if (record !== undefined) out[part] = encodeDates(record, dates[part]) as Record<string, unknown>;
  }
  return out;
}
