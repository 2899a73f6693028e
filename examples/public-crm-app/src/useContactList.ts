import { keepPreviousData } from '@tanstack/vue-query';
import { computed, ref, watch } from 'vue';
import { useContactsQuery } from './generated/src/features/contacts/api/index.js';
import { contactsConfig } from './generated/src/features/contacts/model/index.js';
import type { ListContactsParams } from './generated/src/shared/api/generated/contacts/index.js';

/** Page-number pagination of `listContacts`, as the generated config describes it. */
const pagination = contactsConfig.pagination;

/**
 * One page of contacts through the generated vue-query hook. The query parameters are a computed
 * ref, so changing the page or the page size refetches; invalidating `contactsQueryKeys.lists()`
 * (the mutations' `onSuccess`) refetches the page shown.
 */
export function useContactList() {
  const page = ref(1);
  const pageSize = ref<number>(pagination.defaultPageSize);
  const params = computed<ListContactsParams>(() => ({
    [pagination.pageParam]: page.value,
    [pagination.pageSizeParam]: pageSize.value,
  }));
  // While another page loads (a new query key), keep showing the previous one.
  const query = useContactsQuery(params, { placeholderData: keepPreviousData });

  const items = computed(() => query.data.value?.[pagination.itemsProperty] ?? []);
  const total = computed(() => query.data.value?.[pagination.totalProperty] ?? 0);
  const pageCount = computed(() => Math.max(1, Math.ceil(total.value / pageSize.value)));

  watch(pageSize, () => {
    page.value = 1;
  });
  // After a delete empties the last page, show the page before it.
  watch(pageCount, (count) => {
    if (page.value > count) page.value = count;
  });

  return { page, pageSize, items, total, pageCount, query };
}
