/**
 * A value as text for `uniqueItems` (JSON equality: object keys in any order are the same value).
 * @param value a JSON-like value
 * @returns its JSON text with object keys sorted
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#name-uniqueitems
 */
export function flatKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
