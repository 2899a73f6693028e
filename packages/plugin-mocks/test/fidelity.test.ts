// Issue "Fidelity on real contracts": fixtures that hid a union behind an empty array, made up a value where the
// contract pins one, or broke a constraint of their schema. The generated fixtures of fixtures/fidelity.yaml, read
// back as data. (test/runtime/mock-schemas.test.ts validates every answer of that contract with ajv, and
// typecheck.test.ts type-checks it.)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { TEST_DIR, generate, transpileMocks } from './helpers.js';

const CONTRACT = path.join(TEST_DIR, 'fixtures/fidelity.yaml');

type Json = Record<string, unknown>;

describe('fixtures of fixtures/fidelity.yaml', () => {
  let dir: string;
  const fx: Record<string, unknown> = {};
  const handlers: HttpHandler[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-fidelity-'));
    await generate(CONTRACT, dir);
    const out = path.join(dir, 'js');
    await transpileMocks(path.join(dir, 'src'), out);
    for (const r of ['accounts', 'cats', 'constraints', 'dogs', 'endpoints', 'nodes', 'orders', 'shapes']) {
      Object.assign(fx, (await import(pathToFileURL(path.join(out, `shared/mocks/${r}/${r}.fixtures.js`)).href)) as Json);
      handlers.push(...((await import(pathToFileURL(path.join(out, `shared/mocks/${r}/index.js`)).href)) as Record<string, HttpHandler[]>)[`${r}Handlers`] ?? []);
    }
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const kinds = (list: unknown): unknown[] => (list as Json[]).map((x) => x['kind']);

  it('an array of a union has one item per member, each discriminated one with its own tag', () => {
    const shapes = fx['listShapesFixture'] as Json;
    expect(kinds(shapes['shapes'])).toEqual(['circle', 'square', 'line']);
    expect(kinds(shapes['pinned'])).toEqual(['a', 'b']);
    expect(shapes['scalars']).toEqual(['2024-01-01', 11, true]);
  });

  it('an empty default (`tools: { default: [] }`) does not hide the union: its members are sampled', () => {
    expect(kinds((fx['listShapesFixture'] as Json)['tools'])).toEqual(['circle', 'square', 'line']);
  });

  it('as far as minItems and maxItems allow; the empty variant keeps arrays at minItems', () => {
    const shapes = fx['listShapesFixture'] as Json;
    expect(kinds(shapes['pair'])).toEqual(['circle', 'square']);
    expect(kinds(shapes['single'])).toEqual(['circle']);
    const empty = fx['listShapesEmptyFixture'] as Json;
    expect([empty['shapes'], empty['tools'], (empty['single'] as unknown[]).length]).toEqual([[], [], 1]);
  });

  it('a value one allOf member pins (`enum: [CANVAS]`, `const: false`, `const: 0`) wins over the open member sampled last', () => {
    const nodes = fx['getNodesFixture'] as Json;
    expect(nodes['canvas']).toEqual({ id: expect.stringMatching(/^[a-z0-9]{12}$/), level: 0, type: 'CANVAS', visible: false });
    expect((nodes['frame'] as Json)['type']).toBe('FRAME');
    expect((nodes['children'] as Json[]).map((n) => n['type'])).toEqual(['CANVAS', 'FRAME']);
  });

  it('allOf children of a discriminated parent carry their tag: the mapping value, else the component name', () => {
    expect((fx['catsFixtures'] as Json[]).map((c) => c['petType'])).toEqual(['cat', 'cat', 'cat']);
    expect((fx['listDogsFixture'] as Json[]).map((d) => d['petType'])).toEqual(['Dog']);
  });

  it('formats stay valid when lengthened to minLength; multipleOf values divide exactly in floating point', () => {
    const c = fx['getConstraintsFixture'] as Json;
    expect(c['email']).toMatch(/^[a-z.]+x*@example\.test$/);
    expect((c['email'] as string).length).toBeGreaterThanOrEqual(30);
    expect(c['hostname']).toBe('host1xxxxxxxxxxxx.example.test');
    expect(atob(c['byte'] as string)).toMatch(/^sample-1x+$/);
    expect((c['byte'] as string).length).toBeGreaterThanOrEqual(20);
    for (const [k, step] of [['cents', 0.01], ['tenth', 0.1], ['seventh', 0.7], ['step', 7]] as const) {
      expect({ k, exact: Number.isInteger((c[k] as number) / step) }).toEqual({ k, exact: true });
    }
    expect(c['big']).toBe(1000);
  });

  it('uniqueItems arrays have distinct items (booleans alternate, numbers count up from the minimum, cut strings stay distinct)', () => {
    const c = fx['getConstraintsFixture'] as Json;
    expect([c['flags'], c['counts'], c['colors']]).toEqual([[true, false], [5, 6], ['red', 'green', 'blue']]);
    const words = c['words'] as string[];
    expect(words.length).toBe(3);
    expect(new Set(words).size).toBe(3);
    expect(words.every((w) => w.length <= 3)).toBe(true);
    expect((fx['getConstraintsEmptyFixture'] as Json)['counts']).toEqual([5, 6]);
  });

  it('maxProperties leaves optional properties out; minProperties fills a map', () => {
    const c = fx['getConstraintsFixture'] as Json;
    expect(Object.keys(c['few'] as Json)).toHaveLength(2);
    expect(Object.keys(c['map'] as Json).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys((fx['getConstraintsEmptyFixture'] as Json)['map'] as Json).length).toBeGreaterThanOrEqual(2);
  });

  it('writeOnly properties stay out of responses, required ones too; readOnly ones are in', () => {
    for (const a of fx['accountsFixtures'] as Json[]) {
      expect(Object.keys(a).sort()).toEqual(['createdAt', 'id', 'name']);
    }
  });

  it('store keys fit their schema: created keys match the key pattern, position keys are values of the uuid parameter', async () => {
    const server = setupServer(...handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const created = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch('http://localhost/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"item":"tea"}' });
        created.push(((await res.json()) as Json)['id']);
      }
      expect(created).toHaveLength(3);
      for (const id of created) expect(id).toMatch(/^ord_[0-9a-z]{8}$/);
      expect(new Set(created).size).toBe(3);
      const found = await fetch('http://localhost/endpoints/00000000-0000-4000-8000-000000000001');
      expect(found.status).toBe(200);
    } finally {
      server.close();
    }
  });
});
