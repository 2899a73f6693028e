// The identity of a resource's list items: where the items are and which property keys them.
import { createApiModel, createOperation, createResource } from '../model/factory.js';
import type { ParameterNode, PropertyNode, ResourceOperation, ResponseNode, SchemaNode } from '../model/types.js';
import { listIdentity, listItemType } from './identity.js';

const node = (n: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...n }) as unknown as SchemaNode;
const str = node({ kind: 'string' });
const prop = (name: string, required = true): PropertyNode => ({ name, required, schema: str }) as PropertyNode;
const obj = (...props: PropertyNode[]): SchemaNode => node({ kind: 'object', properties: props });
const json = (schema: SchemaNode): ResponseNode => ({ kind: 'response', status: '200', contents: [{ mediaType: 'application/json', schema }], pointer: '#' }) as ResponseNode;
const pathParam = (name: string): ParameterNode => ({ kind: 'parameter', name, in: 'path', required: true, schema: str, style: 'simple', explode: false, pointer: '#' });

/** The identity of `things`: a list answering `body`, and, given a parameter name, a read of `/things/{param}`. */
function identityOf(body: SchemaNode, param?: string, entity = 'Thing'): ReturnType<typeof listIdentity> {
  const list = createOperation('get', '/things', { responses: [json(body)] });
  const read = param === undefined ? undefined : createOperation('get', `/things/{${param}}`, { parameters: [pathParam(param)], responses: [json(obj(prop('x')))] });
  const operations: ResourceOperation[] = [{ role: 'list', name: 'listThings', operationKey: list.key }, ...(read ? [{ role: 'read' as const, name: 'getThing', operationKey: read.key }] : [])];
  const resource = createResource('things', { entity, operations });
  const model = createApiModel({ operations: [list, ...(read ? [read] : [])], resources: [resource] });
  return listIdentity(model, resource);
}

describe('listIdentity', () => {
  it('finds the items in an envelope and the key the item path parameter names', () => {
    const found = identityOf(obj({ name: 'data', required: true, schema: node({ kind: 'array', items: obj(prop('thingId'), prop('name')) }) } as PropertyNode), 'thingId');
    expect(found).toMatchObject({ itemsProperty: 'data', keyProperty: 'thingId' });
    expect([...(found?.itemProps ?? [])]).toEqual(['thingId', 'name']);
  });

  it('falls back to id, then <entity>Id, matching across case and separators; none without a list of keyed objects', () => {
    const array = (...props: PropertyNode[]): SchemaNode => node({ kind: 'array', items: obj(...props) });
    expect(identityOf(array(prop('id'), prop('thing_id')), 'slug')?.keyProperty).toBe('id');
    expect(identityOf(array(prop('thing_ID')))?.keyProperty).toBe('thing_ID');
    expect(identityOf(array(prop('name')))).toBeUndefined();
    expect(identityOf(node({ kind: 'array', items: str }))).toBeUndefined();
  });
});

describe('listItemType', () => {
  it('walks the items path from the response type', () => {
    expect(listItemType('ListThingsResponse', undefined)).toBe('NonNullable<ListThingsResponse>[number]');
    expect(listItemType('R', ['meta', "it's"])).toBe("NonNullable<NonNullable<NonNullable<R>['meta']>['it\\'s']>[number]");
  });
});
