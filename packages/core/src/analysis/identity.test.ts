// The identity of a resource's list items: where the items are and which property keys them.
import { createApiModel, createOperation, createResource } from '../model/factory.js';
import type { ParameterNode, PropertyNode, ResourceOperation, ResponseNode, SchemaNode } from '../model/types.js';
import { keyWord, listIdentity, listItemType } from './identity.js';

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

  it('takes the items beside hypermedia links, and HAL\'s `_embedded` items', () => {
    const arrayOf = (name: string, ...props: PropertyNode[]): PropertyNode => ({ name, required: true, schema: node({ kind: 'array', items: obj(...props) }) }) as PropertyNode;
    const links = arrayOf('_links', prop('href'), prop('rel'));
    expect(identityOf(obj(links, arrayOf('emails', prop('id'))), 'emailId')).toMatchObject({ itemsProperty: 'emails', keyProperty: 'id' });
    expect(identityOf(obj(links), 'href')).toMatchObject({ itemsProperty: '_links', keyProperty: 'href' });
    const embedded = { name: '_embedded', required: true, schema: obj(arrayOf('items', prop('code'))) } as PropertyNode;
    expect(identityOf(obj({ name: '_links', required: true, schema: obj(prop('next')) } as PropertyNode, embedded), 'code')).toMatchObject({ itemsProperty: ['_embedded', 'items'], keyProperty: 'code' });
  });

  it('falls back to id, then <entity>Id, matching across case and separators; none without a list of keyed objects', () => {
    const array = (...props: PropertyNode[]): SchemaNode => node({ kind: 'array', items: obj(...props) });
    expect(identityOf(array(prop('id'), prop('thing_id')), 'slug')?.keyProperty).toBe('id');
    expect(identityOf(array(prop('thing_ID')))?.keyProperty).toBe('thing_ID');
    expect(identityOf(array(prop('name')))).toBeUndefined();
    expect(identityOf(node({ kind: 'array', items: str }))).toBeUndefined(); // no item path parameter
  });

  it('takes the property the parameter\'s last word names ahead of `id` (Azure\'s `{vaultName}`, GitHub\'s `{issue_number}`)', () => {
    const array = (...props: PropertyNode[]): SchemaNode => node({ kind: 'array', items: obj(...props) });
    expect(identityOf(array(prop('id'), prop('name')), 'vaultName')?.keyProperty).toBe('name');
    expect(identityOf(array(prop('id'), prop('number')), 'issue_number')?.keyProperty).toBe('number');
    expect(identityOf(array(prop('id'), prop('name')), 'hostname')?.keyProperty).toBe('id');
    expect(identityOf(array(prop('id'), prop('name')), 'thingId')?.keyProperty).toBe('id');
    expect([keyWord('vaultName'), keyWord('issue_number'), keyWord('projectKey'), keyWord('hostname'), keyWord('petId'), keyWord('name')]).toEqual(['name', 'number', 'key', undefined, undefined, undefined]);
  });
});

describe('listIdentity: a list of bare keys (EKS\'s `{ clusters: [string] }` beside `/clusters/{name}`)', () => {
  const num = node({ kind: 'number', integer: true });
  const keys = (items: SchemaNode): SchemaNode => obj({ name: 'clusters', required: true, schema: node({ kind: 'array', items }) } as PropertyNode);
  it.each<[string, SchemaNode, string | undefined, boolean]>([
    ['strings beside a string item parameter: each item is its own key', keys(str), 'name', true],
    ['a bare array of strings too', node({ kind: 'array', items: str }), 'name', true],
    ['numbers beside a string parameter: another kind, no key', keys(num), 'name', false],
    ['nullable strings: no key', keys(node({ kind: 'string', nullable: true })), 'name', false],
    ['date strings: no key', keys(node({ kind: 'string', format: 'date' })), 'name', false],
    ['strings without an item path parameter: no key', keys(str), undefined, false],
  ])('%s', (_name, body, param, keyed) => {
    const found = identityOf(body, param);
    expect(found === undefined ? undefined : { keyProperty: found.keyProperty, props: found.itemProps.size }).toEqual(keyed ? { keyProperty: [], props: 0 } : undefined);
  });
});

describe('listIdentity: the key of real contracts\' items', () => {
  const array = (...props: PropertyNode[]): SchemaNode => node({ kind: 'array', items: obj(...props) });
  const nested = (name: string, ...props: PropertyNode[]): PropertyNode => ({ name, required: true, schema: obj(...props) }) as PropertyNode;
  it.each<[string, SchemaNode, string, string, unknown]>([
    ['an Appwrite `$id`', array(prop('$id'), prop('name')), 'sessionId', 'Session', '$id'],
    ['the parameter\'s trailing words: `groupName` of `billingGroupName`', array(prop('groupName'), prop('groupArn')), 'billingGroupName', 'BillingGroup', 'groupName'],
    ['the parameter\'s trailing words: `userId` of `inboundSharedUserProfile-userId`', array(prop('userId'), prop('displayName')), 'inboundSharedUserProfile-userId', 'InboundSharedUserProfile', 'userId'],
    ['the entity\'s trailing words with `Id`: `insurancePolicyId` of `CriticalIllnessInsurancePolicy`', array(prop('insurancePolicyId'), prop('insured')), 'id', 'CriticalIllnessInsurancePolicy', 'insurancePolicyId'],
    ['an own identifier for an id parameter: `entity_id` for `{id}`', array(prop('entity_id'), prop('entity_type')), 'id', 'AristaSwitch', 'entity_id'],
    ['an own identifier for an id parameter: `uuid` for `{reportId}`', array(prop('uuid'), prop('title')), 'reportId', 'Report', 'uuid'],
    ['no `uid`, which often names another entity (a comment\'s author): `{commentId}`', array(prop('uid'), prop('subject')), 'commentId', 'Comment', undefined],
    ['no own identifier for a parameter that names no id: `uuid` for `{slug}`', array(prop('uuid'), prop('title')), 'slug', 'Report', undefined],
    ['a Kubernetes object\'s `metadata.name`', array(prop('kind'), nested('metadata', prop('name'), prop('uid'))), 'name', 'NamespaceConfigmap', ['metadata', 'name']],
    ['a reference object\'s own key: `modelReference.modelId`', array(prop('etag'), nested('modelReference', prop('projectId'), prop('modelId'))), 'modelId', 'Model', ['modelReference', 'modelId']],
    ['no key from an object that only refers to another one: `owner.id`', array(prop('title'), nested('owner', prop('id'))), 'thingId', 'Thing', undefined],
  ])('%s', (_why, body, param, entity, key) => {
    expect(identityOf(body, param, entity)?.keyProperty).toEqual(key);
  });
});

describe('listIdentity: an item keyed by its own URI', () => {
  const array = (...props: PropertyNode[]): SchemaNode => node({ kind: 'array', items: obj(...props) });
  const nested = (name: string, ...props: PropertyNode[]): PropertyNode => ({ name, required: true, schema: obj(...props) }) as PropertyNode;
  const num = (name: string): PropertyNode => ({ name, required: true, schema: node({ kind: 'number' }) }) as PropertyNode;
  it.each<[string, SchemaNode, string, unknown]>([
    ['Vimeo\'s `uri: "/videos/123"` for `{video_id}`', array(prop('uri'), prop('link'), prop('name')), 'video_id', 'uri'],
    ['a `self` link', array(prop('self'), prop('name')), 'id', 'self'],
    ['VictorOps\'s `_selfUrl`', array(prop('_selfUrl'), prop('policy')), 'policySlug', '_selfUrl'],
    ['Google\'s `selfLink`', array(prop('selfLink'), prop('kind')), 'instance', 'selfLink'],
    ['HAL\'s `_links.self.href`', array(prop('name'), nested('_links', nested('self', prop('href')), nested('next', prop('href')))), 'id', ['_links', 'self', 'href']],
    ['a string `links.self`', array(prop('name'), nested('links', prop('self'))), 'id', ['links', 'self']],
  ])('%s', (_why, body, param, key) => {
    const found = identityOf(body, param);
    expect(found?.keyProperty).toEqual(key);
    expect(found?.keyFromUri).toBe('things');
  });

  it.each<[string, SchemaNode, string | undefined]>([
    ['not `url` or `link`, which often hold another address (a web page, a webhook\'s target)', array(prop('url'), prop('link')), 'hookId'],
    ['not a `uri` that is no string', array(num('uri'), prop('name')), 'id'],
    ['not without an item path parameter', array(prop('uri')), undefined],
  ])('%s', (_why, body, param) => {
    expect(identityOf(body, param)).toBeUndefined();
  });

  it('a property that holds the key itself comes first, and is compared as it is', () => {
    const found = identityOf(array(prop('uri'), prop('id')), 'videoId');
    expect(found?.keyProperty).toBe('id');
    expect(found && 'keyFromUri' in found).toBe(false);
  });
});

describe('listItemType', () => {
  it('walks the items path from the response type', () => {
    expect(listItemType('ListThingsResponse', undefined)).toBe('NonNullable<ListThingsResponse>[number]');
    expect(listItemType('R', ['meta', "it's"])).toBe("NonNullable<NonNullable<NonNullable<R>['meta']>['it\\'s']>[number]");
  });
});
