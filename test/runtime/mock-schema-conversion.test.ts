// The OpenAPI → JSON Schema conversion the mock checks validate with (mocks-helpers/schemas.ts): what it
// keeps, drops and forbids, on small documents.
import { createContractValidator } from './mocks-helpers/schemas.js';

describe('the OpenAPI → JSON Schema conversion used to validate mocks', () => {
  const doc30 = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        User: {
          type: 'object',
          required: ['id', 'password', 'email'],
          properties: {
            id: { type: 'string', format: 'uuid', readOnly: true },
            email: { type: 'string', format: 'email' },
            password: { type: 'string', writeOnly: true },
            secret: { $ref: '#/components/schemas/Secret' },
            nickname: { type: 'string', nullable: true, maxLength: 5 },
            role: { type: 'string', enum: ['admin', 'user'], nullable: true },
            manager: { allOf: [{ $ref: '#/components/schemas/Ref' }], nullable: true },
            score: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          },
        },
        Secret: { type: 'string', writeOnly: true },
        Ref: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      },
    },
  };
  const user = { id: '00000000-0000-4000-8000-000000000001', email: 'a@example.test' };
  const at = '#/components/schemas/User';

  it('3.0: formats, nullable (with and without type), enums, exclusive bounds; writeOnly forbidden, readOnly allowed in responses', () => {
    const v = createContractValidator(doc30);
    expect(v.version).toBe('3.0');
    expect(v.validate(at, user).valid).toBe(true);
    expect(v.validate(at, { ...user, nickname: null, role: null, manager: null, score: 1 }).valid).toBe(true);
    expect(v.validate(at, { ...user, manager: { id: 'x' } }).valid).toBe(true);
    for (const bad of [
      { ...user, id: 'not-a-uuid' },
      { ...user, email: 'nope' },
      { email: user.email },
      { ...user, password: 'p' },
      { ...user, secret: 's' },
      { ...user, nickname: 'too-long' },
      { ...user, role: 'root' },
      { ...user, manager: {} },
      { ...user, score: 0 },
    ]) {
      expect({ bad, valid: v.validate(at, bad).valid }).toEqual({ bad, valid: false });
    }
  });

  it('request view: readOnly forbidden, writeOnly allowed', () => {
    const v = createContractValidator(doc30, 'request');
    expect(v.validate(at, { email: user.email, password: 'p' }).valid).toBe(true);
    expect(v.validate(at, { email: user.email, password: 'p', id: user.id }).valid).toBe(false);
  });

  it('3.1 (Ajv2020): type arrays, const, and 3.0-style nullable carried by 3.1 documents', () => {
    const doc31 = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Item: {
            type: 'object',
            required: ['kind', 'at'],
            properties: {
              kind: { const: 'item' },
              at: { type: ['string', 'null'], format: 'date-time' },
              note: { type: 'string', nullable: true },
              tags: { type: 'array', prefixItems: [{ type: 'integer' }], items: { type: 'string' } },
            },
          },
        },
      },
    };
    const v = createContractValidator(doc31);
    expect(v.version).toBe('3.1');
    expect(v.validate('#/components/schemas/Item', { kind: 'item', at: null, note: null, tags: [1, 'a'] }).valid).toBe(true);
    expect(v.validate('#/components/schemas/Item', { kind: 'other', at: null }).valid).toBe(false);
    expect(v.validate('#/components/schemas/Item', { kind: 'item', at: 'yesterday' }).valid).toBe(false);
    expect(v.validate('#/components/schemas/Item', { kind: 'item', at: null, tags: ['a'] }).valid).toBe(false);
  });
});
