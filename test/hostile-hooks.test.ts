// Hostile parameter names in the hooks layer: parameters named like what each hooks adapter imports or
// declares (fixtures/openapi/hostile/hostile-hooks.yaml) never take those names, and the layer type-checks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HookAdapter } from '@reslayer/plugin-hooks';
import { listFiles } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { CLIENT_HOOKS_INCLUDE, typecheck } from './helpers/typecheck.js';
import { writeLayer } from '../packages/plugin-hooks/test/helpers.js';

/** Parameters named like what the hooks import or declare (fixtures/openapi/hostile/hostile-hooks.yaml). */
const HOOK_NAMES = ['skipToken', 'useQuery', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation', 'queryClient', 'options', 'variables', 'computed', 'toValue', 'queryKey', 'pageParam', 'signal', 'readAccessor', 'createQuery', 'createInfiniteQuery', 'injectQuery', 'injectInfiniteQuery', 'inject'];

describe.each<HookAdapter>(['none', 'react-query', 'vue-query', 'preact-query', 'svelte-query', 'solid-query', 'angular-query'])('hostile hook names with adapter %s (optimistic on)', (adapter) => {
  let root: string;
  let hookFiles: Map<string, string>;

  beforeAll(async () => {
    root = await writeLayer(adapter, `hostile-hooks-${adapter}`, fixture('hostile/hostile-hooks.yaml'), { optimistic: true });
    const features = path.join(root, 'src/features');
    hookFiles = new Map(listFiles(features).filter((f) => f.includes(`${path.sep}api${path.sep}`)).map((f) => [path.relative(features, f), readFileSync(f, 'utf8')]));
  }, 60_000);

  it('the contract reaches the hooks: a paginated CRUD list with cache helpers, an optimistic update and a probe query', () => {
    const all = [...hookFiles.values()].join('\n');
    expect(all).toContain('export const skipTokenItemsCache = listCacheHelpers<');
    expect(all).toContain('return optimisticMutation<UpdateItemResponse, UpdateItemError, UpdateItemVariables>(');
    expect(all).toMatch(/export function itemsInfiniteQueryOptions\(/);
    expect(all).toMatch(/export function probeQueryOptions\(/);
  });

  it('no parameter from the contract takes the name of an identifier the file imports, declares or uses', () => {
    const bad: string[] = [];
    for (const [file, source] of hookFiles) {
      const imported = new Set([...source.matchAll(/^import (?:type )?\{([^}]*)\}/gm)].flatMap((m) => (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type /, ''))));
      const declared = new Set([...source.matchAll(/^export (?:function|const) ([A-Za-z0-9_$]+)/gm)].map((m) => m[1] ?? ''));
      for (const m of source.matchAll(/^export function [A-Za-z0-9_$]+(?:<[^(]*>)?\(([^\n]*)\) \{$/gm)) {
        const params = [...(m[1] ?? '').matchAll(/(?:^|, )([A-Za-z0-9_$]+)\??:/g)].map((x) => x[1] ?? '');
        // `queryClient`, `options`, `params` and `payload` are the generator's own parameters; contract names never take them.
        const fromContract = params.filter((n) => !['queryClient', 'options', 'params', 'payload'].includes(n));
        for (const name of fromContract) if (imported.has(name) || declared.has(name) || HOOK_NAMES.includes(name)) bad.push(`${file}: ${name}`);
      }
    }
    expect(bad).toEqual([]);
    expect([...hookFiles.values()].join('\n')).toContain('skipToken2: string | undefined');
    expect([...hookFiles.values()].join('\n')).toContain('readAccessor2: string | undefined');
  });

  it('type-checks with TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes)', () => {
    const r = typecheck(root, { tsconfigName: 'tsconfig.hooks.json', include: CLIENT_HOOKS_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
    expect(r.checkedFiles.some((f) => f.includes('/features/skipTokenItems/api/'))).toBe(true);
  }, 120_000);
});
