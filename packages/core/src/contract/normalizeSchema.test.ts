import type { SchemaNode } from '../model/types.js';
import { docWithSchemas, normalizeDocument, TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const P = '#/components/schemas/S';

/** Normalizes one component schema `S` (plus optional sibling components) and returns its node. */
async function normalizeOne(schema: unknown, others: Record<string, unknown> = {}, openapi = '3.1.0'): Promise<SchemaNode> {
  const { named } = await normalizeDocument(tmp, docWithSchemas({ S: schema, ...others }, {}, openapi));
  return named('S').schema;
}

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

describe('SchemaNormalizer: a bare `type: object` beside composition', () => {
  const others = { Base: { type: 'object', properties: { id: { type: 'string' } } }, Other: { type: 'object', properties: { n: { type: 'number' } } } };
  it('is left out of allOf (so no open object joins the intersection)', async () => {
    const node = await normalizeOne({ type: 'object', description: 'd', allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'string' } } }] }, others);
    expect(node.kind === 'intersection' ? node.members.map((m) => m.kind) : node.kind).toEqual(['ref', 'object']);
    expect(node.description).toBe('d');
    const single = await normalizeOne({ type: 'object', allOf: [{ $ref: '#/components/schemas/Base' }] }, others);
    expect(single).toMatchObject({ kind: 'ref', target: 'Base' });
  });

  it('is left out beside oneOf, keeping a 3.1 null type', async () => {
    const node = await normalizeOne({ type: ['object', 'null'], oneOf: [{ $ref: '#/components/schemas/Base' }, { $ref: '#/components/schemas/Other' }] }, others);
    expect(node).toMatchObject({ kind: 'union', nullable: true, variants: [{ target: 'Base' }, { target: 'Other' }] });
  });

  it('stays when it says more: properties or additionalProperties', async () => {
    const node = await normalizeOne({ type: 'object', additionalProperties: true, allOf: [{ $ref: '#/components/schemas/Base' }] }, others);
    expect(node.kind === 'intersection' ? node.members.map((m) => m.kind) : node.kind).toEqual(['object', 'ref']);
  });

  it('a `required` beside allOf reaches the properties the members declare, with the schema the last declaring member gives', async () => {
    const node = await normalizeOne({ type: 'object', required: ['id', 'name', 'ghost'], allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'number' } } }] }, others);
    expect(node.kind).toBe('intersection');
    const first = node.kind === 'intersection' ? node.members[0] : undefined;
    expect(first).toMatchObject({
      kind: 'object',
      properties: [
        { name: 'id', required: true, schema: { kind: 'string', pointer: '#/components/schemas/Base/properties/id' } },
        { name: 'name', required: true, schema: { kind: 'number' } },
        // Required, but no member declares it: any value.
        { name: 'ghost', required: true, schema: { kind: 'unknown' } },
      ],
    });
    // Own properties keep their own required flags, and only undeclared names are added.
    const own = await normalizeOne({ type: 'object', required: ['id', 'y'], properties: { y: { type: 'boolean' } }, allOf: [{ $ref: '#/components/schemas/Base' }] }, others);
    const ownFirst = own.kind === 'intersection' ? own.members[0] : undefined;
    expect(ownFirst?.kind === 'object' ? ownFirst.properties.map((p) => [p.name, p.required, p.schema.kind]) : ownFirst).toEqual([
      ['y', true, 'boolean'],
      ['id', true, 'string'],
    ]);
    const none = await normalizeOne({ type: 'object', allOf: [{ $ref: '#/components/schemas/Base' }] }, others);
    expect(none).toMatchObject({ kind: 'ref', target: 'Base' });
  });
});

/** A short text of a node's shape: `union?(object | array<object>)`, `intersection(array<unknown> & union(…))`. */
function shape(n: SchemaNode): string {
  const q = n.nullable ? '?' : '';
  if (n.kind === 'union') return `union${q}(${n.variants.map(shape).join(' | ')})`;
  if (n.kind === 'intersection') return `intersection${q}(${n.members.map(shape).join(' & ')})`;
  if (n.kind === 'array') return `array${q}<${shape(n.items)}>`;
  return `${n.kind}${q}`;
}

describe('SchemaNormalizer: `items` without `type` beside oneOf/anyOf (JSON Schema applies it to arrays alone)', () => {
  const cases: Array<[string, { given: unknown; want: string }]> = [
    [
      'slack.com profile fields: oneOf object or array → an object or an array of the items',
      { given: { nullable: true, items: { type: 'object' }, oneOf: [{ type: 'object' }, { type: 'array', items: {} }] }, want: 'union?(object | array<object>)' },
    ],
    ['anyOf string or array → the string stays, the array takes the items', { given: { items: { type: 'integer' }, anyOf: [{ type: 'string' }, { type: 'array' }] }, want: 'union(string | array<number>)' }],
    [
      'an array variant with its own items is intersected with them',
      { given: { items: { type: 'object' }, oneOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }] }, want: 'union(boolean | intersection(array<object> & array<object>))' },
    ],
    ['every variant an array: the schema is an array, as before', { given: { items: { type: 'string' }, oneOf: [{ type: 'array', maxItems: 1 }, { type: 'array', minItems: 3 }] }, want: 'intersection(array<string> & union(array<unknown> | array<unknown>))' }],
    ['an explicit type: array stays an array, as before', { given: { type: 'array', items: { type: 'string' }, oneOf: [{ type: 'object' }, { type: 'array' }] }, want: 'intersection(array<string> & union(object | array<unknown>))' }],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    expect(shape(await normalizeOne(given, {}, '3.0.3'))).toBe(want);
  });
});

describe('SchemaNormalizer: unions with a discriminator', () => {
  const pets = {
    Cat: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } } },
    Dog: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } } },
    Lizard: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' } } },
  };
  const variants = [
    { $ref: '#/components/schemas/Cat' },
    { $ref: '#/components/schemas/Dog' },
    { $ref: '#/components/schemas/Lizard' },
  ];

  it('oneOf with an explicit mapping (full refs and bare names) maps values to variant indexes; unmapped variants use their component name', async () => {
    const node = await normalizeOne({ oneOf: variants, discriminator: { propertyName: 'petType', mapping: { kitty: '#/components/schemas/Cat', dog: 'Dog' } } }, pets);
    expect(node).toEqual({
      pointer: P,
      kind: 'union',
      source: 'oneOf',
      variants: [
        { pointer: `${P}/oneOf/0`, kind: 'ref', target: 'Cat' },
        { pointer: `${P}/oneOf/1`, kind: 'ref', target: 'Dog' },
        { pointer: `${P}/oneOf/2`, kind: 'ref', target: 'Lizard' },
      ],
      discriminator: {
        propertyName: 'petType',
        mapping: [
          { value: 'dog', variant: 1 },
          { value: 'kitty', variant: 0 },
          { value: 'Lizard', variant: 2 },
        ],
      },
    });
  });

  it('oneOf with a discriminator and no mapping uses the component names', async () => {
    const node = await normalizeOne({ oneOf: variants.slice(0, 2), discriminator: { propertyName: 'petType' } }, pets);
    expect(node.kind === 'union' ? node.discriminator : undefined).toEqual({
      propertyName: 'petType',
      mapping: [
        { value: 'Cat', variant: 0 },
        { value: 'Dog', variant: 1 },
      ],
    });
  });

  it('an unmapped variant that pins the property (enum, const, through $ref and allOf) is tagged with that value, not its name', async () => {
    const messages = {
      System: { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: ['system'] } } },
      User: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { role: { $ref: '#/components/schemas/UserRole' } } }] },
      UserRole: { const: 'user' },
      Base: { type: 'object', properties: { role: { type: 'string' }, content: { type: 'string' } } },
      Tool: { type: 'object', properties: { role: { type: 'string' } } },
      Multi: { type: 'object', properties: { role: { enum: ['a', 'b'] } } },
    };
    const oneOf = ['System', 'User', 'Tool', 'Multi'].map((n) => ({ $ref: `#/components/schemas/${n}` }));
    const node = await normalizeOne({ oneOf, discriminator: { propertyName: 'role' } }, messages);
    expect(node.kind === 'union' ? node.discriminator?.mapping : undefined).toEqual([
      { value: 'system', variant: 0 },
      { value: 'user', variant: 1 },
      { value: 'Tool', variant: 2 },
      { value: 'a', variant: 3 },
      { value: 'b', variant: 3 },
    ]);
    const mapped = await normalizeOne({ oneOf, discriminator: { propertyName: 'role', mapping: { sys: 'System' } } }, messages);
    expect(mapped.kind === 'union' ? mapped.discriminator?.mapping[0] : undefined).toEqual({ value: 'sys', variant: 0 });
  });

  it('allOf inheritance from a schema with a discriminator adds no name tag when the child pins the property itself', async () => {
    const { named } = await normalizeDocument(
      tmp,
      docWithSchemas({
        Animal: { type: 'object', properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind' } },
        Dog: { allOf: [{ $ref: '#/components/schemas/Animal' }, { properties: { kind: { const: 'dog' } } }] },
        Cat: { allOf: [{ $ref: '#/components/schemas/Animal' }, { properties: { meows: { type: 'boolean' } } }] },
      }),
    );
    const dog = named('Dog').schema;
    expect(dog.kind === 'intersection' ? dog.members.length : 0).toBe(2);
    const cat = named('Cat').schema;
    expect(cat.kind === 'intersection' ? cat.members[2] : undefined).toMatchObject({ properties: [{ name: 'kind', schema: { enum: ['Cat'] } }] });
  });

  it('a mapping entry that points at no variant is left out', async () => {
    const node = await normalizeOne({ oneOf: variants.slice(0, 2), discriminator: { propertyName: 'petType', mapping: { ghost: '#/components/schemas/Lizard', cat: 'Cat' } } }, pets);
    expect(node.kind === 'union' ? node.discriminator?.mapping : undefined).toEqual([
      { value: 'cat', variant: 0 },
      { value: 'Dog', variant: 1 },
    ]);
  });
});

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
