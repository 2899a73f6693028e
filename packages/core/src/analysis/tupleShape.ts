import type { ArraySchema, SchemaNode } from '../model/types.js';

/** Required items a tuple spells out beyond its `prefixItems` (a larger `minItems` is left to validation). */
const MAX_SPELLED_ITEMS = 8;

/** The TypeScript tuple an array with `prefixItems` is typed as (see {@link tupleShape}). */
export interface TupleShape {
  /** The elements by position: the prefix schemas (none beyond `maxItems`), then `items` up to `minItems`. */
  elements: SchemaNode[];
  /** How many leading elements are required (`minItems`, at most the element count); the others are optional. */
  required: number;
  /** The schema of the further items (`items`), or undefined when `maxItems` ends the array after the elements. */
  rest?: SchemaNode;
}

/**
 * The tuple shape of an array with `prefixItems`, shared by the type printer and the validators so both
 * describe the same TypeScript type: `[A, B?, ...C[]]` for `prefixItems: [A, B]`, `items: C`, `minItems: 1`.
 * @param node an array schema
 * @returns the shape, or undefined when the array has no `prefixItems`
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-prefixitems
 */
export function tupleShape(node: ArraySchema): TupleShape | undefined {
  if (!node.prefixItems) return undefined;
  const min = node.minItems ?? 0;
  const max = node.maxItems ?? Infinity;
  const elements = node.prefixItems.slice(0, max);
  const spelled = Math.min(min, max, elements.length + MAX_SPELLED_ITEMS);
  while (elements.length < spelled) elements.push(node.items);
  const shape: TupleShape = { elements, required: Math.min(min, elements.length) };
  if (elements.length < max) shape.rest = node.items;
  return shape;
}
