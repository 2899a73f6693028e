import { createOperation } from '../model/factory.js';
import type { CrudRole, HttpMethod, OperationRole } from '../model/types.js';
import { readOperationId } from './operationId.js';
import { operationIdVeto } from './roles.js';

// How detection reads operationIds as the world writes them (docs/naming.md, "The operationId names").
describe('readOperationId', () => {
  const cases: Array<[operationId: string | undefined, method: HttpMethod, path: string, words: string[]]> = [
    ['listPets', 'get', '/pets', ['list', 'pets']],
    ['issues/list-for-repo', 'get', '/repos/{owner}/{repo}/issues', ['list', 'for', 'repo']],
    ['actions/list-hosted-runners-for-org', 'get', '/orgs/{org}/actions/hosted-runners', ['list', 'hosted', 'runners', 'for', 'org']],
    ['V1ServiceOwnerDialogsCommandsCreate_Dialog', 'post', '/api/v1/serviceowner/dialogs', ['create', 'dialog']],
    ['Profiles_ListByResourceGroup', 'get', '/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Cdn/profiles', ['list', 'by', 'resource', 'group']],
    ['Accounts_ListKeys', 'post', '/accounts/{name}/listKeys', ['list', 'keys']],
    ['Importation_Cancel', 'post', '/importations/{id}/cancel', ['cancel', 'importation']],
    ['compute.firewallPolicies.list', 'get', '/locations/global/firewallPolicies', ['list', 'firewall', 'policies']],
    ['admin-api-keys-delete', 'delete', '/organization/admin_api_keys/{key_id}', ['delete', 'admin', 'api', 'keys']],
    ['imageComponentsUpholsteryGET', 'get', '/images/components/upholstery', ['get', 'image', 'components', 'upholstery']],
    ['idRunPerfTest', 'get', '/api/perf/profile', ['run', 'perf', 'test']],
    ['idGetUserLogout', 'get', '/api/user/logout', []],
    ['idGetUserProfile', 'get', '/api/user/settings', ['get', 'user', 'profile']],
    ['patchFilesV3FilesFileIdUpdateProperties', 'patch', '/files/v3/files/{fileId}', ['update', 'properties']],
    ['post_files_id_copy', 'post', '/files/{file_id}/copy', []],
    ['get_users_user_id', 'get', '/users/{user_id}', []],
    ['put_users_id_folders_0', 'put', '/users/{user_id}/folders/0', []],
    ['deletePetById', 'delete', '/pet', ['delete', 'pet', 'by', 'id']],
    ['getairlines', 'get', '/reference-data/airlines', ['get', 'airlines']],
    ['Getorganizationspendlimit', 'get', '/organization/spend_limit', ['get', 'organizationspendlimit']],
    ['ApplicationGateways_BackendHealth', 'post', '/applicationGateways/{name}/backendhealth', ['application', 'gateways', 'backend', 'health']],
    ['Quote_Post_CreateQuoteWithGeneratingReference', 'post', '/Quotes/CreateQuoteWithGeneratingReference', ['create', 'quote', 'with', 'generating', 'reference']],
    ['Metals_BenchmarkHistory_GET', 'get', '/Metals/benchmark/history', ['get', 'benchmark', 'history']],
    ['Currencies_SupportedCurrencies_Rate_GET', 'get', '/Currencies/supported/rate', ['get', 'rate']],
    ['Rankings_GetRank_District', 'get', '/v2.0/rankings/districts/{st}', ['get', 'rank', 'district']],
    ['Company_Setup_Config_Get', 'get', '/v1/companySetup/config', ['get', 'config']],
    [undefined, 'get', '/pets', []],
  ];
  it.each(cases)('%s (%s %s)', (operationId, method, path, words) => {
    expect(readOperationId({ ...(operationId === undefined ? {} : { operationId }), method, path }).words).toEqual(words);
  });

  it('gives the class of the leading verb', () => {
    expect(readOperationId({ operationId: 'Importation_Cancel', method: 'post', path: '/x' }).verbClass).toBe('action');
    expect(readOperationId({ operationId: 'issues/list-for-repo', method: 'get', path: '/x' }).verbClass).toBe('read');
    expect(readOperationId({ operationId: 'backendHealth', method: 'get', path: '/x' }).verbClass).toBeUndefined();
  });
});

describe('operationIdVeto: only a verb of another CRUD class vetoes a structural role', () => {
  const cases: Array<[role: CrudRole, method: HttpMethod, path: string, operationId: string, want: OperationRole | undefined]> = [
    ['list', 'get', '/pets', 'listPets', undefined],
    ['list', 'get', '/pets', 'issues/list-for-repo', undefined],
    ['list', 'get', '/pets', 'createPet', 'other'],
    ['read', 'get', '/notes/{id}', 'exportNote', undefined],
    ['read', 'get', '/user/following/{username}', 'users/check-following', undefined],
    ['create', 'post', '/jobs', 'startJob', undefined],
    ['create', 'post', '/organization/invites', 'inviteUser', undefined],
    ['create', 'post', '/users', 'saveUser', undefined],
    ['create', 'post', '/pets', 'searchPets', 'search'],
    ['create', 'post', '/v1/spaces', 'listSpaces', 'search'],
    ['create', 'post', '/pets', 'deleteAllPets', 'other'],
    ['update', 'put', '/profiles/{name}', 'Profiles_Create', undefined],
    ['update', 'put', '/user/starred/{owner}/{repo}', 'activity/star-repo-for-authenticated-user', undefined],
    ['update', 'put', '/pets/{id}', 'getPet', 'other'],
    ['delete', 'delete', '/jobs/{id}', 'cancelJob', undefined],
    ['delete', 'delete', '/albums/{id}/user/{userId}', 'removeUserFromAlbum', undefined],
    ['delete', 'delete', '/pets/{id}', 'createPet', 'other'],
    ['delete', 'delete', '/pets/{id}', 'releaseNotesDelete', undefined],
  ];
  it.each(cases)('%s %s %s by %s', (role, method, path, operationId, want) => {
    expect(operationIdVeto(role, createOperation(method, path, { operationId }))?.role).toBe(want);
  });
});
