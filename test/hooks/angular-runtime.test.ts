/**
 * @jest-environment jsdom
 */
// The angular-query adapter at run time: a standalone Angular component (compiled just in time by
// @angular/compiler, since no Angular build step runs under jest; zoneless change detection, no zone.js) lists
// the demo's contacts with `injectContactsQuery`, renames one with `injectUpdateContactMutation`, and the list
// shows the new name because the mutation invalidated the list key. A signal passed as the params refetches.
import '@angular/compiler';
import { Component, createComponent, provideZonelessChangeDetection, signal, type ApplicationRef, type Signal, type Type } from '@angular/core';
import { createApplication } from '@angular/platform-browser';
import { QueryClient, provideTanStackQuery } from '@tanstack/angular-query-experimental';
import { resetClientConfig } from '@reslayer/runtime';
import { expectParamsFollowed, expectRenameRefreshesList, loadDemo, QUIET_QUERIES, type Contact, type LoadedDemo, type RenameMutation } from './adapterRuntime.js';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  injectContactsQuery(params?: { pageSize?: number } | (() => { pageSize?: number })): { data: Signal<{ items: Contact[] } | undefined> };
  injectUpdateContactMutation(): RenameMutation;
}

describe('angular-query adapter at run time (jsdom, JIT-compiled standalone component, zoneless, generated MSW handlers)', () => {
  let demo: LoadedDemo<ContactsApi>;
  let app: ApplicationRef | undefined;

  beforeAll(async () => {
    demo = await loadDemo<ContactsApi>('angular-query', 'hooks-angular-query-runtime');
  }, 60_000);

  afterEach(() => {
    app?.destroy();
    app = undefined;
    document.body.innerHTML = '';
    demo.mocks.resetContactsStore();
    demo.seen.length = 0;
  });

  afterAll(() => resetClientConfig());

  /** Bootstraps `component` in a zoneless application with the TanStack Query providers; returns its host element. */
  async function mount(component: Type<unknown>): Promise<{ el: HTMLElement; client: QueryClient }> {
    const client = new QueryClient({ defaultOptions: QUIET_QUERIES });
    app = await createApplication({ providers: [provideZonelessChangeDetection(), provideTanStackQuery(client)] });
    const el = document.createElement('div');
    document.body.append(el);
    const ref = createComponent(component, { environmentInjector: app.injector, hostElement: el });
    app.attachView(ref.hostView);
    app.tick();
    return { el, client };
  }

  /** The last names of the `<li>` items under `el`, comma-separated. */
  const items = (el: HTMLElement) => (): string => [...el.querySelectorAll('li')].map((li) => li.textContent?.trim()).join(',');
  const LIST = '<ul>@for (c of list.data()?.items ?? []; track c.id) {<li>{{ c.lastName }}</li>}</ul>';

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    let update: RenameMutation | undefined;
    const Contacts = Component({ selector: 'app-contacts', template: LIST })(
      class {
        readonly list = demo.api.injectContactsQuery();
        constructor() {
          update = demo.api.injectUpdateContactMutation();
        }
      },
    );
    const { el, client } = await mount(Contacts);
    await expectRenameRefreshesList(demo, { names: items(el), client }, () => update);
  });

  it('follows a signal passed as the params', async () => {
    const params = signal({ pageSize: 1 });
    const Page = Component({ selector: 'app-page', template: LIST })(
      class {
        readonly list = demo.api.injectContactsQuery(params);
      },
    );
    const { el } = await mount(Page);
    await expectParamsFollowed(demo, items(el), () => params.set({ pageSize: 2 }));
  });
});
