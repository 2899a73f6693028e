import type { ArraySchema, NamedSchema, PropertyNode, SchemaNode } from '../model/types.js';
import type { SchemaTypeNames, TypeMode } from './schemaTypeNames.js';

/**
 * True when a schema holds a `$ref` anywhere (so its type may recurse).
 * @param node the schema
 * @returns true when a `ref` node is reachable without following references
 */
export function containsRef(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'ref':
      return true;
    case 'array':
      return arrayItemSchemas(node).some(containsRef);
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

/**
 * Every item schema of an array: its `prefixItems` (by position) then `items` (the rest), for walkers that visit
 * each schema an array holds.
 * @param node an array schema
 * @returns the schemas, `items` last
 */
export function arrayItemSchemas(node: ArraySchema): SchemaNode[] {
  return node.prefixItems ? [...node.prefixItems, node.items] : [node.items];
}

/** Longest chain of references {@link deref} follows before it gives up. */
const MAX_REF_CHAIN = 50;

/**
 * Follows `$ref`s to the schema they name.
 * @param node a schema
 * @param byName named schemas by key (`getSchemaTypeNames(model).byName`)
 * @returns the first schema that is not a reference; undefined for a dangling reference or a cycle of references
 */
export function deref(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): SchemaNode | undefined {
  let n: SchemaNode | undefined = node;
  for (let i = 0; n?.kind === 'ref' && i < MAX_REF_CHAIN; i++) n = byName.get(n.target)?.schema;
  return n?.kind === 'ref' ? undefined : n;
}

/** The properties of an object-like schema, as {@link objectProperties} computes them. */
export interface ObjectProperties {
  /** Properties in contract order (first appearance across `allOf` members). */
  props: PropertyNode[];
  /** True when the schema, or a reference or member on the way, allows null. */
  nullable: boolean;
}

/** Deepest nesting of references, unions and intersections {@link objectProperties} walks. */
const MAX_DEPTH = 20;

/**
 * The properties a value of a schema has: the one rule every plugin uses for objects, `allOf` and unions.
 *
 * - **object**: its own properties. In `read` mode writeOnly properties are left out, in `write` mode readOnly
 *   ones; with mode `all`, none.
 * - **`$ref`**: the target's properties. A reference cut to break a type-alias cycle (`names.cut`) is not
 *   object-like.
 * - **`allOf`** (intersection): the members' properties merged. A name defined in several members takes the
 *   *later* member's schema (the same rule the printer applies to contradicting branches), keeps its first
 *   position, and is required when any member requires it. Members that constrain no type (`unknown`, or
 *   a union of `required`-only variants) are skipped.
 * - **`oneOf`/`anyOf`** (union): the properties *every* variant has, required only when every variant requires
 *   them: exactly what TypeScript lets code read on the union without narrowing. A property declared with
 *   different schemas in the variants gets the union of those schemas.
 *
 * @param node a schema
 * @param names the model's schema naming table (named schemas and cut references)
 * @param mode `read`, `write` or `all` (default `read`)
 * @returns the properties, or undefined when the schema is not object-like (a primitive, an array, an
 *   unknown member, a cut reference, a dangling reference, or nesting deeper than 20)
 * @see https://spec.openapis.org/oas/v3.1.0#composition-and-inheritance-polymorphism
 */
export function objectProperties(node: SchemaNode, names: Pick<SchemaTypeNames, 'byName' | 'cut'>, mode: TypeMode | 'all' = 'read', depth = 0): ObjectProperties | undefined {
  if (depth > MAX_DEPTH || names.cut.has(node)) return undefined;
  const nullable = node.nullable === true;
  switch (node.kind) {
    case 'ref': {
      const target = names.byName.get(node.target);
      const view = target ? objectProperties(target.schema, names, mode, depth + 1) : undefined;
      return view && { props: view.props, nullable: view.nullable || nullable };
    }
    case 'object':
      return { props: node.properties.filter((p) => (mode === 'read' ? !p.schema.writeOnly : mode === 'write' ? !p.schema.readOnly : true)), nullable };
    case 'union': {
      const views = node.variants.map((v) => objectProperties(v, names, mode, depth + 1));
      if (views.length === 0 || views.some((v) => v === undefined)) return undefined;
      const [first, ...rest] = views as ObjectProperties[];
      const props = (first?.props ?? []).flatMap((p): PropertyNode[] => {
        const same = rest.map((v) => v.props.find((q) => q.name === p.name));
        if (!same.every((q) => q !== undefined)) return [];
        const required = p.required && same.every((q) => q?.required);
        // A property every variant declares with its own schema is the union of those schemas.
        const schemas = distinctSchemas([p.schema, ...same.map((q) => (q as PropertyNode).schema)]);
        const schema: SchemaNode = schemas.length === 1 ? p.schema : (mergeEnums(schemas) ?? { kind: 'union', source: 'anyOf', variants: schemas, pointer: p.schema.pointer });
        return [{ ...p, required, schema }];
      });
      return { props, nullable: nullable || views.some((v) => v?.nullable) };
    }
    case 'intersection': {
      const merged = new Map<string, PropertyNode>();
      for (const member of node.members) {
        if (unconstrained(member) || names.cut.has(member)) continue;
        const view = objectProperties(member, names, mode, depth + 1);
        if (!view) return undefined;
        for (const p of view.props) merged.set(p.name, { ...p, required: p.required || merged.get(p.name)?.required === true });
      }
      return { props: [...merged.values()], nullable };
    }
    default:
      return undefined;
  }
}

/** The schemas with structural duplicates removed (two nodes equal but for their JSON pointers count once). */
function distinctSchemas(schemas: SchemaNode[]): SchemaNode[] {
  const seen = new Set<string>();
  return schemas.filter((node) => {
    const key = JSON.stringify(node, (k, v: unknown) => (k === 'pointer' ? undefined : v));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Several enum schemas of one primitive kind as one schema with every value (`'email'` and `'sms'` →
 * `'email' | 'sms'`); undefined when they are not all enums of the same kind.
 */
function mergeEnums(schemas: SchemaNode[]): SchemaNode | undefined {
  const [first] = schemas;
  if (!first || (first.kind !== 'string' && first.kind !== 'number' && first.kind !== 'boolean')) return undefined;
  const values: Array<string | number | boolean> = [];
  for (const node of schemas) {
    if (node.kind !== first.kind || !node.enum || node.enum.length === 0) return undefined;
    for (const v of node.enum as Array<string | number | boolean>) if (!values.includes(v)) values.push(v);
  }
  return { ...first, enum: values } as SchemaNode;
}

/**
 * True when a schema constrains no type: `unknown`, or a union or intersection of such members (an `anyOf`
 * of `required` lists, say). In TypeScript such a member is `unknown` and adds nothing to an intersection.
 * @param node a schema
 */
export function unconstrained(node: SchemaNode): boolean {
  if (node.kind === 'unknown') return true;
  if (node.kind === 'union') return node.variants.length > 0 && node.variants.every(unconstrained);
  if (node.kind === 'intersection') return node.members.every(unconstrained);
  return false;
}

/**
 * The values a schema is pinned to: its `enum` (or `const`, normalized to a one-value enum) after following
 * references.
 * @param node a schema
 * @param byName named schemas by key
 * @returns the values in contract order, or undefined when the schema has no enum
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function enumValues(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): ReadonlyArray<string | number | boolean> | undefined {
  const n = deref(node, byName);
  if (!n || (n.kind !== 'string' && n.kind !== 'number' && n.kind !== 'boolean')) return undefined;
  return n.enum && n.enum.length > 0 ? n.enum : undefined;
}

/**
 * A copy of a schema with every `$ref` replaced by its target, so it can be printed where no named type is
 * imported (a path parameter's type in a client method, a hook or a query key). Meta fields written beside a
 * `$ref` (nullable, description…) are kept.
 * @param node a schema
 * @param byName named schemas by key
 * @returns the self-contained schema, or undefined when references recurse (or nest deeper than 20) or dangle
 */
export function inlineRefs(node: SchemaNode, byName: ReadonlyMap<string, NamedSchema>, depth = 0, open: ReadonlySet<string> = new Set()): SchemaNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const next = (n: SchemaNode) => inlineRefs(n, byName, depth + 1, open);
  switch (node.kind) {
    case 'ref': {
      const target = byName.get(node.target);
      if (!target || open.has(node.target)) return undefined;
      const inner = inlineRefs(target.schema, byName, depth + 1, new Set([...open, node.target]));
      if (!inner) return undefined;
      const { kind: _kind, target: _target, pointer: _pointer, ...meta } = node;
      return { ...inner, ...meta } as SchemaNode;
    }
    case 'array': {
      const items = next(node.items);
      const prefixItems = node.prefixItems?.map(next);
      if (!items || prefixItems?.some((p) => p === undefined)) return undefined;
      return prefixItems ? { ...node, items, prefixItems: prefixItems as SchemaNode[] } : { ...node, items };
    }
    case 'object': {
      const properties: PropertyNode[] = [];
      for (const p of node.properties) {
        const schema = next(p.schema);
        if (!schema) return undefined;
        properties.push({ ...p, schema });
      }
      const ap = node.additionalProperties;
      if (ap === undefined || ap === true) return { ...node, properties };
      const additionalProperties = next(ap);
      return additionalProperties && { ...node, properties, additionalProperties };
    }
    case 'union': {
      const variants = node.variants.map(next);
      return variants.every((v): v is SchemaNode => v !== undefined) ? { ...node, variants } : undefined;
    }
    case 'intersection': {
      const members = node.members.map(next);
      return members.every((m): m is SchemaNode => m !== undefined) ? { ...node, members } : undefined;
    }
    default:
      return node;
  }
}
