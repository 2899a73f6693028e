import { listItemType, valueLiteral } from '@reslayer/core';
import type { HookPlan } from '../plan/planHook.js';
import type { CachePlan } from '../plan/planCache.js';
import { docBlock, layerModule, runtimeQueryModule, type Imports } from './hookFile.js';

/**
 * The type of a list item: `NonNullable<NonNullable<ListContactsResponse>['items']>[number]`, down the items path;
 * of the array alone when the list answers another body too (`Extract<NonNullable<ListAccountsResponse>, readonly unknown[]>[number]`).
 * @param c the cache plan
 * @returns the type text
 */
export function cacheItemType(c: CachePlan): string {
  return c.orOther ? `Extract<NonNullable<${c.listResponse}>, readonly unknown[]>[number]` : listItemType(c.listResponse, c.itemsProperty);
}

/**
 * The `<resource>Cache` helpers a CRUD resource's list file exports, for optimistic updates: `setDetail`,
 * `updateInLists`, `removeFromLists`, `addToLists`, `snapshot` and `restore` from `listCacheHelpers` of
 * `@reslayer/runtime/query`, over the list shape the pagination metadata describes (the items path and the total).
 * Adds its imports.
 * @param p the list operation's hook plan
 * @param c the cache plan
 * @param imports the file's imports
 * @returns the lines
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/optimistic-updates
 */
export function cacheHelpers(p: HookPlan, c: CachePlan, imports: Imports): string[] {
  imports.add(runtimeQueryModule(p), ['listCacheHelpers']);
  if (c.detailResponse !== undefined) imports.add(layerModule(p, p.s.resource), [], [c.detailResponse]);
  const shape = valueLiteral({ ...(c.itemsProperty !== undefined ? { items: c.itemsProperty } : {}), ...(c.totalProperty !== undefined ? { total: c.totalProperty } : {}), key: c.keyProperty, ...(c.keyFromUri !== undefined ? { keyFromUri: c.keyFromUri } : {}), ...(c.detailProperty !== undefined ? { detail: c.detailProperty } : {}) }, true);
  const literal = `{ lists: ${p.keys}.lists, ${shape.slice(2)}`;
  return [
    ...docBlock([
      `Cache helpers of \`${p.s.resource.resource}\` for optimistic updates (\`onMutate\`) and manual cache edits: list edits reach every`,
      `list cached under \`${p.keys}.lists()\` (or the prefix given), one response or infinite pages, matching items by their key.`,
    ]),
    `export const ${c.name} = listCacheHelpers<${cacheItemType(c)}, ${c.detailResponse ?? 'never'}>(${literal});`,
  ];
}
