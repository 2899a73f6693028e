import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { HOOK_ADAPTERS, hooksNaming, pluginHooks, type HookAdapter, type HooksOptions } from '@reslayer/plugin-hooks';
import { resolveHooksOptions } from '../src/options.js';
import { DEMO_GENERATED, generateLayer } from './helpers.js';

/** Hook and index files (path → contents) of one generation of the demo. */
async function apiFiles(adapter: HookAdapter): Promise<Map<string, string>> {
  const { files } = await generateLayer(adapter);
  return new Map(files.filter((f) => /^features\/[^/]+\/api\//.test(f.path)).map((f) => [f.path, f.contents] as const));
}

/** The `export function name(...) { ... }` block of a file. */
function functionBlock(contents: string, name: string): string {
  const start = contents.indexOf(`export function ${name}(`);
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
    const defaults = { adapter: 'none', runtimeModule: '@reslayer/runtime' };
    expect(resolveHooksOptions()).toEqual(defaults);
    expect(resolveHooksOptions({})).toEqual(defaults);
    for (const adapter of HOOK_ADAPTERS) expect(resolveHooksOptions({ adapter })).toEqual({ ...defaults, adapter });
    expect(HOOK_ADAPTERS).toEqual(['none', 'vue-query', 'react-query']);
    expect(pluginHooks({ adapter: 'vue-query' }).options).toEqual({ ...defaults, adapter: 'vue-query' });
  });

  it.each([['svelte-query'], ['Vue-Query'], [''], [42], [null]])('rejects adapter %p with RSL_CONFIG_INVALID', (adapter) => {
    const e = optionsError({ adapter });
    expect(e.code).toBe('RSL_CONFIG_INVALID');
    expect(e.message).toMatch(/^plugin-hooks: adapter must be one of 'none', 'vue-query', 'react-query', got /);
    expect(e.hint).toContain('@reslayer/plugin-hooks');
  });

  it('rejects an unknown option, naming the plugin and its options', () => {
    const e = optionsError({ adaptor: 'vue-query' });
    expect(e.code).toBe('RSL_CONFIG_INVALID');
    expect(e.message).toBe('plugin-hooks: unknown option "adaptor" (known: adapter, runtimeModule)');
  });

  it.each([[[]], ['vue-query'], [42]])('rejects options %p that are not an object', (options) => {
    expect(optionsError(options).message).toBe('plugin-hooks: options must be an object');
  });

  it('accepts a runtimeModule and rejects one that is not a module specifier; the output does not change', async () => {
    expect(resolveHooksOptions({ runtimeModule: '@acme/api-runtime' })).toEqual({ adapter: 'none', runtimeModule: '@acme/api-runtime' });
    expect(resolveHooksOptions({ runtimeModule: '../runtime' }).runtimeModule).toBe('../runtime');
    for (const runtimeModule of ["x'; alert(1); '", 'a b', 42]) {
      const e = optionsError({ runtimeModule });
      expect(e.code).toBe('RSL_CONFIG_INVALID');
      expect(e.message).toMatch(/^plugin-hooks: runtimeModule must be a module specifier/);
    }
    // No hook file imports the runtime: the option is accepted for uniformity and changes nothing.
    const hookFiles = (files: Array<{ path: string; contents: string }>) => files.filter((f) => /^features\/[^/]+\/api\//.test(f.path)).map((f) => [f.path, f.contents]);
    const plain = await generateLayer('vue-query');
    const custom = await generateLayer('vue-query', undefined, undefined, { runtimeModule: '@acme/api-runtime' });
    expect(hookFiles(custom.files)).toEqual(hookFiles(plain.files));
    expect(hookFiles(plain.files).some(([, contents]) => contents?.includes('@reslayer/runtime'))).toBe(false);
  }, 60_000);

  it('names the option factory after the hook', () => {
    expect(hooksNaming.optionsFactory('useContactsQuery')).toBe('useContactsQueryOptions');
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

  it.each(['vue-query', 'react-query'] as const)('%s: same paths, same index files, hook + factory in every hook file', (adapter) => {
    const files = adapters[adapter];
    expect([...files.keys()].sort()).toEqual([...none.keys()].sort());
    for (const [file, contents] of files) {
      if (file.endsWith('/index.ts')) {
        expect(contents).toBe(none.get(file));
        continue;
      }
      const hook = path.posix.basename(file, '.ts');
      const factory = hooksNaming.optionsFactory(hook);
      // The factory is the 'none' hook, renamed: identical behaviour.
      expect(functionBlock(contents, factory)).toBe(functionBlock(none.get(file) ?? '', hook).replace(`function ${hook}(`, `function ${factory}(`));
      expect(contents).toContain(`export function ${hook}(`);
      const variables = /export type \w+Variables = .*;/.exec(none.get(file) ?? '')?.[0];
      if (variables) expect(contents).toContain(variables);
    }
  });

  it.each([
    ['vue-query', '@tanstack/vue-query', '@tanstack/react-query'],
    ['react-query', '@tanstack/react-query', '@tanstack/vue-query'],
  ] as const)('%s imports its own package only and creates no QueryClient (SSR-safe)', (adapter, own, other) => {
    for (const contents of adapters[adapter].values()) {
      expect(contents).not.toContain(other);
      expect(contents).not.toMatch(/new QueryClient\b/);
      // useQueryClient() runs inside the hooks only: no module-level statement other than imports and exports.
      expect(contents.split('\n').filter((l) => /^[a-z]/.test(l) && !/^(import|export) /.test(l))).toEqual([]);
      if (adapter === 'react-query') expect(contents).not.toContain("from 'vue'");
    }
    const update = adapters[adapter].get('features/contacts/api/useUpdateContactMutation.ts') ?? '';
    expect(update).toContain(`import { useMutation, useQueryClient } from '${own}';`);
    expect(functionBlock(update, 'useUpdateContactMutation')).toContain('  const queryClient = useQueryClient();\n');
    expect(update).toContain('await Promise.all(invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));');
  });

  it('vue-query: parameters are MaybeRefOrGetter and the key is computed from toValue(...)', () => {
    const vue = adapters['vue-query'];
    const list = vue.get('features/contacts/api/useContactsQuery.ts') ?? '';
    expect(list).toContain("import { computed, toValue, type MaybeRefOrGetter } from 'vue';");
    expect(list).toContain('export function useContactsQuery(params?: MaybeRefOrGetter<ListContactsParams | undefined>, options?: ');
    expect(list).toContain('    queryKey: computed(() => contactsQueryKeys.list(toValue(params))),\n    queryFn: ({ signal }) => contactsClient.listContacts(toValue(params), { signal }),');
    expect(vue.get('features/contacts/api/useContactQuery.ts')).toContain('export function useContactQuery(contactId: MaybeRefOrGetter<string>, options?: ');
    expect(vue.get('features/search/api/useSearchQuery.ts')).toContain('export function useSearchQuery(params: MaybeRefOrGetter<SearchParams>, options?: ');
    // No parameters: no vue import, a plain key.
    const summary = vue.get('features/dashboardSummary/api/useDashboardSummaryQuery.ts') ?? '';
    expect(summary).not.toContain("from 'vue'");
    expect(summary).toContain('    queryKey: dashboardSummaryQueryKeys.getDashboardSummary(),');
  });

  it('react-query: plain parameters', () => {
    const list = adapters['react-query'].get('features/contacts/api/useContactsQuery.ts') ?? '';
    expect(list).toContain('export function useContactsQuery(params?: ListContactsParams, options?: Omit<UseQueryOptions<ListContactsResponse, DefaultError, ListContactsResponse, ReturnType<typeof contactsQueryKeys.list>>, \'queryKey\' | \'queryFn\'>) {');
    expect(list).toContain('    queryKey: contactsQueryKeys.list(params),\n    queryFn: ({ signal }) => contactsClient.listContacts(params, { signal }),');
  });
});
