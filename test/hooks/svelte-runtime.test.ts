/**
 * @jest-environment jsdom
 */
// The svelte-query adapter at run time: a Svelte 5 component (test/hooks/fixtures/svelte/Contacts.svelte,
// compiled by svelte/compiler through test/utils/svelteTransform.cjs, as are the runes @tanstack/svelte-query
// ships; mounted with Svelte's own `mount`) lists the demo's contacts with `createContactsQuery`, renames one
// with `createUpdateContactMutation`, and the list shows the new name because the mutation invalidated the list
// key. A getter over `$state` passed as the params refetches when the state changes.
import { mount, unmount } from 'svelte';
import { QueryClient } from '@tanstack/svelte-query';
import { resetClientConfig } from '@reslayer/runtime';
import { lastNames, loadDemo, QUIET_QUERIES, until, type Contact, type LoadedDemo } from './adapterRuntime.js';
import Contacts from './fixtures/svelte/Contacts.svelte';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  createContactsQuery(params?: () => { pageSize?: number } | undefined): { data: { items: Contact[] } | undefined };
  createUpdateContactMutation(): { mutateAsync(variables: { contactId: string; payload: { lastName: string } }): Promise<Contact> };
}
type Mutation = ReturnType<ContactsApi['createUpdateContactMutation']>;

describe('svelte-query adapter at run time (jsdom, svelte/compiler + mount, generated MSW handlers)', () => {
  let demo: LoadedDemo<ContactsApi>;
  let component: { setPageSize(next: number): void } | undefined;

  beforeAll(async () => {
    demo = await loadDemo<ContactsApi>('svelte-query', 'hooks-svelte-query-runtime');
  }, 60_000);

  afterEach(() => {
    if (component) unmount(component);
    component = undefined;
    document.body.innerHTML = '';
    demo.mocks.resetContactsStore();
    demo.seen.length = 0;
  });

  afterAll(() => resetClientConfig());

  /** Mounts the component with the demo's api and a fresh client; returns its target and the list's names. */
  function render(props: Record<string, unknown>): { client: QueryClient; names: () => string } {
    const target = document.createElement('div');
    document.body.append(target);
    const client = new QueryClient({ defaultOptions: QUIET_QUERIES });
    // Svelte's own `*.svelte` typing does not know what a component exports: here, `setPageSize`.
    component = mount(Contacts, { target, props: { api: demo.api, client, ...props } }) as unknown as { setPageSize(next: number): void };
    return { client, names: () => [...target.querySelectorAll('li')].map((li) => li.textContent?.trim()).join(',') };
  }

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    const { mocks, seen } = demo;
    const [first] = mocks.contactsFixtures;
    if (!first) throw new Error('the demo mocks have no contact');
    let update: Mutation | undefined;
    const { client, names } = render({ ready: (m: Mutation) => (update = m) });
    const before = lastNames({ items: mocks.contactsFixtures });
    await until(() => names() === before, 'the list');
    expect(seen).toEqual(['GET /api/v1/contacts']);

    const saved = await update!.mutateAsync({ contactId: first.id, payload: { lastName: 'Renamed' } });
    expect(saved.lastName).toBe('Renamed');
    await until(() => names() === before.replace(first.lastName, 'Renamed'), 'the refreshed list');
    await until(() => client.isFetching() === 0, 'the end of fetching');
    expect(seen).toEqual(['GET /api/v1/contacts', `PATCH /api/v1/contacts/${first.id}`, 'GET /api/v1/contacts']);
    client.clear();
  });

  it('follows a getter over `$state` passed as the params', async () => {
    const { mocks, seen } = demo;
    const [a, b] = mocks.contactsFixtures;
    if (!a || !b) throw new Error('the demo mocks should have two contacts or more');
    const { names } = render({ pageSize: 1 });
    await until(() => names() === a.lastName, 'the first page of one');
    component?.setPageSize(2);
    await until(() => names() === `${a.lastName},${b.lastName}`, 'the list of the new params');
    expect(seen).toEqual(['GET /api/v1/contacts?pageSize=1', 'GET /api/v1/contacts?pageSize=2']);
  });
});
