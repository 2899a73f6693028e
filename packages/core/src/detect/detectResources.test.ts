import { createApiModel, createOperation } from '../model/factory.js';
import type { HttpMethod, OperationNode, ResourceKind, ResourceNode, ResponseNode, SchemaNode } from '../model/types.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { detectResources, pathShape } from './detectResources.js';

// ---------------------------------------------------------------------------------------------
// Model builders (no YAML): operations with just enough response detail for the rules.
// ---------------------------------------------------------------------------------------------

const unknownSchema: SchemaNode = { kind: 'unknown', pointer: '#' };
const arraySchema: SchemaNode = { kind: 'array', items: unknownSchema, pointer: '#' };
const objectSchema: SchemaNode = { kind: 'object', properties: [], pointer: '#' };

const respond = (mediaType: string, schema?: SchemaNode): ResponseNode[] => [
  { kind: 'response', status: '200', contents: [schema ? { mediaType, schema } : { mediaType }], pointer: '#' },
];
/** A GET whose success body is a JSON array (a list). */
const list = (path: string): OperationNode => createOperation('get', path, { responses: respond('application/json', arraySchema) });
/** A GET whose success body is a JSON object. */
const getObject = (path: string): OperationNode => createOperation('get', path, { responses: respond('application/json', objectSchema) });
/** A GET whose success body is binary. */
const download = (path: string, mediaType = 'application/octet-stream'): OperationNode => createOperation('get', path, { responses: respond(mediaType) });
const op = (method: HttpMethod, path: string): OperationNode => createOperation(method, path);

/** Full CRUD on a collection and its item path. */
const crud = (collection: string, item: string): OperationNode[] => [
  list(collection),
  op('post', collection),
  getObject(item),
  op('patch', item),
  op('delete', item),
];

const detect = (operations: OperationNode[]) => {
  const diagnostics = new Diagnostics();
  const model = detectResources(createApiModel({ operations }), diagnostics);
  return { model, resources: model.resources, diagnostics };
};

/** The detection record facts, plus each member operation as `role name key`. */
interface Facts {
  resource: string;
  kind: ResourceKind;
  entity: string;
  crudCandidate: boolean;
  missingOperations: string[];
  action?: string;
  operations: string[];
}
const facts = (r: ResourceNode): Facts => ({
  resource: r.resource,
  kind: r.resourceKind,
  entity: r.entity,
  crudCandidate: r.crudCandidate,
  missingOperations: [...r.missingOperations],
  ...(r.action !== undefined ? { action: r.action } : {}),
  operations: r.operations.map((o) => `${o.role} ${o.name} ${o.operationKey}`),
});

// ---------------------------------------------------------------------------------------------

describe('detectResources: one table of shapes', () => {
  const cases: Array<[string, { given: OperationNode[]; want: Facts[] }]> = [
    [
      'full CRUD under /api/v1',
      {
        given: crud('/api/v1/contacts', '/api/v1/contacts/{contactId}'),
        want: [
          {
            resource: 'contacts',
            kind: 'crud',
            entity: 'Contact',
            crudCandidate: true,
            missingOperations: [],
            operations: [
              'list listContacts GET /api/v1/contacts',
              'read getContact GET /api/v1/contacts/{contactId}',
              'create createContact POST /api/v1/contacts',
              'update updateContact PATCH /api/v1/contacts/{contactId}',
              'delete deleteContact DELETE /api/v1/contacts/{contactId}',
            ],
          },
        ],
      },
    ],
    [
      'partial CRUD: list and read only (missing in canonical order)',
      {
        given: [list('/companies'), getObject('/companies/{id}')],
        want: [
          {
            resource: 'companies',
            kind: 'crud',
            entity: 'Company',
            crudCandidate: true,
            missingOperations: ['create', 'update', 'delete'],
            operations: ['list listCompanies GET /companies', 'read getCompany GET /companies/{id}'],
          },
        ],
      },
    ],
    [
      'partial CRUD: delete and create only, given in reverse order',
      {
        given: [op('delete', '/uploads/{uploadId}'), op('post', '/uploads')],
        want: [
          {
            resource: 'uploads',
            kind: 'crud',
            entity: 'Upload',
            crudCandidate: false,
            missingOperations: ['list', 'read', 'update'],
            operations: ['create createUpload POST /uploads', 'delete deleteUpload DELETE /uploads/{uploadId}'],
          },
        ],
      },
    ],
    [
      'partial CRUD: item path only',
      {
        given: [getObject('/tickets/{ticketId}'), op('put', '/tickets/{ticketId}')],
        want: [
          {
            resource: 'tickets',
            kind: 'crud',
            entity: 'Ticket',
            crudCandidate: false,
            missingOperations: ['list', 'create', 'delete'],
            operations: ['read getTicket GET /tickets/{ticketId}', 'update updateTicket PUT /tickets/{ticketId}'],
          },
        ],
      },
    ],
    [
      'PUT is the update when there is no PATCH',
      {
        given: [list('/notes'), op('post', '/notes'), getObject('/notes/{id}'), op('put', '/notes/{id}'), op('delete', '/notes/{id}')],
        want: [
          {
            resource: 'notes',
            kind: 'crud',
            entity: 'Note',
            crudCandidate: true,
            missingOperations: [],
            operations: [
              'list listNotes GET /notes',
              'read getNote GET /notes/{id}',
              'create createNote POST /notes',
              'update updateNote PUT /notes/{id}',
              'delete deleteNote DELETE /notes/{id}',
            ],
          },
        ],
      },
    ],
    [
      'a PUT beside a PATCH is a second update, named replace',
      {
        given: [...crud('/notes', '/notes/{id}'), op('put', '/notes/{id}')],
        want: [
          {
            resource: 'notes',
            kind: 'crud',
            entity: 'Note',
            crudCandidate: true,
            missingOperations: [],
            operations: [
              'list listNotes GET /notes',
              'read getNote GET /notes/{id}',
              'create createNote POST /notes',
              'update updateNote PATCH /notes/{id}',
              'update replaceNote PUT /notes/{id}',
              'delete deleteNote DELETE /notes/{id}',
            ],
          },
        ],
      },
    ],
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

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(detect(given).resources.map(facts)).toEqual(want);
  });

  it.each(cases)('%s: every operation is in exactly one resource', (_name, { given }) => {
    const keys = detect(given).resources.flatMap((r) => r.operations.map((o) => o.operationKey));
    expect([...keys].sort()).toEqual(given.map((o) => o.key).sort());
  });
});

describe('detectResources: the full detection record', () => {
  it('a full CRUD resource has every field of the record', () => {
    const { resources, diagnostics } = detect(crud('/api/v1/contacts', '/api/v1/contacts/{contactId}'));
    expect(resources).toEqual<ResourceNode[]>([
      {
        kind: 'resource',
        resourceKind: 'crud',
        resource: 'contacts',
        entity: 'Contact',
        plural: 'Contacts',
        crudCandidate: true,
        missingOperations: [],
        collectionPath: '/api/v1/contacts',
        itemPath: '/api/v1/contacts/{contactId}',
        operations: [
          { role: 'list', name: 'listContacts', operationKey: 'GET /api/v1/contacts', reason: 'list: GET on collection /api/v1/contacts; no operationId' },
          { role: 'read', name: 'getContact', operationKey: 'GET /api/v1/contacts/{contactId}', reason: 'read: GET on item /api/v1/contacts/{contactId}; no operationId' },
          { role: 'create', name: 'createContact', operationKey: 'POST /api/v1/contacts', reason: 'create: POST on collection /api/v1/contacts; no operationId' },
          { role: 'update', name: 'updateContact', operationKey: 'PATCH /api/v1/contacts/{contactId}', reason: 'update: PATCH on item /api/v1/contacts/{contactId}; no operationId' },
          { role: 'delete', name: 'deleteContact', operationKey: 'DELETE /api/v1/contacts/{contactId}', reason: 'delete: DELETE on item /api/v1/contacts/{contactId}; no operationId' },
        ],
        pointer: '#/paths/~1api~1v1~1contacts/get',
      },
    ]);
    expect(diagnostics.list()).toEqual([]);
  });

  it('a partial CRUD resource raises one RSL_RESOURCE_PARTIAL info listing the missing operations', () => {
    const { diagnostics } = detect([op('delete', '/uploads/{uploadId}'), op('post', '/uploads')]);
    expect(diagnostics.list()).toEqual([
      expect.objectContaining({
        code: 'RSL_RESOURCE_PARTIAL',
        severity: 'info',
        message: 'resource "uploads" is a partial CRUD resource; missing: list, read, update',
      }),
    ]);
  });

  it('a collision raises RSL_RESOURCE_RENAMED for each renamed resource and drops no operation', () => {
    // Top-level collections start from their last segment; `/orgs/members` and `/teams/members` both want `members`.
    const given = [list('/orgs/members'), list('/teams/members')];
    const { resources, diagnostics } = detect(given);
    expect(resources.map((r) => r.resource)).toEqual(['orgsMembers', 'teamsMembers']);
    expect(resources.flatMap((r) => r.operations.map((o) => o.operationKey))).toEqual(['GET /orgs/members', 'GET /teams/members']);
    expect(diagnostics.list().map((d) => [d.code, d.severity, d.location])).toEqual([
      ['RSL_RESOURCE_PARTIAL', 'info', 'GET /orgs/members'],
      ['RSL_RESOURCE_PARTIAL', 'info', 'GET /teams/members'],
      ['RSL_RESOURCE_RENAMED', 'info', 'GET /orgs/members'],
      ['RSL_RESOURCE_RENAMED', 'info', 'GET /teams/members'],
    ]);
  });

  it('names stay unique without counters when a shorter candidate is already taken', () => {
    // `/members` keeps `members`. `/orgs/members` takes its parent word, `orgsMembers`, like the one-segment
    // `/orgsMembers`; neither has a word left, so the first by key keeps it and `/orgsMembers` falls back to its
    // method and path.
    const given = [list('/members'), createOperation('get', '/orgs/members', { operationId: 'listOrganizationMembers', responses: respond('application/json', arraySchema) }), list('/orgsMembers')];
    const names = detect(given).resources.map((r) => r.resource);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(3);
    expect(names).toEqual(['getOrgsMembers', 'members', 'orgsMembers']);
  });

  it('does not change the operations or schemas of the model', () => {
    const given = crud('/contacts', '/contacts/{id}');
    const { model } = detect(given);
    expect(model.operations).toBe(given);
    expect(model.schemas).toEqual([]);
  });

  it('a plain GET on a collection is a summary unless it returns a collection', () => {
    expect(detect([getObject('/reports')]).resources.map((r) => r.resourceKind)).toEqual(['summary']);
    expect(detect([list('/reports')]).resources.map((r) => r.resourceKind)).toEqual(['crud']);
    // A singular last segment is no collection, whatever the GET returns.
    expect(detect([list('/status')]).resources.map((r) => r.resourceKind)).toEqual(['summary']);
  });

  it('a GET returning a page object (an object with an array property) is a list', () => {
    const page: SchemaNode = { kind: 'object', pointer: '#', properties: [{ name: 'items', required: true, schema: arraySchema }] };
    const { resources } = detect([createOperation('get', '/invoices', { responses: respond('application/json', page) })]);
    expect(resources.map(facts)).toEqual([
      { resource: 'invoices', kind: 'crud', entity: 'Invoice', crudCandidate: false, missingOperations: ['read', 'create', 'update', 'delete'], operations: ['list listInvoices GET /invoices'] },
    ]);
  });
});

describe('detectResources: determinism', () => {
  const all: OperationNode[] = [
    ...crud('/api/v1/contacts', '/api/v1/contacts/{contactId}'),
    ...crud('/api/v1/companies', '/api/v1/companies/{companyId}'),
    // Two item paths of one collection that differ in the parameter name.
    getObject('/api/v1/companies/{id}'),
    op('post', '/api/v1/contacts/{contactId}/archive'),
    getObject('/api/v1/search'),
    getObject('/api/v1/dashboard/summary'),
    download('/api/v1/files/{fileId}/download'),
    list('/orgs/{org}/members'),
    list('/teams/{team}/members'),
    op('delete', '/cache'),
    op('get', '/{a}/{b}'),
  ];

  /** Deterministic Fisher–Yates shuffle (mulberry32), so failures reproduce. */
  const shuffled = <T>(items: readonly T[], seed: number): T[] => {
    let s = seed;
    const random = () => {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };

  const baseline = detect(all);

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('shuffled operation order (seed %i) gives the same resources and diagnostics', (seed) => {
    const given = shuffled(all, seed);
    expect(given.map((o) => o.key)).not.toEqual(all.map((o) => o.key));
    const again = detect(given);
    expect(again.resources).toEqual(baseline.resources);
    expect(again.diagnostics.list()).toEqual(baseline.diagnostics.list());
  });

  it('every operation is in exactly one resource', () => {
    const keys = baseline.resources.flatMap((r) => r.operations.map((o) => o.operationKey));
    expect(keys).toHaveLength(all.length);
    expect(new Set(keys)).toEqual(new Set(all.map((o) => o.key)));
  });

  it('resource names are unique and sorted; operation names are unique within a resource', () => {
    const names = baseline.resources.map((r) => r.resource);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    for (const r of baseline.resources) {
      const opNames = r.operations.map((o) => o.name);
      expect(new Set(opNames).size).toBe(opNames.length);
    }
  });

  it('the first-sorted item path wins the read role', () => {
    const companies = baseline.resources.find((r) => r.resource === 'companies');
    expect(companies?.operations.filter((o) => o.role === 'read').map((o) => o.operationKey)).toEqual(['GET /api/v1/companies/{companyId}']);
    expect(companies?.operations.filter((o) => o.role === 'other').map((o) => o.operationKey)).toEqual(['GET /api/v1/companies/{id}']);
  });
});

describe('pathShape', () => {
  const cases: Array<[string, { given: string; want: string[] }]> = [
    ['drops api and version', { given: '/api/v1/contacts/{contactId}', want: ['contacts', '{contactId}'] }],
    ['drops a dotted version', { given: '/api/v2.1/contacts', want: ['contacts'] }],
    ['drops a version without api', { given: '/v3/contacts', want: ['contacts'] }],
    ['drops API in any case', { given: '/API/V1/contacts', want: ['contacts'] }],
    ['drops api without version', { given: '/api/contacts', want: ['contacts'] }],
    ['keeps a non-leading version-like segment', { given: '/contacts/v1', want: ['contacts', 'v1'] }],
    ['keeps a word that starts with v', { given: '/api/values', want: ['values'] }],
    ['keeps a second api segment', { given: '/api/v1/api/keys', want: ['api', 'keys'] }],
    ['ignores empty segments', { given: '//contacts//', want: ['contacts'] }],
    ['root', { given: '/', want: [] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(pathShape(given).segments).toEqual(want);
  });

  it('the same resource under /api/v1 and at the root gets the same name', () => {
    expect(detect(crud('/api/v1/contacts', '/api/v1/contacts/{id}')).resources.map((r) => r.resource)).toEqual(
      detect(crud('/contacts', '/contacts/{id}')).resources.map((r) => r.resource),
    );
  });
});
