import type { SchemaNode } from '../model/types.js';
import { docWithSchemas, normalizeDocument, normalizeOne as normalizeIn, TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const P = '#/components/schemas/S';
const normalizeOne = (schema: unknown, others?: Record<string, unknown>, openapi?: string): Promise<SchemaNode> => normalizeIn(tmp, schema, others, openapi);

describe('SchemaNormalizer: references and cycles', () => {
  it('a recursive component schema refers to itself by name', async () => {
    const node = await normalizeOne({ type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/S' } } } });
    expect(node).toEqual({
      pointer: P,
      kind: 'object',
      properties: [
        {
          name: 'children',
          required: false,
          schema: { pointer: `${P}/properties/children`, kind: 'array', items: { pointer: `${P}/properties/children/items`, kind: 'ref', target: 'S' } },
        },
      ],
    });
  });

  it('mutually recursive components refer to each other by name', async () => {
    const { named, diagnostics } = await normalizeDocument(
      tmp,
      docWithSchemas({
        A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
      }),
    );
    expect(named('A').schema).toMatchObject({ kind: 'object', properties: [{ name: 'b', schema: { kind: 'ref', target: 'B' } }] });
    expect(named('B').schema).toMatchObject({ kind: 'object', properties: [{ name: 'a', schema: { kind: 'ref', target: 'A' } }] });
    expect(diagnostics.list()).toEqual([]);
  });

  it('a $ref cycle through a non-component schema is hoisted into a named schema', async () => {
    const doc = {
      ...docWithSchemas({}),
      paths: {
        '/tree': {
          get: {
            operationId: 'getTree',
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/x-defs/Tree' } } } } },
          },
        },
      },
      'x-defs': { Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/x-defs/Tree' } } } } },
    };
    const { model, named, diagnostics } = await normalizeDocument(tmp, doc);
    const hoisted = named('XDefsTree');
    expect(hoisted).toEqual({
      kind: 'named-schema',
      name: 'XDefsTree',
      typeName: 'XDefsTree',
      pointer: '#/x-defs/Tree',
      schema: {
        pointer: '#/x-defs/Tree',
        kind: 'object',
        properties: [
          {
            name: 'children',
            required: false,
            schema: {
              pointer: '#/x-defs/Tree/properties/children',
              kind: 'array',
              items: { pointer: '#/x-defs/Tree/properties/children/items', kind: 'ref', target: 'XDefsTree' },
            },
          },
        ],
      },
    });
    expect(model.operations[0]?.responses[0]?.contents[0]?.schema).toEqual({
      pointer: '#/paths/~1tree/get/responses/200/content/application~1json/schema',
      kind: 'ref',
      target: 'XDefsTree',
    });
    expect(diagnostics.list()).toEqual([]);
  });

  it('a non-recursive non-component $ref is inlined', async () => {
    const { named, diagnostics } = await normalizeDocument(
      tmp,
      docWithSchemas({ S: { type: 'object', properties: { name: { $ref: '#/x-defs/Name' } } } }, { 'x-defs': { Name: { type: 'string', maxLength: 5 } } }),
    );
    expect(named('S').schema).toEqual({
      pointer: P,
      kind: 'object',
      properties: [{ name: 'name', required: false, schema: { pointer: '#/x-defs/Name', kind: 'string', maxLength: 5 } }],
    });
    expect(diagnostics.list()).toEqual([]);
  });

  it('a non-component $ref that leads nowhere is typed unknown', async () => {
    const node = await normalizeOne({ type: 'object', properties: { name: { $ref: '#/x-defs/Name' } } });
    expect(node).toEqual({
      pointer: P,
      kind: 'object',
      properties: [{ name: 'name', required: false, schema: { pointer: `${P}/properties/name`, kind: 'unknown' } }],
    });
  });

  it('an unresolvable internal $ref is an RSL_REF_UNRESOLVED error diagnostic', async () => {
    const { diagnostics } = await normalizeDocument(tmp, docWithSchemas({ S: { $ref: '#/components/schemas/Missing' } }));
    expect(diagnostics.list()).toEqual([
      {
        code: 'RSL_REF_UNRESOLVED',
        severity: 'error',
        message: '$ref "#/components/schemas/Missing" does not resolve',
        location: P,
        hint: 'Point the $ref at an existing schema.',
      },
    ]);
  });

  it('an unknown type is typed unknown with an RSL_SCHEMA_UNSUPPORTED warning', async () => {
    const { named, diagnostics } = await normalizeDocument(tmp, docWithSchemas({ S: { type: 'file' } }));
    expect(named('S').schema).toEqual({ pointer: P, kind: 'unknown' });
    expect(diagnostics.list().map((d) => [d.code, d.severity, d.location])).toEqual([['RSL_SCHEMA_UNSUPPORTED', 'warning', P]]);
  });
});

describe('SchemaNormalizer: type names', () => {
  it('keys that collide after casing get distinct type names, in sorted key order', async () => {
    const { model } = await normalizeDocument(tmp, docWithSchemas({ 'user-profile': { type: 'string' }, UserProfile: { type: 'integer' }, user_profile: { type: 'boolean' } }));
    expect(model.schemas.map((s) => [s.name, s.typeName, s.schema.kind])).toEqual([
      ['UserProfile', 'UserProfile', 'number'],
      ['user-profile', 'UserProfile2', 'string'],
      ['user_profile', 'UserProfile3', 'boolean'],
    ]);
  });

  it('type names do not depend on the order of keys in the document', async () => {
    const a = await normalizeDocument(tmp, docWithSchemas({ 'user-profile': { type: 'string' }, UserProfile: { type: 'integer' } }));
    const b = await normalizeDocument(tmp, docWithSchemas({ UserProfile: { type: 'integer' }, 'user-profile': { type: 'string' } }));
    expect(a.model.schemas).toEqual(b.model.schemas);
  });

  it('reserved words, global type names, leading digits and empty names get safe type names', async () => {
    const { model } = await normalizeDocument(
      tmp,
      docWithSchemas({ Date: { type: 'string' }, Promise: { type: 'string' }, class: { type: 'string' }, '200': { type: 'string' }, '日本': { type: 'string' } }),
    );
    const names = Object.fromEntries(model.schemas.map((s) => [s.name, s.typeName]));
    expect(names).toEqual({ Date: 'DateType', Promise: 'PromiseType', class: 'Class', '200': '_200', '日本': 'Schema' });
  });

  it('a $ref to a key with an escaped character resolves to the named schema', async () => {
    const { named } = await normalizeDocument(tmp, docWithSchemas({ 'a/b': { type: 'string' }, S: { $ref: '#/components/schemas/a~1b' } }));
    expect(named('S').schema).toEqual({ pointer: P, kind: 'ref', target: 'a/b' });
    expect(named('a/b').typeName).toBe('AB');
  });

  it('named schemas are sorted by type name', async () => {
    const { model } = await normalizeDocument(tmp, docWithSchemas({ zeta: { type: 'string' }, Alpha: { type: 'string' }, mid: { type: 'string' } }));
    expect(model.schemas.map((s) => s.typeName)).toEqual(['Alpha', 'Mid', 'Zeta']);
  });
});

describe('a properties map written as a $ref', () => {
  it('follows the reference: its entries are the properties', async () => {
    const doc = docWithSchemas(
      { Lb: { type: 'object', properties: { $ref: '#/components/x-attrs' } } },
      {},
      '3.0.3',
    );
    (doc['components'] as Record<string, unknown>)['x-attrs'] = { droplet_ids: { type: 'array', items: { type: 'integer' } }, tag: { type: 'string' } };
    const { named } = await normalizeDocument(tmp, doc);
    const lb = named('Lb').schema;
    expect(lb?.kind === 'object' ? lb.properties.map((p) => p.name) : []).toEqual(['droplet_ids', 'tag']);
  });
});
