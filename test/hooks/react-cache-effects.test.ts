/**
 * @jest-environment jsdom
 */
// The react-query adapter at run time, in jsdom, against the generated MSW handlers (resolved with msw's
// `getResponse` behind the client's `fetch`): the derived cache effects and the infinite query.
import path from 'node:path';
import { createElement as h, type ReactElement } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HttpHandler } from 'msw';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { installNodeGlobals } from '../../packages/plugin-hooks/test/jsdomSupport.js';
import { REPO_ROOT, writeLayer } from '../../packages/plugin-hooks/test/helpers.js';

installNodeGlobals();
// msw reads the fetch globals when it loads, so it is imported after they are installed.
const { getResponse } = await import('msw');

/** The requests the handlers saw: method and path with query. */
const seen: string[] = [];

/** Routes the runtime's requests to MSW handlers, recording each. */
function mockFetch(handlers: HttpHandler[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    // jsdom's AbortSignal is not Node's: the signal stays with the caller, the request goes to the handlers.
    const { signal: _signal, ...rest } = init ?? {};
    const request = new Request(input, rest);
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
    return (await getResponse(handlers, request)) ?? new Response('no handler', { status: 501 });
  }) as typeof fetch;
}

/** A client that never refetches on its own: every request in these tests comes from a cache effect. */
const newClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });

afterEach(() => {
  cleanup();
  resetClientConfig();
  seen.length = 0;
});

interface Contact { id: string; firstName: string; lastName: string }
interface ContactsApi {
  useContactQuery(id: string | undefined): { data: Contact | undefined; status: string; error: unknown };
  useContactsQuery(params?: object): { data: { items: Contact[] } | undefined };
  useContactsInfiniteQuery(params?: object): { data: { pages: Array<{ items: Contact[] }> } | undefined; hasNextPage: boolean; fetchNextPage(): Promise<unknown> };
  useDeleteContactMutation(): { mutate(v: { contactId: string }): void; isSuccess: boolean };
}

describe('react-query hooks of the demo against its MSW mocks', () => {
  let api: ContactsApi;
  let mocks: { contactsHandlers: HttpHandler[]; resetContactsStore(): void; contactsFixtures: Contact[] };

  beforeAll(async () => {
    const root = await writeLayer('react-query', 'hooks-behaviour-demo');
    api = (await import(path.join(root, 'src/features/contacts/api/index.ts'))) as ContactsApi;
    mocks = (await import(path.join(root, 'src/shared/mocks/contacts/index.ts'))) as typeof mocks;
  }, 60_000);

  beforeEach(() => {
    mocks.resetContactsStore();
    configureClient({ baseUrl: 'http://crm.test', fetch: mockFetch(mocks.contactsHandlers) });
  });

  it('a delete on a mounted detail: no refetch of the detail, no error state; the list refetches', async () => {
    const [first] = mocks.contactsFixtures;
    if (!first) throw new Error('no fixture');
    const client = newClient();
    function Detail(): ReactElement {
      const detail = api.useContactQuery(first?.id);
      const list = api.useContactsQuery();
      const remove = api.useDeleteContactMutation();
      return h('div', null,
        h('p', null, `detail: ${detail.status} ${detail.data?.lastName ?? ''}`),
        h('p', null, `list: ${list.data?.items.length ?? '…'}`),
        h('button', { onClick: () => remove.mutate({ contactId: first?.id ?? '' }) }, 'delete'),
        remove.isSuccess ? h('p', null, 'deleted') : null);
    }
    render(h(QueryClientProvider, { client }, h(Detail)));
    await screen.findByText(`detail: success ${first.lastName}`);
    await screen.findByText(`list: ${mocks.contactsFixtures.length}`);
    const detailPath = `/api/v1/contacts/${first.id}`;
    expect(seen.filter((r) => r === `GET ${detailPath}`)).toHaveLength(1);

    fireEvent.click(screen.getByText('delete'));
    await screen.findByText('deleted');
    await screen.findByText(`list: ${mocks.contactsFixtures.length - 1}`);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(seen.filter((r) => r === `GET ${detailPath}`)).toHaveLength(1);
    expect(seen).toContain(`DELETE ${detailPath}`);
    expect(screen.queryByText(/detail: error/)).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: ['contacts', 'detail', first.id], exact: true }).every((q) => q.state.status !== 'error')).toBe(true);
  });

  it('an undefined id waits (skipToken): no request, no error', async () => {
    const client = newClient();
    function Waiting(): ReactElement {
      const detail = api.useContactQuery(undefined);
      return h('p', null, `status: ${detail.status}`);
    }
    render(h(QueryClientProvider, { client }, h(Waiting)));
    await screen.findByText('status: pending');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual([]);
  });

  it('infinite scrolling fetches page 2 with the page parameter, and stops after the total', async () => {
    const client = newClient();
    let more: (() => Promise<unknown>) | undefined;
    function Pages(): ReactElement {
      const pages = api.useContactsInfiniteQuery({ pageSize: 2 });
      more = pages.fetchNextPage;
      const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
      return h('p', null, `items: ${items.length}, more: ${String(pages.hasNextPage)}`);
    }
    render(h(QueryClientProvider, { client }, h(Pages)));
    await screen.findByText('items: 2, more: true');
    await act(async () => {
      await more?.();
    });
    await screen.findByText(`items: ${Math.min(4, mocks.contactsFixtures.length)}, more: ${String(mocks.contactsFixtures.length > 4)}`);
    expect(seen).toEqual(['GET /api/v1/contacts?page=1&pageSize=2', 'GET /api/v1/contacts?page=2&pageSize=2']);
  });
});

interface ThreadsApi {
  useMessagesQuery(threadId: string | undefined): { data: unknown[] | undefined; status: string };
  useCreateMessageMutation(): { mutate(v: { threadId: string; payload: { text: string } }): void; isSuccess: boolean };
}

describe('react-query hooks of a nested resource against its MSW mocks', () => {
  let api: ThreadsApi;
  let handlers: HttpHandler[];

  beforeAll(async () => {
    const root = await writeLayer('react-query', 'hooks-behaviour-threads', path.join(REPO_ROOT, 'test/hooks/fixtures/threads.yaml'));
    api = (await import(path.join(root, 'src/features/threadsMessages/api/index.ts'))) as ThreadsApi;
    const mocks = (await import(path.join(root, 'src/shared/mocks/threadsMessages/index.ts'))) as { threadsMessagesHandlers: HttpHandler[] };
    handlers = mocks.threadsMessagesHandlers;
  }, 60_000);

  it("a nested create refetches only its parent's lists", async () => {
    configureClient({ baseUrl: 'http://threads.test', fetch: mockFetch(handlers) });
    const client = newClient();
    function Threads(): ReactElement {
      const one = api.useMessagesQuery('t1');
      const two = api.useMessagesQuery('t2');
      const create = api.useCreateMessageMutation();
      return h('div', null,
        h('p', null, `lists: ${one.status} ${two.status}`),
        h('button', { onClick: () => create.mutate({ threadId: 't1', payload: { text: 'hello' } }) }, 'post'),
        create.isSuccess ? h('p', null, 'posted') : null);
    }
    render(h(QueryClientProvider, { client }, h(Threads)));
    await screen.findByText('lists: success success');
    fireEvent.click(screen.getByText('post'));
    await screen.findByText('posted');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(seen.filter((r) => r === 'GET /threads/t1/messages')).toHaveLength(2);
    expect(seen.filter((r) => r === 'GET /threads/t2/messages')).toHaveLength(1);
    expect(seen).toContain('POST /threads/t1/messages');
  });
});
