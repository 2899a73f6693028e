import type { SchemaNode } from '@reslayer/core';

/**
 * The most nodes one sample may visit, whatever the schema: past it, every further object, array, union or
 * intersection is cut to its smallest form (`{}`, `[]`, `null`) and the sample is inexact (printed with a cast).
 * Only required properties reach it (optional ones stop at the sampler's soft budget of 400): a `$ref` fan-out
 * (schema `S_i` with W required properties that all refer to `S_{i+1}`) would otherwise build W^depth values
 * from a few kilobytes of contract. A run makes a number of samples that grows with its operations and schemas,
 * so its fixtures grow with the contract's size. Real samples stay far below (the demo's largest visits a few
 * hundred nodes).
 */
export const MAX_SAMPLE_NODES = 10_000;

/** The kinds of node a sample builds inside. */
const CONTAINERS: ReadonlySet<SchemaNode['kind']> = new Set(['array', 'object', 'union', 'intersection']);

/**
 * True when a sample that has visited `spent` nodes must cut a node of this kind to its smallest form (see
 * {@link MAX_SAMPLE_NODES}). A `$ref` is never cut itself: its target is.
 * @param spent nodes visited so far
 * @param kind the node's kind
 */
export function cutsHere(spent: number, kind: SchemaNode['kind']): boolean {
  return spent > MAX_SAMPLE_NODES && CONTAINERS.has(kind);
}

/**
 * True when a sample visited more than {@link MAX_SAMPLE_NODES} nodes: it was cut (and is then inexact).
 * @param spent nodes the sample visited
 */
export function overLimit(spent: number): boolean {
  return spent > MAX_SAMPLE_NODES;
}
