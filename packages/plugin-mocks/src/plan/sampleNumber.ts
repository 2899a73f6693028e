import type { NumberSchema } from '@reslayer/core';

/**
 * A number within the schema's range and on its `multipleOf` grid: `index` for integers
 * (`index + 0.5` for numbers), or the lowest allowed value from 0 up in the empty variant.
 * @param node the number schema
 * @param index 1-based sequence number
 * @param empty true for the empty variant
 */
export function sampleNumber(node: Pick<NumberSchema, 'integer' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'>, index: number, empty = false): number {
  const step = node.multipleOf !== undefined && node.multipleOf > 0 ? node.multipleOf : undefined;
  const unit = step ?? (node.integer ? 1 : 0.5);
  let lo = node.minimum ?? -Infinity;
  let hi = node.maximum ?? Infinity;
  if (node.exclusiveMinimum !== undefined) lo = Math.max(lo, node.exclusiveMinimum + unit);
  if (node.exclusiveMaximum !== undefined) hi = Math.min(hi, node.exclusiveMaximum - unit);
  let v = empty ? 0 : node.integer ? index : index + 0.5;
  v = Math.min(Math.max(v, lo), hi);
  if (step !== undefined) {
    v = Math.ceil(v / step - 1e-9) * step;
    if (v > hi) v = Math.floor(hi / step + 1e-9) * step;
  }
  if (node.integer) v = Math.ceil(v - 1e-9) > hi ? Math.floor(v) : Math.ceil(v - 1e-9);
  return Number(v.toFixed(10));
}
