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
import { expectParamsFollowed, expectRenameRefreshesList, loadDemo, QUIET_QUERIES, type Contact, type LoadedDemo, type RenameMutation } from './adapterRuntime.js';
import Contacts from './fixtures/svelte/Contacts.svelte';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  createContactsQuery(params?: () => { pageSize?: number } | undefined): { data: { items: Contact[] } | undefined };
  createUpdateContactMutation(): RenameMutation;
}

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
    let update: RenameMutation | undefined;
    const view = render({ ready: (m: RenameMutation) => (update = m) });
    await expectRenameRefreshesList(demo, view, () => update);
  });

  it('follows a getter over `$state` passed as the params', async () => {
    const { names } = render({ pageSize: 1 });
    await expectParamsFollowed(demo, names, () => component?.setPageSize(2));
  });
});
