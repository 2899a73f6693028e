import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runGenerator, type RunResult } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { REPO_ROOT } from './helpers.js';

// Cache effects are never empty: a mutation whose lists are not recognised invalidates its resource's root key
// and the keys of the resources whose paths are prefixes of its path.

const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'Effects', version: '1' },
  paths: {
    '/threads': { get: { operationId: 'listThreads', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thread' } } } } } } } },
    '/threads/{threadId}': { parameters: [id('threadId')], get: { operationId: 'getThread', responses: { '200': { description: 'ok', ...json('Thread') } } } },
    '/threads/{threadId}/messages': {
      parameters: [id('threadId')],
      post: { operationId: 'createMessage', requestBody: json('Message'), responses: { '201': { description: 'ok', ...json('Message') } } },
    },
    '/threads/{threadId}/messages/{messageId}': {
      parameters: [id('threadId'), id('messageId')],
      get: { operationId: 'getMessage', responses: { '200': { description: 'ok', ...json('Message') } } },
      delete: { operationId: 'deleteMessage', responses: { '204': { description: 'gone' } } },
    },
    '/settings': { put: { operationId: 'putSettings', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '204': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Thread: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      Message: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, text: { type: 'string' } } },
    },
  },
};

/** The `invalidate` member of every mutation's `<name>Invalidates`, by file name, whitespace collapsed. */
function invalidated(result: RunResult): Map<string, string> {
  return new Map(
    result.files
      .filter((f) => f.path.endsWith('Mutation.ts'))
      .map((f) => [path.posix.basename(f.path), (/invalidate: \(_?variables\) => \[([^\]]*(?:\([^)]*\))?[^\]]*)\] as const/.exec(f.contents)?.[1] ?? '').replace(/\s+/g, ' ')] as const),
  );
}

const generate = (input: string): Promise<RunResult> => runGenerator({ input, outputRoot: os.tmpdir(), srcDir: 'src', plugins: [pluginClient(), pluginHooks()], allowRemoteRefs: false });

describe('cache effects are never empty', () => {
  let dir: string;
  let effects: Map<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-effects-'));
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(CONTRACT));
    effects = invalidated(await generate(path.join(dir, 'openapi.json')));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a nested resource without a list invalidates its root key, the parent item it is under and the parent lists', () => {
    expect(effects.get('useCreateMessageMutation.ts')).toBe('threadsMessagesQueryKeys.all, threadsQueryKeys.detail(variables.threadId), threadsQueryKeys.lists()');
    expect(effects.get('useDeleteMessageMutation.ts')).toBe('threadsMessagesQueryKeys.all, threadsQueryKeys.detail(variables.threadId), threadsQueryKeys.lists()');
  });

  it('a resource alone on its path invalidates its own root key', () => {
    expect(effects.get('usePutSettingsMutation.ts')).toBe('settingsQueryKeys.all');
  });

  it('no mutation of the demo or the fixture contracts has empty effects', async () => {
    const contracts = [path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml')];
    for (const folder of ['3.0', '3.1']) {
      for (const f of await readdir(path.join(REPO_ROOT, 'fixtures/openapi', folder))) contracts.push(path.join(REPO_ROOT, 'fixtures/openapi', folder, f));
    }
    for (const contract of contracts) {
      for (const [file, keys] of invalidated(await generate(contract))) expect(`${path.basename(contract)} ${file}: ${keys === '' ? 'empty' : 'keys'}`).toBe(`${path.basename(contract)} ${file}: keys`);
    }
  }, 60_000);
});

describe('a detail key that needs more than the path', () => {
  it('a read with a required query parameter: the item\'s mutations invalidate details(), they set or remove no detail', async () => {
    const fields = { name: 'fields', in: 'query', required: true, schema: { type: 'string' } };
    const contract = {
      openapi: '3.1.0',
      info: { title: 'Effects', version: '1' },
      paths: {
        '/docs/{docId}': {
          parameters: [id('docId')],
          get: { operationId: 'getDoc', parameters: [fields], responses: { '200': { description: 'ok', ...json('Doc') } } },
          put: { operationId: 'updateDoc', requestBody: json('Doc'), responses: { '200': { description: 'ok', ...json('Doc') } } },
          delete: { operationId: 'deleteDoc', responses: { '204': { description: 'gone' } } },
        },
      },
      components: { schemas: { Doc: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
    };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-effects-'));
    try {
      await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(contract));
      const result = await generate(path.join(dir, 'openapi.json'));
      for (const name of ['useUpdateDocMutation.ts', 'useDeleteDocMutation.ts']) {
        const text = result.files.find((f) => f.path.endsWith(`/${name}`))?.contents ?? '';
        expect(invalidated(result).get(name)).toContain('docsQueryKeys.details()');
        expect(text).not.toContain('docsQueryKeys.detail(');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('behind envelopes and under an embedding parent', () => {
  const wrap = (ref: string) => ({ content: { 'application/json': { schema: { type: 'object', properties: { data: { $ref: `#/components/schemas/${ref}` } } } } } });
  const list = (ref: string) => ({ content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } } } } } } });
  const ENVELOPED = {
    openapi: '3.1.0',
    info: { title: 'Enveloped', version: '1' },
    paths: {
      '/dialogs': { get: { operationId: 'listDialogs', responses: { '200': { description: 'ok', ...list('Dialog') } } } },
      '/dialogs/{dialogId}': {
        parameters: [id('dialogId')],
        get: { operationId: 'getDialog', responses: { '200': { description: 'ok', ...wrap('Dialog') } } },
        put: { operationId: 'updateDialog', requestBody: wrap('DialogInput'), responses: { '200': { description: 'ok', ...wrap('Dialog') } } },
        delete: { operationId: 'deleteDialog', responses: { '204': { description: 'gone' } } },
      },
      '/dialogs/{dialogId}/activities': {
        parameters: [id('dialogId')],
        get: { operationId: 'listActivities', responses: { '200': { description: 'ok', ...list('Activity') } } },
        post: { operationId: 'createActivity', requestBody: json('Activity'), responses: { '201': { description: 'ok', ...json('Activity') } } },
      },
      '/dialogs/{dialogId}/activities/{activityId}': {
        parameters: [id('dialogId'), id('activityId')],
        get: { operationId: 'getActivity', responses: { '200': { description: 'ok', ...json('Activity') } } },
      },
      '/members': { get: { operationId: 'listMembers', responses: { '200': { description: 'ok', ...list('Member') } } } },
      '/members/{memberId}': { parameters: [id('memberId')], get: { operationId: 'getMember', responses: { '200': { description: 'ok', ...json('Member') } } }, delete: { operationId: 'deleteMember', responses: { '204': { description: 'gone' } } } },
      '/attributes': { get: { operationId: 'listAttributes', responses: { '200': { description: 'ok', ...list('Attribute') } } } },
      '/attributes/{attributeId}': { parameters: [id('attributeId')], get: { operationId: 'getAttribute', responses: { '200': { description: 'ok', ...json('Attribute') } } }, delete: { operationId: 'deleteAttribute', responses: { '204': { description: 'gone' } } } },
    },
    components: {
      schemas: {
        Dialog: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, title: { type: 'string' }, activities: { type: 'array', items: { $ref: '#/components/schemas/Activity' } } } },
        DialogInput: { type: 'object', properties: { title: { type: 'string' }, password: { type: 'string' } } },
        Activity: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        Member: { type: 'object', properties: { _id: { type: 'string' }, email: { type: 'string' } } },
        Attribute: { type: 'object', properties: { attributeID: { type: 'string' }, name: { type: 'string' } } },
      },
    },
  };
  let dir: string;
  let files: Map<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reslayer-envelopes-'));
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(ENVELOPED));
    files = new Map((await generate(path.join(dir, 'openapi.json'))).files.map((f) => [path.posix.basename(f.path), f.contents]));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the cache helpers find the entity inside the detail envelope; an update patches the payload wrapper\'s known fields', () => {
    expect(files.get('useDialogsQuery.ts')).toContain("listCacheHelpers<NonNullable<NonNullable<ListDialogsResponse>['data']>[number], GetDialogResponse>({ lists: dialogsQueryKeys.lists, items: 'data', key: 'id', detail: 'data' })");
    const update = files.get('useUpdateDialogMutation.ts') ?? '';
    expect(update).toContain('optimisticMutation<');
    expect(update).toContain("patch: (variables) => variables.payload?.['data'], fields: ['title']");
    expect(update).toContain('setFromResponse: (variables) => [dialogsQueryKeys.detail(variables.dialogId)]');
    expect(files.get('useDeleteDialogMutation.ts')).toContain("kind: 'delete'");
  });

  it('an item key named `_id`, or like the path parameter in another case (`attributeID` for `attributeId`)', () => {
    expect(files.get('useMembersQuery.ts')).toContain("key: '_id'");
    expect(files.get('useAttributesQuery.ts')).toContain("key: 'attributeID'");
    expect(files.get('useDeleteMemberMutation.ts')).toContain("kind: 'delete'");
  });

  it('a write under a parent whose read embeds the collection invalidates the parent\'s detail and lists', () => {
    expect(files.get('useCreateActivityMutation.ts')).toMatch(/invalidate: \(variables\) => \[.*dialogsQueryKeys\.detail\(variables\.dialogId\), dialogsQueryKeys\.lists\(\)\] as const/);
  });

  it('a parent whose read takes a required query parameter: the write invalidates the prefix of the parent item\'s details', async () => {
    const withQuery = JSON.parse(JSON.stringify(ENVELOPED)) as { paths: Record<string, { get?: { parameters?: object[] } }> };
    const read = withQuery.paths['/dialogs/{dialogId}']?.get;
    if (read) read.parameters = [{ name: 'view', in: 'query', required: true, schema: { type: 'string' } }];
    const where = await mkdtemp(path.join(os.tmpdir(), 'reslayer-envelopes-query-'));
    try {
      await writeFile(path.join(where, 'openapi.json'), JSON.stringify(withQuery));
      const out = new Map((await generate(path.join(where, 'openapi.json'))).files.map((f) => [path.posix.basename(f.path), f.contents]));
      expect(out.get('useCreateActivityMutation.ts')).toMatch(/invalidate: \(variables\) => \[.*\[\.\.\.dialogsQueryKeys\.details\(\), variables\.dialogId\] as const, dialogsQueryKeys\.lists\(\)\] as const/);
    } finally {
      await rm(where, { recursive: true, force: true });
    }
  });
});
