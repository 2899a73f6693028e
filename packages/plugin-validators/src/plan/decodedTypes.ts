import type { ApiModel, SchemaNode, SchemaTypeNames } from '@reslayer/core';
import { arrayItemSchemas, printType, UniqueNames } from '@reslayer/core';
import { validatorNaming } from '../naming.js';

/** A reference target no contract schema can have: it prints as `Date`. */
const DATE_TARGET = '\u0000Date';

/**
 * Prints the type a decoding schema (option `dates: 'Date'`) outputs: plugin-client's read-mode type with
 * `Date` for every `date`/`date-time` string, and `<Name>Decoded` for every named schema (declared in
 * `components.schemas.ts`). Core's `printType` does the printing, over a copy of the schema in which those
 * strings are references to a `Date` target, so the two printers can never differ in anything else.
 * @param node the contract schema
 * @param names the model's naming table
 * @param refPrefix prefix of the decoded type names (`C.` in a resource file)
 * @returns the type text
 */
export function printDecodedType(node: SchemaNode, names: SchemaTypeNames, refPrefix: string): string {
  const cut = new Set<SchemaNode>();
  const copy = withDateRefs(node, names.cut, cut, new Map());
  const decodedNames: SchemaTypeNames = {
    ...names,
    cut,
    typeName: (target, mode) => (target === DATE_TARGET ? 'Date' : `${refPrefix}${decodedTypeName(names.typeName(target, mode))}`),
  };
  return printType(copy, { mode: 'read', names: decodedNames });
}

/**
 * Name of the decoded variant of a type: `Contact` → `ContactDecoded`.
 * @param typeName the read-mode type name
 */
export const decodedTypeName = (typeName: string): string => `${typeName}Decoded`;

/** A copy of `node` with date strings as references to {@link DATE_TARGET}; cut references stay cut. */
function withDateRefs(node: SchemaNode, oldCut: ReadonlySet<SchemaNode>, cut: Set<SchemaNode>, seen: Map<SchemaNode, SchemaNode>): SchemaNode {
  const done = seen.get(node);
  if (done) return done;
  const map = (n: SchemaNode): SchemaNode => withDateRefs(n, oldCut, cut, seen);
  let copy: SchemaNode;
  switch (node.kind) {
    case 'string':
      copy = (node.format === 'date' || node.format === 'date-time') && !node.enum?.length && !oldCut.has(node) ? { ...node, kind: 'ref', target: DATE_TARGET } as SchemaNode : { ...node };
      break;
    case 'array':
      copy = { ...node, items: map(node.items), ...(node.prefixItems ? { prefixItems: node.prefixItems.map(map) } : {}) };
      break;
    case 'object':
      copy = {
        ...node,
        properties: node.properties.map((p) => ({ ...p, schema: map(p.schema) })),
        ...(typeof node.additionalProperties === 'object' ? { additionalProperties: map(node.additionalProperties) } : {}),
      };
      break;
    case 'union':
      copy = { ...node, variants: node.variants.map(map) };
      break;
    case 'intersection':
      copy = { ...node, members: node.members.map(map) };
      break;
    default:
      copy = { ...node };
  }
  seen.set(node, copy);
  if (oldCut.has(node)) cut.add(copy);
  return copy;
}

/** True when a schema holds a `date`/`date-time` string, not following references. */
function hasDateStrings(node: SchemaNode, refs: (target: string) => boolean, seen = new Set<SchemaNode>()): boolean {
  if (seen.has(node)) return false;
  seen.add(node);
  switch (node.kind) {
    case 'string':
      return (node.format === 'date' || node.format === 'date-time') && !node.enum?.length;
    case 'ref':
      return refs(node.target);
    case 'array':
      return arrayItemSchemas(node).some((i) => hasDateStrings(i, refs, seen));
    case 'object':
      return node.properties.some((p) => hasDateStrings(p.schema, refs, seen)) || (typeof node.additionalProperties === 'object' && hasDateStrings(node.additionalProperties, refs, seen));
    case 'union':
      return node.variants.some((v) => hasDateStrings(v, refs, seen));
    case 'intersection':
      return node.members.some((m) => hasDateStrings(m, refs, seen));
    default:
      return false;
  }
}

/**
 * With `dates: 'Date'` the read schema of a named schema decodes dates, so a request schema cannot reuse it: every
 * named schema that holds dates (directly or through references) and has no Writable variant gets a request
 * ("wire") schema of its own, `<Name>WireSchema` (made unique against every other schema constant).
 * @param model the API model
 * @param names the naming table
 * @returns the wire schema constant by schema key
 */
export function wireSchemaNames(model: ApiModel, names: SchemaTypeNames): ReadonlyMap<string, string> {
  const dated = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of model.schemas) {
      if (!dated.has(s.name) && hasDateStrings(s.schema, (t) => dated.has(t))) {
        dated.add(s.name);
        changed = true;
      }
    }
  }
  const unique = new UniqueNames();
  for (const s of model.schemas) {
    unique.reserve(validatorNaming.schemaConst(s.typeName));
    const w = names.writable.get(s.name);
    if (w) unique.reserve(validatorNaming.schemaConst(w));
  }
  const out = new Map<string, string>();
  for (const s of model.schemas) if (dated.has(s.name) && !names.writable.has(s.name)) out.set(s.name, unique.take(`${s.typeName}WireSchema`));
  return out;
}
