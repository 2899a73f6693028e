// The schemas of a synthetic contract (scripts/synth.mjs): name helpers, the shared components and the
// schemas and path parameter of one resource's entity.

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'];

export const words = (s) => s.split(/[\s_-]+/).filter(Boolean);
export const pascal = (s) => words(s).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
export const camel = (s) => {
  const p = pascal(s);
  return p[0].toLowerCase() + p.slice(1);
};
export const kebab = (s) => words(s).join('-');
export const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/** Shared components every synthetic contract carries. */
export function sharedComponents() {
  return {
    parameters: {
      Page: { name: 'page', in: 'query', description: 'Page number, starting at 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      PageSize: { name: 'pageSize', in: 'query', description: 'Items per page.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    },
    responses: {
      BadRequest: { description: 'The request is invalid.', content: { 'application/json': { schema: ref('ValidationError') } } },
      Unauthorized: { description: 'Missing or invalid credentials.', content: { 'application/json': { schema: ref('Error') } } },
      NotFound: { description: 'No such record.', content: { 'application/json': { schema: ref('Error') } } },
      Conflict: { description: 'The record changed meanwhile.', content: { 'application/json': { schema: ref('Error') } } },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', description: 'Machine-readable error code.' },
          message: { type: 'string', description: 'Human-readable message.' },
          requestId: { type: ['string', 'null'], format: 'uuid' },
        },
      },
      ValidationError: {
        type: 'object',
        required: ['code', 'message', 'fields'],
        properties: {
          code: { type: 'string', enum: ['validation_failed'] },
          message: { type: 'string' },
          fields: {
            type: 'array',
            items: { type: 'object', required: ['field', 'problem'], properties: { field: { type: 'string' }, problem: { type: 'string' } } },
          },
        },
      },
      Money: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$', description: 'Decimal amount as a string.', example: '19.99' },
          currency: { type: 'string', enum: ['EUR', 'USD', 'GBP', 'JPY', 'CHF'] },
        },
      },
      Address: {
        type: 'object',
        required: ['line1', 'city', 'country'],
        properties: {
          line1: { type: 'string', maxLength: 200 },
          line2: { type: ['string', 'null'], maxLength: 200 },
          city: { type: 'string', maxLength: 100 },
          postalCode: { type: ['string', 'null'], maxLength: 20 },
          country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 code.', example: 'FR' },
        },
      },
      Priority: { type: 'string', enum: PRIORITIES, description: 'How urgent a record is.' },
    },
  };
}

/**
 * The entity's properties and required keys: a common core plus a deterministic random selection of
 * optional extras, and a reference to another resource when there is one.
 * @param {{ entity: string }} r the resource's names
 * @param {string} statusName the name of its status enum schema
 * @param {{ entity: string } | undefined} other another resource of the contract
 * @param {() => number} rand PRNG (called in a fixed order: the document depends on it)
 * @returns {{ properties: Record<string, object>, required: string[] }}
 */
export function entityProperties(r, statusName, other, rand) {
  const properties = {
    id: { type: 'string', format: 'uuid', readOnly: true, description: `Identifier of the ${r.entity}.` },
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 200, example: `Example ${r.entity}` },
    status: ref(statusName),
    createdAt: { type: 'string', format: 'date-time', readOnly: true, title: 'Created at' },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true, title: 'Updated at' },
  };
  const required = ['id', 'name', 'status', 'createdAt', 'updatedAt'];
  const extras = {
    description: { type: ['string', 'null'], maxLength: 2000, title: 'Description' },
    email: { type: 'string', format: 'email', title: 'Email', example: 'someone@example.test' },
    website: { type: ['string', 'null'], format: 'uri', title: 'Website' },
    priority: ref('Priority'),
    quantity: { type: 'integer', format: 'int32', minimum: 0, maximum: 100000, title: 'Quantity' },
    rating: { type: ['number', 'null'], format: 'double', minimum: 0, maximum: 5 },
    price: ref('Money'),
    dueDate: { type: ['string', 'null'], format: 'date', title: 'Due date' },
    isActive: { type: 'boolean', default: true, title: 'Active' },
    externalRef: { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Z0-9-]+$' },
    sequence: { type: 'integer', format: 'int64', readOnly: true },
    address: ref('Address'),
  };
  for (const [key, schema] of Object.entries(extras)) if (rand() < 0.6) properties[key] = schema;
  properties.tags = { type: 'array', title: 'Tags', items: { type: 'string', maxLength: 30 }, maxItems: 20, uniqueItems: true };
  properties.settings = {
    type: 'object',
    description: 'Nested settings object.',
    required: ['visibility'],
    properties: {
      visibility: { type: 'string', enum: ['private', 'team', 'public'] },
      notify: { type: 'boolean' },
      limits: { type: ['object', 'null'], properties: { daily: { type: 'integer', minimum: 0 }, monthly: { type: 'integer', minimum: 0 } } },
    },
  };
  properties.lines = {
    type: 'array',
    description: 'Line items.',
    items: {
      type: 'object',
      required: ['label', 'amount'],
      properties: {
        label: { type: 'string', maxLength: 120 },
        amount: ref('Money'),
        note: { type: ['string', 'null'] },
      },
    },
  };
  properties.metadata = { type: ['object', 'null'], additionalProperties: { type: 'string' }, description: 'Free-form key → value pairs.' };
  if (other) {
    properties[`${camel(other.entity)}Id`] = { type: ['string', 'null'], format: 'uuid', description: `Related ${other.entity}.` };
  }
  if (rand() < 0.5) required.push(Object.keys(properties).find((k) => !required.includes(k) && k !== 'tags' && k !== 'metadata') ?? 'tags');
  return { properties, required };
}

/**
 * Adds the entity's schemas (status enum, entity, create, patch, page) and its id path parameter.
 * @param {object} doc the document being built
 * @param {{ entity: string, idParam: string }} r the resource's names
 * @param {{ statusName: string, statuses: string[], properties: Record<string, object>, required: string[] }} entity
 */
export function addEntitySchemas(doc, r, { statusName, statuses, properties, required }) {
  const writable = Object.fromEntries(Object.entries(properties).filter(([, s]) => s.readOnly !== true));
  const s = doc.components.schemas;
  s[statusName] = { type: 'string', enum: statuses, description: `Lifecycle status of a ${r.entity}.` };
  s[r.entity] = { type: 'object', description: `A ${r.entity} record.`, required, properties };
  s[`${r.entity}Create`] = {
    type: 'object',
    description: `Fields to create a ${r.entity}.`,
    required: required.filter((k) => k in writable),
    properties: writable,
  };
  s[`${r.entity}Patch`] = { type: 'object', description: `Fields of a ${r.entity} to change; absent fields are kept.`, properties: writable };
  s[`${r.entity}Page`] = {
    type: 'object',
    required: ['items', 'total', 'page', 'pageSize'],
    properties: {
      items: { type: 'array', items: ref(r.entity) },
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
    },
  };
  const idParamName = `${r.entity}Id`;
  doc.components.parameters[idParamName] = {
    name: r.idParam,
    in: 'path',
    required: true,
    description: `Identifier of the ${r.entity}.`,
    schema: { type: 'string', format: 'uuid' },
  };
}
