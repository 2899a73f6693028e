import { cmp } from '../diagnostics/Diagnostics.js';
import type { NamedSchema, PropertyNode, SchemaNode } from '../model/types.js';
import { resolveSchema } from './resolveSchema.js';
import { memoOnPair, type PairMemo } from './memo.js';
import { objectProperties } from './schemaQueries.js';
import type { SchemaTypeNames } from './schemaTypeNames.js';

/**
 * Where a value sits in a response body: a top-level property's name, or the names from the body down to a
 * nested property (`['links', 'next']`, `['meta', 'total']`). A top-level property is always written as its
 * name alone, so a name holding a dot (`odata.nextLink`) is never read as a path.
 */
export type PropertyPath = string | readonly string[];

/** The kinds of value {@link listEnvelope} looks for. */
type Kind = 'number' | 'string' | 'boolean';

type Names = Pick<SchemaTypeNames, 'byName' | 'cut'>;

/** A response property met on the way down, with the names leading to it. */
interface Found {
  path: string[];
  prop: PropertyNode;
}

/** Where the items, the count and the next page of a list response are (see {@link listEnvelope}). */
export interface ListEnvelope {
  /** The items' schema. */
  item: SchemaNode;
  /** Where the items array is; absent when the body itself is the array. */
  itemsProperty?: PropertyPath;
  /** A number holding the count of all items (`total`, `count`, `meta.total`). */
  totalProperty?: PropertyPath;
  /** A boolean telling whether more items exist (`has_more`, `hasNextPage`, `pageInfo.hasNextPage`). */
  hasMoreProperty?: PropertyPath;
  /**
   * A string holding the next page's cursor or URL (`next`, `nextCursor`, `next_page_token`, `links.next`,
   * `_links.next.href`), else a number holding it (`pagination.next`); empty, null or absent on the last page.
   */
  nextProperty?: PropertyPath;
}

// Normalized names (see `norm`), in order of preference.
/** Names of the items array in a page object. */
const ITEMS = ['items', 'data', 'results', 'content', 'records', 'value', 'entries', 'elements', 'rows', 'list', 'objects'];
/** Names of an object property that holds the page (`{ data: { items: [...] } }`) or its facts (`{ meta: { total } }`). */
const CONTAINERS = ['data', 'result', 'results', 'response', 'payload', 'embedded', 'meta', 'metadata', 'pagination', 'paging', 'page', 'pageinfo', 'links', 'link', 'cursor', 'cursors'];
const TOTAL = ['total', 'totalcount', 'totalitems', 'totalelements', 'totalresults', 'totalsize', 'count', 'totalrecords'];
const HAS_MORE = ['hasmore', 'hasnext', 'hasnextpage', 'more', 'hasmoreitems', 'hasmoreresults'];
const NEXT = ['nextcursor', 'next', 'nextpagetoken', 'nexttoken', 'nextpage', 'endcursor', 'nextlink', 'nextpageurl', 'nexturl', 'continuationtoken', 'cursor', 'after', 'pagetoken'];
/** A container by the end of its name: `response_metadata` (Slack's `response_metadata.next_cursor`), `search_pagination`. */
const CONTAINER_END = /(metadata|pagination|paging|pageinfo)$/;
/** True when a property's name says it holds the page or its facts (see `CONTAINERS`). */
const isContainer = (name: string): boolean => {
  const n = normName(name);
  return CONTAINERS.includes(n) || CONTAINER_END.test(n);
};

/**
 * A property name lower-cased without `_`, `-`, `.`, `@`, `$`, `[`, `]`: `pagesize` for `page_size` or
 * `pageSize`, `nextlink` for `@odata.nextLink`.
 * @param name a parameter or property name
 * @returns the normalized name
 */
export const normName = (name: string): string => name.toLowerCase().replace(/[_\-.@$[\]]/g, '');

/**
 * Kind of a resolved schema for matching: numbers, strings (no date formats) and booleans.
 * @param schema a schema
 * @param byName named schemas by key
 * @returns the kind, or undefined for any other schema
 */
export function kindOf(schema: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): Kind | undefined {
  const leaf = resolveSchema(schema, byName).leaf;
  if (leaf.kind === 'number' || leaf.kind === 'boolean') return leaf.kind;
  if (leaf.kind === 'string' && !/^(date|date-time|time)$/.test(leaf.format ?? '')) return 'string';
  return undefined;
}

/** A path as the public type writes it: the name alone for a top-level property. */
const published = (path: readonly string[]): PropertyPath => (path.length === 1 ? (path[0] as string) : [...path]);

/**
 * The names of a property path.
 * @param path a {@link PropertyPath}
 * @returns the names from the body down
 */
export const pathNames = (path: PropertyPath): readonly string[] => (typeof path === 'string' ? [path] : path);

/** The properties of an object schema, or `[]`. */
const propsOf = (schema: SchemaNode, names: Names): PropertyNode[] => objectProperties(schema, names)?.props ?? [];

/** The array item schema of a property, when it is an array. */
function arrayItem(schema: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): SchemaNode | undefined {
  const leaf = resolveSchema(schema, byName).leaf;
  return leaf.kind === 'array' ? leaf.items : undefined;
}

/** True for an array of hypermedia links (`_links`, `links`), which holds no items when the page has another array. */
const isLinks = (prop: PropertyNode): boolean => /^links?$/.test(normName(prop.name));

/**
 * The items of a page object: the preferred-name array property (`items`, `data`, `results`, `content`,
 * `records`, `value`…), else the array property whose name sorts first, links (`_links`) last and arrays of
 * objects before arrays of scalars (Superset's `{ ids: [string], result: [{…}] }` holds its items in `result`).
 */
function itemsIn(props: PropertyNode[], names: Names): { prop: PropertyNode; item: SchemaNode } | undefined {
  const arrays = props.flatMap((prop) => {
    const item = arrayItem(prop.schema, names.byName);
    return item ? [{ prop, item, scalar: Number(propsOf(item, names).length === 0) }] : [];
  });
  const named = ITEMS.map((n) => arrays.find((a) => normName(a.prop.name) === n)).find((a) => a !== undefined);
  return named ?? [...arrays].sort((a, b) => Number(isLinks(a.prop)) - Number(isLinks(b.prop)) || a.scalar - b.scalar || cmp(a.prop.name, b.prop.name))[0];
}

/**
 * The properties a page's facts are looked up in: the top level first, then one level down in containers
 * (`meta`, `pagination`, `links`, `data`…, names ending in `metadata` or `pagination`, and the `wrapper` that holds the
 * items) and in a container inside one (Graph-style `paging.cursors.after`), then `href` inside a `links`/`_links`
 * member (HAL's `_links.next.href`).
 */
function candidates(top: PropertyNode[], names: Names, wrapper?: string): Found[] {
  const found: Found[] = top.map((prop) => ({ path: [prop.name], prop }));
  for (const c of top) {
    if (!isContainer(c.name) && c.name !== wrapper) continue;
    for (const prop of propsOf(c.schema, names)) {
      found.push({ path: [c.name, prop.name], prop });
      // A container inside a container: Graph-style `paging.cursors.after`.
      if (isContainer(prop.name)) {
        for (const inner of propsOf(prop.schema, names)) found.push({ path: [c.name, prop.name, inner.name], prop: inner });
      }
      if (!/^links?$/.test(normName(c.name))) continue;
      const href = propsOf(prop.schema, names).find((p) => p.name === 'href');
      if (href) found.push({ path: [c.name, prop.name, 'href'], prop: { ...href, name: prop.name } });
    }
  }
  return found;
}

/** The first candidate (by preference of name, then depth) whose normalized name is in `wanted` and kind is `kind`. */
function pick(found: Found[], wanted: readonly string[], kind: Kind, byName: ReadonlyMap<string, NamedSchema>): string[] | undefined {
  const normed = found.map((f) => normName(f.prop.name));
  for (const n of wanted) {
    const hit = found.find((f, i) => normed[i] === n && kindOf(f.prop.schema, byName) === kind);
    if (hit) return hit.path;
  }
  return undefined;
}

/**
 * Where the items of a list response are, and the facts of its page: the body itself when it is an array,
 * else the items array of the page object (see `ITEMS`), or of an object one level down that holds it
 * (`{ data: { items: [...] } }`, HAL's `{ _embedded: { items: [...] } }`, or the body's only object-valued property:
 * `{ message, playlists: { items } }`). The count (`total`, `count`…), the has-more flag and the next cursor or URL are
 * looked up at the top level, then one level down in containers (`meta`, `pagination`, `paging`, `links`,
 * `pageInfo`, the items' own object), two levels down in a container's container (`paging.cursors.after`) and
 * `_links.next.href`. A property of another kind than expected (a
 * `next` that is an object) is not taken.
 * @param schema the response body schema
 * @param names the model's schema lookup (`getSchemaTypeNames(model)`)
 * @returns the envelope, or undefined when no items array is found
 */
export function listEnvelope(schema: SchemaNode, names: Names): ListEnvelope | undefined {
  return memoOnPair(envelopes, schema, names, () => findEnvelope(schema, names));
}

/** {@link listEnvelope}'s values: every plugin asks for the same bodies' envelopes, several times a run. */
const envelopes: PairMemo<SchemaNode, Names, ListEnvelope | undefined> = new WeakMap();

/** {@link listEnvelope}, computed. */
function findEnvelope(schema: SchemaNode, names: Names): ListEnvelope | undefined {
  const { byName } = names;
  const top = arrayItem(schema, byName);
  if (top) return { item: top };
  const props = propsOf(schema, names);
  let items = itemsIn(props, names);
  let itemsPath = items ? [items.prop.name] : undefined;
  // One level down: in a container, or in the body's only object-valued property (`{ message, playlists: { items, next } }`).
  const objects = props.filter((p) => propsOf(p.schema, names).length > 0);
  if (!items) {
    for (const c of props) {
      const container = isContainer(c.name);
      if ((!container && !(objects.length === 1 && objects[0] === c)) || isLinks(c)) continue;
      const inner = itemsIn(propsOf(c.schema, names), names);
      // In the only object that is no container, only an array named as items are (`items`, `data`…) is the page's.
      if (inner && (container || ITEMS.includes(normName(inner.prop.name)))) {
        items = inner;
        itemsPath = [c.name, inner.prop.name];
        break;
      }
    }
  }
  if (!items || !itemsPath) return undefined;
  const found = candidates(props, names, itemsPath.length > 1 ? itemsPath[0] : undefined);
  const total = pick(found, TOTAL, 'number', byName);
  const hasMore = pick(found, HAS_MORE, 'boolean', byName);
  // A next cursor or URL is text; else a number (vercel.com's `pagination.next`, the timestamp of the next page).
  const next = pick(found, NEXT, 'string', byName) ?? pick(found, NEXT, 'number', byName);
  return {
    item: items.item,
    itemsProperty: published(itemsPath),
    ...(total ? { totalProperty: published(total) } : {}),
    ...(hasMore ? { hasMoreProperty: published(hasMore) } : {}),
    ...(next ? { nextProperty: published(next) } : {}),
  };
}

/**
 * The item and where it sits, for callers that only need the items (`listEnvelope` without the page facts).
 * @param schema the response body schema
 * @param names the model's schema lookup
 * @returns the item schema and the property holding the array, or undefined when no array is found
 */
export function listItemsOf(schema: SchemaNode, names: Names): { item: SchemaNode; itemsProperty?: PropertyPath } | undefined {
  const e = listEnvelope(schema, names);
  return e && { item: e.item, ...(e.itemsProperty !== undefined ? { itemsProperty: e.itemsProperty } : {}) };
}
