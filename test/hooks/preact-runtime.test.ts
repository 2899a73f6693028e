/**
 * @jest-environment jsdom
 */
// The preact-query adapter at run time: a Preact component (rendered by @testing-library/preact) lists the
// demo's contacts with `useContactsQuery`, renames one with `useUpdateContactMutation`, and the list shows the
// new name because the mutation invalidated the list key (queries never go stale on their own here).
import { h, type VNode } from 'preact';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { QueryClient, QueryClientProvider } from '@tanstack/preact-query';
import { resetClientConfig } from '@reslayer/runtime';
import { lastNames, loadDemo, QUIET_QUERIES, type Contact, type LoadedDemo } from './adapterRuntime.js';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  useContactsQuery(): { data: { items: Contact[] } | undefined };
  useUpdateContactMutation(): { mutate(variables: { contactId: string; payload: { lastName: string } }): void; isSuccess: boolean };
}

describe('preact-query adapter at run time (jsdom, @testing-library/preact, generated MSW handlers)', () => {
  let demo: LoadedDemo<ContactsApi>;

  beforeAll(async () => {
    demo = await loadDemo<ContactsApi>('preact-query', 'hooks-preact-query-runtime');
  }, 60_000);

  afterAll(() => {
    cleanup();
    resetClientConfig();
  });

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    const { api, mocks, seen } = demo;
    const [first] = mocks.contactsFixtures;
    if (!first) throw new Error('the demo mocks have no contact');
    const client = new QueryClient({ defaultOptions: QUIET_QUERIES });
    const contactId = first.id;

    function Contacts(): VNode {
      const list = api.useContactsQuery();
      const update = api.useUpdateContactMutation();
      return h('div', null, h('p', null, `names: ${lastNames(list.data)}`), h('button', { onClick: () => update.mutate({ contactId, payload: { lastName: 'Renamed' } }) }, 'rename'), update.isSuccess ? h('p', null, 'saved') : null);
    }

    render(h(QueryClientProvider, { client }, h(Contacts, null)));
    const before = lastNames({ items: mocks.contactsFixtures });
    expect(await screen.findByText(`names: ${before}`)).toBeTruthy();
    expect(seen).toEqual(['GET /api/v1/contacts']);

    fireEvent.click(screen.getByText('rename'));
    expect(await screen.findByText('saved')).toBeTruthy();
    expect(await screen.findByText(`names: ${before.replace(first.lastName, 'Renamed')}`)).toBeTruthy();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // The second list request came from the invalidation.
    expect(seen).toEqual(['GET /api/v1/contacts', `PATCH /api/v1/contacts/${first.id}`, 'GET /api/v1/contacts']);
    client.clear();
  });
});
