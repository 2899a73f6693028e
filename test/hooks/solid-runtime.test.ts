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
import { expectParamsFollowed, expectRenameRefreshesList, lastNames, loadDemo, QUIET_QUERIES, type Contact, type LoadedDemo, type RenameMutation } from './adapterRuntime.js';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  useContactsQuery(params?: { pageSize?: number } | (() => { pageSize?: number } | undefined)): { data: { items: Contact[] } | undefined };
  useUpdateContactMutation(): RenameMutation;
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
    let update: RenameMutation | undefined;
    const { el, client } = mount(() => {
      const list = demo.api.useContactsQuery();
      update = demo.api.useUpdateContactMutation();
      return () => lastNames(list.data);
    });
    await expectRenameRefreshesList(demo, { names: () => el.textContent ?? '', client }, () => update);
  });

  it('follows a signal passed as the params', async () => {
    const [params, setParams] = createSignal<{ pageSize?: number }>({ pageSize: 1 });
    const { el } = mount(() => {
      const list = demo.api.useContactsQuery(params);
      return () => lastNames(list.data);
    });
    await expectParamsFollowed(demo, () => el.textContent ?? '', () => setParams({ pageSize: 2 }));
  });
});
