// A small CRUD contract the change-code table edits one change at a time.

/** A JSON document (mutable copy). */
export type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A fresh copy of the pets contract: list/create/read/delete pets, and a binary photo download. */
export function petsContract(): Doc {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.0.0' },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' } } },
      schemas: {
        PetStatus: { type: 'string', enum: ['available', 'pending', 'sold'] },
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string', maxLength: 50, title: 'Name' },
            tag: { type: 'string', title: 'Tag' },
            status: { $ref: '#/components/schemas/PetStatus' },
          },
        },
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 50, title: 'Name' },
            tag: { type: 'string', title: 'Tag' },
            status: { $ref: '#/components/schemas/PetStatus' },
          },
        },
      },
    },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
            { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/PetStatus' } },
          ],
          responses: { '200': { description: 'Pets', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
          responses: { '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'getPet',
          summary: 'Read a pet',
          responses: {
            '200': { description: 'The pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
            '404': { description: 'Not found' },
          },
        },
        delete: { operationId: 'deletePet', summary: 'Delete a pet', responses: { '204': { description: 'Deleted' } } },
      },
      '/pets/{petId}/photo': {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'downloadPhoto',
          summary: 'Download the photo',
          responses: { '200': { description: 'The photo', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
    },
  };
}
