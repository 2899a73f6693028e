import { stringLiteral } from '@reslayer/core';
import type { HookPlan } from '../plan/planHook.js';
import type { CachePlan } from '../plan/planCache.js';
import { docBlock, layerModule, optionalMember, type Imports } from './hookFile.js';

/** `page?.items`, or `page` itself when the body is the array. */
const itemsOf = (c: CachePlan, page: string): string => (c.itemsProperty === undefined ? page : `${page}${optionalMember(c.itemsProperty)}`);

/** The page with its items replaced: `{ ...page, items: … }`, or the new array itself. */
const withItems = (c: CachePlan, page: string, items: string): string => (c.itemsProperty === undefined ? items : `{ ...${page}, ${stringLiteral(c.itemsProperty)}: ${items} }`);

/** The lines of the local `editLists` that keep each page's total in step with the count of its items. */
function totalLines(c: CachePlan, total: string): string[] {
  const page = c.listResponse;
  const value = `page${optionalMember(total)}`;
  return [
    `    const count = (list: readonly ${page}[]): number => list.reduce((n, page) => { const items = ${itemsOf(c, 'page')}; return n + (Array.isArray(items) ? items.length : 0); }, 0);`,
    '    const delta = count(edited) - count(before);',
    `    const pages = delta === 0 ? edited : edited.map((page) => (typeof ${value} === 'number' ? ({ ...page, ${stringLiteral(total)}: ${value} + delta } as ${page}) : page));`,
  ];
}

/** The local `editLists` function: edits every cached list under a key prefix, one response or infinite pages. */
function editLists(c: CachePlan): string[] {
  const page = c.listResponse;
  const total = c.totalProperty;
  return [
    ...docBlock([
      'Edits the items of every list cached under `lists`: one response, or each page of an infinite query',
      `(\`edit\` gets the page index).${total !== undefined ? ' Each page\'s total follows the change in count.' : ''} Data of another shape is left as it is.`,
    ]),
    'function editLists(queryClient: QueryClient, lists: QueryKey, edit: (items: CacheItem[], page: number) => CacheItem[]): void {',
    '  queryClient.setQueriesData<CacheList>({ queryKey: lists }, (data) => {',
    "    if (data === undefined || data === null || typeof data !== 'object') return data;",
    "    const infinite = !Array.isArray(data) && Array.isArray((data as { pages?: unknown }).pages) && Array.isArray((data as { pageParams?: unknown }).pageParams);",
    `    const before: ${page}[] = infinite ? (data as InfiniteData<${page}, unknown>).pages : [data as ${page}];`,
    '    const edited = before.map((page, index) => {',
    `      const items = ${itemsOf(c, 'page')};`,
    `      return Array.isArray(items) ? (${withItems(c, 'page', 'edit([...items] as CacheItem[], index)')} as ${page}) : page;`,
    '    });',
    ...(total !== undefined ? totalLines(c, total) : ['    const pages = edited;']),
    `    return infinite ? { ...(data as InfiniteData<${page}, unknown>), pages } : (pages[0] ?? data);`,
    '  });',
    '}',
  ];
}

/**
 * The `<resource>Cache` helpers a CRUD resource's list file exports, for optimistic updates: `setDetail`,
 * `updateInLists`, `removeFromLists`, `addToLists` over the list shape the pagination metadata describes (the
 * items property and the total; a plain array; infinite-query pages), plus `snapshot`/`restore` for rollback.
 * Adds its imports.
 * @param p the list operation's hook plan
 * @param c the cache plan
 * @param tq the TanStack Query module the file imports from
 * @param imports the file's imports
 * @returns the lines
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/optimistic-updates
 */
export function cacheHelpers(p: HookPlan, c: CachePlan, tq: string, imports: Imports): string[] {
  imports.add(tq, [], ['InfiniteData', 'QueryClient', 'QueryKey']);
  if (c.detailResponse !== undefined) imports.add(layerModule(p, p.s.resource), [], [c.detailResponse]);
  const itemType = c.itemsProperty === undefined ? `NonNullable<${c.listResponse}>[number]` : `NonNullable<NonNullable<${c.listResponse}>[${stringLiteral(c.itemsProperty)}]>[number]`;
  const key = `item${optionalMember(c.keyProperty)}`;
  const detail = c.detailResponse ?? 'never';
  return [
    `/** An item of the \`${p.method}\` list. */`,
    `type CacheItem = ${itemType};`,
    `/** What a list query under \`${p.keys}.lists()\` caches: one response, or the pages of an infinite query. */`,
    `type CacheList = ${c.listResponse} | InfiniteData<${c.listResponse}, unknown>;`,
    '',
    ...editLists(c),
    '',
    ...docBlock([
      `Cache helpers of \`${p.s.resource.resource}\` for optimistic updates (\`onMutate\`) and manual cache edits. List edits`,
      `reach every list cached under \`${p.keys}.lists()\` (or the prefix given), one response or infinite pages,`,
      'matching items by the property that holds their key (the one named like the item path parameter, or `id`).',
    ]),
    `export const ${c.name} = {`,
    `  /** Sets a cached detail (\`${p.keys}.detail(…)\`): a value, or an updater of the current one (\`undefined\` changes nothing). */`,
    `  setDetail: (queryClient: QueryClient, detailKey: QueryKey, data: ${detail} | ((old: ${detail} | undefined) => ${detail} | undefined)): void => {`,
    `    queryClient.setQueryData<${detail}>(detailKey, data);`,
    '  },',
    '  /** Replaces the item of this key in every cached list with `update(item)`. */',
    `  updateInLists: (queryClient: QueryClient, id: string | number, update: (item: CacheItem) => CacheItem, lists: QueryKey = ${p.keys}.lists()): void => {`,
    `    editLists(queryClient, lists, (items) => items.map((item) => (String(${key}) === String(id) ? update(item) : item)));`,
    '  },',
    '  /** Removes the item of this key from every cached list (a total follows). */',
    `  removeFromLists: (queryClient: QueryClient, id: string | number, lists: QueryKey = ${p.keys}.lists()): void => {`,
    `    editLists(queryClient, lists, (items) => items.filter((item) => String(${key}) !== String(id)));`,
    '  },',
    '  /** Adds an item at the start of every cached list (the first page of an infinite query; a total follows). */',
    `  addToLists: (queryClient: QueryClient, item: CacheItem, lists: QueryKey = ${p.keys}.lists()): void => {`,
    '    editLists(queryClient, lists, (items, page) => (page === 0 ? [item, ...items] : items));',
    '  },',
    '  /** Cancels the queries under these keys (so no answer overwrites an optimistic edit) and returns their data. */',
    '  snapshot: async (queryClient: QueryClient, keys: readonly QueryKey[]): Promise<Array<[QueryKey, unknown]>> => {',
    '    await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));',
    '    return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));',
    '  },',
    '  /** Puts back the data a `snapshot` returned (a rollback). */',
    '  restore: (queryClient: QueryClient, snapshot: ReadonlyArray<readonly [QueryKey, unknown]>): void => {',
    '    for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data);',
    '  },',
    '};',
  ];
}
