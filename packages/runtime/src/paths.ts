/**
 * Reading and replacing a value at a property path of a JSON value, shared by the list-cache helpers, the
 * infinite-query pagination and the mock store.
 */
import type { PropertyPath } from './meta.js';

/**
 * The names of a property path: `['items']` for `'items'`, the array itself for a nested path.
 * @param path a property path
 * @returns the names from the body down
 */
export const namesOf = (path: PropertyPath): readonly string[] => (typeof path === 'string' ? [path] : path);

/** True for a plain object or array (something a property can be read from). */
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/**
 * The value at a path (own properties only), or the value itself for no path.
 * @param value a JSON value
 * @param path where to read; undefined reads the value itself
 * @returns the value found, or undefined when a step is missing or not an object
 */
export function readPath(value: unknown, path: PropertyPath | undefined): unknown {
  if (path === undefined) return value;
  let at = value;
  for (const name of namesOf(path)) {
    if (!isRecord(at) || !Object.hasOwn(at, name)) return undefined;
    at = at[name];
  }
  return at;
}

/**
 * A copy of `value` with `next` at `path`; the objects along the path are copied, nothing else. Objects missing
 * on the way are created. With no path, `next` itself.
 * @param value a JSON object
 * @param path where to write
 * @param next the new value
 * @returns the new value (the input is not changed)
 */
export function withPath(value: unknown, path: PropertyPath | undefined, next: unknown): unknown {
  if (path === undefined) return next;
  const [name, ...rest] = namesOf(path);
  if (name === undefined) return next;
  const copy: Record<string, unknown> = isRecord(value) && !Array.isArray(value) ? { ...value } : {};
  const child = Object.hasOwn(copy, name) ? copy[name] : undefined;
  Object.defineProperty(copy, name, { value: rest.length === 0 ? next : withPath(child, rest, next), enumerable: true, writable: true, configurable: true });
  return copy;
}
