// Resource names that are reserved words, built-ins, runtime names and generated names: each word is the only
// path segment of a CRUD resource (`/<word>`, `/<word>/{id}`, with a schema and a query parameter of that name),
// and the output of all of them type-checks (TypeScript 5.9 and 7, strict). The words are batched into two
// contracts so that each compiler runs twice. Needs `pnpm build` (the CLI) first.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate, outDirOf } from './helpers/cli.js';
import { FULL_INCLUDE, typecheck } from './helpers/typecheck.js';

/** JavaScript and TypeScript keywords and contextual keywords. */
const KEYWORDS = (
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
  'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
  'private protected public await async any as boolean constructor declare get module namespace never number object readonly require ' +
  'set string symbol type unknown undefined keyof infer is satisfies from of override global bigint'
).split(' ');
/** Built-in globals and types of the DOM and ES libraries. */
const BUILT_INS = (
  'Object Array Promise Date Error Map Set JSON Math Symbol Function String Number Boolean RegExp Blob File FormData URL Response Request ' +
  'Headers fetch window document globalThis console process Record Partial Pick Omit Awaited AbortSignal prototype __proto__ ' +
  'hasOwnProperty toString valueOf'
).split(' ');
/** Names of the runtime, of TanStack Query and of what generated code declares or takes as parameters. */
const GENERATED = (
  'query queryClient client signal options params variables context mutation keys queryKey queryFn mutationFn skipToken data error ' +
  'payload body response http HttpResponse handlers fixtures scenarios store config permissions meta infinite defaultClient createClient ' +
  'ApiError CallOptions RequestOptions Client all lists details index types mock list cache optimistic configure create use handler ' +
  'scenario resource mocks listCache runtime api fixture item items entity page pages pageParam queryOptions mutationOptions ' +
  'infiniteQueryOptions useQuery useMutation delay msw prepare request serialize interceptors validation schema schemas form table ' +
  'i18n filter next read edit apply merge sequence cursor reset build decode encode getClientConfig resetClientConfig isApiError ' +
  'withPath listAnswer scenarioNames createStore readEventStream buildUrl withCacheEffects mockResource editLists nextPageParam'
).split(' ');

/** A contract with one CRUD resource per word. */
function contract(words: readonly string[]): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  for (const w of words) {
    const ref = { $ref: `#/components/schemas/${w}_item` };
    schemas[`${w}_item`] = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, [w]: { type: 'string' } } };
    paths[`/${w}`] = {
      get: { parameters: [{ name: w, in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: json({ type: 'array', items: ref }) } } },
      post: { requestBody: { required: true, content: json(ref) }, responses: { 201: { description: 'created', content: json(ref) } } },
    };
    paths[`/${w}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { 200: { description: 'ok', content: json(ref) } } },
      put: { requestBody: { required: true, content: json(ref) }, responses: { 200: { description: 'ok', content: json(ref) } } },
      delete: { responses: { 204: { description: 'deleted' } } },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Reserved names', version: '1.0.0' }, paths, components: { schemas } }, null, 1);
}

const ALL = [...new Set([...KEYWORDS, ...BUILT_INS, ...GENERATED])];
const BATCHES = [ALL.slice(0, Math.ceil(ALL.length / 2)), ALL.slice(Math.ceil(ALL.length / 2))];

describe('reserved, built-in and generated words as resource names', () => {
  it('the table holds at least 100 distinct words', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(100);
  });

  it.each(BATCHES.map((words, i) => [i + 1, words] as const))('batch %i: one resource per word, and the output type-checks', (i, words) => {
    const dir = outDirOf(`reserved-names-${i}-contract`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, contract(words));
    const g = generate(`reserved-names-${i}`, file);
    expect(g.run.status).toBe(0);
    const resources = readdirSync(path.join(g.outDir, 'src/shared/api/generated'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(resources).toHaveLength(words.length);
    const r = typecheck(g.outDir, { include: FULL_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
  }, 240_000);

  it('a client object never takes a runtime import or a parameter name; the mocks of `mock` keep the runtime\'s mockScenarios', () => {
    const at = (i: number, file: string) => readFileSync(path.join(outDirOf(`reserved-names-${i}`), file), 'utf8');
    const batchOf = (w: string) => (BATCHES[0]?.includes(w) ? 1 : 2);
    expect(at(batchOf('default'), 'src/shared/api/generated/default/default.client.ts')).toMatch(/export const defaultResourceClient = /);
    expect(at(batchOf('query'), 'src/shared/api/generated/query/query.client.ts')).toMatch(/export const queryResourceClient = /);
    expect(at(batchOf('mock'), 'src/shared/mocks/mock/mock.scenarios.ts')).toMatch(/handlers: mockScenarioSets, .* = mockScenarios\(/);
  });
});
