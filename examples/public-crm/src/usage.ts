// Hand-written consumer of the generated layer. It is type-checked with the generated files
// (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes) and holds deliberate misuse
// marked with @ts-expect-error: if the generated types got looser, those lines would stop erroring
// and the type-check would fail.
import { configureClient, isApiError } from '@reslayer/runtime';
import { contactsClient, contactsQueryKeys, type Contact, type ListContactsResponse } from '../generated/src/shared/api/generated/contacts/index.js';
import { companiesClient } from '../generated/src/shared/api/generated/companies/index.js';
import { filesDownloadClient } from '../generated/src/shared/api/generated/filesDownload/index.js';
import { searchClient } from '../generated/src/shared/api/generated/search/index.js';
import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver, skipToken } from '@tanstack/query-core';
import {
  contactsQueryOptions,
  contactsInfiniteQueryOptions,
  contactQueryOptions,
  createContactMutationOptions,
  updateContactMutationOptions,
  deleteContactMutationOptions,
  deleteContactInvalidates,
  contactsCache,
  type CreateContactVariables,
} from '../generated/src/features/contacts/api/index.js';
import * as contactsApi from '../generated/src/features/contacts/api/index.js';
import { archiveContactMutationOptions, archiveContactInvalidates } from '../generated/src/features/contactsArchive/api/index.js';
import { downloadFileQueryOptions } from '../generated/src/features/filesDownload/api/index.js';
import { dashboardSummaryQueryOptions } from '../generated/src/features/dashboardSummary/api/index.js';
import { searchQueryOptions } from '../generated/src/features/search/api/index.js';

configureClient({ baseUrl: 'https://crm.example.test', auth: { type: 'bearer', token: () => 'token' } });

export async function clientUsage(): Promise<void> {
  const page: ListContactsResponse = await contactsClient.listContacts({ page: 1, pageSize: 20, status: ['active', 'lead'] });
  const first: Contact | undefined = page.items[0];
  if (first) {
    const again = await contactsClient.getContact(first.id);
    const phone: string | null | undefined = again.phone;
    void phone;
    await contactsClient.updateContact(first.id, { lastName: 'Example' });
    await contactsClient.deleteContact(first.id);
  }
  const created = await contactsClient.createContact({ firstName: 'Ada', lastName: 'Example', email: 'ada@example.test', status: 'lead' });
  void created.createdAt;
  // @ts-expect-error readOnly `id` is not part of the create payload.
  await contactsClient.createContact({ id: 'x', firstName: 'A', lastName: 'B', email: 'a@example.test', status: 'lead' });
  // @ts-expect-error `status` only takes the contract's enum values.
  await contactsClient.listContacts({ status: ['unknown'] });
  // @ts-expect-error exactOptionalPropertyTypes: an optional field cannot be set to undefined.
  await contactsClient.updateContact('id', { lastName: undefined });
  const file: Blob = await filesDownloadClient.downloadFile('00000000-0000-4000-8000-000000000001');
  void file.size;
  // @ts-expect-error `q` is a required query parameter of search.
  await searchClient.search({});
  const companies = await companiesClient.listCompanies({ industry: 'software' });
  void companies.total;
  try {
    await contactsClient.getContact('missing');
  } catch (error) {
    if (isApiError(error)) void error.status;
  }
}

/** Every export of a query or mutation module whose name starts with `use`: none in the framework-free output. */
type HookNames<T> = Extract<keyof T, `use${string}`>;

export async function queryUsage(queryClient: QueryClient, maybeId: string | undefined): Promise<void> {
  // Nothing in the framework-free output is named like a React hook.
  const noHooks: [HookNames<typeof contactsApi>] extends [never] ? true : false = true;
  void noHooks;
  // Keys are tagged with the response and error types: getQueryData and setQueryData are typed.
  const cached: Contact | undefined = queryClient.getQueryData(contactQueryOptions('id-1').queryKey);
  void cached;
  const firstName: string | undefined = queryClient.getQueryData(contactQueryOptions('id-1').queryKey)?.firstName;
  void firstName;
  // @ts-expect-error the detail's data is a Contact, not a page of contacts.
  void queryClient.getQueryData(contactQueryOptions('id-1').queryKey)?.items;
  queryClient.setQueryData(contactQueryOptions('id-1').queryKey, (old) => (old ? { ...old, lastName: 'Example' } : old));
  // @ts-expect-error setQueryData checks the value against the tagged data type.
  queryClient.setQueryData(contactQueryOptions('id-1').queryKey, { items: [] });
  const page = await queryClient.fetchQuery(contactsQueryOptions({ page: 2 }));
  void page.items.length;
  // The error is the operation's ApiError: its status is a number.
  const status: number | undefined = queryClient.getQueryState(contactQueryOptions('id-1').queryKey)?.error?.status;
  void status;
  const observer = new QueryObserver(queryClient, contactQueryOptions(maybeId));
  const detail: Contact | undefined = observer.getCurrentResult().data;
  void detail;
  // An undefined id gives skipToken: the query waits instead of throwing.
  const waiting = contactQueryOptions(undefined);
  const skipped: typeof skipToken | undefined = waiting.queryFn === skipToken ? waiting.queryFn : undefined;
  void skipped;
  // @ts-expect-error an id that is not a string is rejected.
  contactQueryOptions(42);
  // Infinite lists: the page parameter is set by the factory, not by the caller.
  const pages = new InfiniteQueryObserver(queryClient, contactsInfiniteQueryOptions({ pageSize: 10 }));
  const firstPage: ListContactsResponse | undefined = pages.getCurrentResult().data?.pages[0];
  void firstPage;
  // @ts-expect-error `page` belongs to the infinite query.
  contactsInfiniteQueryOptions({ page: 2 });
  void downloadFileQueryOptions('f-1').queryKey;
  void dashboardSummaryQueryOptions().queryKey;
  void searchQueryOptions({ q: 'ada' }).queryKey;
  void contactsQueryKeys.detail('id-1');
}

export async function mutationUsage(queryClient: QueryClient): Promise<void> {
  // Variables are always one object named by the contract's parameter names.
  const create = new MutationObserver(queryClient, createContactMutationOptions(queryClient));
  const variables: CreateContactVariables = { payload: { firstName: 'Ada', lastName: 'Example', email: 'ada@example.test', status: 'lead' } };
  await create.mutate(variables);
  // @ts-expect-error the payload is a member of the variables, not the variables themselves.
  await create.mutate({ firstName: 'Ada', lastName: 'Example', email: 'ada@example.test', status: 'lead' });
  const update = new MutationObserver(queryClient, updateContactMutationOptions(queryClient));
  await update.mutate({ contactId: 'id-1', payload: { firstName: 'Grace' } });
  // @ts-expect-error update needs the contact id.
  await update.mutate({ payload: {} });
  // Mutation options are TanStack's own: onMutate, meta and retry go next to the generated ones.
  const options = deleteContactMutationOptions(queryClient);
  const remove = new MutationObserver(queryClient, { ...options, retry: 1, meta: { screen: 'detail' }, onMutate: ({ contactId }) => ({ contactId }) });
  await remove.mutate({ contactId: 'id-1' });
  // @ts-expect-error delete takes `{ contactId }`, not a bare id.
  await remove.mutate('id-1');
  // Optimistic updates, per call: onMutate applies the change through contactsCache, onError rolls it back.
  const optimistic = new MutationObserver(queryClient, updateContactMutationOptions(queryClient, { optimistic: true }));
  await optimistic.mutate({ contactId: 'id-1', payload: { lastName: 'Hopper' } });
  // @ts-expect-error `optimistic` is a boolean.
  updateContactMutationOptions(queryClient, { optimistic: 'yes' });
  // The cache helpers are typed by the list's items and the detail.
  contactsCache.setDetail(queryClient, contactsQueryKeys.detail('id-1'), (old) => (old ? { ...old, lastName: 'Hopper' } : old));
  contactsCache.updateInLists(queryClient, 'id-1', (item) => ({ ...item, lastName: 'Hopper' }));
  contactsCache.removeFromLists(queryClient, 'id-1');
  const snapshot = await contactsCache.snapshot(queryClient, [contactsQueryKeys.lists()]);
  contactsCache.restore(queryClient, snapshot);
  // @ts-expect-error an item added to the lists must be a whole contact.
  contactsCache.addToLists(queryClient, { lastName: 'Hopper' });
  // @ts-expect-error the detail updater returns a contact, not a string.
  contactsCache.setDetail(queryClient, contactsQueryKeys.detail('id-1'), () => 'Hopper');
  // The cache effects are data: a delete removes the detail and invalidates the lists.
  const removed: readonly (readonly unknown[])[] = deleteContactInvalidates.remove({ contactId: 'id-1' });
  const stale: readonly ['contacts', 'list'] = deleteContactInvalidates.invalidate({ contactId: 'id-1' })[0];
  void removed;
  void stale;
  // The archive action makes the contact's detail and the contacts lists stale.
  void archiveContactInvalidates.invalidate({ contactId: 'id-1', payload: { reason: 'duplicate' } });
  void archiveContactMutationOptions().mutationFn({ contactId: 'id-1', payload: { reason: 'duplicate' } });
}

// Config metadata, permissions and i18n.
import { contactsConfig, contactsPermissions, contactsI18n } from '../generated/src/features/contacts/model/index.js';
import type { ResourceConfig } from '@reslayer/runtime';

export function metadataUsage(): string[] {
  const config: ResourceConfig = contactsConfig;
  const fieldNames = config.fields.map((f) => f.name);
  const sortable = contactsConfig.columns.filter((c) => c.sortable).map((c) => c.name);
  const pageParam: 'page' = contactsConfig.pagination.mode === 'page' ? contactsConfig.pagination.pageParam : 'page';
  void pageParam;
  const permission: 'contacts:create' = contactsPermissions.create.permission;
  void permission;
  const label: string = contactsI18n.fields.firstName;
  // @ts-expect-error the catalog only has the contract's fields.
  void contactsI18n.fields.notAField;
  return [...fieldNames, ...sortable, label];
}

// Mocks: MSW 3 handlers, scenarios and the in-memory store.
import type { HttpHandler } from 'msw';
import { contactsHandlers, contactsScenarios, getContactsScenario, resetContactsStore, contactsFixtures } from '../generated/src/shared/mocks/contacts/index.js';

export function mockUsage(): HttpHandler[] {
  resetContactsStore();
  const first: Contact | undefined = contactsFixtures[0];
  void first;
  // @ts-expect-error only the four named scenarios exist.
  void getContactsScenario('flaky');
  return [...contactsHandlers, ...contactsScenarios.error, ...getContactsScenario('slow', { delayMs: 10 })];
}
