import type { NamedSchema, ParameterNode, PropertyNode, SchemaNode } from '@reslayer/core';
import { resolveSchema } from '@reslayer/core';

// The free-text and sort parameters of a store-backed list, found by name (compared lower-case, without `_`, `-`, `.`).

const SEARCH: ReadonlySet<string> = new Set(['q', 'search', 'query', 'searchterm', 'term', 'keyword', 'keywords', 'text', 'filter']);
const SORT: ReadonlySet<string> = new Set(['sort', 'sortby', 'orderby', 'sortfield', 'sortkey', 'ordering']);
const ORDER: ReadonlySet<string> = new Set(['order', 'direction', 'dir', 'sortorder', 'sortdir', 'sortdirection', 'orderdirection']);

const norm = (name: string): string => name.toLowerCase().replace(/[_\-.]/g, '');

/** How a list's free text and sort are read (the runtime's `SearchSpec` and `SortSpec`). */
export interface ListQuery {
  /** Free-text parameters and the entity's string properties they search. */
  search?: { params: string[]; fields: string[] };
  /** Sort parameters, and the one holding the direction. */
  sort?: { params: string[]; order?: string };
}

/** True for a string property a free-text search reads: any string but binary (ids and dates too, as `search=<id>` finds an order). */
const searchable = (leaf: SchemaNode): boolean => leaf.kind === 'string' && leaf.format !== 'binary';

/** True for a string parameter (or an array of strings: `sort=a&sort=-b`). */
function stringy(schema: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): boolean {
  const leaf = resolveSchema(schema, byName).leaf;
  if (leaf.kind === 'array') return resolveSchema(leaf.items, byName).leaf.kind === 'string';
  return leaf.kind === 'string' || leaf.kind === 'unknown';
}

/**
 * The free-text parameters (`q`, `search`, `query`…) with the entity's string properties (every format but
 * binary: a search by an id or a date finds its item), and the sort parameters
 * (`sort`, `orderBy`, `sort_by`…) with the direction parameter (`order`, `direction`…), of a list's query
 * parameters that are strings and that neither the pagination nor a filter takes.
 * @param query the list's query parameters
 * @param props the properties of the listed items (the stored entity's, or a fixture list item's)
 * @param taken parameters the pagination and the filters read
 * @param byName named schemas by key
 * @returns the search and sort, each absent when the list has none
 */
export function listQueryOf(query: readonly ParameterNode[], props: readonly PropertyNode[], taken: ReadonlySet<string>, byName: ReadonlyMap<string, NamedSchema>): ListQuery {
  const free = query.filter((p) => !taken.has(p.name) && stringy(p.schema, byName));
  const out: ListQuery = {};
  const search = free.filter((p) => SEARCH.has(norm(p.name))).map((p) => p.name);
  const fields = props.filter((p) => searchable(resolveSchema(p.schema, byName).leaf)).map((p) => p.name);
  if (search.length > 0 && fields.length > 0) out.search = { params: search, fields };
  // OData's `$orderby` sorts as `orderBy` does (`$orderby=name desc`).
  const sort = free.filter((p) => SORT.has(norm(p.name.replace(/^\$/, '')))).map((p) => p.name);
  const order = free.find((p) => ORDER.has(norm(p.name)))?.name;
  if (sort.length > 0 || order !== undefined) out.sort = { params: sort, ...(order !== undefined ? { order } : {}) };
  return out;
}
