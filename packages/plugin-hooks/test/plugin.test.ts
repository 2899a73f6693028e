import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { HOOK_ADAPTERS, hooksNaming, pluginHooks, type HookAdapter, type HooksOptions } from '@reslayer/plugin-hooks';
import { resolveHooksOptions } from '../src/options.js';
import { isQueryOperation } from '../src/plan/isQueryOperation.js';
import { DEMO_GENERATED, generateLayer, REPO_ROOT } from './helpers.js';

/** Hook and index files (path → contents) of one generation of the demo. */
async function apiFiles(adapter: HookAdapter): Promise<Map<string, string>> {
  const { files } = await generateLayer(adapter);
  return new Map(files.filter((f) => /^features\/[^/]+\/api\//.test(f.path)).map((f) => [f.path, f.contents] as const));
}

/** The `export function name(...) { ... }` block of a file. */
function functionBlock(contents: string, name: string): string {
  const match = new RegExp(`export function ${name}(<[^>]*>)?\\(`).exec(contents);
  const start = match ? match.index : -1;
  if (start < 0) throw new Error(`no function ${name}`);
  return contents.slice(start, contents.indexOf('\n}', start) + 2);
}

describe('plugin-hooks options', () => {
  /** The GeneratorError `pluginHooks(options)` throws. */
  function optionsError(options: unknown): GeneratorError {
    try {
      pluginHooks(options as HooksOptions);
    } catch (e) {
      expect(e).toBeInstanceOf(GeneratorError);
      return e as GeneratorError;
    }
    throw new Error(`pluginHooks(${JSON.stringify(options)}) did not throw`);
  }

  it("defaults to adapter 'none' and runtimeModule '@reslayer/runtime', and accepts every adapter", () => {
    const defaults = { adapter: 'none', runtimeModule: '@reslayer/runtime', optimistic: false };
    expect(resolveHooksOptions()).toEqual(defaults);
    expect(resolveHooksOptions({})).toEqual(defaults);
    for (const adapter of HOOK_ADAPTERS) expect(resolveHooksOptions({ adapter })).toEqual({ ...defaults, adapter });
    expect(HOOK_ADAPTERS).toEqual(['none', 'vue-query', 'react-query', 'svelte-query', 'solid-query', 'angular-query', 'preact-query']);
    expect(pluginHooks({ adapter: 'vue-query' }).options).toEqual({ ...defaults, adapter: 'vue-query' });
  });

  it.each([['svelte'], ['Vue-Query'], [''], [42], [null]])('rejects adapter %p with RSL_CONFIG_INVALID', (adapter) => {
    const e = optionsError({ adapter });
    expect(e.code).toBe('RSL_CONFIG_INVALID');
    expect(e.message).toMatch(/^plugin-hooks: adapter must be one of 'none', 'vue-query', 'react-query', 'svelte-query', 'solid-query', 'angular-query', 'preact-query', got /);
    expect(e.hint).toContain('@reslayer/plugin-hooks');
  });

  it('rejects an unknown option, naming the plugin and its options', () => {
    const e = optionsError({ adaptor: 'vue-query' });
    expect(e.code).toBe('RSL_CONFIG_INVALID');
    expect(e.message).toBe('plugin-hooks: unknown option "adaptor" (known: adapter, runtimeModule, optimistic)');
  });

  it.each([[[]], ['vue-query'], [42]])('rejects options %p that are not an object', (options) => {
    expect(optionsError(options).message).toBe('plugin-hooks: options must be an object');
  });

  it('accepts a runtimeModule and rejects one that is not a module specifier; the query helpers then come from it', async () => {
    expect(resolveHooksOptions({ runtimeModule: '@acme/api-runtime' })).toEqual({ adapter: 'none', runtimeModule: '@acme/api-runtime', optimistic: false });
    expect(resolveHooksOptions({ runtimeModule: '../runtime' }).runtimeModule).toBe('../runtime');
    for (const runtimeModule of ["x'; alert(1); '", 'a b', 42]) {
      const e = optionsError({ runtimeModule });
      expect(e.code).toBe('RSL_CONFIG_INVALID');
      expect(e.message).toMatch(/^plugin-hooks: runtimeModule must be a module specifier/);
    }
    // The hook files import the query helpers from `<runtimeModule>/query`; nothing else changes.
    const hookFiles = (files: Array<{ path: string; contents: string }>) => files.filter((f) => /^features\/[^/]+\/api\//.test(f.path)).map((f) => [f.path, f.contents]);
    const plain = await generateLayer('vue-query');
    const custom = await generateLayer('vue-query', undefined, undefined, { runtimeModule: '@acme/api-runtime' });
    expect(hookFiles(custom.files)).toEqual(hookFiles(plain.files).map(([p, c]) => [p, c?.replaceAll("from '@reslayer/runtime/query'", "from '@acme/api-runtime/query'")]));
    expect(hookFiles(plain.files).filter(([, contents]) => contents?.includes("from '@reslayer/runtime/query'")).length).toBeGreaterThan(5);
  }, 60_000);

  it('optimistic: the plugin option sets the default of the per-call option of update and delete; nothing else changes', async () => {
    const plain = await generateLayer('none');
    const on = await generateLayer('none', undefined, undefined, { optimistic: true });
    const text = (r: typeof plain, f: string): string => r.files.find((x) => x.path.endsWith(f))?.contents ?? '';
    for (const f of ['useUpdateContactMutation.ts', 'useDeleteContactMutation.ts']) {
      expect(text(plain, f)).toContain('    options.optimistic ?? false,\n');
      expect(text(on, f)).toContain('    options.optimistic ?? true,\n');
    }
    const changed = on.files.filter((x) => x.contents !== text(plain, x.path)).map((x) => x.path.split('/').pop());
    expect(changed.sort()).toEqual(['useDeleteCompanyMutation.ts', 'useDeleteContactMutation.ts', 'useUpdateCompanyMutation.ts', 'useUpdateContactMutation.ts']);
    expect(text(on, 'useCreateContactMutation.ts')).not.toContain('onMutate');
    expect(text(on, 'useArchiveContactMutation.ts')).not.toContain('onMutate');
  });

  it('names the framework-free factories without `use`, and the hooks with it', () => {
    expect(hooksNaming.queryOptions('useContactsQuery')).toBe('contactsQueryOptions');
    expect(hooksNaming.queryOptions('useDownloadFileQuery')).toBe('downloadFileQueryOptions');
    expect(hooksNaming.infiniteQueryOptions('useContactsQuery')).toBe('contactsInfiniteQueryOptions');
    expect(hooksNaming.infiniteHook('useContactsQuery')).toBe('useContactsInfiniteQuery');
    expect(hooksNaming.suspenseHook('useContactQuery')).toBe('useSuspenseContactQuery');
    expect(hooksNaming.mutationOptions('useCreateContactMutation')).toBe('createContactMutationOptions');
    expect(hooksNaming.invalidates('useCreateContactMutation')).toBe('createContactInvalidates');
    expect(hooksNaming.queryOptions('use2faQuery')).toBe('_2faQueryOptions');
  });
});

describe('a HEAD operation is a query, never a mutation', () => {
  it('isQueryOperation: GET, HEAD, QUERY (OpenAPI 3.2) and a search are queries; the other methods are mutations', () => {
    const methods = ['get', 'head', 'query', 'post', 'put', 'patch', 'delete', 'options', 'trace', 'link'];
    expect(methods.filter((m) => isQueryOperation({ role: 'other' }, m))).toEqual(['get', 'head', 'query']);
    expect(isQueryOperation({ role: 'search' }, 'post')).toBe(true);
  });

  it('HEAD /ping gets query options and hooks whose data is null (TanStack Query rejects undefined), no mutation', async () => {
    const result = await generateLayer('react-query', path.join(REPO_ROOT, 'fixtures/openapi/3.0/operations.yaml'));
    const file = result.files.find((f) => f.path.endsWith('features/ping/api/useHeadPingQuery.ts'))?.contents ?? '';
    expect(file).toContain("queryKey: [...pingQueryKeys.all, 'headPing'] as const as DataTag<readonly [...typeof pingQueryKeys.all, 'headPing'], null, HeadPingError>,");
    expect(file).toContain('queryFn: ({ signal }: { signal: AbortSignal }) => pingClient.headPing({ signal }).then(() => null),');
    expect(file).toContain('export function useHeadPingQuery<TData = null>(');
    expect(file).not.toMatch(/useMutation|HeadPingResponse/);
    expect(result.files.some((f) => /useHeadPingMutation/.test(f.path))).toBe(false);
  });
});

describe('plugin-hooks output per adapter (demo contract)', () => {
  let none: Map<string, string>;
  let adapters: Record<'vue-query' | 'react-query', Map<string, string>>;

  beforeAll(async () => {
    none = await apiFiles('none');
    adapters = { 'vue-query': await apiFiles('vue-query'), 'react-query': await apiFiles('react-query') };
  }, 60_000);

  it("'none' is byte-identical to the committed demo", async () => {
    expect(none.size).toBe(20);
    for (const [file, contents] of none) expect(`${file}\n${contents}`).toBe(`${file}\n${await readFile(path.join(DEMO_GENERATED, 'src', file), 'utf8')}`);
  });

  it("'none' names nothing `use*` and imports types and skipToken from @tanstack/query-core, the helpers from @reslayer/runtime/query", () => {
    for (const [file, contents] of none) {
      expect(`${file}: ${/export (function|const|type) use\w*/.exec(contents)?.[0] ?? ''}`).toBe(`${file}: `);
      for (const [, from] of contents.matchAll(/from '([^.][^']*)'/g)) expect(['@tanstack/query-core', '@reslayer/runtime/query']).toContain(from);
    }
    const detail = none.get('features/contacts/api/useContactQuery.ts') ?? '';
    expect(detail).toContain("import { skipToken, type DataTag } from '@tanstack/query-core';");
    expect(detail).toContain('export function contactQueryOptions(contactId: string | undefined) {');
    expect(detail).toContain('queryKey: contactsQueryKeys.detail(contactId as string | number) as DataTag<ReturnType<typeof contactsQueryKeys.detail>, GetContactResponse, GetContactError>,');
    expect(detail).toContain('queryFn: contactId === undefined ? skipToken : ({ signal }: { signal: AbortSignal }) => contactsClient.getContact(contactId, { signal }),');
  });

  it('derives the cache effects of each mutation from the resource model, as data', () => {
    const effects = (file: string): string => (/export const \w+Invalidates = \{\n([\s\S]*?)\n\} satisfies CacheEffects<\w+>;/.exec(none.get(file) ?? '')?.[1] ?? '').replace(/\s+/g, ' ').trim();
    expect(effects('features/contacts/api/useCreateContactMutation.ts')).toBe('invalidate: (_variables) => [contactsQueryKeys.lists()] as const, remove: (_variables) => [] as const, setFromResponse: (_variables) => [] as const,');
    expect(effects('features/contacts/api/useUpdateContactMutation.ts')).toContain('setFromResponse: (variables) => [contactsQueryKeys.detail(variables.contactId)] as const,');
    expect(effects('features/contacts/api/useDeleteContactMutation.ts')).toContain('remove: (variables) => [contactsQueryKeys.detail(variables.contactId)] as const,');
    expect(effects('features/contacts/api/useDeleteContactMutation.ts')).toContain('invalidate: (_variables) => [contactsQueryKeys.lists()] as const,');
    expect(effects('features/contactsArchive/api/useArchiveContactMutation.ts')).toContain(
      'invalidate: (variables) => [contactsArchiveQueryKeys.all, contactsQueryKeys.lists(), contactsQueryKeys.detail(variables.contactId)] as const,',
    );
  });

  it('declares the cache effects and leaves applying them to the runtime (no QueryClient call in a generated file)', () => {
    for (const [file, contents] of none) expect(`${file}: ${/queryClient\.\w+\(/.exec(contents)?.[0] ?? ''}`).toBe(`${file}: `);
    expect(none.get('features/contacts/api/useCreateContactMutation.ts')).toContain('return cacheMutation<CreateContactResponse, CreateContactVariables>(');
    const update = none.get('features/contacts/api/useUpdateContactMutation.ts') ?? '';
    expect(update).toContain('return optimisticMutation<UpdateContactResponse, UpdateContactError, UpdateContactVariables>(');
    expect(update).toContain("{ kind: 'update', cache: contactsCache, lists: () => contactsQueryKeys.lists(), id: (variables) => variables.contactId,");
    expect(none.get('features/contacts/api/useContactsQuery.ts')).toContain(
      "export const contactsCache = listCacheHelpers<NonNullable<NonNullable<ListContactsResponse>['items']>[number], GetContactResponse>({ lists: contactsQueryKeys.lists, items: 'items', total: 'total', key: 'id' });",
    );
  });

  it.each(['vue-query', 'react-query'] as const)('%s: same paths and index files; the framework-free factories as in none, plus the hooks', (adapter) => {
    const files = adapters[adapter];
    expect([...files.keys()].sort()).toEqual([...none.keys()].sort());
    for (const [file, contents] of files) {
      if (file.endsWith('/index.ts')) {
        expect(contents).toBe(none.get(file));
        continue;
      }
      const hook = path.posix.basename(file, '.ts');
      const factory = hook.endsWith('Query') ? hooksNaming.queryOptions(hook) : hooksNaming.mutationOptions(hook);
      expect(functionBlock(contents, factory)).toBe(functionBlock(none.get(file) ?? '', factory));
      expect(contents).toMatch(new RegExp(`export function ${hook}(<[^>]*>)?\\(`));
    }
  });

  it.each([
    ['vue-query', '@tanstack/vue-query', '@tanstack/react-query'],
    ['react-query', '@tanstack/react-query', '@tanstack/vue-query'],
  ] as const)('%s imports its own package only and creates no QueryClient (SSR-safe)', (adapter, own, other) => {
    for (const contents of adapters[adapter].values()) {
      expect(contents).not.toContain(other);
      expect(contents).not.toContain('@tanstack/query-core');
      expect(contents).not.toMatch(/new QueryClient\b/);
      // useQueryClient() runs inside the hooks only: no module-level statement other than imports and exports.
      expect(contents.split('\n').filter((l) => /^[a-z]/.test(l) && !/^(import|export|type|function) /.test(l))).toEqual([]);
      if (adapter === 'react-query') expect(contents).not.toContain("from 'vue'");
    }
    const update = adapters[adapter].get('features/contacts/api/useUpdateContactMutation.ts') ?? '';
    expect(update).toMatch(/^import \{ useMutation, useQueryClient, [^}]*type QueryClient\b[^}]*\} from /m);
    expect(update).toContain(`} from '${own}';`);
    const hook = functionBlock(update, 'useUpdateContactMutation');
    // The user's callbacks run after the generated ones (the runtime's withOptimisticEffects chains them).
    expect(hook).toContain('  const { optimistic, ...rest } = options ?? {};\n  return useMutation(withOptimisticEffects(updateContactMutationOptions(useQueryClient(), optimistic === undefined ? {} : { optimistic }), rest));');
    // A create has no optimistic update: the user's options go through, onSuccess after the cache effects.
    const create = functionBlock(adapters[adapter].get('features/contacts/api/useCreateContactMutation.ts') ?? '', 'useCreateContactMutation');
    expect(create).toContain('  return useMutation(withCacheEffects(createContactMutationOptions(useQueryClient()), options));');
  });

  it('vue-query: parameters are MaybeRefOrGetter, read with toValue inside an options getter', () => {
    const vue = adapters['vue-query'];
    const list = vue.get('features/contacts/api/useContactsQuery.ts') ?? '';
    expect(list).toContain("import { toValue, type MaybeRefOrGetter } from 'vue';");
    expect(list).toContain('export function useContactsQuery<TData = ListContactsResponse>(params?: MaybeRefOrGetter<ListContactsParams | undefined>, options?: ');
    expect(list).toContain('  return useQuery(() => ({ ...options, ...contactsQueryOptions(toValue(params)) }));');
    expect(list).toContain('  return useInfiniteQuery(() => ({ ...options, ...contactsInfiniteQueryOptions(toValue(params)) }));');
    expect(vue.get('features/contacts/api/useContactQuery.ts')).toContain('export function useContactQuery<TData = GetContactResponse>(contactId: MaybeRefOrGetter<string | undefined>, options?: ');
    // No parameters: no vue import.
    expect(vue.get('features/dashboardSummary/api/useDashboardSummaryQuery.ts')).not.toContain("from 'vue'");
  });

  it('react-query: plain parameters, TanStack options with the operation error type, a suspense hook', () => {
    const list = adapters['react-query'].get('features/contacts/api/useContactsQuery.ts') ?? '';
    expect(list).toContain(
      "export function useContactsQuery<TData = ListContactsResponse>(params?: ListContactsParams, options?: Omit<UseQueryOptions<ListContactsResponse, ListContactsError, TData, ReturnType<typeof contactsQueryOptions>['queryKey']>, 'queryKey' | 'queryFn'>) {",
    );
    expect(list).toContain('  return useQuery({ ...options, ...contactsQueryOptions(params) });');
    expect(list).toContain('export function useSuspenseContactsQuery<TData = ListContactsResponse>(');
    expect(list).toContain('export function useContactsInfiniteQuery<TData = InfiniteData<ListContactsResponse, ');
  });
});
