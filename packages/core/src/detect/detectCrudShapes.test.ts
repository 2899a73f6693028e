import { crud, download, getObject, itDetectsShapes, list, op, type ShapeCase } from '../../test/detectShapes.js';

describe('detectResources: one table of shapes: CRUD collections', () => {
  const cases: ShapeCase[] = [
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
  ];

  itDetectsShapes(cases);
});
