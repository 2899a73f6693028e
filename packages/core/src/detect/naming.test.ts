import { detect, objectSchema, op, respond, summaries, summary, type Row } from '../../test/namingOps.js';
import { createOperation } from '../model/factory.js';
import type { OperationNode } from '../model/types.js';

// Names that do not mislead (docs/naming.md): one table per rule, for the rules that read the structure
// (nesting, roles, actions, singular segments, uncountable words, collisions).

describe('nested collections carry their parent', () => {
  const rows: Row[] = [
    [
      'a collection below an item is named parent first, as written; beside another users collection its entity keeps the parent',
      {
        given: [
          op('get', '/albums/{id}/users', 'getAlbumUsers', 'array'),
          op('post', '/albums/{id}/users', 'addAlbumUser'),
          op('delete', '/albums/{id}/users/{userId}', 'deleteAlbumUser'),
          op('get', '/users', 'listUsers', 'array'),
        ],
        want: { 'albumsUsers (crud, AlbumUser)': ['list listAlbumUsers', 'create createAlbumUser', 'delete deleteAlbumUser'], 'users (crud, User)': ['list listUsers'] },
      },
    ],
    [
      'a nested collection whose word no other collection uses is named by its word',
      {
        given: [op('get', '/albums/{id}/users', 'getAlbumUsers', 'array'), op('delete', '/albums/{id}/users/{userId}', 'deleteAlbumUser')],
        want: { 'albumsUsers (crud, User)': ['list listUsers', 'delete deleteUser'] },
      },
    ],
    [
      'its delete never reads as deleting the top-level entity: removeUserFromAlbum is deleteAlbumUser',
      {
        given: [op('get', '/users/{id}', 'getUser', 'object'), op('delete', '/users/{id}', 'deleteUser'), op('put', '/albums/{id}/user/{userId}', 'updateAlbumUser'), op('delete', '/albums/{id}/user/{userId}', 'removeUserFromAlbum')],
        want: {
          'albumsUser (crud, AlbumUser)': ['update updateAlbumUser', 'delete deleteAlbumUser'],
          'users (crud, User)': ['read getUser', 'delete deleteUser'],
        },
      },
    ],
    [
      'the main resource and a nested one with the same last segment need no counter',
      {
        given: [op('post', '/threads/runs', 'createThreadAndRun'), op('get', '/threads/{thread_id}/runs', 'listRuns', 'array'), op('post', '/threads/{thread_id}/runs', 'createRun'), op('get', '/threads/{thread_id}/runs/{run_id}', 'getRun', 'object')],
        want: {
          // `/threads/runs` is a top-level collection (`runs`); the nested one carries its parent.
          'runs (crud, Run)': ['create createRun'],
          'threadsRuns (crud, ThreadRun)': ['list listThreadRuns', 'read getThreadRun', 'create createThreadRun'],
        },
      },
    ],
    [
      'a binary download on an item path whose last segment is not `download` is named from its path',
      {
        given: [op('get', '/people/{id}/thumbnail', 'getPersonThumbnail', 'binary'), op('get', '/people/{id}/photo', undefined, 'binary')],
        want: { 'peopleThumbnail (download, Person)': ['download getPersonThumbnail'], 'peoplePhoto (download, Person)': ['download downloadPerson'] },
      },
    ],
    [
      'an action and a download on the same item sub-path are one resource',
      {
        given: [op('get', '/users/{id}/avatar', 'getUserAvatar', 'binary'), op('post', '/users/{id}/avatar', 'uploadUserAvatar'), op('delete', '/users/{id}/avatar', 'deleteUserAvatar')],
        want: { 'usersAvatar (action, User)': ['action deleteUserAvatar', 'action uploadUserAvatar', 'download getUserAvatar'] },
      },
    ],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
  });
});

describe('roles come from structure; the operationId vetoes only with a verb of another CRUD class', () => {
  const rows: Row[] = [
    [
      'no operationId: structure alone decides',
      { given: [op('get', '/pets', undefined, 'array'), op('post', '/pets')], want: { 'pets (crud, Pet)': ['list listPets', 'create createPet'] } },
    ],
    [
      'verbs and nouns that agree (retrieve, add, modify, remove; a namespace before the verb; a verb last; By…)',
      {
        given: [
          op('get', '/pets', 'listAllPets', 'array'),
          op('post', '/pets', 'addPet'),
          op('get', '/pets/{petId}', 'retrievePetById', 'object'),
          op('patch', '/pets/{petId}', 'pets_modify_pet'),
          op('delete', '/pets/{petId}', 'pet-remove'),
        ],
        want: { 'pets (crud, Pet)': ['list listPets', 'read getPet', 'create createPet', 'update updatePet', 'delete deletePet'] },
      },
    ],
    [
      'a command verb does not veto, and it names the method: inviteUser adds an invite',
      { given: [op('get', '/invites', 'listInvites', 'array'), op('post', '/invites', 'inviteUser')], want: { 'invites (crud, Invite)': ['list listInvites', 'create inviteUser'] } },
    ],
    [
      'a verb of another CRUD class vetoes: a POST on a collection named deleteAll is bulk, and a collection without CRUD role is no CRUD resource',
      { given: [op('post', '/images/generations', 'deleteAllGenerations')], want: { 'imagesGenerations (other, ImagesGeneration)': ['other deleteAllGenerations'] } },
    ],
    [
      'a read verb on a collection POST makes it a search (a query by POST)',
      { given: [op('get', '/menus', 'listMenus', 'array'), op('post', '/menus', 'searchMenus', 'array')], want: { 'menus (crud, Menu)': ['list listMenus', 'search searchMenus'] } },
    ],
    [
      'of two item GETs, the one whose operationId names a read takes the read',
      {
        given: [op('get', '/notes/{a}', 'exportNote', 'object'), op('get', '/notes/{b}', 'getNote', 'object')],
        want: { 'notes (crud, Note)': ['read getNote', 'other exportNote'] },
      },
    ],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
  });
});

describe('a POST on a verb or singular last segment is an action', () => {
  const rows: Row[] = [
    ['/graders/run: named from its operationId', { given: [op('post', '/fine_tuning/alpha/graders/run', 'runGrader')], want: { 'gradersRun (action, Grader)': ['action runGrader'] } }],
    ['/users/login', { given: [op('post', '/users/login', 'Login')], want: { 'usersLogin (action, User)': ['action login'] } }],
    ['/login without operationId: named by the verb', { given: [op('post', '/login')], want: { 'login (action, Login)': ['action login'] } }],
    ['/download/archive: a singular noun', { given: [op('post', '/download/archive', 'downloadArchive')], want: { 'downloadArchive (action, Download)': ['action downloadArchive'] } }],
    ['a plural last segment stays a collection', { given: [op('post', '/uploads', 'createUpload')], want: { 'uploads (crud, Upload)': ['create createUpload'] } }],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
  });
});

describe('singular, self and query segments are no collections', () => {
  const rows: Row[] = [
    [
      'GET /users/me is the caller’s own object, not a list',
      {
        given: [op('get', '/users', 'listUsers', 'array'), op('get', '/users/me', 'get_users_me', 'object'), op('put', '/users/me', 'updateMyUser')],
        want: { 'users (crud, User)': ['list listUsers'], 'usersMe (other, UsersMe)': ['summary getUsersMe', 'action updateMyUser'] },
      },
    ],
    ['GET /users/me alone is a summary', { given: [op('get', '/users/me', 'getMyUser', 'array')], want: { 'usersMe (summary, UsersMe)': ['summary getMyUser'] } }],
    ['GET /timeline/bucket returning an array is a summary', { given: [op('get', '/timeline/bucket', 'getTimeBucket', 'array')], want: { 'timelineBucket (summary, TimelineBucket)': ['summary getTimeBucket'] } }],
    ['GET /pet/findByTags is a query, not a collection', { given: [op('get', '/pet/findByTags', 'findPetsByTags', 'array')], want: { 'petFindByTags (summary, PetFindByTag)': ['summary findPetsByTags'] } }],
    ['a digit-only segment is no word: /users/{id}/folders/0', { given: [op('put', '/users/{user_id}/folders/0', 'put_users_id_folders_0')], want: { 'usersFolders (other, UsersFolder)': ['other putUsersIdFolders0'] } }],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
  });
});

describe('uncountable resources', () => {
  const rows: Row[] = [
    [
      '/content lists content items, not a ContentList',
      {
        given: [op('get', '/content', undefined, 'array'), op('get', '/content/{id}', undefined, 'object'), op('delete', '/content/{id}')],
        want: { 'content (crud, ContentItem)': ['list listContent', 'read getContentItem', 'delete deleteContentItem'] },
      },
    ],
    [
      'metadata stays metadata (no metadatum)',
      {
        given: [op('get', '/assets/{id}/metadata', 'getAssetMetadata', 'array'), op('get', '/assets/{id}/metadata/{key}', 'getAssetMetadataByKey', 'object')],
        want: { 'assetsMetadata (crud, MetadataItem)': ['list listMetadata', 'read getMetadataItem'] },
      },
    ],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
    const { resources } = detect(given);
    expect(resources.map((r) => r.plural)).not.toContainEqual(expect.stringMatching(/List$/));
  });
});

describe('a phrase after the head noun, and sub-collections named in the singular', () => {
  const paged = (path: string): OperationNode => {
    const base = op('get', path, undefined, 'array');
    return { ...base, parameters: [{ kind: 'parameter', name: 'page', in: 'query', required: false, schema: { kind: 'number', integer: true, pointer: '#' }, style: 'form', explode: true, pointer: '#' }] } as OperationNode;
  };
  const objects = (path: string): OperationNode => createOperation('get', path, { responses: respond('application/json', { kind: 'array', items: objectSchema, pointer: '#' }) });
  const rows: Row[] = [
    ['only the head takes the number: files on hold', { given: [paged('/policies/{id}/files_on_hold')], want: { 'policiesFilesOnHold (crud, FileOnHold)': ['list listFilesOnHold'] } }],
    ['… stats by week', { given: [objects('/{format}/PlayerGameProjectionStatsByWeek/{season}/{week}')], want: { 'playerGameProjectionStatsByWeek (crud, PlayerGameProjectionStatByWeek)': ['list listPlayerGameProjectionStatsByWeek'] } }],
    ['… news by date (an uncountable head)', { given: [objects('/{format}/PremiumNewsByDate/{date}')], want: { 'premiumNewsByDate (crud, PremiumNewsItemByDate)': ['list listPremiumNewsByDate'] } }],
    ['a compound noun with a plural at its end counts that plural', { given: [op('get', '/terms_of_service_user_statuses', undefined, 'array'), op('get', '/terms_of_service_user_statuses/{id}', undefined, 'object')], want: { 'termsOfServiceUserStatuses (crud, TermsOfServiceUserStatus)': ['list listTermsOfServiceUserStatuses', 'read getTermsOfServiceUserStatus'] } }],
    ['a paged sub-collection named in the singular keeps its word: listHistory', { given: [paged('/pools/{id}/history')], want: { 'poolsHistory (crud, HistoryItem)': ['list listHistory'] } }],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(summaries(given)).toEqual(want);
  });
});

describe('collisions are resolved with the contract’s words, also without regard to case', () => {
  const rows: Array<[string, { given: OperationNode[]; want: string[] }]> = [
    ['more path segments', { given: [op('get', '/admin/users', undefined, 'array'), op('get', '/users', undefined, 'array')], want: ['adminUsers', 'users'] }],
    [
      '/foo-bar and /foobar differ only in case: the other one takes its tag',
      { given: [op('get', '/foo-bar', undefined, 'array'), op('get', '/foobar', undefined, 'array', ['Legacy'])], want: ['fooBar', 'legacyFoobar'] },
    ],
    [
      '/foo-bar and /foobar without tags: the operationId',
      { given: [op('get', '/foo-bar', 'listFooBar', 'array'), op('get', '/foobar', 'listFoobarItems', 'array')], want: ['fooBar', 'foobarItems'] },
    ],
    ['/foo-bar and /foobar without tags or operationIds: method and path', { given: [op('get', '/foo-bar', undefined, 'array'), op('get', '/foobar', undefined, 'array')], want: ['fooBar', 'getFoobar'] }],
    [
      'the last path parameter',
      {
        given: [op('post', '/taxonomies/{ns}/refresh'), op('post', '/taxonomies/{key}/refresh')],
        want: ['taxonomiesRefresh', 'taxonomiesRefreshNs'],
      },
    ],
    [
      'the noun the operationIds share',
      {
        given: [op('get', '/assets/{id}/metadata', undefined, 'array'), op('put', '/assets/metadata', 'updateBulkAssetMetadata'), op('delete', '/assets/metadata', 'deleteBulkAssetMetadata')],
        want: ['assetsMetadata', 'bulkAssetMetadata'],
      },
    ],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    const names = detect(given).resources.map((r) => r.resource);
    expect(names).toEqual(want);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names.join(' ')).not.toMatch(/[a-z][0-9]+\b/);
  });

  it('methods of one resource are unique without regard to case too', () => {
    const { resources } = detect([op('get', '/things', 'getThings', 'object'), op('post', '/things', 'GetThings')]);
    const names = resources.flatMap((r) => r.operations.map((o) => o.name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });

  it('an operationId that repeats another method’s, with its method-and-path name taken too, gets its HTTP method first', () => {
    // redoc's petstore: `deletePetBy"Id` (DELETE /pet) and `delete\PetById` (GET /pet) both read deletePetById,
    // and getPet (GET /pet by method and path) is the CRUD read of /pet/{id}.
    const { resources } = detect([op('get', '/pet/{id}', 'getPetById', 'object'), op('delete', '/pet', 'deletePetBy"Id'), op('get', '/pet', 'delete\\PetById', 'object')]);
    expect(resources.flatMap((r) => r.operations.map((o) => `${o.role} ${o.name}`))).toEqual(['read getPet', 'other deletePetById', 'other getDeletePetById']);
    expect(resources.flatMap((r) => r.operations.map((o) => o.name)).join(' ')).not.toMatch(/[0-9]/);
  });
});
