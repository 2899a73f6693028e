import type { SchemaNode } from '../model/types.js';
import { docWithSchemas, normalizeDocument, normalizeOne as normalizeIn, TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const P = '#/components/schemas/S';
const normalizeOne = (schema: unknown, others?: Record<string, unknown>, openapi?: string): Promise<SchemaNode> => normalizeIn(tmp, schema, others, openapi);

describe('SchemaNormalizer: one schema at a time', () => {
  const cases: Array<[string, { given: unknown; want: SchemaNode; openapi?: string; others?: Record<string, unknown> }]> = [
    ['3.1 type [string, "null"] → nullable string', { given: { type: ['string', 'null'], maxLength: 40 }, want: { pointer: P, kind: 'string', nullable: true, maxLength: 40 } }],
    ['3.1 type "null" alone → null', { given: { type: 'null' }, want: { pointer: P, kind: 'null' } }],
    [
      '3.1 type array of two non-null types → union from type',
      {
        given: { type: ['string', 'integer', 'null'] },
        want: {
          pointer: P,
          nullable: true,
          kind: 'union',
          source: 'type',
          variants: [
            { pointer: P, kind: 'string' },
            { pointer: P, kind: 'number', integer: true },
          ],
        },
      },
    ],
    ['3.0 nullable: true', { openapi: '3.0.3', given: { type: 'string', format: 'uuid', nullable: true }, want: { pointer: P, kind: 'string', format: 'uuid', nullable: true } }],
    ['string enum', { given: { type: 'string', enum: ['lead', 'active'] }, want: { pointer: P, kind: 'string', enum: ['lead', 'active'] } }],
    ['enum containing null → nullable, null removed', { given: { type: 'string', enum: ['a', null], nullable: true }, want: { pointer: P, kind: 'string', nullable: true, enum: ['a'] } }],
    ['enum without type infers string', { given: { enum: ['x', 'y'] }, want: { pointer: P, kind: 'string', enum: ['x', 'y'] } }],
    ['integer enum', { given: { type: 'integer', enum: [1, 2, 3] }, want: { pointer: P, kind: 'number', integer: true, enum: [1, 2, 3] } }],
    ['const string', { given: { const: 'fixed' }, want: { pointer: P, kind: 'string', enum: ['fixed'] } }],
    ['const boolean', { given: { const: true }, want: { pointer: P, kind: 'boolean', enum: [true] } }],
    ['const overrides enum', { given: { type: 'string', enum: ['a', 'b'], const: 'b' }, want: { pointer: P, kind: 'string', enum: ['b'] } }],
    [
      'number bounds: 3.1 numeric exclusive bounds',
      { given: { type: 'number', minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 }, want: { pointer: P, kind: 'number', integer: false, minimum: 0, multipleOf: 0.5, exclusiveMaximum: 10 } },
    ],
    [
      'number bounds: 3.0 boolean exclusive flags',
      {
        openapi: '3.0.3',
        given: { type: 'integer', minimum: 1, maximum: 9, exclusiveMinimum: true, exclusiveMaximum: false },
        want: { pointer: P, kind: 'number', integer: true, minimum: 1, maximum: 9, exclusiveMinimum: 1 },
      },
    ],
    [
      'array with items and limits',
      {
        given: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
        want: { pointer: P, kind: 'array', items: { pointer: `${P}/items`, kind: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
      },
    ],
    ['array without items → unknown items', { given: { type: 'array' }, want: { pointer: P, kind: 'array', items: { pointer: `${P}/items`, kind: 'unknown' } } }],
    [
      '3.1 prefixItems + items → an array with prefix item schemas and the rest in items',
      {
        given: { type: 'array', minItems: 0, prefixItems: [{ type: 'object', properties: { city: { type: 'string' } } }, { type: 'number' }], items: { type: 'string' } },
        want: {
          pointer: P,
          kind: 'array',
          minItems: 0,
          items: { pointer: `${P}/items`, kind: 'string' },
          prefixItems: [
            { pointer: `${P}/prefixItems/0`, kind: 'object', properties: [{ name: 'city', required: false, schema: { pointer: `${P}/prefixItems/0/properties/city`, kind: 'string' } }] },
            { pointer: `${P}/prefixItems/1`, kind: 'number', integer: false },
          ],
        },
      },
    ],
    [
      'prefixItems without type, with items: false → an array that ends after the prefix',
      {
        given: { prefixItems: [{ type: 'string' }], items: false },
        want: { pointer: P, kind: 'array', items: { pointer: `${P}/items`, kind: 'unknown' }, prefixItems: [{ pointer: `${P}/prefixItems/0`, kind: 'string' }], maxItems: 1 },
      },
    ],
    [
      'pre-2020 tuple form: an items array + additionalItems → prefixItems + items',
      {
        given: { type: 'array', items: [{ type: 'boolean' }], additionalItems: { type: 'integer' } },
        want: { pointer: P, kind: 'array', items: { pointer: `${P}/additionalItems`, kind: 'number', integer: true }, prefixItems: [{ pointer: `${P}/items/0`, kind: 'boolean' }] },
      },
    ],
    [
      'if/then/else on an object → conditional (a required-only then/else becomes an object requiring the names)',
      {
        given: { type: 'object', properties: { status: { type: 'integer' } }, if: { properties: { status: { enum: [10] } } }, then: { required: ['phone'] }, else: { required: [] } },
        want: {
          pointer: P,
          kind: 'object',
          properties: [{ name: 'status', required: false, schema: { pointer: `${P}/properties/status`, kind: 'number', integer: true } }],
          conditional: {
            if: { pointer: `${P}/if`, kind: 'object', properties: [{ name: 'status', required: false, schema: { pointer: `${P}/if/properties/status`, kind: 'number', integer: false, enum: [10] } }] },
            then: { pointer: `${P}/then`, kind: 'object', properties: [{ name: 'phone', required: true, schema: { pointer: `${P}/then/required`, kind: 'unknown' } }] },
            else: { pointer: `${P}/else`, kind: 'unknown' },
          },
        },
      },
    ],
    ['empty schema → unknown', { given: {}, want: { pointer: P, kind: 'unknown' } }],
    ['boolean schema true → unknown', { given: true, want: { pointer: P, kind: 'unknown' } }],
    [
      'object: properties in declaration order, required flags',
      {
        given: { type: 'object', required: ['b'], properties: { b: { type: 'string' }, a: { type: 'integer' } } },
        want: {
          pointer: P,
          kind: 'object',
          properties: [
            { name: 'b', required: true, schema: { pointer: `${P}/properties/b`, kind: 'string' } },
            { name: 'a', required: false, schema: { pointer: `${P}/properties/a`, kind: 'number', integer: true } },
          ],
        },
      },
    ],
    ['properties without type → object', { given: { properties: {} }, want: { pointer: P, kind: 'object', properties: [] } }],
    ['additionalProperties: true', { given: { type: 'object', additionalProperties: true }, want: { pointer: P, kind: 'object', properties: [], additionalProperties: true } }],
    ['additionalProperties: {} (any value)', { given: { type: 'object', additionalProperties: {} }, want: { pointer: P, kind: 'object', properties: [], additionalProperties: true } }],
    [
      'additionalProperties: a schema',
      {
        given: { type: 'object', additionalProperties: { type: 'string' } },
        want: { pointer: P, kind: 'object', properties: [], additionalProperties: { pointer: `${P}/additionalProperties`, kind: 'string' } },
      },
    ],
    ['additionalProperties: false → closed', { given: { type: 'object', additionalProperties: false }, want: { pointer: P, kind: 'object', properties: [], closed: true } }],
    [
      'additionalProperties on a nullable 3.1 object (type [object, null])',
      {
        given: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
        want: { pointer: P, kind: 'object', nullable: true, properties: [], additionalProperties: { pointer: `${P}/additionalProperties`, kind: 'string' } },
      },
    ],
    [
      'readOnly and writeOnly flags on properties',
      {
        given: { type: 'object', properties: { id: { type: 'string', readOnly: true }, password: { type: 'string', writeOnly: true } } },
        want: {
          pointer: P,
          kind: 'object',
          properties: [
            { name: 'id', required: false, schema: { pointer: `${P}/properties/id`, kind: 'string', readOnly: true } },
            { name: 'password', required: false, schema: { pointer: `${P}/properties/password`, kind: 'string', writeOnly: true } },
          ],
        },
      },
    ],
    [
      'meta: title, description, deprecated, default, example',
      {
        given: { type: 'string', title: 'T', description: 'D', deprecated: true, default: 'x', example: 'y' },
        want: { pointer: P, kind: 'string', title: 'T', description: 'D', deprecated: true, default: 'x', example: 'y' },
      },
    ],
    ['meta: first of 3.1 examples', { given: { type: 'integer', examples: [7, 8] }, want: { pointer: P, kind: 'number', integer: true, example: 7 } }],
    [
      'allOf → intersection of the members',
      {
        others: { Base: { type: 'object' } },
        given: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { x: { type: 'string' } } }] },
        want: {
          pointer: P,
          kind: 'intersection',
          members: [
            { pointer: `${P}/allOf/0`, kind: 'ref', target: 'Base' },
            { pointer: `${P}/allOf/1`, kind: 'object', properties: [{ name: 'x', required: false, schema: { pointer: `${P}/allOf/1/properties/x`, kind: 'string' } }] },
          ],
        },
      },
    ],
    [
      'allOf member that only lists required (DigitalOcean `allOf: [$ref, { required: [total] }]`): the properties the other members declare, required',
      {
        others: { Base: { type: 'object', properties: { total: { type: 'integer' }, note: { type: 'string' } } } },
        given: { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['total'] }] },
        want: {
          pointer: P,
          kind: 'intersection',
          members: [
            { pointer: `${P}/allOf/0`, kind: 'ref', target: 'Base' },
            { pointer: `${P}/allOf/1`, kind: 'object', properties: [{ name: 'total', required: true, schema: { pointer: '#/components/schemas/Base/properties/total', kind: 'number', integer: true } }] },
          ],
        },
      },
    ],
    [
      'allOf with own properties: the own part comes first',
      {
        others: { Base: { type: 'object' } },
        given: { type: 'object', properties: { y: { type: 'boolean' } }, allOf: [{ $ref: '#/components/schemas/Base' }] },
        want: {
          pointer: P,
          kind: 'intersection',
          members: [
            { pointer: P, kind: 'object', properties: [{ name: 'y', required: false, schema: { pointer: `${P}/properties/y`, kind: 'boolean' } }] },
            { pointer: `${P}/allOf/0`, kind: 'ref', target: 'Base' },
          ],
        },
      },
    ],
    [
      'allOf of one $ref with 3.0 nullable → the ref, nullable',
      { openapi: '3.0.3', others: { Base: { type: 'object' } }, given: { allOf: [{ $ref: '#/components/schemas/Base' }], nullable: true }, want: { pointer: `${P}/allOf/0`, kind: 'ref', target: 'Base', nullable: true } },
    ],
    [
      'anyOf → union from anyOf',
      {
        given: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        want: {
          pointer: P,
          kind: 'union',
          source: 'anyOf',
          variants: [
            { pointer: `${P}/anyOf/0`, kind: 'string' },
            { pointer: `${P}/anyOf/1`, kind: 'number', integer: true },
          ],
        },
      },
    ],
    [
      "allOf of a $ref and { type: 'null' } (3.0's nullable allOf, converted) → the ref, nullable",
      { openapi: '3.1.0', others: { Base: { type: 'string' } }, given: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'null' }] }, want: { pointer: `${P}/allOf/0`, kind: 'ref', target: 'Base', nullable: true } },
    ],
    [
      "oneOf beside type: 'null' (3.0's nullable oneOf, converted) → the union, nullable",
      {
        others: { A: { type: 'object', properties: { a: { type: 'string' } } }, B: { type: 'object', properties: { b: { type: 'string' } } } },
        given: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }], type: 'null' },
        want: { pointer: P, kind: 'union', source: 'oneOf', nullable: true, variants: [{ pointer: `${P}/oneOf/0`, kind: 'ref', target: 'A' }, { pointer: `${P}/oneOf/1`, kind: 'ref', target: 'B' }] },
      },
    ],
    [
      'oneOf with a null variant → the other variant, nullable',
      { others: { Base: { type: 'object' } }, given: { oneOf: [{ $ref: '#/components/schemas/Base' }, { type: 'null' }] }, want: { pointer: `${P}/oneOf/0`, kind: 'ref', target: 'Base', nullable: true } },
    ],
    [
      '$ref with 3.1 sibling description and readOnly',
      { others: { Base: { type: 'object' } }, given: { $ref: '#/components/schemas/Base', description: 'why', readOnly: true }, want: { pointer: P, kind: 'ref', target: 'Base', description: 'why', readOnly: true } },
    ],
  ];

  it.each(cases)('%s', async (_name, { given, want, openapi, others }) => {
    expect(await normalizeOne(given, others, openapi)).toEqual(want);
  });
});
