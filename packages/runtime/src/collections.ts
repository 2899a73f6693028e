/**
 * `@reslayer/runtime/collections`: what every generated TanStack DB collection (`@reslayer/plugin-collections`)
 * shares — the rows of a list response (its envelope unwrapped where the resource model found the items), the
 * key of a row, and the persistence handlers that send a transaction's inserts, updates and deletes through the
 * generated client, one request per mutation. It imports nothing from TanStack DB: the handlers take the
 * structural part of `InsertMutationFnParams`, `UpdateMutationFnParams` and `DeleteMutationFnParams` they read,
 * so they fit `queryCollectionOptions` of `@tanstack/query-db-collection` 1.x. The client entry point
 * `@reslayer/runtime` never imports this module.
 *
 * @see https://tanstack.com/db/latest/docs/collections/query-collection
 * @see https://tanstack.com/db/latest/docs/guides/mutations (persistence handlers; a handler that throws rolls
 *   the optimistic state back)
 * @packageDocumentation
 */
import type { PropertyPath } from './meta.js';
import { readPath } from './paths.js';

/** The key of a collection row, as TanStack DB keys rows. */
export type RowKey = string | number;

/** The collection a handler runs for: its `utils.refetch` (of `QueryCollectionUtils`) reloads the list. */
export interface Refetching {
  readonly collection: { readonly utils: { readonly refetch: () => Promise<unknown> } };
}

/** The handler parameters of an insert: each mutation's new row (`PendingMutation.modified`). */
export interface InsertParams<Item> extends Refetching {
  readonly transaction: { readonly mutations: ReadonlyArray<{ readonly modified: Item }> };
}

/** One update of a transaction: the row's key, the changed fields and the row after the change. */
export interface RowUpdate<Item> {
  readonly key: RowKey;
  readonly changes: Partial<Item>;
  readonly modified: Item;
}

/** The handler parameters of an update. */
export interface UpdateParams<Item> extends Refetching {
  readonly transaction: { readonly mutations: ReadonlyArray<RowUpdate<Item>> };
}

/** The handler parameters of a delete: each mutation's key and the row as it was. */
export interface DeleteParams<Item> extends Refetching {
  readonly transaction: { readonly mutations: ReadonlyArray<{ readonly key: RowKey; readonly original: Item }> };
}

/** What a generated collection declares: where the rows are, which property keys them, and the writes it has. */
export interface CollectionSpec<Item> {
  /** Where a list response holds the items array; absent when the body is the array. */
  readonly items?: PropertyPath;
  /** The row property that holds its key (`id`), or the path to it (`['metadata', 'name']`). */
  readonly key: PropertyPath;
  /** Sends one inserted row (the create operation). */
  readonly create?: (row: Item) => Promise<unknown>;
  /** Sends one updated row (the update operation). */
  readonly update?: (update: RowUpdate<Item>) => Promise<unknown>;
  /** Sends one deleted row's key (the delete operation). */
  readonly delete?: (key: RowKey, row: Item) => Promise<unknown>;
}

/** What a handler returns: it reloaded the list itself, so the collection does not reload it again. */
export interface Persisted {
  readonly refetch: false;
}

/** The part of `queryCollectionOptions`' config a {@link CollectionSpec} gives: `select`, `getKey` and the handlers it has. */
export interface CollectionParts<Item, Data> {
  /** The rows of a list response (TanStack Query keeps the response itself in its cache). */
  select: (data: Data) => Item[];
  /** The key of a row. */
  getKey: (row: Item) => RowKey;
  onInsert?: (params: InsertParams<Item>) => Promise<Persisted>;
  onUpdate?: (params: UpdateParams<Item>) => Promise<Persisted>;
  onDelete?: (params: DeleteParams<Item>) => Promise<Persisted>;
}

/**
 * The rows of a list response: the array at `items` (or the body, when it is the array).
 * @param data a list response
 * @param items where the items are
 * @returns the rows
 * @throws TypeError when no array is there (the response does not have the contract's shape)
 */
export function listRows<Item>(data: unknown, items: PropertyPath | undefined): Item[] {
  const rows = readPath(data, items);
  if (!Array.isArray(rows)) throw new TypeError(`collection: the list response holds no array at ${items === undefined ? 'its body' : JSON.stringify(items)}`);
  return rows as Item[];
}

/**
 * The key of a row: the value of its key property, a number as it is, anything else as a string.
 * @param row a row
 * @param key the key property
 * @returns the key
 * @throws TypeError when the row has no key (null or absent)
 */
export function rowKey(row: unknown, key: PropertyPath): RowKey {
  const value = readPath(row, key);
  if (value === undefined || value === null) throw new TypeError(`collection: a row has no key property ${JSON.stringify(key)}`);
  return typeof value === 'number' ? value : String(value);
}

/**
 * Runs one request per mutation, in order, then reloads the list (the server's rows replace the optimistic ones)
 * and tells the collection not to reload it again, as TanStack DB 0.x asks of handlers ahead of 1.0. The first
 * request that fails rejects, which rolls the transaction back.
 * @param params the handler's parameters (the collection, to reload)
 * @param mutations the transaction's mutations
 * @param send the request of one mutation
 * @returns `{ refetch: false }`
 * @see https://tanstack.com/db/latest/docs/collections/query-collection#controlling-refetch-behavior
 */
async function each<M>(params: Refetching, mutations: ReadonlyArray<M>, send: (mutation: M) => Promise<unknown>): Promise<Persisted> {
  for (const m of mutations) await send(m);
  await params.collection.utils.refetch();
  return { refetch: false };
}

/**
 * Builds `select`, `getKey` and the persistence handlers of a generated collection, to spread into
 * `queryCollectionOptions` beside the list's `queryKey` and `queryFn`. A handler that resolves has reloaded the
 * list (the server's rows replace the optimistic ones); one that rejects (an `ApiError` for a 4xx or 5xx) rolls
 * the optimistic change back.
 * @param spec where the rows are, the key property, and the writes
 * @returns the config parts, with a handler only for each write given
 * @example ...collectionParts<Contact, ListContactsResponse>({ items: 'items', key: 'id', create: (row) => contactsClient.createContact(pick(row, ['firstName'])) })
 */
export function collectionParts<Item, Data>(spec: CollectionSpec<Item>): CollectionParts<Item, Data> {
  const { create, update, delete: remove } = spec;
  return {
    select: (data) => listRows<Item>(data, spec.items),
    getKey: (row) => rowKey(row, spec.key),
    ...(create ? { onInsert: (params: InsertParams<Item>) => each(params, params.transaction.mutations, (m) => create(m.modified)) } : {}),
    ...(update ? { onUpdate: (params: UpdateParams<Item>) => each(params, params.transaction.mutations, update) } : {}),
    ...(remove ? { onDelete: (params: DeleteParams<Item>) => each(params, params.transaction.mutations, (m) => remove(m.key, m.original)) } : {}),
  };
}

/**
 * The fields of a row a request body takes (a create's payload, an update's patch), present ones only: what
 * the server does not accept (read-only fields, an id the client made up) stays out.
 * @param row a row or its changes
 * @param fields the body's property names
 * @returns a new object with those of `fields` that `row` has
 */
export function pick<T extends object, K extends string>(row: T, fields: readonly K[]): Pick<T, K & keyof T> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(row, f)) out[f] = (row as Record<string, unknown>)[f];
  return out as Pick<T, K & keyof T>;
}
