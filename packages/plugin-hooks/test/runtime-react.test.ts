/**
 * @jest-environment jsdom
 */
// The generated react-query hooks at run time: a component lists contacts with `useContactsQuery`, renames
// one with `useUpdateContactMutation`, and the list shows the new name because the mutation invalidated the
// list key (queries are never stale on their own here: staleTime Infinity, no manual refetch).
import path from 'node:path';
import { createElement as h, type ReactElement } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { fakeContactsApi, installNodeGlobals, type Contact } from './jsdomSupport.js';
import { writeLayer } from './helpers.js';

installNodeGlobals();

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  useContactsQuery(params?: { q?: string }): { data: { items: Contact[] } | undefined };
  useContactQuery(contactId: string): { data: Contact | undefined };
  useUpdateContactMutation(): { mutate(variables: { contactId: string; payload: Partial<Contact> }): void; isSuccess: boolean };
}

describe('react-query adapter at run time (jsdom, @testing-library/react)', () => {
  let api: ContactsApi;

  beforeAll(async () => {
    const root = await writeLayer('react-query', 'hooks-react-query-runtime');
    // The generated TypeScript itself, compiled by ts-jest like any test source.
    api = (await import(path.join(root, 'src/features/contacts/api/index.ts'))) as ContactsApi;
  }, 60_000);

  afterEach(() => {
    cleanup();
    resetClientConfig();
  });

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    const server = fakeContactsApi();
    configureClient({ baseUrl: 'http://test', fetch: server.fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });

    function Contacts(): ReactElement {
      const list = api.useContactsQuery({ q: '' });
      const detail = api.useContactQuery('c1');
      const update = api.useUpdateContactMutation();
      return h(
        'div',
        null,
        h('ul', null, ...(list.data?.items ?? []).map((c) => h('li', { key: c.id }, `${c.firstName} ${c.lastName}`))),
        h('p', null, `detail: ${detail.data?.lastName ?? '…'}`),
        h('button', { onClick: () => update.mutate({ contactId: 'c1', payload: { lastName: 'Byron' } }) }, 'rename'),
        update.isSuccess ? h('p', null, 'saved') : null,
      );
    }

    render(h(QueryClientProvider, { client }, h(Contacts)));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(await screen.findByText('detail: Lovelace')).toBeTruthy();
    const lists = () => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/contacts?'));
    expect(lists()).toEqual([{ method: 'GET', url: '/api/v1/contacts?q=' }]);

    fireEvent.click(screen.getByText('rename'));

    expect(await screen.findByText('Ada Byron')).toBeTruthy();
    expect(await screen.findByText('detail: Byron')).toBeTruthy();
    await screen.findByText('saved');
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(server.store.get('c1')?.lastName).toBe('Byron');
    // The second list request came from the invalidation; the detail was set from the response (no refetch).
    expect(lists()).toHaveLength(2);
    expect(server.requests.filter((r) => r.url === '/api/v1/contacts/c1').map((r) => r.method)).toEqual(['GET', 'PATCH']);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    client.clear();
  });
});
