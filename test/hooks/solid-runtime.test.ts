/**
 * @jest-environment jsdom
 */
// The solid-query adapter at run time: a Solid component (mounted with `render` of `solid-js/web`, written
// without JSX so no Solid compiler is needed) lists the demo's contacts with `useContactsQuery`, renames one
// with `useUpdateContactMutation`, and the list shows the new name because the mutation invalidated the list
// key. A signal passed as the params refetches with the new query.
import { createComponent, createRenderEffect, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { QueryClient, QueryClientProvider } from '@tanstack/solid-query';
import { resetClientConfig } from '@reslayer/runtime';
import { lastNames, loadDemo, QUIET_QUERIES, until, type Contact, type LoadedDemo } from './adapterRuntime.js';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  useContactsQuery(params?: { pageSize?: number } | (() => { pageSize?: number } | undefined)): { data: { items: Contact[] } | undefined };
  useUpdateContactMutation(): { mutateAsync(variables: { contactId: string; payload: { lastName: string } }): Promise<Contact> };
}

describe('solid-query adapter at run time (jsdom, solid-js/web render, generated MSW handlers)', () => {
  let demo: LoadedDemo<ContactsApi>;
  let dispose: (() => void) | undefined;

  beforeAll(async () => {
    demo = await loadDemo<ContactsApi>('solid-query', 'hooks-solid-query-runtime');
  }, 60_000);

  afterEach(() => {
    dispose?.();
    document.body.innerHTML = '';
    demo.mocks.resetContactsStore();
    demo.seen.length = 0;
  });

  afterAll(() => resetClientConfig());

  /** Mounts `setup` under a `QueryClientProvider`: it returns the text of a paragraph, kept up to date. */
  function mount(setup: () => () => string): { el: HTMLElement; client: QueryClient } {
    const el = document.createElement('div');
    document.body.append(el);
    const client = new QueryClient({ defaultOptions: QUIET_QUERIES });
    const Paragraph = (): HTMLElement => {
      const text = setup();
      const p = document.createElement('p');
      createRenderEffect(() => (p.textContent = text()));
      return p;
    };
    dispose = render(() => createComponent(QueryClientProvider, { client, get children() { return createComponent(Paragraph, {}); } }), el);
    return { el, client };
  }

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    const { api, mocks, seen } = demo;
    const [first] = mocks.contactsFixtures;
    if (!first) throw new Error('the demo mocks have no contact');
    let update: ReturnType<ContactsApi['useUpdateContactMutation']> | undefined;
    const { el, client } = mount(() => {
      const list = api.useContactsQuery();
      update = api.useUpdateContactMutation();
      return () => lastNames(list.data);
    });
    const before = lastNames({ items: mocks.contactsFixtures });
    await until(() => el.textContent === before, 'the list');
    expect(seen).toEqual(['GET /api/v1/contacts']);

    const saved = await update!.mutateAsync({ contactId: first.id, payload: { lastName: 'Renamed' } });
    expect(saved.lastName).toBe('Renamed');
    await until(() => el.textContent === before.replace(first.lastName, 'Renamed'), 'the refreshed list');
    await until(() => client.isFetching() === 0, 'the end of fetching');
    expect(seen).toEqual(['GET /api/v1/contacts', `PATCH /api/v1/contacts/${first.id}`, 'GET /api/v1/contacts']);
    client.clear();
  });

  it('follows a signal passed as the params', async () => {
    const { api, mocks, seen } = demo;
    const [a, b] = mocks.contactsFixtures;
    if (!a || !b) throw new Error('the demo mocks should have two contacts or more');
    const [params, setParams] = createSignal<{ pageSize?: number }>({ pageSize: 1 });
    const { el } = mount(() => {
      const list = api.useContactsQuery(params);
      return () => `[${lastNames(list.data)}]`;
    });
    await until(() => el.textContent === `[${a.lastName}]`, 'the first page of one');
    setParams({ pageSize: 2 });
    await until(() => el.textContent === `[${a.lastName},${b.lastName}]`, 'the list of the new params');
    expect(seen).toEqual(['GET /api/v1/contacts?pageSize=1', 'GET /api/v1/contacts?pageSize=2']);
  });
});
