/**
 * The validator plan: a library-neutral tree that says what a generated schema checks. The planner
 * ({@link ../plan/buildNode.ts}) turns a contract schema into it once; one printer per library (zod,
 * valibot) turns it into code, so both libraries validate exactly the same rules.
 *
 * @packageDocumentation
 */

/**
 * String formats the generated schemas check where the library has a check for it (a printer without one prints a
 * plain string: valibot has no `hostname` check). Others are validated as plain strings.
 */
export type StringFormat = 'uuid' | 'email' | 'date' | 'date-time' | 'uri' | 'ipv4' | 'ipv6' | 'hostname';

/** The formats of {@link StringFormat}, for look-ups. */
export const STRING_FORMATS: ReadonlySet<string> = new Set<StringFormat>(['uuid', 'email', 'date', 'date-time', 'uri', 'ipv4', 'ipv6', 'hostname']);

/** A check on a string, number, array or object value. */
export type Check =
  | { kind: 'minLength' | 'maxLength' | 'minItems' | 'maxItems'; value: number }
  | { kind: 'min' | 'max' | 'gt' | 'lt' | 'multipleOf'; value: number }
  | { kind: 'pattern'; source: string; flags: string }
  | { kind: 'unique' }
  | { kind: 'propertyCount'; min: number; max: number };

/** One property of a planned object. */
export interface VProperty {
  name: string;
  required: boolean;
  node: VNode;
}

/** A planned schema. */
export type VNode =
  | { kind: 'string'; format?: StringFormat; checks: Check[] }
  /**
   * A `date`/`date-time` value (config `dates: 'Date'`): with `decode`, a string decoded to a `Date` (read
   * direction); else a valid `Date` object (write direction, checked before the client encodes it).
   */
  | { kind: 'date'; format: 'date' | 'date-time'; decode: boolean }
  /** A number; an integer is any number `Number.isInteger` accepts (JSON Schema's integers go beyond 2^53). */
  | { kind: 'number'; integer: boolean; checks: Check[] }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'unknown' }
  | { kind: 'never' }
  | { kind: 'blob' }
  | { kind: 'literal'; values: Array<string | number | boolean> }
  | { kind: 'array'; items: VNode; checks: Check[] }
  /** An array with `prefixItems`, as core's `tupleShape`: elements (the first `required` ones required), then `rest` items. */
  | { kind: 'tuple'; elements: VNode[]; required: number; rest?: VNode; checks: Check[] }
  /**
   * An object; other keys must match `rest` when it is given, are rejected when `strict` (the contract's
   * `additionalProperties: false`, outside an `allOf`), else allowed.
   */
  | { kind: 'object'; properties: VProperty[]; rest?: VNode; strict?: true; checks: Check[] }
  | { kind: 'record'; value: VNode; checks: Check[] }
  /** A named schema, by its exported constant name; `external` when it lives in `components.schemas.ts`. */
  | { kind: 'ref'; name: string }
  | { kind: 'union'; variants: VNode[] }
  /** A union told apart by a property: every variant is an object whose `key` property is a literal. */
  | { kind: 'discriminated'; key: string; variants: Array<Extract<VNode, { kind: 'object' }>> }
  | { kind: 'intersection'; members: VNode[] }
  | { kind: 'nullable'; inner: VNode };

/** What a printer needs besides the node. */
export interface PrintContext {
  /** Prefix of named schema constants (`C.` in a resource file, `''` in the components file). */
  refPrefix: string;
  /** Identifier the runtime helpers are imported under (`hasUniqueItems`, `hasPropertyCount`). */
  runtime: { unique: string; propertyCount: string; multipleOf: string };
  /** Indentation level (2 spaces each) of the line the expression starts on. */
  indent: number;
}

/** A library printer: node → expression text. */
export type Printer = (node: VNode, ctx: PrintContext) => string;
