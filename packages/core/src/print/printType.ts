import type { SchemaNode } from '../model/types.js';
import { commentLines, propertyKey, stringLiteral } from '../naming/literals.js';
import { containsRef, enumValues, objectProperties } from '../analysis/schemaQueries.js';
import { allOfConflicts, printedMembers } from '../analysis/allOfConflicts.js';
import { tupleShape } from '../analysis/tupleShape.js';
import type { SchemaTypeNames, TypeMode } from '../analysis/schemaTypeNames.js';
import { isDateString } from '../analysis/dates.js';

/** Options of {@link printType}. */
export interface PrintOptions {
  mode: TypeMode;
  names: SchemaTypeNames;
  /** Prefix for named schema references, e.g. `Schemas.` when imported as a namespace. */
  refPrefix?: string;
  /** Indentation level (2 spaces each) of the line the type starts on. */
  indent?: number;
}

const pad = (n: number) => '  '.repeat(n);

/**
 * Prints a schema node as TypeScript type text.
 *
 * - `nullable` adds `| null`; `enum`/`const` become literal unions; `format: binary` becomes `Blob`;
 *   `format: date`/`date-time` becomes `Date` when `names.dates` is on (config `dates: 'Date'`), in both modes.
 * - Objects become type literals (optional properties use `?`), `additionalProperties` an index signature.
 * - `allOf` becomes an intersection, `oneOf`/`anyOf` a union; a discriminator adds its literal to each member
 *   that does not pin the property itself.
 * - An index signature appears only where the contract allows more properties: `additionalProperties`, or an
 *   object without any properties standing alone. A bare `type: object` beside `allOf`/`oneOf` adds nothing.
 * - `allOf` members that retype a property incompatibly (see `allOfConflicts`): the later member wins,
 *   `Omit<Earlier, 'prop'> & Later`, instead of a silent `never`.
 * - An array with `prefixItems` becomes a tuple with a rest element (`[A?, B?, ...C[]]`, positions from `minItems` on optional).
 * - In `write` mode readOnly properties are left out and references use Writable variants; in `read` mode writeOnly ones are.
 *
 * @param node the schema
 * @param options mode, naming table, reference prefix and indentation
 * @returns type text, possibly multi-line; never `any`
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function printType(node: SchemaNode, options: PrintOptions): string {
  if (options.names.cut.has(node)) return 'unknown';
  const text = printBare(node, options);
  if (node.nullable && node.kind !== 'null' && node.kind !== 'unknown') return `${wrap(text)} | null`;
  return text;
}

/** Parenthesizes type text that contains a union or intersection operator (extra parentheses are harmless). */
function wrap(text: string): string {
  return /[|&]/.test(text) ? `(${text})` : text;
}

function literalUnion(values: Array<string | number | boolean>): string {
  const seen = new Set<string>();
  for (const v of values) seen.add(typeof v === 'string' ? stringLiteral(v) : String(v));
  return seen.size === 0 ? 'never' : [...seen].join(' | ');
}

function printBare(node: SchemaNode, o: PrintOptions): string {
  const indent = o.indent ?? 0;
  switch (node.kind) {
    case 'ref':
      return (o.refPrefix ?? '') + o.names.typeName(node.target, o.mode);
    case 'string':
      if (node.enum && node.enum.length > 0) return literalUnion(node.enum);
      if (o.names.dates === true && isDateString(node)) return 'Date';
      return node.format === 'binary' ? 'Blob' : 'string';
    case 'number':
      if (node.enum && node.enum.length > 0) return literalUnion(node.enum);
      return 'number';
    case 'boolean':
      if (node.enum && node.enum.length > 0) return literalUnion(node.enum);
      return 'boolean';
    case 'null':
      return 'null';
    case 'unknown':
      return 'unknown';
    case 'array': {
      if (node.prefixItems) return printTuple(node, o, indent);
      const item = printType(node.items, { ...o, indent });
      return /^[\w.$]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'object':
      return printObject(node, o, indent);
    case 'union': {
      const d = node.discriminator;
      const parts = node.variants.map((v, i) => {
        const text = printType(v, { ...o, indent });
        const values = d?.mapping.filter((m) => m.variant === i).map((m) => m.value) ?? [];
        // A variant that pins the property itself (`role: 'system'`) is already tagged; intersecting it with
        // another value (its schema name, or a mapping key that contradicts it) would make it `never`.
        if (!d || values.length === 0 || pinsProperty(v, d.propertyName, o)) return wrap(text);
        return `(${wrap(text)} & { ${propertyKey(d.propertyName)}: ${literalUnion(values)} })`;
      });
      return dedupe(parts).join(' | ') || 'unknown';
    }
    case 'intersection': {
      const members = printedMembers(node, o.names, o.mode);
      if (members.length === 0) return 'unknown';
      // A property a later member retypes incompatibly is left out of the earlier one: the later member wins.
      const omit = new Map<number, string[]>();
      for (const c of allOfConflicts(members, o.names, o.mode)) omit.set(c.member, [...(omit.get(c.member) ?? []), c.property]);
      if (members.length === 1 && members[0]) return printType(members[0], { ...o, indent });
      const parts = members.map((m, i) => {
        const text = printType(m, { ...o, indent });
        const keys = omit.get(i);
        return keys ? `Omit<${text}, ${[...new Set(keys)].map(stringLiteral).join(' | ')}>` : wrap(text);
      });
      return dedupe(parts).join(' & ') || 'unknown';
    }
  }
}

/**
 * An array with `prefixItems` as a tuple type (see `tupleShape`): elements from `minItems` on optional, then a
 * rest element of `items` unless `maxItems` ends the array: `[({ city?: string })?, number?, ...string[]]`.
 */
function printTuple(node: Extract<SchemaNode, { kind: 'array' }>, o: PrintOptions, indent: number): string {
  const shape = tupleShape(node);
  const elements = (shape?.elements ?? []).map((e, i) => {
    const text = printType(e, { ...o, indent });
    return i < (shape?.required ?? 0) ? text : `${/[|&]/.test(text) || text.startsWith('{') ? `(${text})` : text}?`;
  });
  if (shape?.rest) {
    const item = printType(shape.rest, { ...o, indent });
    elements.push(`...${/^[\w.$]+$/.test(item) ? `${item}[]` : `Array<${item}>`}`);
  }
  return `[${elements.join(', ')}]`;
}

/** True when a schema pins `property` to literal values (`enum`/`const`), through `$ref`s and `allOf`. */
function pinsProperty(node: SchemaNode, property: string, o: PrintOptions): boolean {
  const prop = objectProperties(node, o.names, 'all')?.props.find((p) => p.name === property);
  return prop !== undefined && enumValues(prop.schema, o.names.byName) !== undefined;
}

function dedupe(parts: string[]): string[] {
  return [...new Set(parts)];
}

function printObject(node: Extract<SchemaNode, { kind: 'object' }>, o: PrintOptions, indent: number): string {
  const props = node.properties.filter((p) => !(o.mode === 'write' ? p.schema.readOnly : p.schema.writeOnly));
  const ap = node.additionalProperties;
  if (props.length === 0) {
    // An object whose properties are all left out in this mode is still an object: `Record<string, never>`
    // would turn every property of an intersection it is part of (`Base & Timestamps`) into `never`.
    if (ap === undefined || ap === true) return 'Record<string, unknown>';
    // `Record<string, T>` is resolved eagerly, so a map of a schema that contains the map (TS2456) needs an index signature.
    return containsRef(ap) ? `{ [key: string]: ${printType(ap, { ...o, indent })} }` : `Record<string, ${printType(ap, { ...o, indent })}>`;
  }
  const lines: string[] = ['{'];
  for (const p of props) {
    const doc = docComment(p.schema, indent + 1);
    if (doc) lines.push(doc);
    lines.push(`${pad(indent + 1)}${propertyKey(p.name)}${p.required ? '' : '?'}: ${printType(p.schema, { ...o, indent: indent + 1 })};`);
  }
  if (ap !== undefined) lines.push(`${pad(indent + 1)}[key: string]: unknown;`);
  lines.push(`${pad(indent)}}`);
  return lines.join('\n');
}

/**
 * A TSDoc comment for a schema's title/description/deprecation, or `''` when it has none.
 * Contract text is escaped so it cannot close the comment.
 * @param node the schema
 * @param indent indentation level of the comment
 */
export function docComment(node: { title?: string | undefined; description?: string | undefined; deprecated?: boolean | undefined }, indent: number): string {
  const { title, description, deprecated } = node;
  const withTitle = typeof title === 'string' && title.trim() !== '';
  const withDescription = typeof description === 'string' && description !== title && description.trim() !== '';
  if (!withTitle && !withDescription && !deprecated) return '';
  const body = [...(withTitle ? commentLines(title, 1000) : []), ...(withDescription ? commentLines(description, 1000) : [])];
  if (deprecated) body.push('@deprecated');
  return body.length === 1 ? `${pad(indent)}/** ${body[0]} */` : [`${pad(indent)}/**`, ...body.map((l) => `${pad(indent)} *${l ? ` ${l}` : ''}`), `${pad(indent)} */`].join('\n');
}
