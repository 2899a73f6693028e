// The layouts of `output.layout` (docs/layouts.md) through the built CLI on the demo contract: the single-file and
// tag layouts type-check with TypeScript 5.9 and 7 under the strict flags, `check` reports drift 0 on them, and
// switching from one layout to another leaves exactly the new layout's files (and the user's own file) in the root.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMock } from '../scripts/lib/runtime-server.mjs';
import { runCli } from './helpers/cli.js';
import { demoProject, writeDemoConfig } from './helpers/demoProject.js';
import { OUT_BASE, ROOT } from './helpers/paths.js';
import { STRICTER_OPTIONS, typecheckProject } from './utils/typecheck.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The demo's four plugins. */
const DEMO_PLUGINS = 'pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()';
/** Every built-in plugin: validators and schemas joined as namespaces (`T.`, `C.`), collections, the mocks' index. */
const ALL_PLUGINS = "pluginClient(), pluginHooks({ adapter: 'react-query' }), pluginConfigMeta(), pluginMocks({ index: true }), pluginValidators(), pluginCollections()";

/** Writes the demo's config with `output.layout` (none for the default) into `dir`; returns its path. */
function configWith(dir: string, layout: string | undefined, plugins = DEMO_PLUGINS): string {
  return writeDemoConfig(dir, { output: layout === undefined ? "'./generated'" : `{ root: './generated', layout: '${layout}' }`, plugins });
}

/** A project folder with the demo's contract under the fixture output base. */
const project = (name: string): string => demoProject(path.join(OUT_BASE, name), made);

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; name: string; parentPath: string }>)
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const manifestFiles = (root: string): string[] => (JSON.parse(readFileSync(path.join(root, '.reslayer-manifest.json'), 'utf8')) as { files: string[] }).files;

describe.each([
  { layout: 'single-file', files: 5, some: 'src/client.ts', plugins: DEMO_PLUGINS, name: 'the demo' },
  { layout: 'tag', files: 93, some: 'src/contacts/contacts/client/contacts.client.ts', plugins: DEMO_PLUGINS, name: 'the demo' },
  { layout: 'single-file', files: 6, some: 'src/collections.ts', plugins: ALL_PLUGINS, name: 'every plugin' },
  { layout: 'tag', files: 103, some: 'src/contacts/contacts/client/contacts.schemas.ts', plugins: ALL_PLUGINS, name: 'every plugin' },
])("output.layout: '$layout', $name", ({ layout, files, some, plugins }) => {
  let dir: string;
  let config: string;
  beforeAll(() => {
    dir = project(`layout-${layout}-${files}`);
    config = configWith(dir, layout, plugins);
  });

  it('generates its files, which type-check with TypeScript 5.9 and 7 under the strict flags', () => {
    const r = runCli(['generate', '--config', config, '--json'], { timeoutMs: 240_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const root = path.join(dir, 'generated');
    expect(existsSync(path.join(root, some))).toBe(true);
    expect(manifestFiles(root)).toHaveLength(files);
    const checks = typecheckProject(root, { tsconfig: { include: ['src/**/*.ts'], compilerOptions: { ...STRICTER_OPTIONS, isolatedModules: true } } });
    expect(Object.fromEntries(Object.entries(checks).map(([label, c]) => [label, c.errors]))).toEqual({ 'tsc 5.9': [], 'TypeScript 7': [] });
    expect(checks['tsc 5.9']?.listed.filter((f) => f.includes('/generated/src/'))).toHaveLength(files);
  });

  it('check (the whole pipeline, no cache) reports drift 0', () => {
    const r = runCli(['check', '--config', config, '--json', '--no-cache'], { timeoutMs: 240_000 });
    const out = JSON.parse(r.stdout) as { drift: unknown; ok: boolean; files: number };
    expect({ status: r.status, drift: out.drift, ok: out.ok, files: out.files }).toEqual({ status: 0, drift: 0, ok: true, files });
  });
});

describe('reslayer mock in another layout', () => {
  it.each(['single-file', 'tag'])("serves the '%s' layout's mocks: list, detail, create listed, delete 404", async (layout) => {
    const dir = project(`layout-mock-${layout}`);
    const config = configWith(dir, layout);
    expect(runCli(['generate', '--config', config], { timeoutMs: 240_000 }).status).toBe(0);
    const server = await startMock(['--config', config]);
    try {
      const call = async (method: string, route: string, body?: unknown) => {
        const r = await fetch(server.url + route, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        const text = await r.text();
        return { status: r.status, json: (text ? JSON.parse(text) : undefined) as { items?: Array<{ id: string }>; id?: string } | undefined };
      };
      const list = await call('GET', '/api/v1/contacts?pageSize=100');
      const first = list.json?.items?.[0];
      expect({ status: list.status, some: first !== undefined }).toEqual({ status: 200, some: true });
      expect(await call('GET', `/api/v1/contacts/${first?.id}`)).toMatchObject({ status: 200, json: { id: first?.id } });
      const created = await call('POST', '/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', status: 'lead' });
      expect(created.status).toBe(201);
      const after = await call('GET', '/api/v1/contacts?pageSize=100');
      expect(after.json?.items?.map((c) => c.id)).toContain(created.json?.id);
      expect((await call('DELETE', `/api/v1/contacts/${created.json?.id}`)).status).toBeLessThan(300);
      expect((await call('GET', `/api/v1/contacts/${created.json?.id}`)).status).toBe(404);
      const about = JSON.parse(server.output.stdout.split('\n')[0] ?? '{}') as { resources?: string[] };
      expect(about.resources).toEqual(['companies', 'contacts', 'contactsArchive', 'dashboardSummary', 'filesDownload', 'search']);
    } finally {
      await server.stop();
    }
  }, 240_000);
});

describe('switching layouts', () => {
  it("removes the old layout's files, and only those: the user's own file stays", () => {
    const dir = project('layout-switch');
    const root = path.join(dir, 'generated');
    const seen: Record<string, number> = {};
    for (const layout of [undefined, 'single-file', 'tag', 'single-file', undefined]) {
      const r = runCli(['generate', '--config', configWith(dir, layout), '--json'], { timeoutMs: 240_000 });
      expect({ layout, status: r.status, stderr: r.stderr }).toEqual({ layout, status: 0, stderr: '' });
      if (layout === undefined && !existsSync(path.join(root, 'src/mine.ts'))) writeFileSync(path.join(root, 'src/mine.ts'), 'export const mine = 1;\n');
      expect(filesUnder(root)).toEqual([...manifestFiles(root), '.reslayer-manifest.json', 'src/mine.ts'].sort());
      seen[layout ?? 'resource'] = manifestFiles(root).length;
    }
    expect(seen).toEqual({ resource: 93, 'single-file': 5, tag: 93 });
    // Back in the resource layout, the output is the demo's own, byte for byte.
    const demo = path.join(ROOT, 'examples/public-crm/generated');
    for (const file of manifestFiles(root)) expect({ file, text: readFileSync(path.join(root, file), 'utf8') }).toEqual({ file, text: readFileSync(path.join(demo, file), 'utf8') });
  });
});
