/**
 * The in-memory store behind a CRUD resource's generated mocks: its items by key, seeded from the fixtures,
 * new keys for created items, and how a payload is merged into a stored item.
 */
import { cloneEntity } from './mockClone.js';
import type { PropertyPath } from './meta.js';
import { ownersOf } from './mockOwners.js';
import { namesOf, readPath } from './paths.js';

/**
 * Properties a merge copies: a name, `[name, fields]` to merge an object value into the object already there, or
 * `[name, 'non-null']` to copy a value unless it is `null` (a nullable request property over a non-null one).
 */
export type Fields = ReadonlyArray<string | readonly [string, Fields] | readonly [string, 'non-null']>;

/** Defines an own, enumerable property (`__proto__` stays a plain key). */
function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Copies the given properties of `source` into `target` (nested fields into the object `target` holds).
 * @param target the stored entity
 * @param source the request payload
 * @param fields the properties to copy
 * @returns `target`
 */
export function merge<T extends object>(target: T, source: object, fields: Fields): T {
  const to = target as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const field of fields) {
    const [name, nested] = typeof field === 'string' ? [field, undefined] : field;
    const value = Object.hasOwn(from, name) ? from[name] : undefined;
    if (value === undefined || (nested === 'non-null' && value === null)) continue;
    const current = Object.hasOwn(to, name) ? to[name] : undefined;
    if (!nested || nested === 'non-null') define(to, name, value);
    else if (value !== null && typeof value === 'object' && current !== null && typeof current === 'object') merge(current, value, nested);
  }
  return target;
}

/**
 * The JSON object body of a request, or `{}` when it has none.
 * @param request the intercepted request
 * @returns the body
 */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Sets the value at a property path of an object, in place (objects on the way must exist).
 * @param target the object
 * @param path where to write
 * @param value the value
 */
export function setPath(target: unknown, path: PropertyPath, value: unknown): void {
  const names = namesOf(path);
  let at = target;
  for (const [i, name] of names.entries()) {
    if (at === null || typeof at !== 'object') return;
    if (i === names.length - 1) define(at, name, value);
    else at = (at as Record<string, unknown>)[name];
  }
}

/** The item key of a store: the entity property that holds the item path parameter's value. */
export interface KeySpec {
  /** Where the key is in an entity: `'id'`, or `['article', 'slug']` inside a wrapping property. */
  readonly path: PropertyPath;
  /** How a created item gets its key past the `fresh` ones: a counting UUID, the count as text (`'4'`), a counting number, or the first unused enum value. */
  readonly kind: 'uuid' | 'string' | 'number' | 'enum';
  /** The values of an enum key, in order. */
  readonly values?: ReadonlyArray<string | number>;
  /** Keys for created items used first (values of the key's schema when the plain ones would break it). */
  readonly fresh?: ReadonlyArray<string | number>;
}

/** What a store is made from. */
export interface StoreSpec<E> {
  /** The seed: the resource's entity fixtures. */
  readonly seed: readonly E[];
  /** What a created entity starts from before the payload is merged in (the required fields). */
  readonly defaults: E;
  /** The entity property holding the key; absent when none does (the store is keyed by position). */
  readonly key?: KeySpec;
  /** Store keys of the seed when keyed by position and `'1'`, `'2'`… break the item path parameter's schema. */
  readonly positionKeys?: readonly string[];
  /**
   * The seed's items lack the key property `key.path` (no entity property holds the key, but the entity allows one
   * more): they are keyed by position (`positionKeys`, else `'1'`, `'2'`…) and the store writes that key into them.
   */
  readonly carried?: boolean;
  /** The key and readOnly properties: a PUT keeps them from the stored item. */
  readonly serverFields?: Fields;
  /** Time stamps (`date-time` properties) a create sets (`created`, all of them) and an update sets (`updated`). */
  readonly stamps?: { readonly created: readonly string[]; readonly updated?: readonly string[] };
}

/** A store: the items by key (the generated `<resource>Store`), `reset` and new keys. */
export interface MockStore<E> {
  /** The items by key (the item path parameter's value). */
  readonly items: Map<string, E>;
  /** Restores the items to the seed and the key counter to its start. */
  readonly reset: () => void;
  /** A new, unused key (deterministic: counts up and skips taken keys). */
  readonly nextKey: () => string | number;
  /** A created entity: the defaults with the payload's fields merged in and a new key (or the given one), not stored yet. */
  readonly create: (payload: object, fields: Fields, key?: string) => { key: string; entity: E };
  /** The key spec (for the handlers). */
  readonly spec: StoreSpec<E>;
  /** Sets the `updated` time stamps of an entity to the next write time (see {@link StoreSpec.stamps}). */
  readonly touch: (entity: object) => void;
}

/** Milliseconds since the epoch of a stamp value (an ISO string or a `Date`); NaN when it is neither. */
const timeOf = (value: unknown): number => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN);

/**
 * A clock of write times: the latest stamp of the seed, then one minute later at every write (deterministic).
 * @param spec the store spec
 * @returns the next write time (ISO 8601), and a reset to the seed's time
 */
function writeClock<E>(spec: StoreSpec<E>): { next: () => string; reset: () => void } {
  const names = spec.stamps?.created ?? [];
  const times = spec.seed.flatMap((item) => names.map((n) => timeOf((item as Record<string, unknown>)[n]))).filter(Number.isFinite);
  const start = times.length > 0 ? Math.max(...times) : Date.UTC(2024, 0, 1);
  let tick = 0;
  return { next: () => new Date(start + (tick += 1) * 60_000).toISOString(), reset: () => void (tick = 0) };
}

/** The UUID of sequence number `n`: `00000000-0000-4000-8000-00000000000n` (version 4 layout). */
export const sequenceUuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A store seeded from the fixtures (see {@link StoreSpec}). A created entity's time stamps, and an updated one's
 * `updated` stamps, are later than every seed's: the seed's latest, plus one minute per write.
 * @param spec the seed, defaults and key
 * @returns the store, already seeded
 */
export function createStore<E>(spec: StoreSpec<E>): MockStore<E> {
  const items = new Map<string, E>();
  const key = spec.key;
  let sequence = 0;
  const clock = writeClock(spec);
  const reset = (): void => {
    items.clear();
    ownersOf(items as Map<string, unknown>).clear();
    sequence = 0;
    clock.reset();
    spec.seed.forEach((item, i) => {
      const entity = cloneEntity(item);
      const position = spec.positionKeys?.[i] ?? String(i + 1);
      if (key && spec.carried) setPath(entity, key.path, key.kind === 'number' ? Number(position) : position);
      items.set(key && !spec.carried ? String(readPath(item, key.path)) : position, entity);
    });
  };
  // Past the fresh keys a string key is the sequence number as text (`'4'`): no `<property>-<n>` placeholder, and
  // it still fits a numeric path parameter.
  const make = (n: number): string | number => (key?.kind === 'uuid' ? sequenceUuid(n) : key?.kind === 'number' ? n : String(n));
  const nextKey = (): string | number => {
    if (key?.kind === 'enum') return key.values?.find((v) => !items.has(String(v))) ?? key.values?.[0] ?? '';
    const free = key?.fresh?.find((v) => !items.has(String(v)));
    if (free !== undefined) return free;
    let id: string | number;
    do id = make((sequence += 1));
    while (items.has(String(id)));
    return id;
  };
  const create = (payload: object, fields: Fields, given?: string): { key: string; entity: E } => {
    // A given key (a path's text) is stored as a number when the key is one and the text reads as one.
    const id = given === undefined ? nextKey() : key?.kind === 'number' && given.trim() !== '' && Number.isFinite(Number(given)) ? Number(given) : given;
    const entity = merge(cloneEntity(spec.defaults) as E & object, payload, fields);
    if (key) setPath(entity, key.path, id);
    const now = spec.stamps?.created.length ? clock.next() : '';
    for (const name of spec.stamps?.created ?? []) setPath(entity, name, now);
    return { key: String(id), entity };
  };
  const touch = (entity: object): void => {
    const now = spec.stamps?.updated?.length ? clock.next() : '';
    for (const name of spec.stamps?.updated ?? []) setPath(entity, name, now);
  };
  reset();
  return { items, reset, nextKey, create, spec, touch };
}
