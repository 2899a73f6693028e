import type { NumberSchema } from '@reslayer/core';
import { INTEGER_FORMATS } from './satisfies.js';

/** Further grid points tried when one is not an exact multiple in floating point. */
const GRID_ATTEMPTS = 24;

/**
 * A number within the schema's range and on its `multipleOf` grid: `index` for integers
 * (`index + 0.5` for numbers), or the lowest allowed value from 0 up in the empty variant. Below a
 * minimum, successive indexes give successive values from the minimum up (`5`, `6`… for `minimum: 5`),
 * so that items of a `uniqueItems` array can differ. On a grid, the value is one whose division by
 * `multipleOf` is an exact integer in floating point, as validators check it (`2.1 / 0.7` is
 * `3.0000000000000004`, which ajv rejects; `1.4 / 0.7` is `2`).
 * @param schema the number schema (`format: int32`/`int64` makes it an integer in that range)
 * @param index 1-based sequence number
 * @param empty true for the empty variant
 */
export function sampleNumber(schema: Pick<NumberSchema, 'integer' | 'format' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'>, index: number, empty = false): number {
  // An integer `format` on `type: number` (`format: int32`) makes it an integer in the format's range, as validators check.
  const whole = schema.format !== undefined ? INTEGER_FORMATS[schema.format] : undefined;
  const node = whole ? { ...schema, integer: true } : schema;
  const step = node.multipleOf !== undefined && node.multipleOf > 0 ? node.multipleOf : undefined;
  const unit = step ?? (node.integer ? 1 : 0.5);
  let lo = Math.max(node.minimum ?? -Infinity, whole?.[0] ?? -Infinity);
  let hi = Math.min(node.maximum ?? Infinity, whole?.[1] ?? Infinity);
  if (node.exclusiveMinimum !== undefined) lo = Math.max(lo, node.exclusiveMinimum + unit);
  if (node.exclusiveMaximum !== undefined) hi = Math.min(hi, node.exclusiveMaximum - unit);
  let v = empty ? 0 : node.integer ? index : index + 0.5;
  if (v < lo) v = empty ? lo : lo + (index - 1) * unit;
  v = Math.min(Math.max(v, lo), hi);
  if (step !== undefined) return onGrid(v, step, lo, hi, node.integer);
  if (node.integer) v = Math.ceil(v - 1e-9) > hi ? Math.floor(v) : Math.ceil(v - 1e-9);
  return Number(v.toFixed(10));
}

/** The first multiple of `step` from `v` up (else down) within the range whose division by `step` is exact. */
function onGrid(v: number, step: number, lo: number, hi: number, integer: boolean): number {
  const first = Math.ceil(v / step - 1e-9);
  const exact = (k: number): number | undefined => {
    const x = Number((k * step).toFixed(10));
    const ok = x >= lo - 1e-9 && x <= hi + 1e-9 && Number.isInteger(x / step) && (!integer || Number.isInteger(x));
    return ok ? x : undefined;
  };
  for (let i = 0; i < GRID_ATTEMPTS; i++) {
    const up = exact(first + i);
    if (up !== undefined) return up;
    const down = exact(first - 1 - i);
    if (down !== undefined) return down;
  }
  // No exact grid point near: the nearest one (a validator with a precision option accepts it).
  let x = first * step;
  if (x > hi) x = Math.floor(hi / step + 1e-9) * step;
  if (integer) x = Math.ceil(x - 1e-9) > hi ? Math.floor(x) : Math.ceil(x - 1e-9);
  return Number(x.toFixed(10));
}
