import { createOperation } from '../model/factory.js';
import { crud, download, getObject, itDetectsShapes, list, op, type ShapeCase } from '../../test/detectShapes.js';

describe('detectResources: one table of shapes: search, summary, action, download, other, pluralization, nesting', () => {
  const cases: ShapeCase[] = [
    [
      'search: GET /search',
      {
        given: [getObject('/api/v1/search')],
        want: [{ resource: 'search', kind: 'search', entity: 'Search', crudCandidate: false, missingOperations: [], operations: ['search search GET /api/v1/search'] }],
      },
    ],
    [
      'search: POST /contacts/search',
      {
        given: [op('post', '/contacts/search')],
        want: [
          {
            resource: 'contactsSearch',
            kind: 'search',
            entity: 'ContactsSearch',
            crudCandidate: false,
            missingOperations: [],
            operations: ['search searchContacts POST /contacts/search'],
          },
        ],
      },
    ],
    [
      'summary: GET /dashboard/summary returning an object',
      {
        given: [getObject('/api/v1/dashboard/summary')],
        want: [
          {
            resource: 'dashboardSummary',
            kind: 'summary',
            entity: 'DashboardSummary',
            crudCandidate: false,
            missingOperations: [],
            operations: ['summary getDashboardSummary GET /api/v1/dashboard/summary'],
          },
        ],
      },
    ],
    [
      'action: POST /contacts/{contactId}/archive',
      {
        given: [op('post', '/contacts/{contactId}/archive')],
        want: [
          {
            resource: 'contactsArchive',
            kind: 'action',
            entity: 'Contact',
            crudCandidate: false,
            missingOperations: [],
            action: 'Archive',
            operations: ['action archiveContact POST /contacts/{contactId}/archive'],
          },
        ],
      },
    ],
    [
      'action: the POST keeps the short name when a DELETE shares the path',
      {
        given: [op('delete', '/contacts/{contactId}/archive'), op('post', '/contacts/{contactId}/archive')],
        want: [
          {
            resource: 'contactsArchive',
            kind: 'action',
            entity: 'Contact',
            crudCandidate: false,
            missingOperations: [],
            action: 'Archive',
            operations: [
              'action deleteArchiveContact DELETE /contacts/{contactId}/archive',
              'action archiveContact POST /contacts/{contactId}/archive',
            ],
          },
        ],
      },
    ],
    [
      'download: GET with an application/octet-stream success response',
      {
        given: [download('/files/{fileId}/download')],
        want: [
          {
            resource: 'filesDownload',
            kind: 'download',
            entity: 'File',
            crudCandidate: false,
            missingOperations: [],
            action: 'Download',
            operations: ['download downloadFile GET /files/{fileId}/download'],
          },
        ],
      },
    ],
    [
      'download: binary item GET without a download segment',
      {
        given: [download('/reports/{reportId}', 'application/pdf')],
        want: [
          {
            resource: 'reportsDownload',
            kind: 'download',
            entity: 'Report',
            crudCandidate: false,
            missingOperations: [],
            action: 'Download',
            operations: ['download downloadReport GET /reports/{reportId}'],
          },
        ],
      },
    ],
    [
      'other: a collection path with only DELETE',
      {
        given: [op('delete', '/cache')],
        want: [{ resource: 'cache', kind: 'other', entity: 'Cache', crudCandidate: false, missingOperations: [], operations: ['other deleteCache DELETE /cache'] }],
      },
    ],
    [
      'other: a path of parameters only, named from operationId',
      {
        given: [createOperation('get', '/{tenant}/{id}', { operationId: 'resolve-tenant-item' })],
        want: [{ resource: 'root', kind: 'other', entity: 'Root', crudCandidate: false, missingOperations: [], operations: ['other resolveTenantItem GET /{tenant}/{id}'] }],
      },
    ],
    [
      'pluralization: people → Person',
      {
        given: crud('/people', '/people/{personId}'),
        want: [
          {
            resource: 'people',
            kind: 'crud',
            entity: 'Person',
            crudCandidate: true,
            missingOperations: [],
            operations: [
              'list listPeople GET /people',
              'read getPerson GET /people/{personId}',
              'create createPerson POST /people',
              'update updatePerson PATCH /people/{personId}',
              'delete deletePerson DELETE /people/{personId}',
            ],
          },
        ],
      },
    ],
    [
      'pluralization: statuses → Status, categories → Category',
      {
        given: [list('/statuses'), getObject('/statuses/{id}'), list('/categories'), getObject('/categories/{id}')],
        want: [
          {
            resource: 'categories',
            kind: 'crud',
            entity: 'Category',
            crudCandidate: true,
            missingOperations: ['create', 'update', 'delete'],
            operations: ['list listCategories GET /categories', 'read getCategory GET /categories/{id}'],
          },
          {
            resource: 'statuses',
            kind: 'crud',
            entity: 'Status',
            crudCandidate: true,
            missingOperations: ['create', 'update', 'delete'],
            operations: ['list listStatuses GET /statuses', 'read getStatus GET /statuses/{id}'],
          },
        ],
      },
    ],
    [
      // Nested collections carry their parent (as written) in the resource name, the singular parent in the entity.
      'nested collections: /orgs/{org}/members and /teams/{team}/members',
      {
        given: [list('/orgs/{org}/members'), op('post', '/orgs/{org}/members'), list('/teams/{team}/members'), op('post', '/teams/{team}/members')],
        want: [
          {
            resource: 'orgsMembers',
            kind: 'crud',
            entity: 'OrgMember',
            crudCandidate: false,
            missingOperations: ['read', 'update', 'delete'],
            operations: ['list listOrgMembers GET /orgs/{org}/members', 'create createOrgMember POST /orgs/{org}/members'],
          },
          {
            resource: 'teamsMembers',
            kind: 'crud',
            entity: 'TeamMember',
            crudCandidate: false,
            missingOperations: ['read', 'update', 'delete'],
            operations: ['list listTeamMembers GET /teams/{team}/members', 'create createTeamMember POST /teams/{team}/members'],
          },
        ],
      },
    ],
    [
      'nested collection: POST to a sub-collection with item paths is create, not an action',
      {
        given: [op('post', '/projects/{projectId}/tasks'), getObject('/projects/{projectId}/tasks/{taskId}')],
        want: [
          {
            resource: 'projectsTasks',
            kind: 'crud',
            entity: 'Task',
            crudCandidate: false,
            missingOperations: ['list', 'update', 'delete'],
            operations: ['read getTask GET /projects/{projectId}/tasks/{taskId}', 'create createTask POST /projects/{projectId}/tasks'],
          },
        ],
      },
    ],
  ];

  itDetectsShapes(cases);
});
