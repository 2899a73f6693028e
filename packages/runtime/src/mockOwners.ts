/**
 * The parents of stored items: an item created under `/parents/{id}/children` belongs to the parent whose path
 * parameter values it was created with, so the parent's sub-list lists it and another parent's does not, and a
 * parent's detail that embeds the children shows it. Seed items belong to no parent: every parent lists them.
 */

import { cloneEntity } from './mockClone.js';

/** The parent of an item: the values of the path parameters before the item's key, in path order. */
export type Owner = readonly string[];

/** The owners of each store's items, by the store's item map (so another resource's handlers can read them). */
const registry = new WeakMap<Map<string, unknown>, Map<string, Owner>>();

/**
 * The owners of a store's items by key (created on first use).
 * @param items the store's item map
 * @returns its owners: key → parent path parameter values
 */
export function ownersOf(items: Map<string, unknown>): Map<string, Owner> {
  let owners = registry.get(items);
  if (!owners) registry.set(items, (owners = new Map()));
  return owners;
}

/**
 * The parent an operation's request names: the values of the path parameters of its MSW pattern, in path order,
 * without the item key's; undefined when there are none (`/children`).
 * @param path the operation's MSW path pattern (`/parents/:id/children/:childId`)
 * @param params the request's path parameters
 * @param key the item key's parameter, left out
 * @returns the parent
 */
export function parentOf(path: string, params: Readonly<Record<string, string | readonly string[] | undefined>>, key?: string): Owner | undefined {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '').filter((name) => name !== key);
  return names.length > 0 ? names.map((name) => String(params[name] ?? '')) : undefined;
}

/**
 * True when an item belongs under a parent: the item has no owner, no parent is named, the two name a different
 * number of values (the operations' paths nest differently), or they name the same values.
 * @param owner the item's owner
 * @param parent the parent the request names
 */
export function belongs(owner: Owner | undefined, parent: Owner | undefined): boolean {
  return !owner || !parent || owner.length !== parent.length || owner.every((value, i) => value === parent[i]);
}

/**
 * The items of a store that belong under a parent (see {@link belongs}), in store order.
 * @param items the store's item map
 * @param parent the parent the request names
 * @returns the items
 */
export function itemsUnder(items: Map<string, unknown>, parent: Owner | undefined): unknown[] {
  const owners = ownersOf(items);
  return [...items].filter(([key]) => belongs(owners.get(key), parent)).map(([, item]) => item);
}

/** A property of an entity that embeds the items of another store (its sub-collection): `[property, items]`. */
export type Embed = readonly [property: string, items: Map<string, unknown>];

/**
 * An entity with its embedded sub-collections replaced by the items of their stores that belong under it (the
 * parent named by every path parameter of its read, its key included), so a child created under the parent shows
 * in its detail.
 * @param entity the stored parent entity
 * @param embeds the embedded properties and their stores
 * @param parent the parent's path parameter values
 * @returns a copy of the entity, or the entity itself when it embeds nothing
 */
export function withEmbeds(entity: unknown, embeds: readonly Embed[] | undefined, parent: Owner | undefined): unknown {
  if (!embeds?.length || entity === null || typeof entity !== 'object') return entity;
  const copy = { ...(entity as Record<string, unknown>) };
  for (const [property, items] of embeds) {
    Object.defineProperty(copy, property, { value: cloneEntity(itemsUnder(items, parent)), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
