import type { ArraySchema } from '@reslayer/core';
import { deref } from '@reslayer/core';
import { flatKey } from './flatKey.js';
import { built, IMPOSSIBLE, recursive, sample, type Ctx, type Slot } from './sampleSchema.js';

/** Extra item attempts of a `uniqueItems` array, beyond its count, to find distinct items. */
const UNIQUE_ATTEMPTS = 8;

/**
 * A sample of an array schema: the hint's items, else as many items as `minItems` asks and the union members show
 * (each member of an array of a union once, as far as `maxItems` allows), `prefixItems` first, distinct items for
 * `uniqueItems`.
 * @param node the array schema
 * @param ctx the call's state
 * @param slot where the array goes
 * @param hint the example's items, when one is being followed
 * @returns the array, or `IMPOSSIBLE` when fewer items than `minItems` can be made (outside lenient mode)
 */
export function sampleArray(node: ArraySchema, ctx: Ctx, slot: Slot, hint: unknown[] | undefined): unknown {
  const min = node.minItems ?? 0;
  const max = node.maxItems ?? Infinity;
  // An array of a union shows every member (each discriminated one with its own tag), as far as maxItems allows:
  // one item would leave the other members' samples (and the type errors they might show) out of the fixtures.
  const items = deref(node.items, ctx.names.byName);
  // Inside such a further item, arrays keep to one item of a union (the expansion does not nest).
  const members = items?.kind === 'union' && ctx.lean === 0 ? items.variants.length : 1;
  let count: number;
  if (ctx.o.empty || (!hint && recursive(node.items, ctx))) count = Math.min(min, max);
  else if (hint) count = Math.min(Math.max(hint.length, min), max);
  // Out of budget: the fewest items, but still one of a union (an empty array would hide it).
  else if (ctx.budget <= 0) count = Math.min(Math.max(min, members > 1 ? 1 : 0), max);
  else count = Math.min(Math.max(min, members), max);
  // `prefixItems` come first, each from its own schema, then the items as without them (a hint or the empty variant decides alone).
  const prefix = node.prefixItems ?? [];
  if (prefix.length > 0 && !hint && !ctx.o.empty) count = Math.min(prefix.length + (node.items.kind === 'unknown' ? 0 : count), max);
  const out: unknown[] = built(ctx, []);
  const seen = new Set<string>();
  const attempts = node.uniqueItems ? count + UNIQUE_ATTEMPTS : count;
  for (let j = 0; j < attempts && out.length < count; j++) {
    const item: Slot = { name: slot.name, index: (slot.index - 1) * count + j + 1, position: j, depth: slot.depth + 1, item: true };
    if (hint && j < hint.length) item.hint = { value: hint[j] };
    else if (members > 1 && out.length >= prefix.length) item.variant = (j - prefix.length) % members;
    // The first item is complete; the further members' items have their required properties (see `lean`) and
    // spend none of the budget: the rest of the sample keeps its optional properties, as without them.
    const lean = item.variant !== undefined && j > 0;
    const budget = ctx.budget;
    if (lean) ctx.lean++;
    const value = sample(prefix[out.length] ?? node.items, ctx, item);
    if (lean) {
      ctx.lean--;
      ctx.budget = budget;
    }
    // A prefix position cannot be skipped (the next item would take its place): the array ends before it.
    if (value === IMPOSSIBLE && out.length < prefix.length) break;
    if (value === IMPOSSIBLE) continue;
    // `uniqueItems`: a repeated item is left out (the next attempts vary the sequence number and position).
    if (node.uniqueItems) {
      const key = flatKey(value ?? null);
      if (seen.has(key) && out.length < prefix.length) break;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(value ?? null);
  }
  return out.length < Math.min(min, max) && !ctx.lenient ? IMPOSSIBLE : out;
}
