// Hand-written consumer of the generated layer. It is type-checked with the generated files
// (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes) and holds deliberate misuse
// marked with @ts-expect-error: if the generated types got looser, those lines would stop erroring
// and the type-check would fail.
import { configureClient, isApiError } from '@reslayer/runtime';
import { contactsClient, contactsQueryKeys, type Contact, type ListContactsResponse } from '../generated/src/shared/api/generated/contacts/index.js';
import { companiesClient } from '../generated/src/shared/api/generated/companies/index.js';
import { filesDownloadClient } from '../generated/src/shared/api/generated/filesDownload/index.js';
import { searchClient } from '../generated/src/shared/api/generated/search/index.js';
import {
  useContactsQuery,
  useContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
} from '../generated/src/features/contacts/api/index.js';
import { useArchiveContactMutation } from '../generated/src/features/contactsArchive/api/index.js';
import { useDownloadFileQuery } from '../generated/src/features/filesDownload/api/index.js';
import { useDashboardSummaryQuery } from '../generated/src/features/dashboardSummary/api/index.js';

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

export function hookUsage(): void {
  const list = useContactsQuery({ page: 2 });
  const key: readonly unknown[] = list.queryKey;
  void key;
  const detail = useContactQuery('id-1');
  void detail.queryFn({ signal: new AbortController().signal });
  const create = useCreateContactMutation();
  void create.mutationFn({ firstName: 'Ada', lastName: 'Example', email: 'ada@example.test', status: 'lead' });
  void create.invalidates({ firstName: 'Ada', lastName: 'Example', email: 'ada@example.test', status: 'lead' });
  const update = useUpdateContactMutation();
  const stale = update.invalidates({ contactId: 'id-1', payload: { firstName: 'Grace' } });
  const listsKey: readonly ['contacts', 'list'] = stale[0];
  void listsKey;
  // @ts-expect-error update needs the contact id.
  void update.mutationFn({ payload: {} });
  void useDeleteContactMutation().mutationFn('id-1');
  const archive = useArchiveContactMutation();
  void archive.mutationFn({ contactId: 'id-1', payload: { reason: 'duplicate' } });
  // The archive action makes the contacts list and the contact's detail stale.
  const archived = archive.invalidates({ contactId: 'id-1' });
  void archived;
  void useDownloadFileQuery('f-1').queryKey;
  void useDashboardSummaryQuery().queryKey;
  void contactsQueryKeys.detail('id-1');
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
