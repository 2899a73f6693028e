// Path keys with a literal query (`/things?beta=true`) or a fragment (`/things/{id}#rename`), served by the generated
// MSW handlers under msw/node and called through the generated client, whose URL building is the real one
// (`@reslayer/runtime`: the key's path, its literal query first, the fragment never sent). Issue "Fidelity on real
// contracts": the handlers registered these keys percent-encoded (`/things%3Fbeta=true`), so they never matched and
// the request fell through to the handler of another operation (`GET /things`), or was not handled at all.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { configureClient, resetClientConfig } from '@reslayer/runtime';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';

const CONTRACT = path.join(TEST_DIR, 'fixtures/shared-urls.yaml');
const BASE = 'http://localhost/api';

type Answer = { op: string };
type Method = (...args: unknown[]) => Promise<Answer>;

describe('literal queries and fragments in path keys: the generated client reaches the right handler', () => {
  let dir: string;
  let out: string;
  const clients: Record<string, Method> = {};
  const handlers: HttpHandler[][] = [];
  const handlerFiles: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-urls-'));
    await generate(CONTRACT, dir);
    out = path.join(dir, 'js');
    // The client too: its `request()` comes from `@reslayer/runtime`, the same module this test configures.
    await transpileMocks(path.join(dir, 'src'), out, ['shared/mocks', 'shared/api/generated']);
    const api = path.join(out, 'shared/api/generated');
    for (const r of (await readdir(api, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
      const client = (await import(pathToFileURL(path.join(api, r, `${r}.client.js`)).href)) as Record<string, Record<string, Method>>;
      for (const [name, method] of Object.entries(client[`${r}Client`] ?? {})) clients[name] = method;
      const mocks = (await import(pathToFileURL(path.join(out, 'shared/mocks', r, 'index.js')).href)) as Record<string, unknown>;
      handlers.push(mocks[`${r}Handlers`] as HttpHandler[]);
      handlerFiles.push(await readFile(path.join(dir, 'src/shared/mocks', r, `${r}.handlers.ts`), 'utf8'));
    }
    configureClient({ baseUrl: BASE });
  }, 60_000);

  afterAll(async () => {
    resetClientConfig();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('registers the URL path the client sends: nothing percent-encoded, the query checked in the resolver', () => {
    expect(handlerFiles.length).toBe(5);
    const all = handlerFiles.join('\n');
    expect(all).not.toMatch(/%3F|%23/i);
    // The literal query is data: checked in the resolver, never part of the path msw matches.
    expect(all).toMatch(/path: '\/things', status: 200, [^\n]*\n?\s*query: \[\['beta', 'true'\]\]/);
    // The operation whose key differs by a fragment only has no handler: the earlier operation's answers it.
    expect(all).toMatch(/updateThing: \{\s*method: 'put', path: '\/things\/:thing_?[iI]d'/);
    expect(all).not.toContain('renameThing:');
    // A resource left without handlers (`GET /things#all` is `GET /things`) declares no operation.
    const thingsAll = handlerFiles.find((f) => f.includes('createThingsAllHandlers')) ?? '';
    expect(thingsAll).toContain('  operations: {},');
  });

  // The resources' handlers in folder order and reversed: the answer must not depend on the order they are spread in.
  describe.each([
    ['in folder order', false],
    ['in reverse order', true],
  ])('handlers spread %s', (_name, reverse) => {
    let server: SetupServer;
    const unhandled: string[] = [];
    const answeredBy: string[] = [];

    beforeAll(() => {
      const lists = reverse ? [...handlers].reverse() : handlers;
      server = setupServer(...lists.flat());
      // The handler that answered: the last one matched when a mocked response goes out (a handler that steps
      // aside, `return;`, is matched too).
      let matched = '';
      server.events.on('request:match', ({ handler }) => {
        matched = handler.info.header;
      });
      server.events.on('response:mocked', () => {
        answeredBy.push(matched);
      });
      server.listen({
        onUnhandledFrame: ({ frame }) => {
          const request = (frame.data as { request?: Request } | undefined)?.request;
          unhandled.push(request ? `${request.method} ${request.url}` : String(frame.protocol));
        },
      });
    });

    afterAll(() => server?.close());

    beforeEach(() => {
      unhandled.length = 0;
      answeredBy.length = 0;
    });

    afterEach(() => {
      expect(unhandled).toEqual([]);
    });

    const call = (name: string, ...args: unknown[]): Promise<Answer> => {
      const method = clients[name];
      if (!method) throw new Error(`no client method ${name}`);
      return method(...args);
    };

    it('a literal query is matched: /things?beta=true (with the query parameters after it) reaches its own handler', async () => {
      expect(await call('betaListThings', { limit: 5 })).toEqual({ op: 'beta' });
      expect(await call('betaListThings')).toEqual({ op: 'beta' });
      expect(answeredBy).toEqual(['GET */things', 'GET */things']);
    });

    it('the more specific literal query wins (/things?beta=true&version=2)', async () => {
      expect(await call('betaTwoListThings')).toEqual({ op: 'beta-v2' });
    });

    it('the operation without a literal query answers the requests that carry none', async () => {
      expect(await call('listThings')).toEqual({ op: 'plain' });
      expect(await call('listThings', { limit: 2 })).toEqual({ op: 'plain' });
    });

    it('a path key with a fragment alone on its URL is reached (the fragment is not sent)', async () => {
      expect(await call('archiveThing', 'thing-1')).toEqual({ op: 'archive' });
    });

    it('keys that differ by a fragment only share one handler: it answers with the first operation\'s response', async () => {
      expect(await call('listAllThings')).toEqual({ op: 'plain' });
      expect(await call('updateThing', 'thing-1', { name: 'a' })).toEqual({ op: 'update' });
      expect(await call('renameThing', 'thing-1', { name: 'b' })).toEqual({ op: 'update' });
      expect(answeredBy).toEqual(['GET */things', 'PUT */things/:thingId', 'PUT */things/:thingId']);
    });

    it('a literal query alone on its URL is still required: the same path without it is not this operation', async () => {
      expect(await call('betaListParts', 'thing-1')).toEqual({ op: 'parts' });
      answeredBy.length = 0;
      // Its handler steps aside and no other answers: the request goes on to the network, where nothing listens.
      await expect(fetch(`${BASE}/things/thing-1/parts`)).rejects.toThrow();
      expect(answeredBy).toEqual([]);
    });
  });
});
