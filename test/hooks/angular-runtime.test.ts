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
import { lastNames, loadDemo, QUIET_QUERIES, until, type Contact, type LoadedDemo } from './adapterRuntime.js';

/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  injectContactsQuery(params?: { pageSize?: number } | (() => { pageSize?: number })): { data: Signal<{ items: Contact[] } | undefined> };
  injectUpdateContactMutation(): { mutateAsync(variables: { contactId: string; payload: { lastName: string } }): Promise<Contact> };
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

  it('renders the list, and a mutation refreshes it through invalidation (no manual refetch)', async () => {
    const { api, mocks, seen } = demo;
    const [first] = mocks.contactsFixtures;
    if (!first) throw new Error('the demo mocks have no contact');
    let update: ReturnType<ContactsApi['injectUpdateContactMutation']> | undefined;
    const Contacts = Component({ selector: 'app-contacts', template: '<ul>@for (c of list.data()?.items ?? []; track c.id) {<li>{{ c.lastName }}</li>}</ul>' })(
      class {
        readonly list = api.injectContactsQuery();
        constructor() {
          update = api.injectUpdateContactMutation();
        }
      },
    );
    const { el, client } = await mount(Contacts);
    const items = (): string => [...el.querySelectorAll('li')].map((li) => li.textContent?.trim()).join(',');
    const before = lastNames({ items: mocks.contactsFixtures });
    await until(() => items() === before, 'the list');
    expect(seen).toEqual(['GET /api/v1/contacts']);

    const saved = await update!.mutateAsync({ contactId: first.id, payload: { lastName: 'Renamed' } });
    expect(saved.lastName).toBe('Renamed');
    await until(() => items() === before.replace(first.lastName, 'Renamed'), 'the refreshed list');
    await until(() => client.isFetching() === 0, 'the end of fetching');
    expect(seen).toEqual(['GET /api/v1/contacts', `PATCH /api/v1/contacts/${first.id}`, 'GET /api/v1/contacts']);
    client.clear();
  });

  it('follows a signal passed as the params', async () => {
    const { api, mocks, seen } = demo;
    const [a, b] = mocks.contactsFixtures;
    if (!a || !b) throw new Error('the demo mocks should have two contacts or more');
    const params = signal({ pageSize: 1 });
    const Page = Component({ selector: 'app-page', template: '<p>[{{ names() }}]</p>' })(
      class {
        readonly list = api.injectContactsQuery(params);
        readonly names = (): string => lastNames(this.list.data());
      },
    );
    const { el } = await mount(Page);
    await until(() => el.textContent === `[${a.lastName}]`, 'the first page of one');
    params.set({ pageSize: 2 });
    await until(() => el.textContent === `[${a.lastName},${b.lastName}]`, 'the list of the new params');
    expect(seen).toEqual(['GET /api/v1/contacts?pageSize=1', 'GET /api/v1/contacts?pageSize=2']);
  });
});
