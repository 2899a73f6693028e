// `RSL_HOOKS_NOT_OPTIMISTIC`: lint says why an update or delete of a resource with a list and a read gets no
// optimistic helper. One row per reason, with a contract that has it; the row without one gets no diagnostic.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLayer } from './helpers.js';

const str = { type: 'string' };
const obj = (properties: Record<string, object>) => ({ type: 'object', properties });
const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const body = (schema: object) => ({ content: { 'application/json': { schema } } });
const param = (name: string, where = 'path') => ({ name, in: where, required: true, schema: str });

/** A contract of `/things` with its list answering `listBody`, its read taking `readParams`, its update sending `patch`. */
function contract(listBody: object, item: object, patch: object, readParams: object[] = []): object {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/things': { get: { operationId: 'listThings', responses: ok(listBody) } },
      '/things/{thingId}': {
        get: { operationId: 'getThing', parameters: [param('thingId'), ...readParams], responses: ok(item) },
        patch: { operationId: 'updateThing', parameters: [param('thingId')], requestBody: body(patch), responses: ok(item) },
        delete: { operationId: 'deleteThing', parameters: [param('thingId')], responses: { '204': { description: 'gone' } } },
      },
    },
  };
}

const thing = obj({ id: str, title: str });
type Doc = { paths: Record<string, Record<string, { requestBody?: object; responses?: object }>> };
/** The contract with the update's request body replaced (removed when undefined). */
function withUpdate(doc: object, requestBody: object | undefined): object {
  const patch = (doc as Doc).paths['/things/{thingId}']?.['patch'];
  if (patch) if (requestBody === undefined) delete patch.requestBody; else patch.requestBody = requestBody;
  return doc;
}
/** The contract with the list's responses replaced. */
function withList(doc: object, responses: object): object {
  const list = (doc as Doc).paths['/things']?.['get'];
  if (list) list.responses = responses;
  return doc;
}
const run = async (doc: object) => {
  const input = path.join(mkdtempSync(path.join(tmpdir(), 'reslayer-optimistic-')), 'openapi.json');
  writeFileSync(input, JSON.stringify(doc));
  return generateLayer('react-query', input);
};
const messages = async (doc: object): Promise<string[]> => {
  const result = await run(doc);
  return result.diagnostics.list().filter((d) => d.code === 'RSL_HOOKS_NOT_OPTIMISTIC').map((d) => d.message);
};

describe('RSL_HOOKS_NOT_OPTIMISTIC says why no optimistic helper is made', () => {
  it.each<[string, object, number, string[]]>([
    ['both optimistic: nothing to say', contract({ type: 'array', items: thing }, thing, obj({ title: str })), 0, []],
    ['items without a key', contract({ type: 'array', items: obj({ title: str }) }, thing, obj({ title: str })), 2, ['updateThing (PATCH /things/{thingId}) gets no optimistic helper: no property of a list item holds the key `thingId`', 'deleteThing (DELETE /things/{thingId}) gets no optimistic helper: no property of a list item holds the key `thingId`']],
    ['items not found', contract(obj({ count: { type: 'integer' } }), thing, obj({ title: str })), 2, ['updateThing (PATCH /things/{thingId}) gets no optimistic helper: the items of GET /things are not found']],
    ['a payload sharing no field', contract({ type: 'array', items: thing }, thing, obj({ colour: str })), 1, ['updateThing (PATCH /things/{thingId}) gets no optimistic helper: its JSON payload has no property that both a list item and the detail have']],
    ['a read that needs a required query parameter: both optimistic, the update through the details\' prefix', contract({ type: 'array', items: thing }, thing, obj({ title: str }), [param('version', 'query')]), 0, []],
    ['a `…Number` key held by its abbreviation (`thingNbr`): both optimistic', JSON.parse(JSON.stringify(contract({ type: 'array', items: obj({ thingNbr: str, title: str }) }, obj({ thingNbr: str, title: str }), obj({ title: str }))).replaceAll('thingId', 'thingNumber')), 0, []],
    ['a `…Number` key no property abbreviates', JSON.parse(JSON.stringify(contract({ type: 'array', items: obj({ code: str, title: str }) }, obj({ code: str, title: str }), obj({ title: str }))).replaceAll('thingId', 'thingNumber')), 2, ['(none of `thingNumber`, `number`, `id`, `_id`, `$id`, `thingId`, `thingNbr`, `thingNo`, `thingNum`, `thingNr`, nor a URI']],
    ['an update without a payload', withUpdate(contract({ type: 'array', items: thing }, thing, obj({})), undefined), 1, ['updateThing (PATCH /things/{thingId}) gets no optimistic helper: it sends no payload']],
    ['a JSON Patch payload', contract({ type: 'array', items: thing }, thing, { type: 'array', items: obj({ op: str, path: str, value: str }) }), 1, ['gets no optimistic helper: its JSON payload is no object with properties']],
    ['a multipart payload', withUpdate(contract({ type: 'array', items: thing }, thing, obj({})), { content: { 'multipart/form-data': { schema: obj({ title: str }) } } }), 1, ['gets no optimistic helper: its payload is multipart/form-data, not JSON']],
    ['a list read as a Blob (`application/x-things`)', withList(contract({ type: 'array', items: thing }, thing, obj({ title: str })), { '200': { description: 'ok', content: { 'application/x-things': { schema: { type: 'array', items: thing } } } } }), 2, ['gets no optimistic helper: GET /things answers application/x-things, read as blob, not JSON']],
    ['a list answering `*/*` with an array schema, read as JSON: both optimistic', withList(contract({ type: 'array', items: thing }, thing, obj({ title: str })), { '200': { description: 'ok', content: { '*/*': { schema: { type: 'array', items: thing } } } } }), 0, []],
    ['a detail wrapped in a property named after the entity (`{ thing: {...} }`): both optimistic', contract({ type: 'array', items: thing }, obj({ thing, requestId: str }), obj({ title: str })), 0, []],
    ['a payload wrapped in a property named after the entity (`{ thing: {...} }`, as its detail): both optimistic', contract({ type: 'array', items: thing }, obj({ thing }), obj({ thing: obj({ title: str }) })), 0, []],
    ['a payload wrapped in a property named after another entity (`{ owner: {...} }`)', contract({ type: 'array', items: thing }, thing, obj({ owner: obj({ title: str }) })), 1, ['its JSON payload has no property that both a list item and the detail have']],
    ['a payload that may be null: both optimistic', contract({ type: 'array', items: thing }, thing, { ...obj({ title: str }), nullable: true }), 0, []],
    ['items beside `_links`: both optimistic', contract(obj({ _links: { type: 'array', items: obj({ href: str }) }, things: { type: 'array', items: thing } }), thing, obj({ title: str })), 0, []],
    ['a Kubernetes-style key (`metadata.thingId`): both optimistic', contract({ type: 'array', items: obj({ metadata: obj({ thingId: str }), title: str }) }, obj({ metadata: obj({ thingId: str }), title: str }), obj({ title: str })), 0, []],
    ['items keyed by their own URI (`uri: "/things/123"`): both optimistic', contract({ type: 'array', items: obj({ uri: str, title: str }) }, obj({ uri: str, title: str }), obj({ title: str })), 0, []],
    ['items with only a `url` (often another address): no key', contract({ type: 'array', items: obj({ url: str, title: str }) }, obj({ url: str, title: str }), obj({ title: str })), 2, ['nor a URI of the item\'s own such as `uri`']],
    ['a `*/*` payload with an object schema, sent as JSON: both optimistic', withUpdate(contract({ type: 'array', items: thing }, thing, obj({})), { content: { '*/*': { schema: obj({ title: str }) } } }), 0, []],
    ['a list of bare keys (`{ things: [string] }`): the delete optimistic, not the update (no field to merge into a key)', contract(obj({ things: { type: 'array', items: str } }), thing, obj({ title: str })), 1, ['updateThing (PATCH /things/{thingId}) gets no optimistic helper: its JSON payload has no property that both a list item and the detail have']],
    ['a list answering an array (200) or an acknowledgement (202): both optimistic, on the array\'s items', withList(contract({ type: 'array', items: thing }, thing, obj({ title: str })), { ...ok({ type: 'array', items: thing }), '202': { description: 'later', content: { 'application/json': { schema: obj({ job: str }) } } } }), 0, []],
    ['a list answering a page (200) or an acknowledgement (202): no one item type', withList(contract(obj({ things: { type: 'array', items: thing } }), thing, obj({ title: str })), { ...ok(obj({ things: { type: 'array', items: thing } })), '202': { description: 'later', content: { 'application/json': { schema: obj({ job: str }) } } } }), 2, ['the list /things answers 2 different bodies (200, 202), so its items are no one type']],
    ['a `*/*` payload of a binary string', withUpdate(contract({ type: 'array', items: thing }, thing, obj({})), { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }), 1, ['gets no optimistic helper: its payload is */*, not JSON']],
  ])('%s', async (_why, doc, count, expected) => {
    const got = await messages(doc);
    expect(got).toHaveLength(count);
    for (const e of expected) expect(got.find((m) => m.includes(e)) ?? got).toContain(e);
  });
});

it('a read that needs a required parameter: the delete removes the item by its path argument, the update patches every detail under the prefix', async () => {
  const result = await run(contract({ type: 'array', items: thing }, thing, obj({ title: str }), [param('x-tenant', 'header')]));
  const del = result.files.find((f) => f.path.endsWith('/useDeleteThingMutation.ts'))?.contents ?? '';
  expect(del).toContain('optimisticMutation<');
  expect(del).toContain("{ kind: 'delete', cache: thingsCache, lists: () => thingsQueryKeys.lists(), id: (variables) => variables.thingId }");
  const update = result.files.find((f) => f.path.endsWith('/useUpdateThingMutation.ts'))?.contents ?? '';
  expect(update).toContain('detail: (variables) => [...thingsQueryKeys.details(), variables.thingId] as const');
});

it('a payload whose fields only the detail has: the update patches the detail with them and leaves the list items as they are', async () => {
  const detail = obj({ id: str, title: str, secret: str });
  const result = await run(contract({ type: 'array', items: thing }, detail, obj({ secret: str, colour: str })));
  expect(result.diagnostics.list().filter((d) => d.code === 'RSL_HOOKS_NOT_OPTIMISTIC')).toEqual([]);
  const update = result.files.find((f) => f.path.endsWith('/useUpdateThingMutation.ts'))?.contents ?? '';
  expect(update).toContain("fields: ['secret'], itemFields: []");
});

it('items keyed by their own URI: the cache helpers compare the last segment of `uri` with the item path argument', async () => {
  const item = obj({ uri: str, title: str });
  const result = await run(contract({ type: 'array', items: item }, item, obj({ title: str })));
  const list = result.files.find((f) => f.path.endsWith('/useThingsQuery.ts'))?.contents ?? '';
  expect(list).toContain("key: 'uri', keyFromUri: 'things'");
  const del = result.files.find((f) => f.path.endsWith('/useDeleteThingMutation.ts'))?.contents ?? '';
  expect(del).toContain("{ kind: 'delete', cache: thingsCache, lists: () => thingsQueryKeys.lists(), id: (variables) => variables.thingId }");
});

it('a payload wrapped in a property named after the entity: the update merges what that property holds', async () => {
  const result = await run(contract({ type: 'array', items: thing }, obj({ thing }), obj({ thing: obj({ title: str }) })));
  const update = result.files.find((f) => f.path.endsWith('/useUpdateThingMutation.ts'))?.contents ?? '';
  expect(update).toContain('optimisticMutation<');
  expect(update).toContain("variables.payload?.['thing']");
});

it('a list of bare keys: the cache helpers key each item by itself (`key: []`), and the delete removes it', async () => {
  const result = await run(contract(obj({ things: { type: 'array', items: str } }), thing, obj({ title: str })));
  const list = result.files.find((f) => f.path.endsWith('/useThingsQuery.ts'))?.contents ?? '';
  expect(list).toContain("items: 'things', key: []");
  const del = result.files.find((f) => f.path.endsWith('/useDeleteThingMutation.ts'))?.contents ?? '';
  expect(del).toContain("{ kind: 'delete', cache: thingsCache, lists: () => thingsQueryKeys.lists(), id: (variables) => variables.thingId }");
});
