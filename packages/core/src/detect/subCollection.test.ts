import { createApiModel, createOperation } from '../model/factory.js';
import type { OperationNode, ParameterNode, ResourceNode, SchemaNode } from '../model/types.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { detectResources } from './detectResources.js';

// A GET below an item path that takes a paging parameter and answers a collection lists a sub-collection, whatever
// its last word: one row per shape, with the role the GET must get.

const str: SchemaNode = { kind: 'string', pointer: '#' };
const int: SchemaNode = { kind: 'number', integer: true, pointer: '#' };
const item: SchemaNode = { kind: 'object', properties: [{ name: 'id', required: false, schema: str }], pointer: '#' };
const arrayOf = (items: SchemaNode): SchemaNode => ({ kind: 'array', items, pointer: '#' });
const envelope = (name: string): SchemaNode => ({ kind: 'object', properties: [{ name, required: false, schema: arrayOf(item) }, { name: 'pagination', required: false, schema: item }], pointer: '#' });
const query = (name: string, schema: SchemaNode): ParameterNode => ({ kind: 'parameter', name, in: 'query', required: false, schema, style: 'form', explode: true, pointer: '#' });

const get = (path: string, body: SchemaNode, params: ParameterNode[]): OperationNode =>
  createOperation('get', path, { parameters: params, responses: [{ kind: 'response', status: '200', contents: [{ mediaType: 'application/json', schema: body }], pointer: '#' }] });

const roleOf = (op: OperationNode): string => {
  const model = detectResources(createApiModel({ operations: [op], schemas: [] }), new Diagnostics());
  return model.resources.flatMap((r: ResourceNode) => r.operations).find((o) => o.operationKey === op.key)?.role ?? 'missing';
};

describe('a paged GET below an item path lists a sub-collection', () => {
  it.each<[string, OperationNode, string]>([
    ['an uncountable last word with count/page (`/accounts/{stake_address}/history`)', get('/accounts/{stake_address}/history', arrayOf(item), [query('count', int), query('page', int)]), 'list'],
    ['an envelope with a page size and a page (`/v1/files/{file_key}/versions`)', get('/v1/files/{file_key}/versions', envelope('versions'), [query('page_size', int), query('after', int)]), 'list'],
    ['a cursor typed as a string (`/v1/teams/{team_id}/components`)', get('/v1/teams/{team_id}/components', envelope('components'), [query('cursor', str)]), 'list'],
    ['a last segment with digits or a query (`repositoriesV2`) is left as it was named', get('/v2/registries/{registry_name}/repositoriesV2', envelope('repositories'), [query('page_token', str)]), 'summary'],
    ['no paging parameter: a summary stays a summary', get('/accounts/{stake_address}/history', arrayOf(item), [query('order', str)]), 'summary'],
    ['no item above: a singular word stays a summary', get('/stats/history', arrayOf(item), [query('page', int)]), 'summary'],
    ['an object answer (no collection) stays a summary', get('/accounts/{stake_address}/history', item, [query('page', int)]), 'summary'],
  ])('%s', (_why, op, role) => {
    expect(roleOf(op)).toBe(role);
  });
});
