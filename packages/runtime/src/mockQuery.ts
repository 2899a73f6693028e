/**
 * The free-text search and the sort of a store-backed mock list: `q=rivera` keeps the items whose string
 * properties contain the text, `sort=-lastName` orders them (before the page is cut).
 */

/** Free-text parameters of a list and the item properties they search (`{ params: ['q'], fields: ['firstName', …] }`). */
export interface SearchSpec {
  /** The query parameters holding the text (`q`, `search`, `query`). */
  readonly params: readonly string[];
  /** The string properties of the items searched. */
  readonly fields: readonly string[];
}

/** Sort parameters of a list: the ones naming the properties, and the one naming the direction. */
export interface SortSpec {
  /** Parameters naming the sort (`sort`, `orderBy`, `sort_by`): `lastName`, `-lastName`, `lastName:desc`, `a,-b`. */
  readonly params: readonly string[];
  /** The parameter holding the direction of every term without one (`order=desc`); a value other than `asc`/`desc` is a sort. */
  readonly order?: string;
}

/** One sort term: the property and whether it is descending. */
type Term = readonly [property: string, descending: boolean];

const DIRECTION = /^(asc|desc|ascending|descending)$/i;

/** The terms of one sort value: `-a`, `+a`, `a:desc`, `a desc`, `a.desc`, comma-separated. */
function termsOf(value: string, descending: boolean): Term[] {
  return value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t): Term => {
      if (t.startsWith('-')) return [t.slice(1), true];
      if (t.startsWith('+')) return [t.slice(1), false];
      const m = /^(.+?)[:\s.](asc|desc|ascending|descending)$/i.exec(t);
      return m ? [m[1] ?? t, /^desc/i.test(m[2] ?? '')] : [t, descending];
    });
}

/** Orders two property values: numbers by value, others as text (descending reverses); absent and `null` values last either way. */
function compare(a: unknown, b: unknown, descending: boolean): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  const c = ordered(a, b);
  return descending ? -c : c;
}

/** Numbers by value, anything else as text (objects as JSON). */
function ordered(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = typeof a === 'object' ? JSON.stringify(a) : String(a as string);
  const y = typeof b === 'object' ? JSON.stringify(b) : String(b as string);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The items whose searched properties contain the text of every search parameter present (case-insensitive).
 * @param items the items
 * @param query the request's query
 * @param spec the list's search parameters and fields
 * @returns the items kept, in order
 */
export function searchItems<T>(items: T[], query: URLSearchParams, spec: SearchSpec): T[] {
  const texts = spec.params.flatMap((p) => query.getAll(p)).map((t) => t.trim().toLowerCase()).filter((t) => t !== '');
  if (texts.length === 0) return items;
  return items.filter((item) => {
    const values = spec.fields.map((f) => (item as Record<string, unknown>)[f]).filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase());
    return texts.every((t) => values.some((v) => v.includes(t)));
  });
}

/**
 * The items sorted as the sort parameters say (a stable sort; terms naming no property of the items are ignored).
 * With only a direction (`order=desc`), the items in reverse order.
 * @param items the items
 * @param query the request's query
 * @param spec the list's sort parameters
 * @returns the items, sorted (a new array)
 */
export function sortItems<T>(items: T[], query: URLSearchParams, spec: SortSpec): T[] {
  const direction = spec.order === undefined ? null : query.get(spec.order);
  const descending = direction !== null && /^desc/i.test(direction);
  const values = [...spec.params.flatMap((p) => query.getAll(p)), ...(direction !== null && !DIRECTION.test(direction) ? [direction] : [])];
  const terms = values.flatMap((v) => termsOf(v, descending)).filter(([p]) => items.some((i) => i !== null && typeof i === 'object' && Object.hasOwn(i, p)));
  if (terms.length === 0) return descending ? [...items].reverse() : [...items];
  return [...items].sort((a, b) => {
    for (const [p, desc] of terms) {
      const c = compare((a as Record<string, unknown>)[p], (b as Record<string, unknown>)[p], desc);
      if (c !== 0) return c;
    }
    return 0;
  });
}
