import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GeneratedFile } from '@reslayer/core/host';
import { runGenerator } from '@reslayer/core/host';
import { pluginConfigMeta, PLUGIN_CONFIG_META } from '@reslayer/plugin-config-meta';
import { DEMO_CONTRACT, REPO_ROOT } from './helpers.js';
import { emitModel, hostileModel } from './model.js';
import { TSC_59, typecheckProject } from '../../../test/utils/typecheck.js';

const RUNTIME_SRC = path.join(REPO_ROOT, 'packages/runtime/src');

/** A consumer of the generated metadata; each `@ts-expect-error` must fire, or tsc fails. */
const USAGE = `import type { FieldMeta, PaginationMeta, ResourceConfig, ResourceI18n, ResourcePermissions } from '@reslayer/runtime';
import { contactsConfig, contactsI18n, contactsPermissions, type ContactsPermissionKey } from './src/features/contacts/model/index.js';
import { companiesConfig } from './src/features/companies/model/index.js';
import { contactsArchivePermissions } from './src/features/contactsArchive/model/index.js';
import { dashboardSummaryConfig } from './src/features/dashboardSummary/model/index.js';
import { filesDownloadConfig } from './src/features/filesDownload/model/index.js';
import { searchConfig } from './src/features/search/model/index.js';
import { evilConfig, evilI18n } from './src/hostile/features/evil/model/index.js';

export const configs: ResourceConfig[] = [contactsConfig, companiesConfig, dashboardSummaryConfig, filesDownloadConfig, searchConfig, evilConfig];
export const catalogs: ResourceI18n[] = [contactsI18n, evilI18n];
export const permissions: ResourcePermissions = contactsPermissions;
export const archive: 'contactsArchive:archiveContact' = contactsArchivePermissions.archiveContact.permission;
export const key: ContactsPermissionKey = 'create';
// @ts-expect-error not a permission key of contacts
export const badKey: ContactsPermissionKey = 'archiveContact';
export const mode: 'page' = contactsConfig.pagination.mode;
export const pageParam: 'page' = contactsConfig.pagination.pageParam;
export const scope: 'crm:write' = contactsPermissions.create.scopes[0];
export const pagination: PaginationMeta = contactsConfig.pagination;
export const status: readonly ['lead', 'active', 'inactive', 'archived'] | undefined = contactsConfig.fields.find((f) => f.name === 'status')?.enum;
// @ts-expect-error the metadata is read-only
contactsPermissions.create.scopes.push('x');
// @ts-expect-error an unknown input type is rejected
export const wrong: ResourceConfig = { fields: [{ name: 'a', label: 'A', input: 'slider', required: true, nullable: false }], filters: [], columns: [], pagination: { mode: 'none' } };
// @ts-expect-error exactOptionalPropertyTypes: an absent fact is left out, never undefined
export const undef: FieldMeta = { name: 'a', label: 'A', input: 'text', required: true, nullable: false, description: undefined };
`;

/** A stand-in for @reslayer/runtime while its index.ts does not re-export meta.ts yet. */
function runtimeShim(dir: string): string {
  const meta = path.relative(dir, path.join(RUNTIME_SRC, 'meta.js')).split(path.sep).join('/');
  return [
    `export type * from '${meta.startsWith('.') ? meta : `./${meta}`}';`,
    'export type RequestOptions = { signal?: AbortSignal };',
    'export declare function request<T>(spec: unknown, options?: RequestOptions): Promise<T>;',
    'export declare class ApiError<T = unknown> extends Error { status: number; body: T }',
    '',
  ].join('\n');
}

describe('the generated metadata type-checks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-config-meta-tsc-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles the demo output of plugin-config-meta, which needs no other plugin (and the hostile case), with tsc --noEmit', async () => {
    const demo = await runGenerator({ input: DEMO_CONTRACT, outputRoot: dir, srcDir: 'src', plugins: [pluginConfigMeta()], allowRemoteRefs: false });
    const hostile = await emitModel(hostileModel(), [pluginConfigMeta()]);
    const files: GeneratedFile[] = [...demo.files, ...hostile.map((f) => ({ ...f, path: `hostile/${f.path}` }))];
    for (const f of files) {
      await mkdir(path.dirname(path.join(dir, 'src', f.path)), { recursive: true });
      await writeFile(path.join(dir, 'src', f.path), f.contents);
    }
    const runtimeIndex = await readFile(path.join(RUNTIME_SRC, 'index.ts'), 'utf8');
    const exportsMeta = /from '\.\/meta\.js'/.test(runtimeIndex);
    const runtime = exportsMeta ? path.join(RUNTIME_SRC, 'index.ts') : path.join(dir, 'runtime-shim.ts');
    if (!exportsMeta) await writeFile(runtime, runtimeShim(dir));
    await writeFile(path.join(dir, 'usage.ts'), USAGE);
    const check = typecheckProject(dir, {
      module: true,
      tsconfig: {
        include: ['src/**/*.ts', 'usage.ts'],
        compilerOptions: { verbatimModuleSyntax: true, isolatedModules: true, paths: { '@reslayer/runtime': [runtime] } },
      },
      compilers: { 'tsc 5.9': TSC_59 },
    })['tsc 5.9'];
    expect(check?.errors).toEqual([]);
    // Prove the check covered what we think: every generated file of this plugin, the usage file and the runtime types.
    const listed = new Set(check?.listed);
    const mine = files.filter((f) => f.plugin === PLUGIN_CONFIG_META);
    expect(mine).toHaveLength(28);
    for (const f of [...mine.map((m) => path.join(dir, 'src', m.path)), path.join(dir, 'usage.ts'), path.join(RUNTIME_SRC, 'meta.ts')]) {
      expect({ file: f, listed: listed.has(path.resolve(f)) }).toEqual({ file: f, listed: true });
    }
  });
});
