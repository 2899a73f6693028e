// Operation signatures: identifiers that cannot shadow generated code, path argument types, URL parts, body kinds.
import { createApiModel, createOperation, createResource } from '../model/factory.js';
import type { NamedSchema, ParameterNode, SchemaNode } from '../model/types.js';
import { operationUrl, requestBodyKind, responseBodyKind } from '../model/queries.js';
import { printPathArgumentType } from '../print/arguments.js';
import { describeOperation, RESERVED_ARGUMENT_NAMES } from './signature.js';

/** A schema node with a default pointer (loosely typed for brevity). */
const node = (n: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...n }) as unknown as SchemaNode;
const pathParam = (name: string, schema: SchemaNode): ParameterNode => ({ kind: 'parameter', name, in: 'path', required: true, schema, style: 'simple', explode: false, pointer: '#' });
const named = (name: string, schema: SchemaNode): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });

function signatureOf(path: string, parameters: ParameterNode[], schemas: NamedSchema[] = []) {
  const op = createOperation('get', path, { parameters });
  const resource = createResource('things', { operations: [{ role: 'read', name: 'getThing', operationKey: op.key }] });
  const model = createApiModel({ schemas, operations: [op], resources: [resource] });
  const first = resource.operations[0];
  if (!first) throw new Error('no operation');
  return describeOperation(model, resource, first);
}

describe('describeOperation', () => {
  it('gives path parameters named like generated identifiers another identifier (the wire name is kept)', () => {
    const names = ['request', 'options', 'payload', 'params', 'signal', 'RequestOptions', 'details', 'all'];
    const s = signatureOf(`/x/${names.map((n) => `{${n}}`).join('/')}`, names.map((n) => pathParam(n, node({ kind: 'string' }))));
    expect(s.pathArgs.map((a) => [a.param.name, a.ident])).toEqual([
      ['request', 'request2'],
      ['options', 'options2'],
      ['payload', 'payload2'],
      ['params', 'params2'],
      ['signal', 'signal2'],
      ['RequestOptions', 'requestOptions'],
      ['details', 'details2'],
      ['all', 'all2'],
    ]);
    for (const a of s.pathArgs) expect(RESERVED_ARGUMENT_NAMES).not.toContain(a.ident);
  });

  it('types path arguments by their schema, with $refs inlined and null left out', () => {
    const s = signatureOf(
      '/x/{slug}/{id}/{contactId}/{status}/{free}',
      [
        pathParam('slug', node({ kind: 'string' })),
        pathParam('id', node({ kind: 'number', integer: true, nullable: true })),
        pathParam('contactId', node({ kind: 'string', format: 'uuid' })),
        pathParam('status', node({ kind: 'ref', target: 'Status' })),
        pathParam('free', node({ kind: 'unknown' })),
      ],
      [named('Status', node({ kind: 'string', enum: ['open', 'closed'] }))],
    );
    expect(s.pathArgs.map((a) => printPathArgumentType(a))).toEqual(['string', 'number', 'string', "'open' | 'closed'", 'string | number']);
  });

  it('a path parameter whose $refs recurse falls back to string | number', () => {
    const s = signatureOf('/x/{loop}', [pathParam('loop', node({ kind: 'ref', target: 'A' }))], [named('A', node({ kind: 'ref', target: 'A' }))]);
    expect(s.pathArgs[0]?.inlineSchema).toBeUndefined();
    expect(printPathArgumentType(s.pathArgs[0] ?? {})).toBe('string | number');
  });

  it('splits a literal query and a fragment off the path key', () => {
    expect(signatureOf('/responses/{id}?beta=true', [pathParam('id', node({ kind: 'string' }))])).toMatchObject({ urlPath: '/responses/{id}', fixedQuery: 'beta=true' });
    const folder = signatureOf('/folders/{id}#add_shared_link', [pathParam('id', node({ kind: 'string' }))]);
    expect(folder.urlPath).toBe('/folders/{id}');
    expect('fixedQuery' in folder).toBe(false);
    expect(folder.node.path).toBe('/folders/{id}#add_shared_link');
  });
});

describe('operationUrl', () => {
  it.each([
    ['/a/{b}', { path: '/a/{b}' }],
    ['/a?x=1', { path: '/a', query: 'x=1' }],
    ['/a#f', { path: '/a', fragment: 'f' }],
    ['/a?x=1&y=2#f', { path: '/a', query: 'x=1&y=2', fragment: 'f' }],
    ['/a?#f', { path: '/a', fragment: 'f' }],
  ])('%s', (path, want) => {
    expect(operationUrl({ path })).toEqual(want);
  });
});

describe('requestBodyKind and responseBodyKind', () => {
  const obj = node({ kind: 'object', properties: [] });
  it.each([
    ['application/json with an object', 'application/json', obj, 'json', 'json'],
    ['`*/*` with an object (Swagger 2 without consumes/produces) is JSON', '*/*', obj, 'json', 'json'],
    ['`*/*` with a $ref is JSON', '*/*', node({ kind: 'ref', ref: '#/components/schemas/ConfigMap' }), 'json', 'json'],
    ['`application/*` with an array is JSON', 'application/*', node({ kind: 'array', items: obj }), 'json', 'json'],
    ['`*/*` with a binary string is a file', '*/*', node({ kind: 'string', format: 'binary' }), 'binary', 'blob'],
    ['`*/*` with a plain string is no JSON', '*/*', node({ kind: 'string' }), 'binary', 'blob'],
    ['`*/*` without a schema is no JSON', '*/*', undefined, 'binary', 'blob'],
    ['`image/*` with an object is no JSON', 'image/*', obj, 'binary', 'blob'],
    ['text/plain with a string is text', 'text/plain', node({ kind: 'string' }), 'text', 'text'],
  ])('%s', (_, mediaType, schema, request, response) => {
    const content = schema ? { mediaType, schema } : { mediaType };
    expect(requestBodyKind(content)).toBe(request);
    expect(responseBodyKind(content)).toBe(response);
  });
});
