/**
 * A value or a function that returns it: what the generated Svelte, Solid and Angular hooks accept for their
 * parameters and options. A Solid accessor, an Angular signal and a Svelte getter (`() => id`) are all
 * functions, so the hook reads them inside its options function and the query follows their changes.
 * The parameters of generated hooks are never functions themselves (path values, query objects, bodies),
 * so the two cases cannot be confused.
 */
export type MaybeAccessor<T> = T | (() => T);

/**
 * Reads a {@link MaybeAccessor}: calls it when it is a function (tracking it in the framework's reactive
 * scope), returns it as it is otherwise.
 * @param value a plain value, an accessor, a signal or a getter
 * @returns the current value
 */
export function readAccessor<T>(value: MaybeAccessor<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}
