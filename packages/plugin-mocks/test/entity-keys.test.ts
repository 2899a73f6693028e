import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { conventional, keyCandidates } from '../src/store/entityFacts.js';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';

// One store per entity whatever the shapes: the key property is found by the item path parameter's name (case and
// `_` ignored, the entity's name before it dropped), a read wrapping the entity in an optional property is
// unwrapped, and a list of summaries carrying the key serves the store (fixtures/entity-keys.yaml).

type Json = Record<string, unknown>;
const BASE = 'http://localhost';
const get = async (url: string): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${BASE}${url}`);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

describe('keyCandidates', () => {
  it.each<[string, string, string[]]>([
    ['petId', 'pet', ['petid', 'id', 'pet']],
    ['namespace_id', 'namespace', ['namespaceid', 'id', 'namespace']],
    ['key_id', 'sshAccountKey', ['keyid', 'id', 'sshaccountkeyid']],
    ['alert_uuid', 'alert', ['alertuuid', 'uuid', 'id', 'alertid']],
    ['secret_name', 'repoSecret', ['secretname', 'name', 'id', 'reposecretid']],
    ['vaultName', 'vault', ['vaultname', 'name', 'id', 'vaultid']],
    ['issue_number', 'issue', ['issuenumber', 'number', 'id', 'issueid']],
    ['floating_ip', 'floatingIp', ['floatingip', 'id', 'floatingipid', 'ip']],
    ['seriesid', 'series', ['seriesid', 'id']],
  ])('%s of %s → %j', (param, entity, expected) => {
    expect(keyCandidates(param, entity)).toEqual(expected);
  });
});

describe('conventional', () => {
  it.each<[string, string, boolean]>([
    ['branch', 'Branch', true],
    ['branch', 'RepoBranch', true],
    ['tags', 'Tag', true],
    ['tag', 'ReposTag', true],
    ['username', 'User', false],
    ['branch', 'BranchProtection', false],
    ['s', 'Items', false],
  ])('%s of %s: `name` tried %s', (param, entity, named) => {
    expect(conventional(param, entity)).toEqual(['uuid', 'key', 'slug', 'code', ...(named ? ['name'] : [])]);
  });
});

describe('stores keyed by the entity identity under msw/node', () => {
  let dir: string;
  let server: SetupServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-entity-keys-'));
    await generate(path.join(TEST_DIR, 'fixtures/entity-keys.yaml'), dir);
    const out = path.join(dir, 'js');
    await transpileMocks(path.join(dir, 'src'), out);
    const all: HttpHandler[] = [];
    for (const r of ['alerts', 'series', 'secrets', 'licenses', 'branches', 'reposBranches', 'transfers', 'activities', 'commands', 'blocklists', 'droplets', 'experiments']) {
      const mod = (await import(pathToFileURL(path.join(out, `shared/mocks/${r}/index.js`)).href)) as Record<string, unknown>;
      all.push(...(mod[`${r}Handlers`] as HttpHandler[]));
    }
    server = setupServer(...all);
    server.listen({ onUnhandledFrame: 'error' });
  }, 60_000);

  afterAll(async () => {
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('every listed alert summary opens its detail (`{ policy }`) by its uuid; unknown uuids answer 404', async () => {
    const list = (await get('/alerts')).body as { policies: Json[] };
    expect(list.policies.length).toBeGreaterThan(1);
    for (const item of list.policies) {
      const detail = await get(`/alerts/${String(item['uuid'])}`);
      expect(detail.status).toBe(200);
      expect((detail.body as { policy: Json }).policy['uuid']).toBe(item['uuid']);
    }
    expect((await get('/alerts/00000000-0000-4000-8000-0000000000ff')).status).toBe(404);
  });

  it('a created alert is listed and readable; a deleted one leaves the list', async () => {
    const res = await fetch(`${BASE}/alerts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ description: 'disk full' }) });
    const created = ((await res.json()) as { policy: Json }).policy;
    const uuid = String(created['uuid']);
    expect(created['description']).toBe('disk full');
    expect(((await get('/alerts')).body as { policies: Json[] }).policies.map((p) => p['uuid'])).toContain(uuid);
    expect((await get(`/alerts/${uuid}`)).status).toBe(200);
    expect((await fetch(`${BASE}/alerts/${uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect(((await get('/alerts')).body as { policies: Json[] }).policies.map((p) => p['uuid'])).not.toContain(uuid);
  });

  it('a created license answers the stored entity with the secret of the response that extends it; it is listed and readable', async () => {
    const res = await fetch(`${BASE}/licenses`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'MIT-0' }) });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created['name']).toBe('MIT-0');
    expect(created['secret']).toBe('s3cret');
    const key = String(created['key']);
    expect(((await get('/licenses')).body as Json[]).map((l) => l['key'])).toContain(key);
    expect((await get(`/licenses/${encodeURIComponent(key)}`)).body).toEqual({ key, name: 'MIT-0' });
  });

  it('a created transfer answers a receipt with the stored key (a view of the entity); it is listed and readable', async () => {
    const res = await fetch(`${BASE}/transfers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ amount: 12.5 }) });
    expect(res.status).toBe(202);
    const receipt = (await res.json()) as Json;
    expect(Object.keys(receipt).sort()).toEqual(['queued', 'reference']);
    const ref = String(receipt['reference']);
    expect(((await get('/transfers')).body as Json[]).map((t) => t['reference'])).toContain(ref);
    expect((await get(`/transfers/${ref}`)).body).toEqual({ reference: ref, amount: 12.5 });
  });

  it('a created activity gets a `guid` (nullable and readOnly: the store sets it), answered as `{ guid }`; it is listed, readable and deleted', async () => {
    const res = await fetch(`${BASE}/activities`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'call' }) });
    expect(res.status).toBe(201);
    const guid = ((await res.json()) as Json)['guid'];
    expect(typeof guid).toBe('string');
    expect(((await get('/activities')).body as Json[]).map((a) => a['guid'])).toContain(guid);
    expect((await get(`/activities/${String(guid)}`)).body).toMatchObject({ guid, name: 'call' });
    expect((await fetch(`${BASE}/activities/${String(guid)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await get(`/activities/${String(guid)}`)).status).toBe(404);
  });

  it('listed commands (nullable objects) open their detail; a created one is answered inside `{ command, duration }`, listed and readable', async () => {
    const listed = ((await get('/commands')).body as { commands: Json[] }).commands;
    expect(listed.length).toBeGreaterThan(1);
    for (const item of listed) expect((await get(`/commands/${encodeURIComponent(String(item['name']))}`)).body).toMatchObject(item);
    const res = await fetch(`${BASE}/commands`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ description: 'giphy' }) });
    const answer = (await res.json()) as { command: Json; duration: unknown };
    expect(answer.command['description']).toBe('giphy');
    expect(typeof answer.duration).toBe('string');
    const name = String(answer.command['name']);
    expect(((await get('/commands')).body as { commands: Json[] }).commands.map((c) => c['name'])).toContain(name);
    expect((await get(`/commands/${encodeURIComponent(name)}`)).body).toMatchObject({ name, description: 'giphy' });
  });

  it('a listed block list opens its detail inside a nullable `{ blocklist, duration }`', async () => {
    const listed = ((await get('/blocklists')).body as { blocklists: Json[] }).blocklists;
    expect(new Set(listed.map((item) => item['name'])).size).toBe(listed.length);
    for (const item of listed) expect(((await get(`/blocklists/${encodeURIComponent(String(item['name']))}`)).body as { blocklist: Json }).blocklist).toEqual(item);
    expect((await get('/blocklists/no-such-list')).status).toBe(404);
  });

  it('a created droplet is answered as the `{ droplet, links }` variant of the `oneOf`, and is listed and readable', async () => {
    const res = await fetch(`${BASE}/droplets`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'web-1' }) });
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { droplet: Json; links: unknown };
    expect(answer.droplet['name']).toBe('web-1');
    expect(answer.links).toBeDefined();
    const id = answer.droplet['id'];
    expect(((await get('/droplets')).body as { droplets: Json[] }).droplets.map((d) => d['id'])).toContain(id);
    expect(((await get(`/droplets/${String(id)}`)).body as { droplet: Json }).droplet).toEqual(answer.droplet);
  });

  it('listed experiments open their detail inside an optional `{ experiment }`, keyed by `name`; an unknown name answers 404', async () => {
    const listed = ((await get('/experiments')).body as { experiments: Json[] }).experiments;
    expect(listed.length).toBeGreaterThan(1);
    for (const item of listed) expect(((await get(`/experiments/${encodeURIComponent(String(item['name']))}`)).body as { experiment: Json }).experiment['name']).toBe(item['name']);
    expect((await get('/experiments/no-such-experiment')).status).toBe(404);
  });

  it('series are keyed by `seriesId` and the `seriesid` filter matches it, case ignored', async () => {
    const list = (await get('/series')).body as Json[];
    const first = String(list[0]?.['seriesId']);
    expect((await get(`/series/${first}`)).body).toEqual(list[0]);
    expect((await get(`/series?seriesid=${encodeURIComponent(first.toUpperCase())}`)).body).toEqual([list[0]]);
  });

  it('secrets are keyed by `name` (the `{secret_name}` parameter), not by the `id` they also carry', async () => {
    const list = ((await get('/secrets')).body as { secrets: Json[] }).secrets;
    expect(list.length).toBeGreaterThan(1);
    for (const item of list) {
      expect((await get(`/secrets/${encodeURIComponent(String(item['name']))}`)).body).toEqual(item);
      expect((await get(`/secrets/${String(item['id'])}`)).status).toBe(404);
    }
  });

  it.each([
    ['/licenses', 'key'],
    ['/branches', 'name'],
    ['/repos/r1/branches', 'name'],
    ['/transfers', 'reference'],
    ['/activities', 'guid'],
  ])('%s are keyed by `%s` (a conventional name, the entity named by its parameter, the one property of the parameter format)', async (route, key) => {
    const list = (await get(route)).body as Json[];
    expect(new Set(list.map((item) => item[key])).size).toBe(list.length);
    for (const item of list) expect((await get(`${route}/${encodeURIComponent(String(item[key]))}`)).body).toEqual(item);
    expect((await get(`${route}/00000000-0000-4000-8000-0000000000ff`)).status).toBe(404);
  });
});
