import type { SchemaNode } from '@reslayer/core';
import { sampleNumber } from './sampleNumber.js';
import { sampleString } from './sampleString.js';
import type { FakedValues } from './fakeString.js';
import { matchesPattern, type Patterns } from './satisfies.js';

/** Where a scalar sample stands: property name, sequence number, array position, and whether it may be left out. */
export interface ScalarSlot {
  name: string;
  index: number;
  position: number;
  optional?: boolean;
}

/**
 * True for a scalar schema with an `enum` of two values or more (a value to vary between).
 * @param node the schema (after `$ref`s)
 */
export const hasEnum = (node: SchemaNode): boolean => (node.kind === 'string' || node.kind === 'number' || node.kind === 'boolean') && (node.enum?.length ?? 0) > 1;

/**
 * A scalar without a usable example or default: an enum value by position, a format-aware string (see
 * `sampleString`), a number in range (see `sampleNumber`) or a boolean alternating by position.
 * @param node the scalar schema
 * @param slot the sample's name, sequence number and position
 * @param empty the empty variant: numbers at their minimum (first array item only), booleans false
 * @param patterns the run's compiled patterns
 * @param seed the run's seed of faker's values (0 or absent: none)
 * @param faked the run's values faker already made (see `FakedValues`)
 * @returns the value; undefined for an optional string whose pattern no sample matches; null for other kinds
 */
export function sampleScalar(node: SchemaNode, slot: ScalarSlot, empty: boolean, patterns?: Patterns, seed?: number, faked?: FakedValues): unknown {
  if (node.kind === 'string') {
    const value = sampleString(node, slot.name, slot.index, slot.position, patterns, seed, faked);
    // No string matching the pattern was found (or none exists): an optional property is left out.
    const unmatched = typeof value === 'string' && node.pattern !== undefined && matchesPattern(node.pattern, value, patterns) === false;
    return unmatched && slot.optional ? undefined : value;
  }
  // The empty variant's numbers are at their minimum, but for the first item of an array only (items may have to differ).
  if (node.kind === 'number') return node.enum?.length ? node.enum[slot.position % node.enum.length] : sampleNumber(node, slot.index, empty && slot.position === 0);
  // Booleans alternate by position (`[true, false]`), so the items of a `uniqueItems` array can differ.
  if (node.kind === 'boolean') return node.enum?.length ? node.enum[slot.position % node.enum.length] : (slot.position % 2 === 0) !== empty;
  return null;
}
