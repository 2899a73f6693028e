import { createOperation } from '../model/factory.js';
import type { CrudRole } from '../model/types.js';
import { agreementContext, countability, fitName, isMechanicalOperationId, MAX_NAME_LENGTH, operationIdAgrees, resourceName, singularWord, wordsOf } from './words.js';
import { pathShape } from './detectResources.js';

describe('wordsOf', () => {
  it.each([
    ['get_users_me', ['get', 'users', 'me']],
    ['listRunSteps', ['list', 'run', 'steps']],
    ['admin-api-keys-delete', ['admin', 'api', 'keys', 'delete']],
    ['Getorganizationspendlimit', ['getorganizationspendlimit']],
    ['', []],
  ])('%s', (given, want) => {
    expect(wordsOf(given)).toEqual(want);
  });
});

describe('countability and singularWord', () => {
  it.each([
    ['users', 'plural', 'user'],
    ['people', 'plural', 'person'],
    ['content', 'uncountable', 'content'],
    ['metadata', 'uncountable', 'metadata'],
    ['media', 'uncountable', 'media'],
    ['run', 'singular', 'run'],
    ['login', 'singular', 'login'],
    ['bucket', 'singular', 'bucket'],
    ['0', 'singular', '0'],
  ])('%s is %s (singular %s)', (word, kind, one) => {
    expect(countability(word)).toBe(kind);
    expect(singularWord(word)).toBe(one);
  });
});

describe('operationIdAgrees', () => {
  /** Agreement of `operationId` with `role` on the collection `collection` (its item path is `<collection>/{id}`). */
  const agrees = (role: CrudRole, collection: string, operationId: string | undefined, tags: string[] = []) => {
    const op = createOperation('get', `${collection}/{id}`, { ...(operationId !== undefined ? { operationId } : {}), tags });
    const segments = pathShape(collection).segments;
    return operationIdAgrees(role, op, agreementContext(segments, [op]));
  };
  const cases: Array<[CrudRole, string, string | undefined, boolean]> = [
    ['list', '/pets', undefined, true],
    ['list', '/pets', 'listPets', true],
    ['list', '/pets', 'getAllPets', true],
    ['list', '/pets', 'findPets', true],
    ['list', '/pets', 'getPet', true],
    ['list', '/pets', 'getAll', true],
    ['list', '/pets', 'createPet', false],
    ['list', '/pets', 'listOwners', false],
    ['list', '/organization/costs', 'usage-costs', false],
    ['list', '/menu', 'listMenuItems', false],
    ['list', '/admin/users', 'searchUsersAdmin', true],
    ['read', '/pets', 'retrievePet', true],
    ['read', '/pets', 'getPetById', true],
    ['read', '/user', 'getUserByName', true],
    ['read', '/albums', 'getAlbumInfo', true],
    ['read', '/pets', 'listPets', false],
    ['create', '/pets', 'addPet', true],
    ['create', '/users', 'post_users', true],
    ['create', '/images/generations', 'createImage', false],
    ['create', '/organization/invites', 'inviteUser', false],
    ['create', '/threads/runs', 'createThreadAndRun', false],
    ['update', '/pets', 'modifyPet', true],
    ['update', '/pets', 'setPet', true],
    ['update', '/pets', 'put_pets_id', true],
    ['update', '/jobs', 'runQueueCommandLegacy', false],
    ['delete', '/pets', 'removePet', true],
    ['delete', '/organization/admin_api_keys', 'admin-api-keys-delete', true],
    ['delete', '/databases/{id}/replicas', 'databases_delete_replica', true],
    ['delete', '/albums/{id}/users', 'removeUserFromAlbum', false],
    ['delete', '/projects/{id}/roles', 'unassign-project-role', false],
    ['read', '/organization/spend_limits', 'Getorganizationspendlimit', true],
    ['list', '/gen-ai/agents', 'genai_list_agents', true],
  ];
  it.each(cases)('%s on %s: %s → %s', (role, collection, operationId, want) => {
    expect(agrees(role, collection, operationId).agrees).toBe(want);
  });

  it('tag words may qualify the noun', () => {
    expect(agrees('list', '/users', 'listLegacyUsers').agrees).toBe(false);
    expect(agrees('list', '/users', 'listLegacyUsers', ['Legacy']).agrees).toBe(true);
  });

  it('says why', () => {
    expect(agrees('create', '/images/generations', 'createImage').why).toBe('operationId createImage does not name one of the generations');
    expect(agrees('create', '/organization/invites', 'inviteUser').why).toBe('operationId inviteUser does not start with a create verb');
    expect(agrees('list', '/pets', 'listPets').why).toBe('operationId listPets agrees');
    expect(agrees('list', '/pets', undefined).why).toBe('no operationId');
  });
});

describe('fitName and resourceName', () => {
  it('keeps names up to 80 characters whole', () => {
    const name = `a${'b'.repeat(MAX_NAME_LENGTH - 1)}`;
    expect(fitName(name)).toBe(name);
  });

  it('cuts longer names to 80 characters ending in a hash of the whole name', () => {
    const one = fitName(`x${'y'.repeat(100)}1`);
    const two = fitName(`x${'y'.repeat(100)}2`);
    expect(one).toHaveLength(MAX_NAME_LENGTH);
    expect(one).not.toBe(two);
    expect(one.slice(0, 72)).toBe(two.slice(0, 72));
  });

  it('a resource name keeps reserved words and prefixes a leading digit', () => {
    expect(resourceName('global')).toBe('global');
    expect(resourceName('delete')).toBe('delete');
    expect(resourceName('1 clicks')).toBe('_1Clicks');
    expect(resourceName('{}', 'root')).toBe('root');
  });
});

describe('isMechanicalOperationId', () => {
  const cases: Array<[string, string | undefined, string, boolean]> = [
    ['method and path words', 'post_files_id_copy', '/files/{file_id}/copy', true],
    ['method and collection', 'get_ai_agents', '/ai_agents', true],
    ['a word the path lacks', 'post_files_id_duplicate', '/files/{file_id}/copy', false],
    ['a parameter by its name', 'get_users_user_id', '/users/{user_id}', true],
    ['human words that happen to be in the path', 'deleteUserAvatar', '/users/{id}/avatar', false],
    ['no method word first', 'copyFile', '/files/{file_id}/copy', false],
    ['a method word alone', 'get', '/files', false],
    ['no operationId', undefined, '/files', false],
  ];
  it.each(cases)('%s', (_name, operationId, path, want) => {
    expect(isMechanicalOperationId({ operationId, path } as Parameters<typeof isMechanicalOperationId>[0])).toBe(want);
  });
});
