import { listEnvelope, pathNames, resolveSchema, type OperationSignature } from '@reslayer/core';
import type { EntityKey } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { fakeLike } from '../values/fakeString.js';

/** The value at a property path of an example, or undefined. */
function at(example: unknown, path: readonly string[]): unknown {
  let value = example;
  for (const name of path) value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
  return value;
}

/**
 * The contract's example values of a string key, distinct, in this order: the key property's schema example, the
 * read response's example, the list response example's items, the item path parameter's example.
 * @param key the store's key
 * @param example the read response's example of the entity (unwrapped)
 * @param list the resource's list operation, whose example items carry keys
 * @param param the item path parameter's schema example
 * @param ctx the planning context
 * @returns the examples (none for a key that is not a plain string)
 */
export function keyExamples(key: EntityKey, example: unknown, list: OperationSignature | undefined, param: unknown, ctx: PlanContext): string[] {
  if (key.kind !== 'string') return [];
  const own = key.schema.example ?? resolveSchema(key.schema, ctx.names.byName).leaf.example;
  const body = list?.response.content;
  const envelope = body?.schema && body.example !== undefined ? listEnvelope(body.schema, ctx.names) : undefined;
  const items = envelope ? at(body?.example, envelope.itemsProperty === undefined ? [] : pathNames(envelope.itemsProperty)) : undefined;
  const listed = Array.isArray(items) ? items.map((item) => at(item, key.path)) : [];
  const all = [own, at(example, key.path), ...listed, param];
  return [...new Set(all.filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
}

/** The longest prefix every example shares (`drep1` of `drep1mvdu…` and `drep1qqq…`); empty for one example. */
function sharedPrefix(examples: readonly string[]): string {
  if (examples.length < 2) return '';
  let prefix = examples[0] ?? '';
  for (const e of examples) while (!e.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * The `index`-th key shaped like the examples': a hexadecimal one of the same length, an id of the same prefix,
 * length and character classes (faker's, see `fakeLike`), starting with the prefix the examples share; one ending
 * in digits counted up (`INV-0001` → `INV-0003` for index 2). Undefined when the first example has no shape to keep.
 * @param examples the key's examples (see {@link keyExamples})
 * @param index the key's 1-based sequence number
 * @param name the key property's name
 * @param ctx the planning context (the run's seed and faked values)
 * @returns the key, or undefined
 */
export function keyLike(examples: readonly string[], index: number, name: string, ctx: PlanContext): string | undefined {
  const base = examples[0];
  if (base === undefined) return undefined;
  const counted = /^(.*?)(\d+)$/.exec(base);
  if (counted) return `${counted[1] ?? ''}${(BigInt(counted[2] ?? '0') + BigInt(index)).toString().padStart(counted[2]?.length ?? 0, '0')}`;
  const like = fakeLike(name, base, index + 1, ctx.scope.seed, ctx.scope.faked);
  const prefix = sharedPrefix(examples);
  return like === undefined || like.startsWith(prefix) || like.length < prefix.length ? like : prefix + like.slice(prefix.length);
}
