import type { NamedSchema, PropertyNode, SchemaNode } from '@reslayer/core';
import { printType, type SchemaTypeNames } from '@reslayer/core';

const NONE: ReadonlySet<SchemaNode> = new Set();

/**
 * Schema nodes plugin-client prints as `unknown` (`$ref`s cut to break a cycle of type aliases), or an empty set
 * when its naming table has none.
 * @param names plugin-client's naming table
 */
export function unknownNodes(names: SchemaTypeNames): ReadonlySet<SchemaNode> {
  return (names as { cut?: ReadonlySet<SchemaNode> }).cut ?? NONE;
}

/**
 * The options of `sampleValue` that come from the model: named schemas and the nodes typed `unknown`.
 * @param names plugin-client's naming table
 */
export function sampling(names: SchemaTypeNames): { schemas: ReadonlyMap<string, NamedSchema>; unknownNodes: ReadonlySet<SchemaNode> } {
  return { schemas: names.byName, unknownNodes: unknownNodes(names) };
}

/** Follows references to the schema they name; undefined for a dangling reference or a cycle of references. */
export function deref(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): SchemaNode | undefined {
  let n: SchemaNode | undefined = node;
  for (let i = 0; n?.kind === 'ref' && i < 50; i++) n = byName.get(n.target)?.schema;
  return n?.kind === 'ref' ? undefined : n;
}

/** The properties a value of an object schema has in responses (writeOnly left out), merged over `allOf`. */
export interface ObjectView {
  props: PropertyNode[];
  /** True when the schema or a reference on the way allows null. */
  nullable: boolean;
}

/**
 * The object view of a schema: an object, a reference to one, or an intersection of such; undefined otherwise.
 * @param node the schema
 * @param names plugin-client's naming table (named schemas, cut references)
 */
export function objectView(node: SchemaNode, names: SchemaTypeNames, depth = 0): ObjectView | undefined {
  const cut = unknownNodes(names);
  if (depth > 20 || cut.has(node)) return undefined;
  const nullable = node.nullable === true;
  if (node.kind === 'ref') {
    const target = names.byName.get(node.target);
    const view = target ? objectView(target.schema, names, depth + 1) : undefined;
    return view && { props: view.props, nullable: view.nullable || nullable };
  }
  if (node.kind === 'object') return { props: node.properties.filter((p) => !p.schema.writeOnly), nullable };
  if (node.kind === 'union') {
    // The properties every variant has (required when all require it): what TypeScript lets code read on the union.
    const views = node.variants.map((v) => objectView(v, names, depth + 1));
    if (views.length === 0 || views.some((v) => v === undefined)) return undefined;
    const [first, ...rest] = views as ObjectView[];
    const props = (first?.props ?? []).flatMap((p) => {
      const same = rest.map((v) => v.props.find((q) => q.name === p.name));
      return same.every((q) => q !== undefined) ? [{ ...p, required: p.required && same.every((q) => q?.required) }] : [];
    });
    return { props, nullable: nullable || views.some((v) => v?.nullable) };
  }
  if (node.kind !== 'intersection') return undefined;
  const merged = new Map<string, PropertyNode>();
  for (const member of node.members) {
    if (member.kind === 'unknown' || cut.has(member)) continue;
    const view = objectView(member, names, depth + 1);
    if (!view) return undefined;
    for (const p of view.props) merged.set(p.name, { ...p, required: p.required || merged.get(p.name)?.required === true });
  }
  return { props: [...merged.values()], nullable };
}

/** Read-mode type text of a schema, as plugin-client prints it (to compare two schemas' TypeScript types). */
export function typeText(node: SchemaNode | undefined, names: SchemaTypeNames): string {
  if (!node) return 'unknown';
  let cache = texts.get(names);
  if (!cache) texts.set(names, (cache = new WeakMap()));
  let text = cache.get(node);
  if (text === undefined) cache.set(node, (text = printType(node, { mode: 'read', names })));
  return text;
}

/**
 * True when two schemas print as the same TypeScript type (read mode). References compare by target
 * (a reference never prints like an inline schema); two inline schemas compare by their printed text.
 */
export function sameType(a: SchemaNode | undefined, b: SchemaNode | undefined, names: SchemaTypeNames): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const cut = unknownNodes(names);
  if ((a.kind === 'ref' || b.kind === 'ref') && !cut.has(a) && !cut.has(b)) return a.kind === 'ref' && b.kind === 'ref' && a.target === b.target && !a.nullable === !b.nullable;
  return typeText(a, names) === typeText(b, names);
}

/** Printed type texts per naming table (one per model) and schema node. */
const texts = new WeakMap<SchemaTypeNames, WeakMap<SchemaNode, string>>();

/**
 * True when a value of one of these schemas may be typed `unknown` in TypeScript (a schema without
 * type, a missing schema, or a union with such a member); such values need a cast before `HttpResponse.json`.
 * @param nodes schemas of the possible bodies (undefined: content without a schema)
 * @param names plugin-client's naming table
 */
export function mayBeUnknown(nodes: ReadonlyArray<SchemaNode | undefined>, names: SchemaTypeNames): boolean {
  const cut = unknownNodes(names);
  const check = (node: SchemaNode | undefined, depth: number): boolean => {
    if (node && cut.has(node)) return true;
    const n = node && deref(node, names.byName);
    if (!n || depth > 20) return true;
    if (n.kind === 'unknown') return true;
    if (n.kind === 'union') return n.variants.length === 0 || n.variants.some((v) => check(v, depth + 1));
    if (n.kind === 'intersection') return n.members.every((m) => cut.has(m) || check(m, depth + 1));
    return false;
  };
  return nodes.length === 0 || nodes.some((n) => check(n, 0));
}
