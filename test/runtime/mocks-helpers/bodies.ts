// Valid JSON request bodies, sampled from the request view of the converted document (readOnly properties
// forbidden) and proven valid with ajv before they are sent. Every subschema is addressed by its JSON pointer so
// each candidate value (const, enum, default, examples, then a generated one) can be checked where it applies.
import { sampleFromPattern } from './regex.js';
import { atPointer, escapeToken, type ContractValidator } from './schemas.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Object nesting below which optional properties are left out. */
const OPTIONAL_DEPTH = 3;
/** Nesting at which sampling stops. */
const MAX_DEPTH = 12;

const FORMATS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-0000000000aa',
  email: 'body@example.test',
  'date-time': '2024-02-03T04:05:06.000Z',
  date: '2024-02-03',
  time: '04:05:06Z',
  duration: 'P2D',
  uri: 'https://example.test/body',
  url: 'https://example.test/body',
  'uri-reference': '/body',
  hostname: 'body.example.test',
  ipv4: '192.0.2.7',
  ipv6: '2001:db8::7',
  byte: 'Ym9keQ==',
  password: 'Passw0rd-body',
};

interface Ctx {
  v: ContractValidator;
  /** `$ref` targets on the current path (recursion guard). */
  stack: string[];
  /**
   * Pointers of the properties an enclosing `allOf` declares, by name (innermost last): a `required` list that
   * names a property without declaring it (`required` beside `allOf`, or `anyOf: [{ required: [a] }, …]`) takes a
   * value of that schema instead of a placeholder.
   */
  scope: Array<Map<string, string>>;
}

/**
 * A request body that validates against the schema at `pointer` (request view), or undefined when none was found.
 * Required properties always, optional ones down to a small depth (so writeOnly fields, for example, are sent).
 * @param requestView validator over the request view of the document
 * @param pointer pointer of the request body schema
 */
export function sampleRequestBody(requestView: ContractValidator, pointer: string): unknown {
  const ctx: Ctx = { v: requestView, stack: [], scope: [] };
  for (const optional of [true, false]) {
    const value = sample(ctx, pointer, 0, 'body', optional);
    if (value !== undefined && requestView.validate(pointer, value).valid) return value;
  }
  return undefined;
}

const valid = (ctx: Ctx, pointer: string, value: unknown): boolean => value !== undefined && ctx.v.validate(pointer, value).valid;

function sample(ctx: Ctx, pointer: string, depth: number, name: string, optional: boolean): unknown {
  const schema = atPointer(ctx.v.converted, pointer);
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return `${name}-value`;
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if (typeof schema['$ref'] === 'string') {
    const target = schema['$ref'];
    if (ctx.stack.filter((t) => t === target).length >= 1) return undefined;
    ctx.stack.push(target);
    try {
      // A `$ref` with siblings (3.1) is checked by the caller's validation as a whole.
      return sample(ctx, target, depth + 1, name, optional);
    } finally {
      ctx.stack.pop();
    }
  }
  const declared = Array.isArray(schema['allOf']) ? declaredProperties(ctx, pointer, schema, 0) : undefined;
  if (declared) ctx.scope.push(declared);
  try {
    return sampleHere(ctx, schema, pointer, depth, name, optional);
  } finally {
    if (declared) ctx.scope.pop();
  }
}

/** The properties a schema and its `allOf` members (through `$ref`s) declare: name → pointer. */
function declaredProperties(ctx: Ctx, pointer: string, schema: Json, depth: number, into = new Map<string, string>()): Map<string, string> {
  if (depth > 6) return into;
  if (typeof schema['$ref'] === 'string') {
    const target = atPointer(ctx.v.converted, schema['$ref']);
    return isObject(target) ? declaredProperties(ctx, schema['$ref'], target, depth + 1, into) : into;
  }
  if (isObject(schema['properties'])) for (const key of Object.keys(schema['properties'])) into.set(key, `${pointer}/properties/${escapeToken(key)}`);
  if (Array.isArray(schema['allOf'])) {
    (schema['allOf'] as unknown[]).forEach((m, i) => {
      if (isObject(m)) declaredProperties(ctx, `${pointer}/allOf/${i}`, m, depth + 1, into);
    });
  }
  return into;
}

function sampleHere(ctx: Ctx, schema: Json, pointer: string, depth: number, name: string, optional: boolean): unknown {
  const candidates: unknown[] = [];
  if ('const' in schema) candidates.push(schema['const']);
  if (Array.isArray(schema['enum'])) candidates.push(...(schema['enum'] as unknown[]).filter((e) => e !== null));
  if (schema['default'] !== undefined) candidates.push(schema['default']);
  if (Array.isArray(schema['examples'])) candidates.push(...(schema['examples'] as unknown[]));
  for (const c of candidates) if (valid(ctx, pointer, c)) return c;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const value = sample(ctx, `${pointer}/${key}/${i}`, depth + 1, name, optional);
      if (valid(ctx, pointer, value)) return value;
    }
  }
  const generated = generate(ctx, schema, pointer, depth, name, optional);
  if (Array.isArray(schema['allOf'])) {
    const parts = (schema['allOf'] as unknown[]).map((_, i) => sample(ctx, `${pointer}/allOf/${i}`, depth + 1, name, optional));
    if (parts.length > 0 && parts.every(isObject)) {
      // The members' values win over the placeholders `generate` puts in for a `required` beside `allOf`
      // (`required: [name, vpc_ids]` whose properties a member declares).
      const merged = Object.assign({}, isObject(generated) ? generated : {}, ...parts) as Json;
      if (valid(ctx, pointer, merged)) return merged;
    }
    const first = parts.find((p) => valid(ctx, pointer, p));
    if (first !== undefined) return first;
  }
  return generated;
}

/** True when `value` matches a JSON Schema `pattern` (unanchored, ECMAScript with the `u` flag, as ajv). */
export function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

function typeOf(schema: Json): string | undefined {
  const t = schema['type'];
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t as string[]).find((x) => x !== 'null');
  if (isObject(schema['properties']) || Array.isArray(schema['required'])) return 'object';
  if (schema['items'] !== undefined) return 'array';
  return undefined;
}

function generate(ctx: Ctx, schema: Json, pointer: string, depth: number, name: string, optional: boolean): unknown {
  switch (typeOf(schema)) {
    case 'object': {
      const out: Json = {};
      const props = isObject(schema['properties']) ? schema['properties'] : {};
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      for (const key of Object.keys(props)) {
        const isRequired = required.includes(key);
        if (!isRequired && (!optional || depth >= OPTIONAL_DEPTH)) continue;
        const at = `${pointer}/properties/${escapeToken(key)}`;
        const value = sample(ctx, at, depth + 1, key, optional);
        // An optional property is sent only with a value valid where it stands.
        if (value !== undefined && (isRequired || valid(ctx, at, value))) out[key] = value;
      }
      for (const key of required) {
        if (key in out) continue;
        const at = [...ctx.scope].reverse().find((m) => m.has(key))?.get(key);
        const value = at === undefined ? undefined : sample(ctx, at, depth + 1, key, optional);
        out[key] = value ?? `${key}-value`;
      }
      return out;
    }
    case 'array': {
      const items = schema['items'];
      const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : Infinity;
      const count = Math.min(Math.max(min, 1), max);
      if (!isObject(items) && items !== true) return [];
      const out: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const value = items === true ? `${name}-${i + 1}` : sample(ctx, `${pointer}/items`, depth + 1, name, optional);
        if (value === undefined) return min === 0 ? [] : undefined;
        out.push(value);
      }
      return out;
    }
    case 'integer':
    case 'number': {
      const integer = typeOf(schema) === 'integer';
      const step = typeof schema['multipleOf'] === 'number' && schema['multipleOf'] > 0 ? schema['multipleOf'] : integer ? 1 : undefined;
      let lo = typeof schema['minimum'] === 'number' ? schema['minimum'] : -Infinity;
      let hi = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
      const exLo = typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] : undefined;
      const exHi = typeof schema['exclusiveMaximum'] === 'number' ? schema['exclusiveMaximum'] : undefined;
      // Exclusive bounds: one step inside (numbers without a grid: at most 1, or half the open interval).
      if (exLo !== undefined && lo <= exLo) lo = exLo + (step ?? Math.min(1, (Math.min(hi, exHi ?? Infinity) - exLo) / 2));
      if (exHi !== undefined && hi >= exHi) hi = exHi - (step ?? Math.min(1, (exHi - lo) / 2));
      let v = Math.min(Math.max(integer ? 2 : 2.5, lo), hi);
      if (step !== undefined) {
        v = Math.ceil(v / step - 1e-9) * step;
        if (v > hi) v = Math.floor(hi / step + 1e-9) * step;
      }
      return Number(v.toFixed(10));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      let s = typeof schema['format'] === 'string' && FORMATS[schema['format']] ? (FORMATS[schema['format']] as string) : `${name}-body`;
      const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
      const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
      if (s.length < min) s += 'x'.repeat(min - s.length);
      if (s.length > max) s = s.slice(0, max);
      return typeof schema['pattern'] === 'string' && !matches(schema['pattern'], s) ? (sampleFromPattern(schema['pattern']) ?? s) : s;
    }
    default:
      return undefined;
  }
}
