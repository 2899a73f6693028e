/**
 * A deep copy of a mock entity, as `structuredClone` makes it, that keeps each `Date`'s own `toJSON`: with
 * `dates: 'Date'`, a fixture's `format: date` field is a `Date` whose own `toJSON` answers `YYYY-MM-DD`, which
 * `structuredClone` alone drops (the copy would then answer a date-time on the wire).
 * @param value a JSON-like value (objects, arrays, scalars, `Date`s, `Blob`s)
 * @returns the copy; `value` is not changed
 */
export function cloneEntity<T>(value: T): T {
  const copy = structuredClone(value);
  keepDateJson(value, copy, 0);
  return copy;
}

/** Copies the own `toJSON` of each `Date` under `from` onto the same place under `to` (its structured clone). */
function keepDateJson(from: unknown, to: unknown, depth: number): void {
  if (depth > 64 || from === null || typeof from !== 'object' || to === null || typeof to !== 'object') return;
  if (from instanceof Date) {
    if (Object.hasOwn(from, 'toJSON')) Object.assign(to, { toJSON: (from as { toJSON: () => string }).toJSON });
    return;
  }
  for (const key of Object.keys(from)) keepDateJson((from as Record<string, unknown>)[key], (to as Record<string, unknown>)[key], depth + 1);
}

/**
 * The properties of an entity, or of them the `pick`ed ones: what a summary list item or a view answer carries (the
 * values are the entity's own, not copies: a list answer is serialized at once). A number of the `text` ones is
 * answered as its text (a numeric key a view declares a string).
 * @param entity a stored entity
 * @param pick the property names copied; every own property when undefined
 * @param text of them, those answered as text
 * @returns a new object sharing the values; `{}` for a non-object
 */
export function picked(entity: unknown, pick: readonly string[] | undefined, text?: readonly string[]): Record<string, unknown> {
  if (entity === null || typeof entity !== 'object') return {};
  const own = Object.entries(entity).filter(([name]) => !pick || pick.includes(name));
  return Object.fromEntries(own.map(([name, v]) => [name, typeof v === 'number' && text?.includes(name) ? String(v) : v]));
}
