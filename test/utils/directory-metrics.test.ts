// The measures of `pnpm corpus:directory` (scripts/lib/directory-metrics.mjs, docs/corpus.md) count what they
// say: the structural CRUD set comes from the paths alone, recall compares roles by `METHOD path`, and the
// output measures read the generated files' shapes.
import { isHashedName, median, outputMeasures, roleRecall, rolesByOperation, structuralCrud } from '../../scripts/lib/directory-metrics.mjs';

const op = {};

describe('structuralCrud: the CRUD roles plain from the paths alone', () => {
  it('a collection with an item path beside it gives list, create, read, update (PUT and PATCH) and delete', () => {
    const doc = { paths: { '/pets': { get: op, post: op }, '/pets/{id}': { get: op, put: op, patch: op, delete: op }, '/pets/{id}/photos': { get: op } } };
    expect(structuralCrud(doc)).toEqual([
      { method: 'get', path: '/pets', role: 'list' },
      { method: 'post', path: '/pets', role: 'create' },
      { method: 'get', path: '/pets/{id}', role: 'read' },
      { method: 'put', path: '/pets/{id}', role: 'update' },
      { method: 'delete', path: '/pets/{id}', role: 'delete' },
      { method: 'patch', path: '/pets/{id}', role: 'update' },
    ]);
  });

  it('no item path beside it, an item segment that is not only a parameter, or no paths: nothing', () => {
    expect(structuralCrud({ paths: { '/me': { get: op }, '/pets/{id}.json': { get: op }, '/pets': { get: op } } })).toEqual([]);
    expect(structuralCrud({})).toEqual([]);
    expect(structuralCrud(null)).toEqual([]);
  });

  it('a trailing slash on the collection still pairs it with its items', () => {
    expect(structuralCrud({ paths: { '/bots/': { post: op }, '/bots/{botId}': { delete: op } } })).toEqual([
      { method: 'post', path: '/bots/', role: 'create' },
      { method: 'delete', path: '/bots/{botId}', role: 'delete' },
    ]);
  });
});

describe('roleRecall and rolesByOperation', () => {
  it('counts a hit only where the role agrees, and lists each miss with what was given', () => {
    const roles = rolesByOperation({
      resources: [{ resource: 'pets', operations: [
        { role: 'list', name: 'listPets', operationKey: 'GET /pets' },
        { role: 'search', name: 'findPets', operationKey: 'POST /pets', reason: 'search: …' },
      ] }],
    });
    const expected = [
      { method: 'get', path: '/pets', role: 'list' as const },
      { method: 'post', path: '/pets', role: 'create' as const },
      { method: 'get', path: '/pets/{id}', role: 'read' as const },
    ];
    expect(roleRecall(expected, roles)).toEqual({
      total: 3,
      hit: 1,
      misses: [
        { method: 'post', path: '/pets', want: 'create', got: 'search', name: 'findPets', reason: 'search: …' },
        { method: 'get', path: '/pets/{id}', want: 'read', got: 'missing', name: '', reason: '' },
      ],
    });
  });
});

describe('names and medians', () => {
  it('a hashed name is the length limit’s cut: 72 characters, H and a 7-character hash', () => {
    expect(isHashedName(`${'a'.repeat(72)}Hx7k2p9q`)).toBe(true);
    expect(isHashedName(`${'a'.repeat(71)}Hx7k2p9q`)).toBe(false);
    expect(isHashedName('listPets')).toBe(false);
  });

  it('the median is the lower middle; 0 for nothing', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(20);
    expect(median([])).toBe(0);
  });
});

describe('outputMeasures: read off the generated files', () => {
  const config = (resource: string, mode: string) => ({ path: `src/features/${resource}/model/${resource}.config.ts`, contents: `export const c = {\n  pagination: { mode: '${mode}' },\n};\n` });
  const hook = (resource: string, file: string, contents: string) => ({ path: `src/features/${resource}/api/${file}`, contents });

  it('a paginated resource without infinite query options is counted; one with them, or unpaginated, is not', () => {
    const files = [
      config('pets', 'page'),
      config('owners', 'cursor'),
      config('tags', 'none'),
      hook('owners', 'useOwnersQuery.ts', 'export function ownersInfiniteQueryOptions(params) {}\n'),
      hook('pets', 'usePetsQuery.ts', 'export function petsQueryOptions(params) {}\n'),
    ];
    expect(outputMeasures(files).pagedWithoutInfinite).toEqual(['pets']);
  });

  it('a mutation whose cache effects are all empty lists is counted', () => {
    const empty = 'export const deletePetInvalidates = {\n  lists: () => [] as const,\n};\n';
    const some = 'export const createPetInvalidates = {\n  lists: () => [petsQueryKeys.lists()] as const,\n};\n';
    const m = outputMeasures([hook('pets', 'useDeletePetMutation.ts', empty), hook('pets', 'useCreatePetMutation.ts', some)]);
    expect(m.mutations).toBe(2);
    expect(m.emptyEffects).toEqual(['src/features/pets/api/useDeletePetMutation.ts']);
  });
});
