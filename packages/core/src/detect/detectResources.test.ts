import { createApiModel, createOperation } from '../model/factory.js';
import type { HttpMethod, OperationNode, ResourceKind, ResourceNode, ResponseNode, SchemaNode } from '../model/types.js';
import { detectResources, pathShape } from './detectResources.js';
import { arraySchema, crud, detect, download, facts, getObject, list, op, respond } from '../../test/detectShapes.js';

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
