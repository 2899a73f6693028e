import { createApiModel, createOperation } from '../model/factory.js';
import type { HttpMethod, OperationNode, ResourceNode, SchemaNode } from '../model/types.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { detectResources } from './detectResources.js';

// Roles true to the operation: a verb of another class, in the operationId, the summary or the path, vetoes a
// structural create, update or delete (docs/naming.md, "The operationId names"). One row per shape met in the
// APIs.guru directory, with the role each operation must (not) get.

const arrayOf = (items: SchemaNode): SchemaNode => ({ kind: 'array', items, pointer: '#' });
const item: SchemaNode = { kind: 'object', properties: [{ name: 'id', required: false, schema: { kind: 'string', pointer: '#' } }], pointer: '#' };

const op = (method: HttpMethod, path: string, extra: { operationId?: string; summary?: string; body?: SchemaNode } = {}): OperationNode =>
  createOperation(method, path, {
    ...(extra.operationId !== undefined ? { operationId: extra.operationId } : {}),
    ...(extra.summary !== undefined ? { summary: extra.summary } : {}),
    responses: extra.body ? [{ kind: 'response', status: '200', contents: [{ mediaType: 'application/json', schema: extra.body }], pointer: '#' }] : [],
  });

/** The role and name of each operation, by its key. */
const roles = (operations: OperationNode[]): Record<string, string> => {
  const model = detectResources(createApiModel({ operations, schemas: [] }), new Diagnostics());
  return Object.fromEntries(model.resources.flatMap((r: ResourceNode) => r.operations.map((o) => [o.operationKey, `${o.role} ${r.resource}.${o.name}`])));
};

const WRITES = ['create', 'update', 'delete'];

describe('a verb of another class vetoes create, update and delete', () => {
  it.each<[string, OperationNode[], string]>([
    ['an operationId that gets, whatever its "ByPost" tail', [op('post', '/avatars/details', { operationId: 'getAvatarsDetailsByPost', body: arrayOf(item) })], 'POST /avatars/details'],
    ['a summary that evaluates', [op('post', '/utils/txs/evaluate/utxos', { summary: 'Evaluate UTXOs', body: arrayOf(item) })], 'POST /utils/txs/evaluate/utxos'],
    ['a path segment that evaluates', [op('post', '/utils/txs/evaluate/utxos', { body: arrayOf(item) })], 'POST /utils/txs/evaluate/utxos'],
    ['a path segment that removes', [op('post', '/ipfs/pin/remove/{path}', { body: item })], 'POST /ipfs/pin/remove/{path}'],
    ['a summary that checks', [op('post', '/domains', { summary: 'Check domain availability', body: item }), op('get', '/domains', { body: arrayOf(item) })], 'POST /domains'],
    ['a summary that searches', [op('post', '/people', { summary: 'Search people', body: arrayOf(item) }), op('get', '/people/{id}', { body: item })], 'POST /people'],
    ['a summary that checks, then names a create only as its object (`Check to-do creation`)', [op('post', '/todos', { summary: 'Check to-do creation rules', body: item }), op('get', '/todos/{id}', { body: item })], 'POST /todos'],
    ['an operationId that lists', [op('put', '/things/{id}', { operationId: 'listThingVersions', body: arrayOf(item) }), op('get', '/things/{id}', { body: item })], 'PUT /things/{id}'],
  ])('%s', (_why, given, key) => {
    const got = roles(given)[key] ?? 'missing';
    expect(WRITES).not.toContain(got.split(' ')[0]);
  });

  it.each<[string, OperationNode[], string, string]>([
    ['a create whose summary creates', [op('post', '/users', { summary: 'Create a user', body: item }), op('get', '/users', { body: arrayOf(item) })], 'POST /users', 'create'],
    ['an upsert id (`createOrUpdateSecret`)', [op('put', '/secrets/{name}', { operationId: 'createOrUpdateSecret', body: item }), op('get', '/secrets/{name}', { body: item })], 'PUT /secrets/{name}', 'update'],
    ['a delete whose summary removes', [op('delete', '/pins/{id}', { summary: 'Remove a pin' }), op('get', '/pins/{id}', { body: item })], 'DELETE /pins/{id}', 'delete'],
    ['a summary that is no verb phrase (`Users`)', [op('post', '/users', { summary: 'Users', body: item }), op('get', '/users', { body: arrayOf(item) })], 'POST /users', 'create'],
    ['a command verb in a create summary (`Start a job`)', [op('post', '/jobs', { summary: 'Start a job', body: item }), op('get', '/jobs', { body: arrayOf(item) })], 'POST /jobs', 'create'],
    ['a path verb that is a noun under a summary that creates (`/webhooks/parse/settings`)', [op('post', '/webhooks/parse/settings', { summary: 'Create a parse setting', body: item }), op('get', '/webhooks/parse/settings', { body: arrayOf(item) }), op('get', '/webhooks/parse/settings/{hostname}', { body: item })], 'POST /webhooks/parse/settings', 'create'],
    ['… and one that updates', [op('patch', '/webhooks/parse/settings/{hostname}', { summary: 'Update a parse setting', body: item }), op('get', '/webhooks/parse/settings/{hostname}', { body: item }), op('get', '/webhooks/parse/settings', { body: arrayOf(item) })], 'PATCH /webhooks/parse/settings/{hostname}', 'update'],
    ['a summary verb that is the collection\'s own noun (`Render Asset` on `POST /render`)', [op('post', '/render', { operationId: 'postRender', summary: 'Render Asset', body: item }), op('get', '/render/{id}', { operationId: 'getRender', body: item })], 'POST /render', 'create'],
    ['… or a word of it (`Remove subscriber` on `…/removed-subscribers`)', [op('post', '/automations/{workflow_id}/removed-subscribers', { operationId: 'postAutomationsIdRemovedSubscribers', summary: 'Remove subscriber from workflow', body: item }), op('get', '/automations/{workflow_id}/removed-subscribers/{subscriber_hash}', { body: item })], 'POST /automations/{workflow_id}/removed-subscribers', 'create'],
    ['a summary that pings to create (`Ping to create or update an EndUser`)', [op('post', '/users', { summary: 'Ping to create or update an EndUser and Account in one call', body: item }), op('get', '/users/{id}', { body: item })], 'POST /users', 'create'],
  ])('%s keeps its role', (_why, given, key, role) => {
    expect((roles(given)[key] ?? 'missing').split(' ')[0]).toBe(role);
  });

  it('a read path named by a verb (`/ipfs/pin/list`) is no collection of "lists"; `GET /` is no `root.get_`', () => {
    const got = roles([op('get', '/ipfs/pin/list', { body: arrayOf(item) }), op('get', '/', { body: item })]);
    expect(got['GET /ipfs/pin/list']).not.toMatch(/listLists|\.list$/);
    expect(got['GET /']).not.toMatch(/get_$/);
  });
});


describe('namespaces are stripped from action names', () => {
  it.each<[string, OperationNode, string]>([
    ['a dotted namespace before a command (`echo_rest_services.get_map`)', op('post', '/echo_rest_services.get_map', { body: item }), 'getMap'],
    ['an ASP.NET `Controller_Method_Action` operationId', op('post', '/Quotes/CreateWithReference', { operationId: 'Quote_Post_CreateQuoteWithReference', body: item }), 'createQuoteWithReference'],
    ['a summary on a command path is named as the command (`POST /ai/extract` → `extractAi`)', op('post', '/ai/extract', { operationId: 'post_ai_extract', body: item }), 'extractAi'],
    ['a file name keeps its words (`swagger.yaml`)', op('get', '/apis/swagger.yaml', { body: item }), 'getApisSwaggerYaml'],
  ])('%s', (_why, given, name) => {
    expect(roles([given])[given.key]?.split('.').pop()).toBe(name);
  });
});

describe('roles of operations that are no collection, from their names and files', () => {
  const noBody = (method: HttpMethod, path: string, operationId?: string): OperationNode =>
    createOperation(method, path, { ...(operationId !== undefined ? { operationId } : {}), responses: [{ kind: 'response', status: '200', contents: [], pointer: '#' }] });
  const yaml = createOperation('get', '/apis/{owner}/{api}/{version}/swagger.yaml', {
    operationId: 'get_yaml_definition',
    responses: [{ kind: 'response', status: '200', contents: [{ mediaType: 'text/vnd.yaml', schema: item }], pointer: '#' }],
  });
  it.each<[string, OperationNode[], string, string]>([
    ['a POST whose last segment reads (`…/listKeys`) is a summary', [op('post', '/accounts/{accountName}/listKeys', { operationId: 'Accounts_ListKeys', body: item })], 'POST /accounts/{accountName}/listKeys', 'summary'],
    ['a POST whose operationId reads (`getStoreReportByDay`) is a summary', [op('post', '/v2/user/analytics/{storeId}/reports/byday', { operationId: 'getStoreReportByDay', body: item })], 'POST /v2/user/analytics/{storeId}/reports/byday', 'summary'],
    ['a POST that runs stays an action', [op('post', '/graders/run', { operationId: 'runGrader', body: item })], 'POST /graders/run', 'action'],
    ['a GET named by a command (`/user/logout`) is an action', [op('get', '/api/user/logout', { body: item })], 'GET /api/user/logout', 'action'],
    ['a GET whose operationId reads something of a command (`getRestoreStatus` of `…/restore`) is a summary', [op('get', '/v2/backups/{backup_id}/restore', { operationId: 'getRestoreStatus', body: item })], 'GET /v2/backups/{backup_id}/restore', 'summary'],
    ['a POST that tests and answers no data (`…/hooks/{hook_id}/tests`) is an action', [noBody('post', '/repos/{owner}/{repo}/hooks/{hook_id}/tests', 'repos/test-push-webhook')], 'POST /repos/{owner}/{repo}/hooks/{hook_id}/tests', 'action'],
    ['a POST that finds and only queues (`/patients/on-find`) is an action', [noBody('post', '/v0.5/patients/on-find')], 'POST /v0.5/patients/on-find', 'action'],
    ['a GET whose operationId runs (`runPerfTest`) is an action', [op('get', '/api/perf/profile', { operationId: 'idRunPerfTest', body: item })], 'GET /api/perf/profile', 'action'],
    ['a GET that computes (`/task-lists/test`) stays a summary', [op('get', '/task-lists/test', { body: item })], 'GET /task-lists/test', 'summary'],
    ['a POST that pings (`/auth/ping`) is a summary', [op('post', '/auth/ping', { operationId: 'ping', body: item })], 'POST /auth/ping', 'summary'],
    ['a POST that checks (`…:checkMigrationPermission`) is a summary', [op('post', '/v1alpha1/{domain}:checkMigrationPermission', { operationId: 'managedidentities.projects.locations.global.domains.checkMigrationPermission', body: item })], 'POST /v1alpha1/{domain}:checkMigrationPermission', 'summary'],
    ['a POST that validates but answers a long-running `Operation` (`…:validateTrust`) starts work: an action', [op('post', '/v1alpha1/{name}:validateTrust', { operationId: 'managedidentities.projects.locations.global.domains.validateTrust', body: { kind: 'ref', target: 'Operation', pointer: '#' } })], 'POST /v1alpha1/{name}:validateTrust', 'action'],
    ['a namespaced method-and-path operationId (`idGetUserLogout`) names nothing: the path\'s command acts', [op('get', '/api/user/logout', { operationId: 'idGetUserLogout', body: item })], 'GET /api/user/logout', 'action'],
    ['a GET answering items by path parameters of no collection lists them', [op('get', '/{format}/PlayerGameProjectionStatsByWeek/{season}/{week}', { body: arrayOf(item) })], 'GET /{format}/PlayerGameProjectionStatsByWeek/{season}/{week}', 'list'],
    ['… and one answering one object reads it', [op('get', '/{format}/PlayerGameProjectionStatsByWeek/{season}/{week}', { body: item })], 'GET /{format}/PlayerGameProjectionStatsByWeek/{season}/{week}', 'read'],
    ['… and an item of a collection that exists stays a read, whatever it answers', [op('get', '/things/{id}', { body: arrayOf(item) }), op('get', '/things', { body: arrayOf(item) })], 'GET /things/{id}', 'read'],
    ['a GET of `P/all` answering items lists P (`/report/country/all`)', [op('get', '/report/country/all', { body: arrayOf(item) })], 'GET /report/country/all', 'list'],
    ['… and of `P/list` (`/screenshot/list`)', [op('get', '/screenshot/list', { body: arrayOf(item) }), op('get', '/screenshot/info', { body: item })], 'GET /screenshot/list', 'list'],
    ['… but `P/all` answering one object stays a summary', [op('get', '/report/totals/all', { body: item })], 'GET /report/totals/all', 'summary'],
    ['a POST of `P/submit` beside `P/{id}` adds to P (`/feedback/submit`)', [op('post', '/feedback/submit', { operationId: 'sendFeedback' }), op('get', '/feedback/{feedbackId}', { body: item })], 'POST /feedback/submit', 'create'],
    ['… but without an item path it acts', [op('post', '/feedback/submit', { operationId: 'sendFeedback' })], 'POST /feedback/submit', 'action'],
    ['an envelope whose array is named `reportItems` is a page of items: a list', [op('get', '/companies/{companyId}/reports/balanceSheet/accounts', { body: { kind: 'object', properties: [{ name: 'reportInfo', required: false, schema: item }, { name: 'reportItems', required: false, schema: arrayOf(item) }], pointer: '#' } as SchemaNode })], 'GET /companies/{companyId}/reports/balanceSheet/accounts', 'list'],
    ['a GET beside a POST on a command path reads (`GET /login` `checkLogin`)', [op('get', '/login', { operationId: 'checkLogin', body: item }), op('post', '/login', { operationId: 'login', body: item })], 'GET /login', 'summary'],
    ['… and the POST logs in', [op('get', '/login', { operationId: 'checkLogin', body: item }), op('post', '/login', { operationId: 'login', body: item })], 'POST /login', 'action'],
    ['a POST beside a GET named by a read (`echo_rest_services.get_map`)', [op('get', '/echo_rest_services.get_map', { body: item }), op('post', '/echo_rest_services.get_map', { body: item })], 'POST /echo_rest_services.get_map', 'summary'],
    ['a verb that is a word of an earlier path noun (`loadBalancers_add_droplets`) names nothing: the POST acts', [op('post', '/v2/load_balancers/{lb_id}/droplets', { operationId: 'loadBalancers_add_droplets', body: item })], 'POST /v2/load_balancers/{lb_id}/droplets', 'action'],
    ['a scan starts work: the POST acts', [op('post', '/libraries/{id}/scan', { operationId: 'scanLibrary', body: item })], 'POST /libraries/{id}/scan', 'action'],
    ['a file name without a body (`allbills.rss`) is a download', [noBody('get', '/api/v1/Rss/allbills.rss')], 'GET /api/v1/Rss/allbills.rss', 'download'],
    ['a YAML document (`text/vnd.yaml`) is a download', [yaml], 'GET /apis/{owner}/{api}/{version}/swagger.yaml', 'download'],
    ['a glued format parameter (`articles{mediaTypeExtension}`) names no item: a list', [op('get', '/api/articles{mediaTypeExtension}', { body: arrayOf(item) })], 'GET /api/articles{mediaTypeExtension}', 'list'],
    ['… and `{stateName}{mediaTypeExtension}` is an item: a read', [op('get', '/es/{stateName}{mediaTypeExtension}', { body: item }), op('get', '/es', { body: arrayOf(item) })], 'GET /es/{stateName}{mediaTypeExtension}', 'read'],
  ])('%s', (_why, given, key, role) => {
    expect((roles(given)[key] ?? 'missing').split(' ')[0]).toBe(role);
  });
});
