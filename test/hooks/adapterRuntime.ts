// Shared by the run-time tests of the Preact, Solid, Svelte and Angular adapters: the demo generated with one
// adapter, its contacts resource served by the generated MSW handlers (msw's `getResponse` behind the client's
// `fetch`), and the requests those handlers saw.
import path from 'node:path';
import type { HttpHandler } from 'msw';
import { configureClient } from '@reslayer/runtime';
import type { HookAdapter } from '@reslayer/plugin-hooks';
import { installNodeGlobals } from '../../packages/plugin-hooks/test/jsdomSupport.js';
import { writeLayer } from '../../packages/plugin-hooks/test/helpers.js';

installNodeGlobals();
// msw reads the fetch globals when it loads, so it is imported after they are installed.
const { getResponse } = await import('msw');

/** A contact of the demo's mocks (the fields these tests read). */
export interface Contact {
  id: string;
  firstName: string;
  lastName: string;
}

/** The generated contacts mocks: handlers over an in-memory store, its reset and its fixtures. */
export interface ContactsMocks {
  contactsHandlers: HttpHandler[];
  resetContactsStore(): void;
  contactsFixtures: Contact[];
}

/** A generated demo loaded for a run-time test. */
export interface LoadedDemo<Api> {
  /** The output root. */
  root: string;
  /** `src/features/contacts/api/index.ts` of the generated demo. */
  api: Api;
  /** `src/shared/mocks/contacts/index.ts` of the generated demo. */
  mocks: ContactsMocks;
  /** The requests the handlers saw: `METHOD /path?query`. */
  seen: string[];
}

/**
 * Generates the demo with one adapter into `.runtime-out/<folder>`, loads its contacts hooks and mocks (the
 * generated TypeScript itself, compiled by ts-jest), and routes the runtime's requests to the mocks.
 * @param adapter the hooks adapter
 * @param folder folder under `.runtime-out`
 * @returns the loaded demo; `seen` fills as requests arrive
 */
export async function loadDemo<Api>(adapter: HookAdapter, folder: string): Promise<LoadedDemo<Api>> {
  const root = await writeLayer(adapter, folder);
  const api = (await import(path.join(root, 'src/features/contacts/api/index.ts'))) as Api;
  const mocks = (await import(path.join(root, 'src/shared/mocks/contacts/index.ts'))) as ContactsMocks;
  const seen: string[] = [];
  mocks.resetContactsStore();
  configureClient({
    baseUrl: 'http://crm.test',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      // jsdom's AbortSignal is not Node's: the signal stays with the caller, the request goes to the handlers.
      const { signal: _signal, ...rest } = init ?? {};
      const request = new Request(input, rest);
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      return (await getResponse(mocks.contactsHandlers, request)) ?? new Response('no handler', { status: 501 });
    }) as typeof fetch,
  });
  return { root, api, mocks, seen };
}

/** Query defaults under which every request comes from a mount or a cache effect: no retry, never stale. */
export const QUIET_QUERIES = { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } as const;

/**
 * Waits until `check` passes, polling the microtask and timer queues.
 * @param check the condition
 * @param what what is awaited, for the timeout's message
 * @param timeoutMs how long to wait, in milliseconds
 * @throws Error when `check` still fails after `timeoutMs`
 */
export async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The last names of a list response, comma-separated (`''` before it loads). */
export const lastNames = (data: { items: Contact[] } | undefined): string => (data?.items ?? []).map((c) => c.lastName).join(',');

/** What a mounted list gives the shared scenarios: its rendered last names and its `QueryClient`. */
export interface MountedList {
  /** The last names the list shows, comma-separated. */
  names(): string;
  /** The client the list was mounted with. */
  client: { isFetching(): number; clear(): void };
}

/** The rename mutation a component handed back. */
export interface RenameMutation {
  mutateAsync(variables: { contactId: string; payload: { lastName: string } }): Promise<Contact>;
}

/**
 * The shared scenario of every adapter: the mounted list shows the mock fixtures after one request; the rename
 * mutation of the first contact answers the new name; the list then shows it because the mutation invalidated
 * the list key (queries are never stale on their own here), with exactly one more list request.
 * @param demo the loaded demo (the list mounted without params)
 * @param view the mounted list
 * @param update the mutation the component created
 */
export async function expectRenameRefreshesList(demo: LoadedDemo<unknown>, view: MountedList, update: () => RenameMutation | undefined): Promise<void> {
  const [first] = demo.mocks.contactsFixtures;
  if (!first) throw new Error('the demo mocks have no contact');
  const before = lastNames({ items: demo.mocks.contactsFixtures });
  await until(() => view.names() === before, 'the list');
  expect(demo.seen).toEqual(['GET /api/v1/contacts']);
  const mutation = update();
  if (!mutation) throw new Error('the component created no mutation');
  const saved = await mutation.mutateAsync({ contactId: first.id, payload: { lastName: 'Renamed' } });
  expect(saved.lastName).toBe('Renamed');
  await until(() => view.names() === before.replace(first.lastName, 'Renamed'), 'the refreshed list');
  await until(() => view.client.isFetching() === 0, 'the end of fetching');
  expect(demo.seen).toEqual(['GET /api/v1/contacts', `PATCH /api/v1/contacts/${first.id}`, 'GET /api/v1/contacts']);
  view.client.clear();
}

/**
 * The reactive scenario: a list mounted with `{ pageSize: 1 }` through the framework's reactive value shows one
 * contact; after `grow()` sets `{ pageSize: 2 }`, it shows two, from a second request with the new query.
 * @param demo the loaded demo
 * @param names the last names the list shows, comma-separated
 * @param grow sets the reactive params to `{ pageSize: 2 }`
 */
export async function expectParamsFollowed(demo: LoadedDemo<unknown>, names: () => string, grow: () => void): Promise<void> {
  const [a, b] = demo.mocks.contactsFixtures;
  if (!a || !b) throw new Error('the demo mocks should have two contacts or more');
  await until(() => names() === a.lastName, 'the first page of one');
  grow();
  await until(() => names() === `${a.lastName},${b.lastName}`, 'the list of the new params');
  expect(demo.seen).toEqual(['GET /api/v1/contacts?pageSize=1', 'GET /api/v1/contacts?pageSize=2']);
}
