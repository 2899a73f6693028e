import { computed, ref } from 'vue';
import { useContactsInfiniteQuery } from './generated/src/features/contacts/api/index.js';
import { contactsConfig } from './generated/src/features/contacts/model/index.js';
import type { ListContactsParams } from './generated/src/shared/api/generated/contacts/index.js';

/** Page-number pagination of `listContacts`, as the generated config describes it. */
const pagination = contactsConfig.pagination;

/**
 * The contacts list as an infinite query through the generated vue-query composable: the first page
 * loads at once and `loadMore()` appends the next one (`fetchNextPage`), until the pages hold as many
 * items as the list's total says (the generated `getNextPageParam`). The page size is a ref in the
 * query parameters, so changing it starts over from page 1 (a new query key). The mutations' cache
 * effects invalidate `contactsQueryKeys.lists()`, a prefix of this query's key, so every loaded page
 * refetches after a change; an optimistic edit rewrites the item in every loaded page.
 * @returns the page size ref, the loaded items, the list's total, the number of loaded pages,
 *   `loadMore`, and the query itself (`hasNextPage`, `isFetchingNextPage`, `isFetching`, `error`…)
 */
export function useContactList() {
  const pageSize = ref<number>(pagination.defaultPageSize);
  const params = computed<Omit<ListContactsParams, 'page'>>(() => ({ [pagination.pageSizeParam]: pageSize.value }));
  const query = useContactsInfiniteQuery(params);

  const pages = computed(() => query.data.value?.pages ?? []);
  const items = computed(() => pages.value.flatMap((page) => page[pagination.itemsProperty] ?? []));
  // Every page carries the list's total; the last loaded page has the newest one.
  const total = computed(() => pages.value.at(-1)?.[pagination.totalProperty] ?? 0);
  const pagesLoaded = computed(() => pages.value.length);

  /** Loads the next page, unless there is none or one is on its way. */
  function loadMore(): void {
    if (query.hasNextPage.value && !query.isFetchingNextPage.value) void query.fetchNextPage();
  }

  return { pageSize, items, total, pagesLoaded, loadMore, query };
}
