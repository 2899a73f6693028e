/**
 * @jest-environment jsdom
 */
// Optimistic updates of the react-query adapter at run time, in jsdom, against the demo's generated MSW handlers:
// the server's answer to a mutation is held back (and, to inject an error, replaced by a 500), so the test sees
// the cache before the server answers and after the rollback.
import path from 'node:path';
import { createElement as h, type ReactElement } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HttpHandler } from 'msw';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { installNodeGlobals } from '../../packages/plugin-hooks/test/jsdomSupport.js';
import { writeLayer } from '../../packages/plugin-hooks/test/helpers.js';

installNodeGlobals();
// msw reads the fetch globals when it loads, so it is imported after they are installed.
const { getResponse } = await import('msw');

/** Holds back the answer to every request of one method until `release` is called, or answers it with a 500. */
interface Gate {
  method: string;
  fail: boolean;
  release?: () => void;
  held: Promise<void>;
}

let gate: Gate | undefined;
const seen: string[] = [];

/** Routes the runtime's requests to the MSW handlers, holding back the gated method's answer. */
function mockFetch(handlers: HttpHandler[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const { signal: _signal, ...rest } = init ?? {};
    const request = new Request(input, rest);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    const g = gate;
    if (g && request.method === g.method) {
      await g.held;
      if (g.fail) return new Response(JSON.stringify({ message: 'injected failure' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    return (await getResponse(handlers, request)) ?? new Response('no handler', { status: 501 });
  }) as typeof fetch;
}

/** A gate on `method`: the answer waits for `release()`. */
function hold(method: string, fail: boolean): Gate {
  const g: Gate = { method, fail, held: Promise.resolve() };
  g.held = new Promise<void>((resolve) => {
    g.release = resolve;
  });
  gate = g;
  return g;
}

const newClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });

interface Contact { id: string; firstName: string; lastName: string }
interface Callbacks {
  optimistic?: boolean;
  onMutate?: (v: unknown) => unknown;
  onError?: (e: unknown, v: unknown, r: unknown) => void;
  onSuccess?: (d: unknown, v: unknown, r: unknown) => void;
}
interface ContactsApi {
  useContactQuery(id: string | undefined): { data: Contact | undefined };
  useContactsQuery(params?: object): { data: { items: Contact[]; total: number } | undefined };
  useUpdateContactMutation(o?: Callbacks): { mutate(v: { contactId: string; payload: Partial<Contact> }): void; status: string };
  useDeleteContactMutation(o?: Callbacks): { mutate(v: { contactId: string }): void; status: string };
  contactsCache: {
    removeFromLists(c: QueryClient, id: string): void;
    addToLists(c: QueryClient, item: Contact): void;
    updateInLists(c: QueryClient, id: string, update: (item: Contact) => Contact): void;
  };
  contactsInfiniteQueryOptions(params?: object): { queryKey: readonly unknown[] };
}

afterEach(() => {
  cleanup();
  resetClientConfig();
  gate = undefined;
  seen.length = 0;
});

describe('optimistic updates of the react-query hooks against the demo MSW mocks', () => {
  let api: ContactsApi;
  let mocks: { contactsHandlers: HttpHandler[]; resetContactsStore(): void; contactsFixtures: Contact[] };
  let first: Contact;

  beforeAll(async () => {
    const root = await writeLayer('react-query', 'hooks-optimistic-demo');
    api = (await import(path.join(root, 'src/features/contacts/api/index.ts'))) as ContactsApi;
    mocks = (await import(path.join(root, 'src/shared/mocks/contacts/index.ts'))) as typeof mocks;
    const [f] = mocks.contactsFixtures;
    if (!f) throw new Error('no fixture');
    first = f;
  }, 60_000);

  beforeEach(() => {
    mocks.resetContactsStore();
    configureClient({ baseUrl: 'http://crm.test', fetch: mockFetch(mocks.contactsHandlers) });
  });

  /** Detail and list of the first contact, and a button that runs `action`. */
  function screenOf(client: QueryClient, useAction: () => { run(): void; status: string }): void {
    function View(): ReactElement {
      const detail = api.useContactQuery(first.id);
      const list = api.useContactsQuery();
      const action = useAction();
      const names = list.data?.items.map((c) => (c.id === first.id ? `${c.id}:${c.lastName}` : c.id)).join(',') ?? '…';
      return h('div', null,
        h('p', null, `detail: ${detail.data?.lastName ?? '…'}`),
        h('p', null, `list: ${names} (${list.data?.total ?? '…'})`),
        h('p', null, `mutation: ${action.status}`),
        h('button', { onClick: () => action.run() }, 'go'));
    }
    render(h(QueryClientProvider, { client }, h(View)));
  }

  it('an update shows in the detail and the list before the server answers, and stays after success', async () => {
    const client = newClient();
    screenOf(client, () => {
      const m = api.useUpdateContactMutation({ optimistic: true });
      return { run: () => m.mutate({ contactId: first.id, payload: { lastName: 'Optimistic' } }), status: m.status };
    });
    await screen.findByText(`detail: ${first.lastName}`);
    const g = hold('PATCH', false);
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('detail: Optimistic');
    expect(screen.getByText(/^list: /).textContent).toContain(`${first.id}:Optimistic`);
    expect(screen.getByText('mutation: pending')).toBeTruthy();
    expect(seen).toContain(`PATCH /api/v1/contacts/${first.id}`);
    g.release?.();
    await screen.findByText('mutation: success');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByText('detail: Optimistic')).toBeTruthy();
  });

  it('an update rolls back on an injected server error; the user callbacks run after ours with their own onMutate result', async () => {
    const client = newClient();
    const calls: string[] = [];
    let detailInOnError: unknown;
    screenOf(client, () => {
      const m = api.useUpdateContactMutation({
        optimistic: true,
        onMutate: () => {
          calls.push(`onMutate sees ${client.getQueryData<Contact>(['contacts', 'detail', first.id])?.lastName ?? '?'}`);
          return 'user-token';
        },
        onError: (_e, _v, result) => {
          detailInOnError = client.getQueryData<Contact>(['contacts', 'detail', first.id])?.lastName;
          calls.push(`onError ${String(result)}`);
        },
      });
      return { run: () => m.mutate({ contactId: first.id, payload: { lastName: 'Optimistic' } }), status: m.status };
    });
    await screen.findByText(`detail: ${first.lastName}`);
    const g = hold('PATCH', true);
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('detail: Optimistic');
    g.release?.();
    await screen.findByText('mutation: error');
    expect(detailInOnError).toBe(first.lastName);
    await screen.findByText(`detail: ${first.lastName}`);
    expect(screen.getByText(/^list: /).textContent).toContain(`${first.id}:${first.lastName}`);
    expect(calls).toEqual(['onMutate sees Optimistic', 'onError user-token']);
  });

  it('a delete leaves the lists (and their total) before the server answers, and comes back on an injected error', async () => {
    const client = newClient();
    const total = mocks.contactsFixtures.length;
    screenOf(client, () => {
      const m = api.useDeleteContactMutation({ optimistic: true });
      return { run: () => m.mutate({ contactId: first.id }), status: m.status };
    });
    await screen.findByText(new RegExp(`^list: .*\\(${total}\\)$`));
    const g = hold('DELETE', true);
    fireEvent.click(screen.getByText('go'));
    await screen.findByText(new RegExp(`^list: .*\\(${total - 1}\\)$`));
    expect(screen.getByText(/^list: /).textContent).not.toContain(first.id);
    g.release?.();
    await screen.findByText('mutation: error');
    await screen.findByText(new RegExp(`^list: .*\\(${total}\\)$`));
    expect(screen.getByText(/^list: /).textContent).toContain(`${first.id}:${first.lastName}`);
  });

  it('without optimistic, nothing changes before the server answers', async () => {
    const client = newClient();
    screenOf(client, () => {
      const m = api.useUpdateContactMutation();
      return { run: () => m.mutate({ contactId: first.id, payload: { lastName: 'Optimistic' } }), status: m.status };
    });
    await screen.findByText(`detail: ${first.lastName}`);
    const g = hold('PATCH', false);
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('mutation: pending');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.getByText(`detail: ${first.lastName}`)).toBeTruthy();
    g.release?.();
    await screen.findByText('detail: Optimistic');
  });

  it('the cache helpers edit infinite pages page by page, each page total following the count', () => {
    const client = newClient();
    const c = (id: string): Contact => ({ id, firstName: 'F', lastName: id.toUpperCase() });
    const key = api.contactsInfiniteQueryOptions({ pageSize: 2 }).queryKey;
    client.setQueryData(key, { pages: [{ items: [c('a'), c('b')], total: 3 }, { items: [c('c')], total: 3 }], pageParams: [1, 2] });
    api.contactsCache.removeFromLists(client, 'c');
    api.contactsCache.addToLists(client, c('z'));
    api.contactsCache.updateInLists(client, 'b', (item) => ({ ...item, lastName: 'Bee' }));
    expect(client.getQueryData(key)).toEqual({
      pages: [{ items: [c('z'), c('a'), { ...c('b'), lastName: 'Bee' }], total: 3 }, { items: [], total: 3 }],
      pageParams: [1, 2],
    });
  });
});
