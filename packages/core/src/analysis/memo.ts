import type { ApiModel } from '../model/types.js';

/** Symbol under which a model carries its memoized analysis results (non-enumerable, never serialized). */
const ANALYSIS = Symbol('reslayer.analysis');

type Carrier = ApiModel & { [ANALYSIS]?: Map<string, unknown> };

/**
 * Computes a value once per model and keeps it *on the model object* (a non-enumerable symbol-keyed
 * property), so every plugin of a run shares it and nothing outlives the model: no module-level state.
 * A `detect` tap that returns a new model object starts a fresh memo.
 * @param model the API model the value is derived from
 * @param key a key unique to the analysis (e.g. `'schemaTypeNames'`)
 * @param compute builds the value from the model; called at most once per model and key
 * @returns the memoized value
 */
export function memoOnModel<T>(model: ApiModel, key: string, compute: () => T): T {
  const carrier = model as Carrier;
  let memo = carrier[ANALYSIS];
  if (!memo) {
    memo = new Map();
    Object.defineProperty(carrier, ANALYSIS, { value: memo, enumerable: false, configurable: true, writable: false });
  }
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}

type SchemasCarrier = ApiModel['schemas'] & { [ANALYSIS]?: Map<string, unknown> };

/**
 * {@link memoOnModel} for an analysis that reads nothing of the model but its named schemas (`model.schemas`)
 * and its `dates` option: the value is kept on the schemas array, so a model that shares that array with an
 * earlier one (a `detect` tap's copy) shares the value too.
 * @param model the API model; only its `schemas` and `dates` may be read by `compute`
 * @param key a key unique to the analysis
 * @param compute builds the value from the model's schemas and `dates`; called at most once per schemas array, key and `dates`
 * @returns the memoized value
 */
export function memoOnSchemas<T>(model: ApiModel, key: string, compute: () => T): T {
  const carrier = model.schemas as SchemasCarrier;
  let memo = carrier[ANALYSIS];
  if (!memo) {
    memo = new Map();
    Object.defineProperty(carrier, ANALYSIS, { value: memo, enumerable: false, configurable: true, writable: false });
  }
  const full = `${key}\u0000${model.dates ?? ''}`;
  if (memo.has(full)) return memo.get(full) as T;
  const value = compute();
  memo.set(full, value);
  return value;
}

/** The store of {@link memoOnPair}: values by their two key objects. */
export type PairMemo<A extends object, B extends object, V> = WeakMap<A, WeakMap<B, V>>;

/**
 * Computes a value once per pair of objects of a model (an operation's signature or a schema node, and the
 * model's schema lookup) and keeps it in weak maps keyed by them: plugins that ask again in the same run get
 * the same value, and nothing outlives the objects (a new run's model has new ones). `compute` must read
 * nothing but the two objects, and callers must not change the value.
 * @param store the analysis's own store (one per analysis)
 * @param a the first key object
 * @param b the second key object
 * @param compute builds the value; called at most once per pair while both live
 * @returns the memoized value
 */
export function memoOnPair<A extends object, B extends object, V>(store: PairMemo<A, B, V>, a: A, b: B, compute: () => V): V {
  let inner = store.get(a);
  if (!inner) store.set(a, (inner = new WeakMap()));
  if (inner.has(b)) return inner.get(b) as V;
  const value = compute();
  inner.set(b, value);
  return value;
}
