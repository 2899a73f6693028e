// The behaviour measures of `pnpm corpus:directory` (scripts/lib/directory-behaviours.mjs, docs/corpus.md): the
// expected operations come from the document alone, and the generated files are read by their doc comments.
import { answersArray, behaviourMeasures, embeddedChildWrites, isPagingParam, listReadWrites, pagingGets } from '../../scripts/lib/directory-behaviours.mjs';

const json = (schema: unknown) => ({ responses: { '200': { content: { 'application/json': { schema } } } } });
const q = (name: string, schema: unknown = { type: 'integer' }) => ({ name, in: 'query', schema });
const arr = { type: 'array', items: { type: 'object' } };

describe('pagingGets: the GETs that take a paging parameter and answer an array', () => {
  it.each([
    ['page/size integers, bare array', [q('page'), q('size')], arr, true],
    ['pageNum as a numeric string, { data: [] }', [q('pageNum', { type: 'string' })], { type: 'object', properties: { data: arr } }, true],
    ['offset/limit, { result: { items: [] } }', [q('offset'), q('limit')], { type: 'object', properties: { result: { type: 'object', properties: { items: arr } } } }, true],
    ['an opaque page_token', [q('page_token', { type: 'string' })], arr, true],
    ['a since id', [q('since')], arr, true],
    ['a since date-time is a time filter', [q('since', { type: 'string', format: 'date-time' })], arr, false],
    ['a lone limit is not paging', [q('limit')], arr, false],
    ['a page parameter on an object answer', [q('page')], { type: 'object', properties: { name: { type: 'string' } } }, false],
  ])('%s', (_label, parameters, schema, pages) => {
    const doc = { paths: { '/things': { get: { parameters, ...json(schema) } } } };
    expect(pagingGets(doc)).toEqual(pages ? ['GET /things'] : []);
  });

  it('a Link header pages without a paging parameter; $refs are followed', () => {
    const doc = {
      components: { schemas: { List: arr }, responses: { Ok: { headers: { Link: {} }, content: { 'application/json': { schema: { $ref: '#/components/schemas/List' } } } } } },
      paths: { '/gists/public': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
    };
    expect(pagingGets(doc)).toEqual(['GET /gists/public']);
    expect(answersArray(doc, { $ref: '#/components/schemas/List' })).toBe(true);
    expect(isPagingParam(doc, q('after', { type: 'string' }))).toBe(true);
  });
});

describe('listReadWrites and embeddedChildWrites', () => {
  const doc = {
    paths: {
      '/dialogs': { get: json(arr) },
      '/dialogs/{id}': { get: json({ type: 'object', properties: { activities: arr } }), put: {}, delete: {} },
      '/dialogs/{id}/activities': { post: {} },
      '/dialogs/{id}/activities/{aid}': { patch: {}, put: {}, delete: {} },
      '/dialogs/{id}/notes': { post: {} },
      '/tags/{id}': { put: {} },
    },
  };
  it('updates and deletes of an item whose collection has a GET and itself a GET', () => {
    expect(listReadWrites(doc)).toEqual(['DELETE /dialogs/{id}', 'PUT /dialogs/{id}']);
  });
  it('child writes whose parent read embeds the collection by name, and not the others', () => {
    expect(embeddedChildWrites(doc).map((c) => c.key)).toEqual(['DELETE /dialogs/{id}/activities/{aid}', 'PATCH /dialogs/{id}/activities/{aid}', 'POST /dialogs/{id}/activities', 'PUT /dialogs/{id}/activities/{aid}']);
    expect(embeddedChildWrites(doc)[0]).toEqual({ key: 'DELETE /dialogs/{id}/activities/{aid}', parent: '/dialogs/{id}', args: ['id'], listed: true });
  });
  it('behaviourMeasures reads the generated doc comments: infinite options, optimistic mutations, parent detail keys', () => {
    const files = [
      { path: 'src/features/dialogs/api/useDialogQuery.ts', contents: '/**\n * `GET /dialogs/{id}` through `c.get`.\n */\nexport function dialogQueryOptions(id: string) {\n  return {\n    queryKey: dialogsQueryKeys.detail(id),\n  };\n}\n' },
      { path: 'src/features/dialogs/api/useDeleteDialogMutation.ts', contents: 'export const deleteDialogInvalidates = {\n  invalidate: (_v) => [dialogsQueryKeys.lists()] as const,\n};\n/**\n * `DELETE /dialogs/{id}` through `c.del`.\n */\nexport function deleteDialogMutationOptions() {\n  return optimisticMutation<A, B, C>();\n}\n' },
      { path: 'src/features/dialogs/api/useUpdateDialogMutation.ts', contents: '/**\n * `PUT /dialogs/{id}` through `c.put`.\n */\nexport function updateDialogMutationOptions() {\n  return cacheMutation<A, B>();\n}\n' },
      { path: 'src/features/activities/api/useCreateActivityMutation.ts', contents: 'export const createActivityInvalidates = {\n  invalidate: (v) => [[...activitiesQueryKeys.lists(), v.id] as const, dialogsQueryKeys.detail(v.id), dialogsQueryKeys.lists()] as const,\n};\n/**\n * `POST /dialogs/{id}/activities` through `c.create`.\n */\nexport function createActivityMutationOptions() {}\n' },
      // The parent's detail named by another argument than the write's parent parameter does not count.
      { path: 'src/features/activities/api/useUpdateActivityMutation.ts', contents: 'export const updateActivityInvalidates = {\n  invalidate: (variables) => [dialogsQueryKeys.detail(variables.aid)] as const,\n};\n/**\n * `PATCH /dialogs/{id}/activities/{aid}` through `c.update`.\n */\nexport function updateActivityMutationOptions() {}\n' },
      // The prefix of the parent item's details, named by the write's own argument, counts.
      { path: 'src/features/activities/api/useRenameActivityMutation.ts', contents: 'export const renameActivityInvalidates = {\n  invalidate: (variables) => [[...dialogsQueryKeys.details(), variables.id] as const] as const,\n};\n/**\n * `PUT /dialogs/{id}/activities/{aid}` through `c.rename`.\n */\nexport function renameActivityMutationOptions() {}\n' },
      // All of the parent's details count.
      { path: 'src/features/activities/api/useDeleteActivityMutation.ts', contents: 'export const deleteActivityInvalidates = {\n  invalidate: (_variables) => [dialogsQueryKeys.details()] as const,\n};\n/**\n * `DELETE /dialogs/{id}/activities/{aid}` through `c.del`.\n */\nexport function deleteActivityMutationOptions() {}\n' },
    ];
    const m = behaviourMeasures({ paths: { ...doc.paths, '/dialogs': { get: { parameters: [q('page')], ...json(arr) } } } }, files);
    expect(m.paging).toEqual({ total: 1, misses: ['GET /dialogs'] });
    expect(m.optimistic).toEqual({ total: 2, misses: ['PUT /dialogs/{id}'] });
    expect(m.parent).toEqual({ total: 4, misses: ['PATCH /dialogs/{id}/activities/{aid}'] });
    expect(m.parentLists).toEqual({ total: 4, misses: ['DELETE /dialogs/{id}/activities/{aid}', 'PATCH /dialogs/{id}/activities/{aid}', 'PUT /dialogs/{id}/activities/{aid}'] });
  });
});
