import type { ObjectSchema, PropertyNode, SchemaNode, UnionSchema } from '@reslayer/core';
import { arrayItemSchemas, deref } from '@reslayer/core';
import { keepConditional } from './conditional.js';
import { conforms, discriminatorValues, fitCount, isObject, mayValidate, visibleProperties, type CheckScope } from './conforms.js';
import type { SampleScope } from '../plan/planContext.js';
import { withDateSamples } from './dateSamples.js';
import { hasEnum, sampleScalar } from './sampleScalar.js';
import { cutsHere, overLimit } from './sampleLimit.js';
import { fits, satisfies } from './satisfies.js';
import { varyScalar } from './vary.js';
import { sampleIntersection } from './sampleIntersection.js';
import { sampleArray } from './sampleArray.js';

/** Options of {@link sampleSchema}: the run's {@link SampleScope} and what this sample is for. */
export interface SampleOptions extends SampleScope {
  /** 1-based sequence number: varies UUIDs, e-mails, dates, numbers and plain strings. @default 1 */
  index?: number;
  /** Name of the property the value is for; seeds plain strings (`title-1`). @default 'string' */
  name?: string;
  /** An example from outside the schema (a media type example); tried before the schema's own. */
  example?: unknown;
  /** `read` leaves writeOnly properties out (responses), `write` readOnly ones (requests). @default 'read' */
  mode?: 'read' | 'write';
  /** The empty variant: arrays at `minItems`, numbers at their minimum, booleans false. @default false */
  empty?: boolean;
  /** Only required properties, at every level. @default false */
  requiredOnly?: boolean;
  /** Ignore examples and defaults (for unique keys). @default false */
  ignoreExamples?: boolean;
}

/** A sample and whether it fits the schema's TypeScript type. */
export interface Sample {
  /** The sampled JSON-like value (never `undefined`). */
  value: unknown;
  /**
   * False when the schema's type has no possible value (e.g. a discriminator value that contradicts
   * the variant's own enum, or a property that contradicts a typed map in an `allOf`); `value` is then a best effort.
   */
  exact: boolean;
}

/** Nodes one sample may visit before optional properties and array items stop being added. */
const BUDGET = 400;
/** Object nesting below which optional properties are left out. */
const OPTIONAL_DEPTH = 5;
/** Nesting at which sampling stops whatever the schema (only reachable through required self-reference). */
export const HARD_DEPTH = 32;
/** Names every object inherits from `Object.prototype`. */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Result of a schema that has no value. */
export const IMPOSSIBLE: unique symbol = Symbol('impossible');
/** No node is typed `unknown` (when the options name none). */
const NO_NODES: ReadonlySet<SchemaNode> = new Set();

/** The state of one {@link sampleSchema} call. */
export interface Ctx extends CheckScope {
  o: SampleOptions;
  /** Named schemas being sampled on the current path (recursion guard). */
  stack: string[];
  budget: number;
  /** Best-effort mode: never answers {@link IMPOSSIBLE}. */
  lenient: boolean;
  /** Nodes visited, never given back (unlike `budget`): past `MAX_SAMPLE_NODES` the sample is cut (see `cutsHere`). */
  visited: number;
  /** Objects and arrays this call built (never a contract example, which may appear in several places). */
  built: WeakSet<object>;
  /**
   * Above 0 while sampling the further items of an array of a union (one per member): their objects get their
   * required properties only and their arrays of unions one item, so that showing every member stays small.
   */
  lean: number;
}

/** Where a value goes: its property name, sequence number, position, depth and the hint to try first. */
export interface Slot {
  hint?: { value: unknown } | undefined;
  name: string;
  index: number;
  /** Position inside an array (0 elsewhere): picks successive enum values. */
  position: number;
  depth: number;
  /** True for an optional property: a string whose `pattern` no sample matches is left out (`undefined`). */
  optional?: boolean;
  /** For an item of an array of a union: the variant to try first (each item shows another member). */
  variant?: number;
  /** True for an item of an array: its scalars follow the position, not {@link varyScalar}. */
  item?: boolean;
}

/**
 * A deterministic sample value of a schema, as JSON-like data. Sources in order: the given (media)
 * example, the schema's `example`, its `default`, the first `enum` value, then a format-aware value
 * (uuid, email, date-time, date, time, uri, hostname, ipv4, ipv6, byte…) that respects length, range,
 * `multipleOf` and item-count constraints. Objects hold every required and optional property
 * (writeOnly ones left out in read mode); unions take the first possible variant (or the one the
 * example fits) with its discriminator value; intersections merge their members. Recursive schemas
 * terminate: a recursive optional property is left out, a recursive array is empty, a recursive
 * nullable value is null. With `origins`, records which built values are samples of which named schema.
 * @param schema the schema
 * @param options see {@link SampleOptions}
 * @returns the value (never `undefined`) and whether it fits the schema's type
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function sampleSchema(schema: SchemaNode, options: SampleOptions): Sample {
  const names = { byName: options.schemas, cut: options.unknownNodes ?? NO_NODES };
  const built = new WeakSet<object>();
  const run = (lenient: boolean) => {
    const slot: Slot = { name: options.name ?? 'string', index: options.index ?? 1, position: 0, depth: 0 };
    if (options.example !== undefined && !options.ignoreExamples) slot.hint = { value: options.example };
    const ctx: Ctx = { o: options, names, mode: options.mode ?? 'read', stack: [], budget: BUDGET, lenient, built, lean: 0, visited: 0 };
    if (options.patterns) ctx.patterns = options.patterns;
    return { value: sample(schema, ctx, slot), cut: overLimit(ctx.visited) };
  };
  const first = run(false);
  const last = first.value !== IMPOSSIBLE ? first : run(true);
  const value = withDateSamples(last.value ?? null, schema, options); // `dates: 'Date'`: date strings → `DateSample`s
  if (last.cut && value !== null && typeof value === 'object') options.cut?.add(value);
  return { value, exact: last === first && !first.cut };
}

/**
 * {@link sampleSchema} without the exactness flag.
 * @param schema the schema
 * @param options see {@link SampleOptions}
 * @returns the value
 */
export const sampleValue = (schema: SchemaNode, options: SampleOptions): unknown => sampleSchema(schema, options).value;

/**
 * Marks an object or array as built by this call (not a contract example).
 * @param ctx the call's state
 * @param value the new object or array
 * @returns `value`
 */
export function built<T extends object>(ctx: Ctx, value: T): T {
  return ctx.built.add(value) && value;
}

/** True when the schema (through arrays) refers to a named schema being sampled. */
export function recursive(node: SchemaNode, ctx: Ctx): boolean {
  return node.kind === 'ref' ? ctx.stack.includes(node.target) : node.kind === 'array' && arrayItemSchemas(node).some((i) => recursive(i, ctx));
}

/**
 * Sets an own enumerable property: assigns it, but defines `__proto__` (assigning it would set the prototype).
 * @param target the object
 * @param key the property name
 * @param value the value
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The slot with `value` as its hint (none when undefined).
 * @param slot the slot
 * @param value the hint
 */
export const withHint = (slot: Slot, value: unknown): Slot => ({ ...slot, hint: value === undefined ? undefined : { value } });

/** No examples (shared: most nodes have none). */
const NO_EXAMPLES: readonly unknown[] = [];

/** The values to try before sampling, in order: the slot's hint, the schema's `example`, its `default`. */
function examplesOf(node: SchemaNode, ctx: Ctx, slot: Slot): readonly unknown[] {
  const hint = slot.hint?.value;
  if (ctx.o.ignoreExamples || (hint === undefined && node.example === undefined && node.default === undefined)) return NO_EXAMPLES;
  return [hint, node.example, node.default].filter((v) => v !== undefined);
}

/**
 * One value of a schema in a call's state, or {@link IMPOSSIBLE} (strict mode) when the schema has none.
 * @param node the schema
 * @param ctx the call's state
 * @param slot where the value goes
 */
export function sample(node: SchemaNode, ctx: Ctx, slot: Slot): unknown {
  ctx.budget--;
  const found = examplesOf(node, ctx, slot);
  if (ctx.names.cut.has(node)) return found[0] ?? null;
  if (node.nullable && found[0] === null) return null;
  if (slot.depth > HARD_DEPTH) return terminal(node, ctx);
  if (cutsHere(++ctx.visited, node.kind)) return terminal(node, ctx);
  switch (node.kind) {
    case 'ref': {
      const target = ctx.o.schemas.get(node.target);
      if (!target) return found[0] ?? null;
      if (ctx.stack.includes(node.target) && (node.nullable || target.schema.nullable)) return null;
      ctx.stack.push(node.target);
      const value = sample(target.schema, ctx, withHint(slot, found[0]));
      ctx.stack.pop();
      if (value !== null && typeof value === 'object' && ctx.built.has(value)) ctx.o.origins?.set(value, node.target);
      return value;
    }
    case 'array':
      // An empty example or default (`tools: { default: [] }`) says nothing about the items: it would hide them
      // (and any type error a sample of them would show), so only the empty variant keeps arrays empty.
      return sampleArray(node, ctx, slot, found.find((v): v is unknown[] => Array.isArray(v) && v.length > 0));
    case 'object':
      return keepConditional(node, sampleObject(node, ctx, slot, found.find(isObject)), ctx, (p) =>
        sample(p.schema, ctx, { name: p.name, index: slot.index, position: 0, depth: slot.depth + 1, optional: true }));
    case 'union':
      return sampleUnion(node, ctx, slot, found);
    case 'intersection':
      return sampleIntersection(node, ctx, slot, found);
    default: {
      // An example or default that breaks the schema's own constraints (pattern, format, length, range) is not used,
      // nor one that is a placeholder of its property (`host: 'host-1'`): it says nothing a sampled value does not.
      const fit = ctx.o.empty && node.kind === 'number' ? undefined : found.find((v) => fits(v, node) && satisfies(v, node, ctx.patterns) && !isPlaceholder(v, slot.name));
      const first = fit !== undefined ? fit : sampleScalar(node, slot, ctx.o.empty === true, ctx.patterns, ctx.o.seed, ctx.o.faked);
      // The second and further samples vary what does not already follow the sequence number: examples, defaults, enums, booleans.
      if (slot.index < 2 || slot.position > 0 || slot.item || ctx.o.empty || ctx.o.ignoreExamples || (fit === undefined && !hasEnum(node) && node.kind !== 'boolean')) return first;
      const varied = varyScalar(node, slot.name, slot.index, first, ctx.o.seed, ctx.o.faked);
      return varied !== undefined && fits(varied, node) && satisfies(varied, node, ctx.patterns) ? varied : first;
    }
  }
}

/** True for a string that is its property's name, a dash and a number (`host-1` under `host`), case ignored. */
function isPlaceholder(value: unknown, name: string | undefined): boolean {
  if (typeof value !== 'string' || !name || value.length <= name.length + 1) return false;
  return value.slice(0, name.length + 1).toLowerCase() === `${name.toLowerCase()}-` && /^\d+$/.test(value.slice(name.length + 1));
}

/** A value that ends recursion: null, an empty array or object, or a plain primitive. */
function terminal(node: SchemaNode, ctx: Ctx): unknown {
  const n = deref(node, ctx.names.byName);
  if (!n || node.nullable || n.nullable) return null;
  if (n.kind === 'array') return [];
  if (n.kind === 'object' || n.kind === 'intersection') return {};
  if (n.kind === 'union') return n.variants[0] ? terminal(n.variants[0], ctx) : null;
  return n.kind === 'null' || n.kind === 'unknown' ? null : sample(n, ctx, { name: 'string', index: 1, position: 0, depth: 0 });
}

function sampleObject(node: ObjectSchema, ctx: Ctx, slot: Slot, hint: Record<string, unknown> | undefined): unknown {
  const out: Record<string, unknown> = built(ctx, {});
  const props = visibleProperties(node, ctx);
  const depth = slot.depth + 1;
  for (const p of props) {
    const has = hint !== undefined && Object.hasOwn(hint, p.name) && hint[p.name] !== undefined;
    // An optional property named like an `Object.prototype` member must be present: TypeScript checks
    // the inherited member (`hasOwnProperty: () => boolean`) against the property's type when it is missing.
    if (!p.required && !INHERITED.has(p.name)) {
      const n = deref(p.schema, ctx.names.byName);
      if (ctx.o.requiredOnly || ctx.lean > 0 || (n?.kind === 'string' && n.format === 'binary')) continue;
      if (!has && (ctx.budget <= 0 || depth > OPTIONAL_DEPTH || recursive(p.schema, ctx))) continue;
    }
    const value = sample(p.schema, ctx, { name: p.name, index: slot.index, position: 0, depth, hint: has ? { value: hint[p.name] } : undefined, optional: !p.required });
    if (value === IMPOSSIBLE) {
      if (p.required) return IMPOSSIBLE;
    } else if (value !== undefined) setOwn(out, p.name, value);
  }
  const ap = node.additionalProperties;
  if (ap === undefined && node.properties.length > 0) return fitCount(node, out, props);
  const known = new Set(node.properties.map((p) => p.name));
  const extra = hint ? Object.keys(hint).filter((k) => !known.has(k) && hint[k] !== undefined) : [];
  for (const k of extra) {
    const value = typeof ap === 'object' ? sample(ap, ctx, { name: k, index: slot.index, position: 0, depth, hint: { value: hint?.[k] } }) : hint?.[k];
    if (value !== IMPOSSIBLE) setOwn(out, k, value);
  }
  // A map gets one entry (none in the empty and required-only variants), and at least `minProperties` keys in all.
  const one = typeof ap === 'object' && props.length === 0 && extra.length === 0 && !ctx.o.empty && !ctx.o.requiredOnly && ctx.budget > 0;
  const entries = Math.max(one ? 1 : 0, (node.minProperties ?? 0) - Object.keys(out).length);
  if (ap !== undefined && (typeof ap !== 'object' || !recursive(ap, ctx))) {
    for (let n = 0, added = 0; added < entries && n < entries + 4; n++) {
      const key = n === 0 ? `key${slot.index}` : `key${slot.index}-${n + 1}`;
      if (Object.hasOwn(out, key)) continue;
      const value = typeof ap === 'object' ? sample(ap, ctx, { name: 'value', index: slot.index + n, position: n, depth }) : `value-${slot.index + n}`;
      if (value === IMPOSSIBLE || value === undefined) continue;
      setOwn(out, key, value);
      added++;
    }
  }
  return fitCount(node, out, props);
}

function sampleUnion(node: UnionSchema, ctx: Ctx, itemSlot: Slot, found: readonly unknown[]): unknown {
  // The preference is this union's: the members' own values (nested unions) choose for themselves.
  const { variant: wanted, ...slot } = itemSlot;
  const order = node.variants.map((v, i) => ({ v, i, hint: found.find((x) => conforms(x, v, ctx)) }));
  // An item of an array of this union tries its own member first (`variant`), then the usual order.
  const rank = (o: (typeof order)[number]) => (o.hint !== undefined ? 0 : o.v.kind === 'null' ? 4 : recursive(o.v, ctx) ? 3 : o.i === wanted ? 1 : 2);
  order.sort((a, b) => rank(a) - rank(b) || a.i - b.i);
  // `oneOf` wants exactly one matching variant: the first sample that no other variant may accept wins, else the first sample.
  const exact = node.source === 'oneOf' && node.variants.length > 1;
  let first: { value: unknown } | undefined;
  for (const { v, i, hint } of order) {
    const values = discriminatorValues(node, i, ctx, ctx.lenient);
    if (node.discriminator && !ctx.lenient && values.length === 0 && node.discriminator.mapping.some((m) => m.variant === i)) continue;
    let value = sample(v, ctx, withHint(slot, hint));
    if (value === IMPOSSIBLE) continue;
    const d = node.discriminator;
    // The client types a mapped variant `V & { <property>: <value> }`: only an object can carry the property
    // (an array or scalar variant, like GitHub's `content-directory` mapped as `array`, has no possible value).
    if (d && values.length > 0 && !isObject(value) && !ctx.lenient) continue;
    // A copy: the client types this variant `V & { <property>: <value> }`, which a constant of type `V` does not fit.
    if (d && isObject(value) && values.length > 0) value = built(ctx, { ...value, [d.propertyName]: values.includes(value[d.propertyName] as string) ? value[d.propertyName] : values[0] });
    if (!exact || node.variants.every((other, j) => j === i || !mayValidate(value, other, ctx))) return value;
    first ??= { value };
  }
  if (first) return first.value;
  return ctx.lenient ? null : IMPOSSIBLE;
}
