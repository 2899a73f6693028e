import type { ApiModel, NamedSchema, SchemaNode } from '@reslayer/core';
import { commentLines, propertyKey, stringLiteral, UniqueNames } from '@reslayer/core';

/**
 * `read`: a value the API returns (writeOnly properties left out).
 * `write`: a value sent to the API (readOnly properties left out).
 * @see https://spec.openapis.org/oas/v3.1.0#fixed-fields-20 (readOnly / writeOnly)
 */
export type TypeMode = 'read' | 'write';

/**
 * Names of the TypeScript types of a model's named schemas, and which of them need a separate
 * write-mode ("Writable") variant because they, or a schema they reach, hold readOnly or writeOnly properties.
 */
export interface SchemaTypeNames {
  /** Type name of a named schema in a mode (`Contact`, or `ContactWritable` in write mode when it differs). */
  typeName(target: string, mode: TypeMode): string;
  /** Named schemas whose write-mode type differs, with the Writable type name. */
  writable: ReadonlyMap<string, string>;
  /** Lookup of named schemas by key. */
  byName: ReadonlyMap<string, NamedSchema>;
  /**
   * `$ref` nodes printed as `unknown` because they would close a cycle of type aliases that TypeScript
   * cannot express (`type A = B; type B = A`, or `Cat = Pet & …` where `Pet = Cat | Dog`).
   */
  cut: ReadonlySet<SchemaNode>;
  /** One entry per cut `$ref`, for diagnostics: the schema holding it and its target. */
  cuts: ReadonlyArray<{ from: string; target: string; pointer: string; inheritance: boolean }>;
}

/**
 * Computes type names for the model's named schemas, including Writable variants.
 * @param model the API model
 * @returns the naming table
 */
export function schemaTypeNames(model: ApiModel): SchemaTypeNames {
  const byName = new Map(model.schemas.map((s) => [s.name, s] as const));
  const differs = new Set<string>();
  // Fixpoint: a schema differs when it has a readOnly/writeOnly node or references one that differs.
  const direct = (node: SchemaNode | undefined, seen: Set<SchemaNode> = new Set()): boolean | 'refs' => {
    if (!node || seen.has(node)) return false;
    seen.add(node);
    if (node.readOnly || node.writeOnly) return true;
    switch (node.kind) {
      case 'ref':
        return differs.has(node.target) ? true : false;
      case 'array':
        return direct(node.items, seen);
      case 'object':
        return node.properties.some((p) => direct(p.schema, seen) === true) ||
          (typeof node.additionalProperties === 'object' && direct(node.additionalProperties, seen) === true);
      case 'union':
        return node.variants.some((v) => direct(v, seen) === true);
      case 'intersection':
        return node.members.some((m) => direct(m, seen) === true);
      default:
        return false;
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of model.schemas) {
      if (!differs.has(s.name) && direct(s.schema) === true) {
        differs.add(s.name);
        changed = true;
      }
    }
  }
  const names = new UniqueNames();
  for (const s of model.schemas) names.reserve(s.typeName);
  const writable = new Map<string, string>();
  for (const s of model.schemas) if (differs.has(s.name)) writable.set(s.name, names.take(`${s.typeName}Writable`));
  const { cut, cuts } = aliasCycleCuts(model);
  return {
    byName,
    writable,
    cut,
    cuts,
    typeName(target, mode) {
      if (mode === 'write') {
        const w = writable.get(target);
        if (w) return w;
      }
      return byName.get(target)?.typeName ?? 'unknown';
    },
  };
}

/** A `$ref` a type alias resolves eagerly: at its top level, or inside unions and intersections. */
interface EagerRef {
  ref: Extract<SchemaNode, { kind: 'ref' }>;
  /** True when reached through an intersection member (an `allOf` parent). */
  inheritance: boolean;
}

function eagerRefs(node: SchemaNode, inheritance: boolean, out: EagerRef[]): EagerRef[] {
  if (node.kind === 'ref') out.push({ ref: node, inheritance });
  else if (node.kind === 'union') for (const v of node.variants) eagerRefs(v, inheritance, out);
  else if (node.kind === 'intersection') for (const m of node.members) eagerRefs(m, true, out);
  // Object members, array items and index signatures are resolved lazily by TypeScript: recursion there is fine.
  return out;
}

/**
 * Finds the `$ref`s that would make a named type alias circularly reference itself (TS2456) and must
 * be printed as `unknown`. First the `allOf` parents that lead back to the schema (the usual
 * "`Pet = oneOf [Cat, Dog]`, `Cat = allOf [Pet, …]`" polymorphism: the union keeps its members), then,
 * for any cycle left, the back edges of a depth-first walk in type-name order. Deterministic.
 * @param model the API model
 */
function aliasCycleCuts(model: ApiModel): { cut: Set<SchemaNode>; cuts: Array<{ from: string; target: string; pointer: string; inheritance: boolean }> } {
  const edges = new Map(model.schemas.map((s) => [s.name, eagerRefs(s.schema, false, [])] as const));
  const cut = new Set<SchemaNode>();
  const cuts: Array<{ from: string; target: string; pointer: string; inheritance: boolean }> = [];
  const cutRef = (from: string, e: EagerRef) => {
    cut.add(e.ref);
    cuts.push({ from, target: e.ref.target, pointer: e.ref.pointer, inheritance: e.inheritance });
  };
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      if (at === goal) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      for (const e of edges.get(at) ?? []) if (!cut.has(e.ref)) stack.push(e.ref.target);
    }
    return false;
  };
  for (const s of model.schemas) {
    for (const e of edges.get(s.name) ?? []) if (e.inheritance && !cut.has(e.ref) && reaches(e.ref.target, s.name)) cutRef(s.name, e);
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string) => {
    state.set(name, 'open');
    for (const e of edges.get(name) ?? []) {
      if (cut.has(e.ref)) continue;
      const next = state.get(e.ref.target);
      if (next === 'open') cutRef(name, e);
      else if (next === undefined && edges.has(e.ref.target)) visit(e.ref.target);
    }
    state.set(name, 'done');
  };
  for (const s of model.schemas) if (!state.has(s.name)) visit(s.name);
  return { cut, cuts };
}

/** True when a schema holds a `$ref` anywhere (so its type may recurse). */
function containsRef(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'ref':
      return true;
    case 'array':
      return containsRef(node.items);
    case 'object':
      return node.properties.some((p) => containsRef(p.schema)) || (typeof node.additionalProperties === 'object' && containsRef(node.additionalProperties));
    case 'union':
      return node.variants.some(containsRef);
    case 'intersection':
      return node.members.some(containsRef);
    default:
      return false;
  }
}

const cache = new WeakMap<ApiModel, SchemaTypeNames>();

/**
 * {@link schemaTypeNames}, computed once per model and shared by every plugin of the run.
 * @param model the API model
 */
export function getSchemaTypeNames(model: ApiModel): SchemaTypeNames {
  let names = cache.get(model);
  if (!names) {
    names = schemaTypeNames(model);
    cache.set(model, names);
  }
  return names;
}

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
 * - `nullable` adds `| null`; `enum`/`const` become literal unions; `format: binary` becomes `Blob`.
 * - Objects become type literals (optional properties use `?`), `additionalProperties` an index signature.
 * - `allOf` becomes an intersection, `oneOf`/`anyOf` a union; a discriminator adds its literal to each member.
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
        if (!d || values.length === 0) return wrap(text);
        return `(${wrap(text)} & { ${propertyKey(d.propertyName)}: ${literalUnion(values)} })`;
      });
      return dedupe(parts).join(' | ') || 'unknown';
    }
    case 'intersection': {
      const parts = node.members.filter((m) => m.kind !== 'unknown' && !o.names.cut.has(m)).map((m) => wrap(printType(m, { ...o, indent })));
      return dedupe(parts).join(' & ') || 'unknown';
    }
  }
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
  const text = [...new Set([node.title, node.description])].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (text.length === 0 && !node.deprecated) return '';
  const body = text.flatMap((t) => commentLines(t, 1000));
  if (node.deprecated) body.push('@deprecated');
  return body.length === 1 ? `${pad(indent)}/** ${body[0]} */` : [`${pad(indent)}/**`, ...body.map((l) => `${pad(indent)} *${l ? ` ${l}` : ''}`), `${pad(indent)} */`].join('\n');
}
