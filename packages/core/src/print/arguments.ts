import { isIdentifierName } from '../naming/identifiers.js';
import { stringLiteral } from '../naming/literals.js';
import type { SchemaNode } from '../model/types.js';
import type { SchemaTypeNames } from '../analysis/schemaTypeNames.js';
import { printType } from './printType.js';

/** A naming table without named schemas, for printing self-contained (reference-free) schemas. */
const NO_NAMES: SchemaTypeNames = { typeName: () => 'unknown', writable: new Map(), byName: new Map(), cut: new Set(), cuts: [] };

/** Type of a path argument whose schema says nothing usable (none, `{}`, or references that recurse). */
const ANY_SEGMENT = 'string | number';

/**
 * The TypeScript type of a path parameter as a positional argument: its schema (with `$ref`s inlined, see
 * `PathArgument.inlineSchema`) printed in write mode, so `{slug}` of `type: string` takes a `string`,
 * `{id}` of `type: integer` a `number`, an enum its literals. `null` is left out (a path segment cannot be
 * null: the runtime rejects it). A schema that says nothing (`{}`) or recurses gives `string | number`.
 * @param arg a path argument of an operation signature
 * @returns type text without references to named types (no import needed)
 */
export function printPathArgumentType(arg: { inlineSchema?: SchemaNode | undefined }): string {
  const schema = arg.inlineSchema;
  if (!schema) return ANY_SEGMENT;
  const text = printType({ ...schema, nullable: false } as SchemaNode, { mode: 'write', names: NO_NAMES });
  return text === 'unknown' || text === 'null' ? ANY_SEGMENT : text;
}

/**
 * What a query key holds for any path value: a mutation invalidates a query's key with its own path arguments,
 * which a contract may type differently from the query's (`DELETE /orders/{id}` a string, `GET /orders/{id}` an
 * integer), so every key part takes both scalars.
 */
const KEY_SCALARS = 'string | number';

/** True when every value of the schema is a string or a number (or the schema says nothing): `string | number` holds it. */
function scalarKeyPart(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'unknown':
    case 'null':
      return true;
    case 'union':
      return node.variants.every(scalarKeyPart);
    case 'intersection':
      return node.members.some(scalarKeyPart);
    default:
      return false;
  }
}

/**
 * The one rule for what a query key part may hold for a path parameter, which every plugin follows (plugin-client's
 * key factories declare it, plugin-hooks narrows a waiting query's argument to it): `string | number` (see
 * `KEY_SCALARS`), and beside it the parameter's own type when its schema allows other values (a boolean, an array,
 * an object): `string | number | boolean`, `string | number | string[]`.
 * @param arg a path argument of an operation signature
 * @returns type text without references to named types (no import needed)
 */
export function printKeyPartType(arg: { inlineSchema?: SchemaNode | undefined }): string {
  const schema = arg.inlineSchema;
  if (!schema || scalarKeyPart(schema)) return KEY_SCALARS;
  // A union's string and number variants are in `KEY_SCALARS` already: only the others are added.
  const rest = schema.kind === 'union' ? schema.variants.filter((v) => !scalarKeyPart(v)) : [schema];
  const own = printPathArgumentType({ inlineSchema: rest.length === 1 && rest[0] ? rest[0] : { ...schema, variants: rest } as SchemaNode });
  return own === ANY_SEGMENT ? KEY_SCALARS : `${KEY_SCALARS} | ${own}`;
}

/** One argument to declare: its name, printed type and whether the caller may leave it out. */
export interface ArgumentSpec {
  name: string;
  type: string;
  optional: boolean;
}

/** An argument as declared in a positional parameter list. */
export interface ArgumentDeclaration extends ArgumentSpec {
  /**
   * The declaration text: `name: T`, `name?: T`, or `name: T | undefined` for an optional argument
   * followed by a required one (TypeScript allows no `?` there).
   */
  text: string;
}

/**
 * Declares a positional parameter list. An optional argument before a required one must accept
 * `undefined` explicitly instead of using `?`.
 * @param args the arguments in order
 * @returns one declaration per argument, same order
 */
export function declareArguments(args: readonly ArgumentSpec[]): ArgumentDeclaration[] {
  const out: ArgumentDeclaration[] = [];
  let laterRequired = false;
  for (let i = args.length - 1; i >= 0; i--) {
    const a = args[i];
    if (!a) continue;
    if (!a.optional) laterRequired = true;
    const text = a.optional ? (laterRequired ? `${a.name}: ${a.type} | undefined` : `${a.name}?: ${a.type}`) : `${a.name}: ${a.type}`;
    out.unshift({ ...a, text });
  }
  return out;
}

/**
 * Names every plain object inherits from `Object.prototype`. Reading `params.constructor` when the caller left
 * the parameter out gives the inherited member (a function), which would be sent as the parameter's value.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', 'constructor',
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf',
]);

/**
 * The expression that reads one member of a method's `params` argument: `params?.page`,
 * `params?.['X-Id']`, or, for an inherited name, an own-property read that yields `undefined` when omitted.
 * @param key the member's key in the params object
 * @returns a TypeScript expression
 */
export function paramsAccess(key: string): string {
  if (INHERITED_NAMES.has(key)) return `(params !== undefined && Object.hasOwn(params, ${stringLiteral(key)}) ? params[${stringLiteral(key)}] : undefined)`;
  return isIdentifierName(key) ? `params?.${key}` : `params?.[${stringLiteral(key)}]`;
}
