/**
 * @jest-environment jsdom
 */
// The generated vue-query composables at run time: parameters passed as refs and getters stay reactive
// (changing them sends a new request with the new query — what orval's Vue output loses), and a mutation
// refreshes the list through invalidation with the app's own QueryClient.
import path from 'node:path';
import { createApp, defineComponent, h, ref, type App, type Ref } from 'vue';
import { QueryClient, VueQueryPlugin } from '@tanstack/vue-query';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { fakeContactsApi, installNodeGlobals, type Contact } from './jsdomSupport.js';
import { writeLayer } from './helpers.js';

installNodeGlobals();
// Vue's esm-bundler build expects its compile-time feature flags from a bundler.
Object.assign(globalThis, { __VUE_OPTIONS_API__: true, __VUE_PROD_DEVTOOLS__: false, __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: false });

type Source<T> = T | Ref<T> | (() => T);
/** The part of the generated `features/contacts/api` module this test uses. */
interface ContactsApi {
  useContactsQuery(params?: Source<{ q?: string } | undefined>, options?: { enabled?: Source<boolean> }): { data: Ref<{ items: Contact[] } | undefined> };
  useContactQuery(contactId: Source<string>): { data: Ref<Contact | undefined> };
  useUpdateContactMutation(): { mutateAsync(variables: { contactId: string; payload: Partial<Contact> }): Promise<Contact> };
}

/** Waits until `check` passes (polling the microtask and timer queues). */
async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('vue-query adapter at run time (jsdom, createApp + VueQueryPlugin)', () => {
  let api: ContactsApi;
  let app: App | undefined;

  beforeAll(async () => {
    const root = await writeLayer('vue-query', 'hooks-vue-query-runtime');
    // The generated TypeScript itself, compiled by ts-jest like any test source.
    api = (await import(path.join(root, 'src/features/contacts/api/index.ts'))) as ContactsApi;
  }, 60_000);

  afterEach(() => {
    app?.unmount();
    app = undefined;
    document.body.innerHTML = '';
    resetClientConfig();
  });

  /** Mounts a component whose setup runs `setup` and renders its text; returns the root element. */
  function mount(setup: () => () => string): { el: HTMLElement; queryClient: QueryClient } {
    const el = document.createElement('div');
    document.body.append(el);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });
    app = createApp(defineComponent({ setup: () => { const text = setup(); return () => h('p', text()); } }));
    app.use(VueQueryPlugin, { queryClient });
    app.mount(el);
    return { el, queryClient };
  }

  const names = (data: { items: Contact[] } | undefined): string => (data?.items ?? []).map((c) => c.lastName).join(',');

  it('refetches with the new query when a ref of params changes (replaced or mutated deeply)', async () => {
    const server = fakeContactsApi();
    configureClient({ baseUrl: 'http://test', fetch: server.fetch });
    const params = ref<{ q?: string }>({ q: 'love' });
    const { el } = mount(() => {
      const list = api.useContactsQuery(params);
      return () => names(list.data.value);
    });
    await until(() => el.textContent === 'Lovelace', 'the first list');

    params.value = { q: 'hop' };
    await until(() => el.textContent === 'Hopper', 'the list of the new params');

    params.value.q = 'o';
    await until(() => el.textContent === 'Lovelace,Hopper', 'the list after a deep change');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/contacts?q=love', '/api/v1/contacts?q=hop', '/api/v1/contacts?q=o']);
  });

  it('takes getters and refs for path arguments and `enabled`', async () => {
    const server = fakeContactsApi();
    configureClient({ baseUrl: 'http://test', fetch: server.fetch });
    const id = ref('c1');
    const enabled = ref(false);
    const { el } = mount(() => {
      const detail = api.useContactQuery(() => id.value);
      const list = api.useContactsQuery(undefined, { enabled });
      return () => `${detail.data.value?.firstName ?? '…'}|${names(list.data.value)}`;
    });
    await until(() => el.textContent === 'Ada|', 'the first contact');
    id.value = 'c2';
    await until(() => el.textContent === 'Grace|', 'the contact of the new id');
    enabled.value = true;
    await until(() => el.textContent === 'Grace|Lovelace,Hopper', 'the enabled list');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/contacts/c1', '/api/v1/contacts/c2', '/api/v1/contacts']);
  });

  it('a mutation invalidates the stale keys through the app QueryClient', async () => {
    const server = fakeContactsApi();
    configureClient({ baseUrl: 'http://test', fetch: server.fetch });
    let update: ContactsApi['useUpdateContactMutation'] extends () => infer M ? M : never;
    const { el } = mount(() => {
      const list = api.useContactsQuery();
      update = api.useUpdateContactMutation();
      return () => names(list.data.value);
    });
    await until(() => el.textContent === 'Lovelace,Hopper', 'the list');
    const saved = await update!.mutateAsync({ contactId: 'c2', payload: { lastName: 'Murray' } });
    expect(saved.lastName).toBe('Murray');
    await until(() => el.textContent === 'Lovelace,Murray', 'the refreshed list');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/contacts', 'PATCH /api/v1/contacts/c2', 'GET /api/v1/contacts']);
  });
});
