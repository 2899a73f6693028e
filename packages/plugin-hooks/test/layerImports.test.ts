// Every type name a hook file uses is imported, whatever the operation's response: the directory-classes fixture's
// `GET /custompages` pages through a Link header and has no body (its plain query's data is `null`), and its
// infinite query options still name the response type (readme.io's `getCustomPages`). A list that requires its cursor
// parameter starts its infinite query from the cursor in `params`.
import path from 'node:path';
import { HOOK_ADAPTERS, type HookAdapter } from '@reslayer/plugin-hooks';
import { generateLayer, REPO_ROOT } from './helpers.js';

const CONTRACT = path.join(REPO_ROOT, 'fixtures/openapi/3.0/directory-classes.yaml');

/** Names a file imports (`import { a, type B } from …`, `import type { C } from …`), `type ` prefixes dropped. */
function importedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^import (?:type )?\{([^}]*)\} from /gm)) for (const n of (m[1] ?? '').split(',')) names.add(n.trim().replace(/^type /, ''));
  return names;
}

/** Operation type names (`ListCustompagesResponse`, `GetCountError`…) a file mentions outside its imports. */
function usedTypeNames(text: string): Set<string> {
  const body = text.replace(/^import [^;]*;$/gm, '').replace(/\/\*\*[\s\S]*?\*\//g, '');
  return new Set([...body.matchAll(/\b[A-Z][A-Za-z0-9]*(?:Response|Error|Params|Payload)\b/g)].map((m) => m[0]));
}

describe.each<HookAdapter>([...HOOK_ADAPTERS])('hook files of the directory-classes fixture with adapter %s', (adapter) => {
  it('import every operation type they use; a paged list with no response body gets no infinite options', async () => {
    const result = await generateLayer(adapter, CONTRACT);
    const hooks = result.files.filter((f) => /(^|\/)features\/[^/]+\/api\/use[^/]+\.ts$/.test(f.path));
    expect(hooks.length).toBeGreaterThan(5);
    // A paged list whose response is only a header has no page body: no infinite query options (core's isPagedList).
    const headerOnly = hooks.find((f) => f.path.endsWith('/useCustompagesQuery.ts'));
    expect(headerOnly?.contents).toContain('custompagesQueryOptions');
    expect(headerOnly?.contents).not.toContain('InfiniteData');
    const missing = hooks.flatMap((f) => {
      const imported = importedNames(f.contents);
      return [...usedTypeNames(f.contents)].filter((n) => !imported.has(n)).map((n) => `${f.path}: ${n}`);
    });
    expect(missing).toEqual([]);
  });
});

describe.each<HookAdapter>([...HOOK_ADAPTERS])('a list that requires its cursor parameter, adapter %s', (adapter) => {
  it('its infinite query starts from the cursor given in params (googleapis.com/drive GET /changes)', async () => {
    const result = await generateLayer(adapter, CONTRACT);
    const hook = result.files.find((f) => f.path.endsWith('/useChangesQuery.ts'))?.contents ?? '';
    expect(hook).toContain('export function changesInfiniteQueryOptions(params: ListChangesParams)');
    expect(hook).toContain("initialPageParam: params?.pageToken as string | undefined,");
    expect(hook).not.toContain("Omit<ListChangesParams, 'pageToken'>");
  });
});
