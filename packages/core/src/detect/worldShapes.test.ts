import { createApiModel, createOperation } from '../model/factory.js';
import type { HttpMethod, NamedSchema, OperationNode, ResourceNode, SchemaNode } from '../model/types.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { detectResources } from './detectResources.js';

// Shapes of contracts written elsewhere (the APIs.guru directory, docs/corpus.md): one row per shape, with the
// resources expected as `resource (kind, entity)` and per operation `role name`.

const ref = (target: string): SchemaNode => ({ kind: 'ref', target, pointer: '#' });
const arrayOf = (items: SchemaNode): SchemaNode => ({ kind: 'array', items, pointer: '#' });
const object = (properties: Array<[string, SchemaNode]>): SchemaNode => ({ kind: 'object', properties: properties.map(([name, schema]) => ({ name, required: false, schema })), pointer: '#' });
const named = (name: string, schema: SchemaNode = object([['id', { kind: 'string', pointer: '#' }]])): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });

/** An operation answering 200 with a JSON body of `body`, or nothing. */
const op = (method: HttpMethod, path: string, operationId?: string, body?: SchemaNode): OperationNode =>
  createOperation(method, path, {
    ...(operationId !== undefined ? { operationId } : {}),
    responses: body ? [{ kind: 'response', status: '200', contents: [{ mediaType: 'application/json', schema: body }], pointer: '#' }] : [],
  });

const summaries = (operations: OperationNode[], schemas: NamedSchema[] = []) => {
  const model = detectResources(createApiModel({ operations, schemas }), new Diagnostics());
  return Object.fromEntries(model.resources.map((r: ResourceNode) => [`${r.resource} (${r.resourceKind}, ${r.entity})`, r.operations.map((o) => `${o.role} ${o.name}`)]));
};

describe('shapes of the world’s contracts', () => {
  it('a collection path that ends in a parameter (`/items/{collection}`): list and item read are named apart, bulk stays bulk', () => {
    const given = [
      op('get', '/items/{collection}', 'getItems', arrayOf(object([]))),
      op('post', '/items/{collection}', 'createItems'),
      op('patch', '/items/{collection}', 'updateItems'),
      op('delete', '/items/{collection}', 'deleteItems'),
      op('get', '/items/{collection}/{id}', 'getItem', object([])),
      op('patch', '/items/{collection}/{id}', 'updateItem'),
      op('delete', '/items/{collection}/{id}', 'deleteItem'),
    ];
    expect(summaries(given)).toEqual({
      'items (crud, Item)': ['list listItems', 'read getItem', 'create createItem', 'update updateItem', 'delete deleteItem', 'other deleteItems', 'other updateItems'],
    });
  });

  it('tag prefixes and qualifiers (`issues/list-for-repo`) do not veto; a nested collection keeps its parent', () => {
    const given = [
      op('get', '/repos/{owner}/{repo}/issues', 'issues/list-for-repo', arrayOf(ref('issue'))),
      op('post', '/repos/{owner}/{repo}/issues', 'issues/create', ref('issue')),
      op('get', '/repos/{owner}/{repo}/issues/{issue_number}', 'issues/get', ref('issue')),
      op('patch', '/repos/{owner}/{repo}/issues/{issue_number}', 'issues/update', ref('issue')),
      op('get', '/issues', 'issues/list', arrayOf(ref('issue'))),
    ];
    // Both collections answer with `issue`: the schema names neither, so the nested one keeps its parent.
    expect(summaries(given, [named('issue')])).toEqual({
      'issues (crud, Issue)': ['list listIssues'],
      'reposIssues (crud, RepoIssue)': ['list listRepoIssues', 'read getRepoIssue', 'create createRepoIssue', 'update updateRepoIssue'],
    });
  });

  it('controller, namespace and version prefixes (`V1ServiceOwnerDialogsCommandsCreate_Dialog`); an action keeps its parent', () => {
    const given = [
      op('get', '/api/v1/serviceowner/dialogs', 'V1ServiceOwnerDialogsQueriesSearch_Dialog', arrayOf(object([]))),
      op('post', '/api/v1/serviceowner/dialogs', 'V1ServiceOwnerDialogsCommandsCreate_Dialog'),
      op('get', '/api/v1/serviceowner/dialogs/{dialogId}', 'V1ServiceOwnerDialogsQueriesGet_Dialog', object([])),
      op('delete', '/api/v1/serviceowner/dialogs/{dialogId}', 'V1ServiceOwnerDialogsCommandsDelete_Dialog'),
      op('post', '/api/v1/serviceowner/dialogs/{dialogId}/actions/freeze', 'V1ServiceOwnerDialogsCommandsFreeze_Dialog'),
    ];
    expect(summaries(given)).toEqual({
      'dialogs (crud, Dialog)': ['list listDialogs', 'read getDialog', 'create createDialog', 'delete deleteDialog'],
      'dialogsActionsFreeze (action, Dialog)': ['action freezeDialog'],
    });
  });

  it('scopes of one collection: the one with items takes the schema’s entity, provider namespaces dropped; a create-or-replace PUT is a second update', () => {
    const rg = '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Cdn/profiles';
    const given = [
      op('get', '/subscriptions/{subscriptionId}/providers/Microsoft.Cdn/profiles', 'Profiles_List', object([['value', arrayOf(ref('Profile'))]])),
      op('get', rg, 'Profiles_ListByResourceGroup', object([['value', arrayOf(ref('Profile'))]])),
      op('get', `${rg}/{profileName}`, 'Profiles_Get', ref('Profile')),
      op('put', `${rg}/{profileName}`, 'Profiles_Create', ref('Profile')),
      op('patch', `${rg}/{profileName}`, 'Profiles_Update', ref('Profile')),
      op('delete', `${rg}/{profileName}`, 'Profiles_Delete'),
    ];
    // Both answer with `Profile`: the collection with item paths takes the schema's name, the other keeps its parent.
    expect(summaries(given, [named('Profile')])).toEqual({
      'resourceGroupsProfiles (crud, Profile)': ['list listProfiles', 'read getProfile', 'update updateProfile', 'update replaceProfile', 'delete deleteProfile'],
      'subscriptionsProfiles (crud, SubscriptionProfile)': ['list listSubscriptionProfiles'],
    });
  });

  it('the entity comes from the schema the responses reference', () => {
    const given = [
      op('get', '/branches/{branchId}/loans', 'getBranchLoans', arrayOf(ref('LoanDto'))),
      op('get', '/branches/{branchId}/loans/{loanId}', 'getBranchLoan', ref('LoanDto')),
    ];
    expect(summaries(given, [named('LoanDto')])).toEqual({ 'branchesLoans (crud, Loan)': ['list listLoans', 'read getLoan'] });
  });

  it('a plural schema name gives a singular entity (`PlacesResponseDto` → `Place`), an item of the path\'s word its own (`MenuItem` on `/menu`)', () => {
    const places = [op('get', '/places', 'searchPlaces', arrayOf(ref('PlacesResponseDto'))), op('get', '/places/{id}', 'getPlace', ref('PlacesResponseDto'))];
    expect(summaries(places, [named('PlacesResponseDto')])).toEqual({ 'places (crud, Place)': ['list listPlaces', 'read getPlace'] });
    const menu = [op('get', '/menu', 'listMenuItems', arrayOf(ref('MenuItem'))), op('get', '/menu/{id}', 'getMenuItem', ref('MenuItem'))];
    expect(summaries(menu, [named('MenuItem')])).toEqual({ 'menu (crud, MenuItem)': ['list listMenuItems', 'read getMenuItem'] });
  });

  it('a schema named like an operation\'s message (`GetCrmCustomerResponse`) does not name the entity', () => {
    const given = [
      op('get', '/crm/customers', 'customersAll', arrayOf(ref('GetCrmCustomerResponse'))),
      op('get', '/crm/customers/{id}', 'customersOne', ref('GetCrmCustomerResponse')),
    ];
    expect(summaries(given, [named('GetCrmCustomerResponse')])).toEqual({ 'customers (crud, Customer)': ['list listCustomers', 'read getCustomer'] });
  });

  it('a custom method (`{name}:cancel`) is an action of its own; a root collection is named by its tag', () => {
    const root = (method: HttpMethod, path: string, id: string, body?: SchemaNode) => ({ ...op(method, path, id, body), tags: ['Application'] });
    const given = [
      op('post', '/v1/{name}:cancel', 'operations.cancel'),
      root('get', '/', 'listApplications', arrayOf(object([]))),
      root('post', '/', 'createApplication'),
      root('get', '/{id}', 'getApplication', object([])),
    ];
    expect(summaries(given)).toEqual({
      'application (crud, Application)': ['list listApplications', 'read getApplication', 'create createApplication'],
      'cancel (action, Cancel)': ['action cancelOperations'],
    });
  });

  it('an object that only has an array field is no page: a singleton is a summary; a page of items is a list', () => {
    const given = [
      op('get', '/accounts/settings', 'getAccountSettings', object([['name', { kind: 'string', pointer: '#' }], ['tags', arrayOf({ kind: 'string', pointer: '#' })]])),
      op('get', '/reports', 'getReports', object([['items', arrayOf(object([]))], ['total', { kind: 'number', integer: true, pointer: '#' }]])),
    ];
    expect(summaries(given)).toEqual({
      'accountsSettings (summary, AccountsSetting)': ['summary getAccountSettings'],
      'reports (crud, Report)': ['list listReports'],
    });
  });
});
