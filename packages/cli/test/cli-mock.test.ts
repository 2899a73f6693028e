// `reslayer mock` of the built CLI (run `pnpm build` first): the demo's CRUD round trip over real HTTP, the
// reset path, CORS, the request log, a clean stop, and the bad inputs (missing output, port in use, drift).
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startMock, type RunningMock } from '../../../scripts/lib/runtime-server.mjs';
import { REPO_ROOT, cleanup, runCli, tmpDir, write } from './helpers.js';

afterAll(cleanup);

const DEMO_CONFIG = path.join(REPO_ROOT, 'examples/public-crm/generator.config.ts');

interface Contact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A fetch of the running server that answers the status and the JSON body (undefined when empty). */
async function call(server: RunningMock, method: string, route: string, body?: unknown): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await fetch(server.url + route, { method, headers: { 'content-type': 'application/json', origin: 'http://app.test' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

const ids = (page: unknown): string[] => (page as { items: Contact[] }).items.map((c) => c.id);

describe('reslayer mock on the demo', () => {
  it('drives the CRUD round trip over HTTP, restores the fixtures on reset and stops cleanly', async () => {
    const server = await startMock(['--config', DEMO_CONFIG]);
    try {
      const list = await call(server, 'GET', '/api/v1/contacts?pageSize=100');
      expect(list.status).toBe(200);
      expect(list.headers.get('access-control-allow-origin')).toBe('http://app.test');
      const before = ids(list.json);
      expect(before.length).toBeGreaterThan(0);
      const first = (list.json as { items: Contact[] }).items[0] as Contact;
      const detail = await call(server, 'GET', `/api/v1/contacts/${first.id}`);
      expect(detail).toMatchObject({ status: 200, json: { id: first.id, lastName: first.lastName } });

      // A create that breaks the request schema (no status, an empty first name) gets the contract's 400, never 201.
      const invalid = await call(server, 'POST', '/api/v1/contacts', { firstName: '', lastName: 'Hopper', email: 'grace@example.test' });
      expect(invalid.status).toBe(400);
      expect(ids((await call(server, 'GET', '/api/v1/contacts?pageSize=100')).json)).toEqual(before);

      const created = await call(server, 'POST', '/api/v1/contacts', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', status: 'lead' });
      expect(created.status).toBe(201);
      const id = (created.json as Contact).id;
      expect(before).not.toContain(id);
      expect(ids((await call(server, 'GET', '/api/v1/contacts?pageSize=100')).json)).toContain(id);

      expect((await call(server, 'PATCH', `/api/v1/contacts/${id}`, { lastName: 'Hopper-Murray' })).status).toBe(200);
      expect((await call(server, 'GET', `/api/v1/contacts/${id}`)).json).toMatchObject({ id, firstName: 'Grace', lastName: 'Hopper-Murray' });

      expect((await call(server, 'DELETE', `/api/v1/contacts/${id}`)).status).toBe(204);
      expect((await call(server, 'GET', `/api/v1/contacts/${id}`)).status).toBe(404);
      expect(ids((await call(server, 'GET', '/api/v1/contacts?pageSize=100')).json)).not.toContain(id);

      // A deleted fixture comes back on reset.
      expect((await call(server, 'DELETE', `/api/v1/contacts/${first.id}`)).status).toBe(204);
      expect((await call(server, 'POST', '/__reslayer/reset')).status).toBe(204);
      expect(ids((await call(server, 'GET', '/api/v1/contacts?pageSize=100')).json)).toEqual(before);

      const preflight = await fetch(`${server.url}/api/v1/contacts`, { method: 'OPTIONS', headers: { origin: 'http://app.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
      expect((await call(server, 'GET', '/api/v1/nothing-here')).status).toBe(404);
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
    // One JSON log line per request after the start line: method, path, status, milliseconds.
    const lines = server.output.stdout.trim().split('\n').slice(1).map((l) => JSON.parse(l) as { method: string; path: string; status: number; ms: number });
    expect(lines).toHaveLength(16);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/v1/contacts?pageSize=100', status: 200 });
    expect(lines[15]).toMatchObject({ method: 'GET', path: '/api/v1/nothing-here', status: 404 });
    expect(lines.every((l) => Number.isInteger(l.ms) && l.ms >= 0)).toBe(true);
  });
});

describe('reslayer mock --seed', () => {
  it('serves the fixtures generated anew with the seed: other faker values, the same (UUID) keys; the output on disk unchanged', async () => {
    const emails = async (args: string[]): Promise<Array<[string, string]>> => {
      const server = await startMock(['--config', DEMO_CONFIG, ...args]);
      try {
        return ((await call(server, 'GET', '/api/v1/contacts?pageSize=100')).json as { items: Contact[] }).items.map((c) => [c.id, c.email]);
      } finally {
        // Stopped at once, while the background drift check may hold the output root: still a clean stop.
        expect(await server.stop()).toEqual({ code: 0, signal: null });
      }
    };
    const plain = await emails([]);
    const seven = await emails(['--seed', '7']);
    expect(seven.map(([id]) => id)).toEqual(plain.map(([id]) => id));
    expect(seven.map(([, email]) => email)).not.toEqual(plain.map(([, email]) => email));
    expect(await emails(['--seed', '7'])).toEqual(seven);
    expect(runCli(['check', '--config', DEMO_CONFIG]).status).toBe(0);
  });
});

describe('reslayer mock: a clean stop', () => {
  it('exits 0 on SIGTERM and SIGINT sent as soon as it listens, while the drift check runs, with and without --seed', async () => {
    for (const [args, signal] of [[[], 'SIGTERM'], [['--seed', '3'], 'SIGTERM'], [[], 'SIGINT']] as const) {
      const server = await startMock(['--config', DEMO_CONFIG, ...args]);
      const exited = new Promise((resolve) => server.child.once('exit', (code, sig) => resolve({ code, signal: sig })));
      server.child.kill(signal);
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(server.output.stderr).toBe('');
    }
  });
});

describe('reslayer mock: bad input', () => {
  it('asks for `reslayer generate` first when the output has no mocks (exit 2)', () => {
    const run = runCli(['mock', path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml'), '--output', path.join(tmpDir(), 'out')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('RSL_OUTPUT_MISSING');
    expect(run.stderr).toMatch(/run `(reslayer|node \S+) generate` first/);
  });

  it('names a port in use with RSL_MOCK_PORT_IN_USE (exit 2)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = runCli(['mock', '--config', DEMO_CONFIG, '--port', String(port)]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('RSL_MOCK_PORT_IN_USE');
      expect(run.stderr).toContain(`127.0.0.1:${port}`);
    } finally {
      blocker.close();
    }
  });
});

/** A CRUD contract whose server URL has a path prefix (`/v2`) the paths leave out. */
const PREFIXED = `openapi: 3.0.3
info: { title: Prefixed, version: '1' }
servers: [{ url: 'https://api.example.test/v2' }]
paths:
  /items:
    get: { operationId: listItems, responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } } } }
  /items/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get: { operationId: getItem, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }, '404': { description: missing } } }
components:
  schemas:
    Item: { type: object, required: [id, name], properties: { id: { type: string }, name: { type: string } } }
`;

describe('reslayer mock on a contract-only output', () => {
  it('serves the paths with and without the server URL prefix, and warns with the command when the output drifted', async () => {
    const dir = tmpDir();
    const contract = write(path.join(dir, 'openapi.yaml'), PREFIXED);
    const out = path.join(dir, 'out');
    expect(runCli(['generate', contract, '--output', out]).status).toBe(0);
    appendFileSync(path.join(out, 'src/shared/mocks/items/items.fixtures.ts'), '// edited by hand\n');
    const server = await startMock([contract, '--output', out]);
    try {
      const bare = await call(server, 'GET', '/items');
      expect(bare.status).toBe(200);
      expect((await call(server, 'GET', '/v2/items')).json).toEqual(bare.json);
      const deadline = Date.now() + 30_000;
      while (!server.output.stderr.includes('warning') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(server.output.stderr).toMatch(/differ from what the contract and config give now.*Run `reslayer generate .*openapi\.yaml --output .*out`/s);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });
});
