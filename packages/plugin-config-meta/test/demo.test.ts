import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GeneratedFile, RunResult } from '@reslayer/core/host';
import { runGenerator } from '@reslayer/core/host';
import { pluginConfigMeta, PLUGIN_CONFIG_META } from '@reslayer/plugin-config-meta';
import { DEMO_CONTRACT } from './helpers.js';

/** Runs the real pipeline (load → normalize → detect → emit) with plugin-config-meta alone: it needs no other plugin. */
export async function runDemo(input = DEMO_CONTRACT, outputRoot = os.tmpdir()): Promise<RunResult> {
  return runGenerator({ input, outputRoot, srcDir: 'src', plugins: [pluginConfigMeta()], allowRemoteRefs: false });
}

/** Generated text with its layout left out (whitespace runs as one space, no trailing commas): what it says, not how it is broken over lines. */
const flat = (text: string): string => text.replace(/\s+/g, ' ').replace(/, ([}\]])/g, ' $1');

describe('plugin-config-meta on the demo contract', () => {
  let result: RunResult;
  let mine: GeneratedFile[];
  const file = (p: string): string => {
    const found = mine.find((f) => f.path === p);
    if (!found) throw new Error(`no file ${p}`);
    return found.contents;
  };
  beforeAll(async () => {
    result = await runDemo();
    mine = result.files.filter((f) => f.plugin === PLUGIN_CONFIG_META);
  });

  it('emits 4 files for each of the 6 resources, with no diagnostics', () => {
    expect(result.diagnostics.list().filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.model.resources.map((r) => r.resource)).toEqual(['companies', 'contacts', 'contactsArchive', 'dashboardSummary', 'filesDownload', 'search']);
    expect(mine).toHaveLength(24);
    for (const r of result.model.resources) {
      for (const name of ['index.ts', `${r.resource}.config.ts`, `${r.resource}.permissions.ts`, `${r.resource}.i18n.ts`]) {
        expect(mine.some((f) => f.path === `features/${r.resource}/model/${name}`)).toBe(true);
      }
    }
  });

  it('matches the committed demo output (the one golden copy; `pnpm golden:update` rewrites it)', async () => {
    const demoSrc = path.resolve(path.dirname(DEMO_CONTRACT), 'generated', 'src');
    const committed = (await readdir(demoSrc, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile() && /^features\/[^/]+\/model\//.test(path.relative(demoSrc, path.join(d.parentPath, d.name)).split(path.sep).join('/')))
      .map((d) => path.relative(demoSrc, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      .sort();
    expect(committed).toEqual(mine.map((f) => f.path).sort());
    for (const f of mine) expect(`${f.path}\n${await readFile(path.join(demoSrc, f.path), 'utf8')}`).toBe(`${f.path}\n${f.contents}`);
  });

  it('describes the contacts form: writable properties only, status as a 4-value select', () => {
    const config = flat(file('features/contacts/model/contacts.config.ts'));
    const fieldsBlock = config.slice(config.indexOf('fields: ['), config.indexOf('filters: ['));
    const names = [...fieldsBlock.matchAll(/\{ name: '([^']+)'/g)].map((m) => m[1]);
    // Fields follow the contract's declaration order of `Contact`, not the alphabet.
    expect(names).toEqual(['firstName', 'lastName', 'email', 'phone', 'status', 'companyId', 'tags']);
    expect(fieldsBlock).not.toContain("name: 'id'");
    expect(fieldsBlock).not.toContain("name: 'createdAt'");
    expect(fieldsBlock).toContain("{ name: 'status', label: 'Status', input: 'select', required: true, nullable: false, enum: ['lead', 'active', 'inactive', 'archived'],");
  });

  it('detects page pagination and sortable columns of contacts', () => {
    const config = flat(file('features/contacts/model/contacts.config.ts'));
    expect(config).toContain("pagination: { mode: 'page', pageParam: 'page', pageSizeParam: 'pageSize', itemsProperty: 'items', totalProperty: 'total', defaultPageSize: 20 }");
    // Sortable columns name the sort parameter and its values (`?sort=-lastName` for descending).
    expect(config).toContain("sortable: true, sort: { param: 'sort', asc: 'lastName', desc: '-lastName' } }");
    expect(config).toContain("sortable: true, sort: { param: 'sort', asc: 'createdAt', desc: '-createdAt' } }");
    expect(config).toContain("{ name: 'email', label: 'Email', cell: 'email', sortable: false }");
    const columns = config.slice(config.indexOf('columns: ['), config.indexOf('pagination: {'));
    expect([...columns.matchAll(/\{ name: '([^']+)'/g)].map((m) => m[1])).toEqual(['id', 'firstName', 'lastName', 'email', 'phone', 'status', 'companyId', 'tags', 'createdAt']);
    // page, pageSize and sort are not filters; q, status and companyId are.
    const filters = config.slice(config.indexOf('filters: ['), config.indexOf('columns: ['));
    expect([...filters.matchAll(/\{ name: '([^']+)'/g)].map((m) => m[1])).toEqual(['q', 'status', 'companyId']);
  });

  it('lists permissions with scopes, and i18n labels', () => {
    const permissions = flat(file('features/contacts/model/contacts.permissions.ts'));
    expect(permissions).toContain("create: { permission: 'contacts:create', scopes: ['crm:write'], method: 'POST', path: '/api/v1/contacts' }");
    expect(permissions).toContain("list: { permission: 'contacts:list', scopes: ['crm:read'],");
    expect(flat(file('features/contactsArchive/model/contactsArchive.permissions.ts'))).toContain("archiveContact: { permission: 'contactsArchive:archiveContact',");
    expect(flat(file('features/filesDownload/model/filesDownload.permissions.ts'))).toContain("downloadFile: { permission: 'filesDownload:downloadFile',");
    expect(flat(file('features/search/model/search.permissions.ts'))).toContain("search: { permission: 'search:search',");
    const i18n = file('features/contacts/model/contacts.i18n.ts');
    expect(i18n).toContain("  title: 'Contacts',\n  actions: {\n    list: 'List contacts',\n    read: 'Read a contact',");
    expect(i18n).toContain("    createdAt: 'Created at',");
  });

  it('describes every resource of a 1,200-operation contract (its speed is measured by pnpm bench, not here)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-config-meta-'));
    try {
      const paths: Record<string, unknown> = {};
      const schemas: Record<string, unknown> = {};
      for (let i = 0; i < 240; i++) {
        const item = { $ref: `#/components/schemas/Thing${i}` };
        schemas[`Thing${i}`] = {
          type: 'object',
          required: ['id', 'name'],
          properties: Object.fromEntries([
            ['id', { type: 'string', format: 'uuid', readOnly: true }],
            ...Array.from({ length: 12 }, (_, k) => [`field${k}`, { type: k % 2 ? 'integer' : 'string', maxLength: k % 2 ? undefined : 40 }]),
            ['name', { type: 'string', title: 'Name' }],
            ['status', { type: 'string', enum: ['a', 'b', 'c'] }],
          ]),
        };
        const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
        const page = { type: 'object', properties: { items: { type: 'array', items: item }, total: { type: 'integer' } } };
        const query = ['page', 'pageSize', 'q', 'status'].map((name) => ({ name, in: 'query', schema: { type: name.startsWith('page') ? 'integer' : 'string' } }));
        const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
        const body = { required: true, content: { 'application/json': { schema: item } } };
        paths[`/things${i}`] = { get: { operationId: `listThings${i}`, parameters: query, responses: ok(page) }, post: { operationId: `createThing${i}`, requestBody: body, responses: ok(item) } };
        paths[`/things${i}/{id}`] = {
          parameters: id,
          get: { operationId: `getThing${i}`, responses: ok(item) },
          patch: { operationId: `updateThing${i}`, requestBody: body, responses: ok(item) },
          delete: { operationId: `deleteThing${i}`, responses: { '204': { description: 'gone' } } },
        };
      }
      const contract = path.join(dir, 'big.json');
      await writeFile(contract, JSON.stringify({ openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths, components: { schemas } }));
      const big = await runDemo(contract, dir);
      expect(big.model.operations).toHaveLength(1200);
      expect(big.files.filter((f) => f.plugin === PLUGIN_CONFIG_META)).toHaveLength(big.model.resources.length * 4);
      expect(big.report.timings.some((t) => t.plugin === PLUGIN_CONFIG_META)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
