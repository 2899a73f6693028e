import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DetectStage, EmitStage, GeneratorError, banner, type ApiModel, type PluginHooks } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import pluginMocksDefault, * as api from '@reslayer/plugin-mocks';
import { PLUGIN_MOCKS, mocksNaming, pluginMocks } from '@reslayer/plugin-mocks';
import { resolveMocksOptions, type MocksOptions } from '../src/options.js';
import { mswPattern } from '../src/plan/mswPattern.js';
import { morePreciseTemplates, RouteIndex } from '../src/plan/RouteIndex.js';
import { notesModel, statsModel } from './fixtures/models.js';
import { DEMO_CONTRACT, REPO_ROOT, emitResourceFiles, expectGolden, generate } from './helpers.js';

/** The four files of the model's first resource, by file name. */
function emitAll(model: ApiModel): Record<string, string> {
  return Object.fromEntries(Object.entries(emitResourceFiles(model)).map(([p, c]) => [path.posix.basename(p), c]));
}

describe('emitters (golden files, G14 layer 3)', () => {
  it.each([
    ['stats', statsModel],
    ['notes', notesModel],
  ])('%s: fixtures, handlers, scenarios and index', async (name, build) => {
    const files = emitAll(build());
    for (const [file, contents] of Object.entries(files)) await expectGolden(`${name}/${file}`, contents);
  });

  it('every file starts with the banner', () => {
    const model = notesModel();
    for (const contents of Object.values(emitAll(model))) expect(contents.startsWith(banner())).toBe(true);
  });

  it('a store-backed CRUD resource as data: keyed by the path parameter, counter ids, PUT keeps server fields', () => {
    const handlers = emitAll(notesModel())['notes.handlers.ts'] ?? '';
    expect(handlers).toContain("import { mockResource, type HandlersOptions } from '@reslayer/runtime/mocks';");
    expect(handlers).toContain("store: { seed: notesFixtures, defaults: notesEntityDefaults, key: { path: 'id', kind: 'number' }, serverFields: ['id'] },");
    expect(handlers).toMatch(/createNote: \{[^}]*store: 'create', fields: \['body', 'title'\]/);
    expect(handlers).toMatch(/replaceNote: \{[^}]*store: 'replace', key: 'noteId', fields: \['body', 'title'\]/);
    expect(handlers).toContain("page: { mode: 'offset', param: 'offset', limit: 'limit', defaultSize: 10 }");
    expect(handlers).toContain("body: { blob: 'Mock content of downloadNote.', type: 'application/pdf' }");
    expect(handlers).not.toMatch(/\bhttp\.|HttpResponse|structuredClone/);
  });

  it('is deterministic', () => {
    expect(emitAll(notesModel())).toEqual(emitAll(notesModel()));
  });
});

describe('mswPattern', () => {
  const cases: Array<[string, { given: string; names?: Record<string, string>; want: string }]> = [
    ['path parameters', { given: '/api/v1/contacts/{contactId}', want: '/api/v1/contacts/:contactId' }],
    ['two parameters', { given: '/a/{x}/b/{y}', want: '/a/:x/b/:y' }],
    ['MSW-safe names', { given: '/files/{file-id}', names: { 'file-id': 'fileId' }, want: '/files/:fileId' }],
    ['unnamed unsafe parameter', { given: '/files/{file-id}', want: '/files/:file_id' }],
    ['literal colon and star are escaped', { given: '/v1/things:batch/*', want: '/v1/things\\:batch/\\*' }],
    ['a literal that would extend a parameter name', { given: '/f/{id}json', want: '/f/:id\\json' }],
    ['suffix after a dot is kept', { given: '/f/{id}.json', want: '/f/:id.json' }],
    ['question mark is encoded', { given: '/what?', want: '/what%3F' }],
    ['spaces, angle brackets and non-ASCII are percent-encoded as a URL parser does', { given: '/<upload url>/café', want: '/%3Cupload%20url%3E/caf%C3%A9' }],
  ];
  it.each(cases)('%s', (_name, { given, names, want }) => {
    expect(mswPattern(given, new Map(Object.entries(names ?? {})))).toBe(want);
  });
});

describe('morePreciseTemplates (paths a `*`-based handler steps aside for)', () => {
  const paths = ['/assets', '/tags/assets', '/memories/{id}/assets', '/assets/{id}', '/queues/{name}/jobs', '/jobs', '/{tenant}/assets', '/notifications', '/activities/{id}', '/pets/{petId}', '/pets/search', '/pets/{petId}/photo'];
  it.each([
    ['/assets', ['/memories/{id}/assets', '/tags/assets']],
    ['/jobs', ['/queues/{name}/jobs']],
    ['/pets/{petId}', ['/pets/search']],
    // A parameter taking this path's literal (`/{tenant}/assets`, `/pets/{petId}/photo` for `/pets/{petId}`) is ambiguous, not more precise;
    // a shorter path (`/notifications` for `/activities/{id}`) would leave this path's segments to the base.
    ['/activities/{id}', []],
    ['/tags/assets', []],
    ['/{tenant}/assets', ['/memories/{id}/assets', '/tags/assets']],
  ])('%s', (path, want) => {
    expect(morePreciseTemplates(path, paths)).toEqual(want);
  });
});

describe('RouteIndex (the per-model index behind step-aside and yield-to lists)', () => {
  /** The former per-operation scans over every path, kept as the reference. */
  const param = (seg: string) => /^\{([^{}]+)\}$/.exec(seg)?.[1];
  function naiveShadowed(path: string, others: readonly string[]): Array<{ path: string; pairs: Array<[string, string]> }> {
    const mine = path.split('/');
    const out: Array<{ path: string; pairs: Array<[string, string]> }> = [];
    for (const other of others) {
      const theirs = other.split('/');
      if (other === path || theirs.length !== mine.length) continue;
      const pairs: Array<[string, string]> = [];
      let shadowed = true;
      for (let i = 0; i < mine.length && shadowed; i++) {
        const [a, b] = [mine[i] ?? '', theirs[i] ?? ''];
        const [pa, pb] = [param(a), param(b)];
        if (pa !== undefined && pb === undefined && !b.includes('{')) pairs.push([pa, b]);
        else if (pa === undefined && pb === undefined) shadowed = a === b;
        else shadowed = pa !== undefined && pb !== undefined;
      }
      if (shadowed && pairs.length > 0 && !out.some((o) => o.path === other)) out.push({ path: other, pairs });
    }
    return out;
  }
  function naiveMorePrecise(path: string, others: readonly string[]): string[] {
    const rank = (t: string) => [t.split('/').slice(1).filter((x) => !x.includes('{')).length, t.replace(/\{[^{}]*\}/g, '').replace(/\//g, '').length] as const;
    const meet = (m: string, t: string) => (!m.includes('{') ? t === m : param(m) !== undefined ? t !== '' : param(t) === undefined);
    const mine = path.split('/').slice(1);
    const out = new Set<string>();
    for (const other of others) {
      const theirs = other.split('/').slice(1);
      const [[l0, c0], [l1, c1]] = [rank(path), rank(other)];
      if (other === path || l1 < l0 || (l1 === l0 && c1 <= c0) || theirs.length < mine.length) continue;
      let ok = true;
      for (let k = 1; k <= mine.length && ok; k++) ok = meet(mine[mine.length - k] ?? '', theirs[theirs.length - k] ?? '');
      if (ok) out.add(other);
    }
    return [...out].sort();
  }
  /** Deterministic path templates mixing literals, whole and partial parameters, empty segments and duplicates. */
  function paths(n: number, seed: number): string[] {
    let x = seed;
    const next = (k: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % k;
    };
    const segs = ['a', 'b', 'pets', 'search', 'assets', 'tags', '{id}', '{petId}', '{name}', '{id}.json', 'v1', ''];
    return Array.from({ length: n }, () => `/${Array.from({ length: 1 + next(4) }, () => segs[next(segs.length)]).join('/')}`);
  }
  it.each([1, 2, 3, 4, 5])('answers as the per-operation scans (seed %i)', (seed) => {
    const all = paths(150, seed);
    const index = new RouteIndex(all);
    for (const path of all) {
      expect(index.shadowed(path)).toEqual(naiveShadowed(path, all));
      expect(index.morePrecise(path)).toEqual(naiveMorePrecise(path, all));
    }
  });
});

describe('options', () => {
  it('defaults', () => {
    const defaults = { baseUrl: '*', delayMs: 1500, fixtureCount: 3, shareFixtures: false, runtimeModule: '@reslayer/runtime', index: false, seed: 0 };
    expect(resolveMocksOptions()).toEqual(defaults);
    expect(resolveMocksOptions({ baseUrl: 'https://api.example.test/', delayMs: 0 })).toEqual({ ...defaults, baseUrl: 'https://api.example.test', delayMs: 0 });
    expect(resolveMocksOptions({ baseUrl: '', runtimeModule: '@acme/api-runtime' })).toEqual({ ...defaults, baseUrl: '', runtimeModule: '@acme/api-runtime' });
  });

  it('names the option, the range and the known options in its messages', () => {
    expect(() => resolveMocksOptions({ delayMs: -1 })).toThrow('plugin-mocks: delayMs must be a whole number of milliseconds from 0 to 600000, got -1');
    expect(() => resolveMocksOptions({ fixtureCount: 0 })).toThrow('plugin-mocks: fixtureCount must be a whole number from 1 to 100, got 0');
    expect(() => resolveMocksOptions({ baseUrl: 'http://a b' })).toThrow(`plugin-mocks: baseUrl must be '*', '' or a URL prefix without spaces, '?', '#' or backticks, got "http://a b"`);
    expect(() => resolveMocksOptions({ delay: 10 } as MocksOptions)).toThrow('plugin-mocks: unknown option "delay" (known: baseUrl, delayMs, fixtureCount, shareFixtures, runtimeModule, index, seed)');
    expect(() => resolveMocksOptions({ seed: -1 })).toThrow('plugin-mocks: seed must be a whole number from 0 to 2147483647, got -1');
  });

  it('imports the mock helpers from <runtimeModule>/mocks', () => {
    const files = emitResourceFiles(notesModel(), 2, { runtimeModule: '@acme/api-runtime' });
    const text = Object.values(files).join('\n');
    expect(text).toContain("from '@acme/api-runtime/mocks';");
    expect(text).not.toContain('@reslayer/runtime');
    expect(Object.values(emitResourceFiles(notesModel())).join('\n')).toContain("from '@reslayer/runtime/mocks';");
  });

  const bad: Array<[string, unknown]> = [
    ['negative delay', { delayMs: -1 }],
    ['fractional delay', { delayMs: 1.5 }],
    ['delay as text', { delayMs: '100' }],
    ['baseUrl with a space', { baseUrl: 'http://a b' }],
    ['baseUrl with a backtick', { baseUrl: 'http://a`' }],
    ['baseUrl not a string', { baseUrl: 42 }],
    ['no fixtures', { fixtureCount: 0 }],
    ['unknown option', { delay: 10 }],
    ['not an object', 'fast'],
    ['null option value', { delayMs: null }],
    ['runtimeModule with a space', { runtimeModule: '@acme/api runtime' }],
    ['runtimeModule with a quote', { runtimeModule: "x'y" }],
    ['index not a boolean', { index: 'yes' }],
  ];
  it.each(bad)('rejects %s with RSL_CONFIG_INVALID', (_name, options) => {
    let error: unknown;
    try {
      pluginMocks(options as MocksOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_CONFIG_INVALID');
    expect((error as GeneratorError).message).toMatch(/^plugin-mocks: /);
  });
});

describe('plugin', () => {
  it('exports only the factory, the name, the naming module (G16)', () => {
    expect(Object.keys(api).sort()).toEqual(['PLUGIN_MOCKS', 'default', 'mocksNaming', 'pluginMocks']);
    expect(pluginMocksDefault).toBe(pluginMocks);
  });

  it('requires plugin-client, taps detect (the lint warnings) after core and emit once at EmitStage.Derived, under its own name', () => {
    const plugin = pluginMocks();
    expect(plugin.name).toBe(PLUGIN_MOCKS);
    expect(plugin.requires).toEqual([PLUGIN_CLIENT]);
    const taps: Array<[string, unknown]> = [];
    const on = (hook: string) => (options: unknown) => taps.push([hook, options]);
    const hooks = { detect: { tap: on('detect'), tapAsync: on('detect'), tapPromise: on('detect') }, emit: { tap: on('emit'), tapAsync: on('emit'), tapPromise: on('emit') }, report: { tap: on('report') } } as unknown as PluginHooks;
    plugin.apply(hooks, { run: { input: '', outputRoot: '', srcDir: 'src', plugins: [] } });
    expect(taps).toEqual([['detect', { name: PLUGIN_MOCKS, stage: DetectStage.Refine }], ['emit', { name: PLUGIN_MOCKS, stage: EmitStage.Derived }]]);
  });

  it('names files under shared/mocks/<resource>', () => {
    const r = { resource: 'contacts' };
    expect([mocksNaming.fixturesFile(r), mocksNaming.handlersFile(r), mocksNaming.scenariosFile(r), mocksNaming.indexFile(r)]).toEqual([
      'shared/mocks/contacts/contacts.fixtures.ts',
      'shared/mocks/contacts/contacts.handlers.ts',
      'shared/mocks/contacts/contacts.scenarios.ts',
      'shared/mocks/contacts/index.ts',
    ]);
    expect(mocksNaming.handlersFactory({ resource: '_1Clicks' })).toBe('create_1ClicksHandlers');
  });
});

describe('demo contract', () => {
  let tmp: string | undefined;
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('emits exactly 4 files per resource (24 for the 6 demo resources), each with the banner, deterministically', async () => {
    const first = await generate(DEMO_CONTRACT, '/unused', {}, false);
    const second = await generate(DEMO_CONTRACT, '/unused', {}, false);
    const mocks = first.files.filter((f) => f.plugin === PLUGIN_MOCKS);
    expect(first.model.resources).toHaveLength(6);
    expect(mocks).toHaveLength(24);
    expect(mocks.filter((f) => f.path.split('/').length === 3)).toEqual([]);
    for (const r of first.model.resources) {
      expect(mocks.filter((f) => f.path.startsWith(`shared/mocks/${r.resource}/`)).map((f) => f.path.split('/').pop()).sort())
        .toEqual([`${r.resource}.fixtures.ts`, `${r.resource}.handlers.ts`, `${r.resource}.scenarios.ts`, 'index.ts'].sort());
    }
    for (const f of mocks) {
      expect(f.contents.startsWith(banner())).toBe(true);
      expect(f.contents).not.toMatch(/Math\.random|Date\.now|new Date\(/);
    }
    expect(second.files.map((f) => [f.path, f.contents])).toEqual(first.files.map((f) => [f.path, f.contents]));
  });

  it('handles 1,200 operations (its speed is measured by pnpm bench, not here)', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'reslayer-mocks-perf-'));
    const contract = path.join(tmp, 'big.json');
    await writeFile(contract, JSON.stringify(bigContract(240)), 'utf8');
    const result = await generate(contract, tmp, {}, false);
    expect(result.model.operations).toHaveLength(1200);
    expect(result.files.filter((f) => f.plugin === PLUGIN_MOCKS && f.path.split('/').length === 4)).toHaveLength(240 * 4);
  });

  it('uses no ts-morph, no raw OpenAPI and no randomness in the plugin sources', async () => {
    const src = path.join(REPO_ROOT, 'packages/plugin-mocks/src');
    const files = (await readdir(src, { recursive: true })).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(await readFile(path.join(src, f), 'utf8')).not.toMatch(/ts-morph|openapi3-ts|from 'yaml'|Math\.random|Date\.now/);
  });

  it('keeps msw out of the generator (names of the runtime mocks come from @reslayer/runtime) and holds no module-level state', async () => {
    const src = path.join(REPO_ROOT, 'packages/plugin-mocks/src');
    for (const f of (await readdir(src, { recursive: true })).filter((x) => x.endsWith('.ts'))) {
      const text = await readFile(path.join(src, f), 'utf8');
      expect([f, text.match(/^import [^\n]*from '(msw[^']*|@reslayer\/runtime\/mocks)'/m)?.[0]]).toEqual([f, undefined]);
      // Top-level collections are read-only lookup tables; caches and per-run state live in the plan context or on the model.
      const state = text.split('\n').filter((l) => /^(export )?(const|let|var) /.test(l) && (/new Weak(Map|Set)\b|^(export )?(let|var) /.test(l) || (/= new (Map|Set)\b/.test(l) && !/: Readonly(Map|Set)</.test(l))));
      expect([f, state]).toEqual([f, []]);
    }
  });

  function bigContract(n: number): Record<string, unknown> {
    const schemas: Record<string, unknown> = { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } };
    const paths: Record<string, unknown> = {};
    const err = { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    for (let i = 0; i < n; i++) {
      const ref = { $ref: `#/components/schemas/Thing${i}` };
      const one = { description: 'ok', content: { 'application/json': { schema: ref } } };
      const body = { required: true, content: { 'application/json': { schema: ref } } };
      schemas[`Thing${i}`] = {
        type: 'object', required: ['id', 'name'],
        properties: { id: { type: 'string', format: 'uuid', readOnly: true }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, at: { type: 'string', format: 'date-time' } },
      };
      const page = { type: 'object', required: ['items', 'total'], properties: { items: { type: 'array', items: ref }, total: { type: 'integer' } } };
      paths[`/things${i}`] = {
        get: { operationId: `listThings${i}`, parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: page } } }, 400: err } },
        post: { operationId: `createThing${i}`, requestBody: body, responses: { 201: one, 400: err } },
      };
      paths[`/things${i}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: `getThing${i}`, responses: { 200: one, 404: err } },
        patch: { operationId: `updateThing${i}`, requestBody: body, responses: { 200: one, 404: err } },
        delete: { operationId: `deleteThing${i}`, responses: { 204: { description: 'gone' }, 404: err } },
      };
    }
    return { openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths, components: { schemas } };
  }
});
