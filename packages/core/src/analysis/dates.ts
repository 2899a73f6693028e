import type { ApiModel, SchemaNode } from '../model/types.js';
import { memoOnSchemas } from './memo.js';
import { arrayItemSchemas } from './schemaQueries.js';

/**
 * True for a `date` or `date-time` string without `enum`/`const`: the strings `dates: 'Date'` turns into
 * `Date` objects (an enumerated date keeps its literal type).
 * @param node a schema node
 * @returns whether the node is such a string
 * @see https://spec.openapis.org/oas/v3.1.0#data-types (formats `date` and `date-time`, RFC 3339)
 */
export function isDateString(node: SchemaNode): node is Extract<SchemaNode, { kind: 'string' }> & { format: 'date' | 'date-time' } {
  return node.kind === 'string' && (node.format === 'date' || node.format === 'date-time') && !(node.enum && node.enum.length > 0);
}

/**
 * Where a value holds `date`/`date-time` strings: what the generated client hands the runtime so it can decode
 * them in responses and encode them in requests without a schema library.
 * - `date` / `date-time`: the value itself;
 * - `object`: named properties, and `rest` for every other property (`additionalProperties`);
 * - `array`: every item;
 * - `all`: every one of several shapes (the members of `allOf`, the variants of `oneOf`/`anyOf`);
 * - `ref`: the shape of a named schema (see {@link datedSchemas}).
 */
export type DateShapeNode =
  | { kind: 'date' | 'date-time' }
  | { kind: 'object'; properties: Array<[name: string, shape: DateShapeNode]>; rest?: DateShapeNode }
  | { kind: 'array'; items: DateShapeNode }
  | { kind: 'all'; shapes: DateShapeNode[] }
  | { kind: 'ref'; target: string };

/**
 * The named schemas that hold a date string, directly or through `$ref`s (a fixpoint over the model),
 * memoized on its schemas (`memoOnSchemas`). Empty unless the model has `dates: 'Date'`.
 * @param model the API model
 * @returns the schema keys
 */
export function datedSchemas(model: ApiModel): ReadonlySet<string> {
  return memoOnSchemas(model, 'datedSchemas', () => {
    const dated = new Set<string>();
    if (model.dates !== 'Date') return dated;
    for (let changed = true; changed; ) {
      changed = false;
      for (const s of model.schemas) {
        if (!dated.has(s.name) && dateShape(s.schema, dated) !== undefined) {
          dated.add(s.name);
          changed = true;
        }
      }
    }
    return dated;
  });
}

/**
 * The {@link DateShapeNode} of a schema: where its values hold date strings. Properties are taken in both
 * directions (readOnly and writeOnly ones alike): a shape only says where to look.
 * @param node the schema
 * @param dated the named schemas that hold dates ({@link datedSchemas}); a `$ref` to another one adds nothing
 * @returns the shape, or undefined when the schema holds no date string
 */
export function dateShape(node: SchemaNode, dated: ReadonlySet<string>): DateShapeNode | undefined {
  return shapeOf(node, dated, new Set());
}

function shapeOf(node: SchemaNode, dated: ReadonlySet<string>, open: Set<SchemaNode>): DateShapeNode | undefined {
  if (isDateString(node)) return { kind: node.format };
  // A node met again on the way down (a cycle that is not a `$ref`) adds nothing new.
  if (open.has(node)) return undefined;
  open.add(node);
  try {
    return compound(node, dated, open);
  } finally {
    open.delete(node);
  }
}

function compound(node: SchemaNode, dated: ReadonlySet<string>, open: Set<SchemaNode>): DateShapeNode | undefined {
  const dateShape = (n: SchemaNode) => shapeOf(n, dated, open);
  switch (node.kind) {
    case 'ref':
      return dated.has(node.target) ? { kind: 'ref', target: node.target } : undefined;
    case 'array': {
      // A tuple's positions share one item shape: every item is decoded by any shape that fits it.
      const shapes = arrayItemSchemas(node).flatMap((i) => dateShape(i) ?? []);
      const items: DateShapeNode | undefined = shapes.length <= 1 ? shapes[0] : { kind: 'all', shapes };
      return items && { kind: 'array', items };
    }
    case 'object': {
      const properties: Array<[string, DateShapeNode]> = [];
      for (const p of node.properties) {
        const shape = dateShape(p.schema);
        if (shape) properties.push([p.name, shape]);
      }
      const rest = typeof node.additionalProperties === 'object' ? dateShape(node.additionalProperties) : undefined;
      if (properties.length === 0 && !rest) return undefined;
      return rest ? { kind: 'object', properties, rest } : { kind: 'object', properties };
    }
    case 'union':
    case 'intersection': {
      const shapes = (node.kind === 'union' ? node.variants : node.members).flatMap((m) => dateShape(m) ?? []);
      if (shapes.length <= 1) return shapes[0];
      return { kind: 'all', shapes };
    }
    default:
      return undefined;
  }
}
