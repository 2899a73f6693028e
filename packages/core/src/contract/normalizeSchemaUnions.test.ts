import type { SchemaNode } from '../model/types.js';
import { docWithSchemas, normalizeDocument, normalizeOne as normalizeIn, TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const P = '#/components/schemas/S';
const normalizeOne = (schema: unknown, others?: Record<string, unknown>, openapi?: string): Promise<SchemaNode> => normalizeIn(tmp, schema, others, openapi);

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

  it("a `type: array` that says nothing of its items beside variants that are all objects is left out too (soundcloud's subscriptions)", async () => {
    const variant = { type: 'object', properties: { recurring: { type: 'boolean' } } };
    expect((await normalizeOne({ type: 'array', items: {}, anyOf: [variant] })).kind).toBe('object');
    expect((await normalizeOne({ type: 'array', anyOf: [variant, { ...variant, required: ['recurring'] }] })).kind).toBe('union');
    // Items that say something, or an array variant, keep the array.
    expect((await normalizeOne({ type: 'array', items: { type: 'string' }, anyOf: [variant] })).kind).toBe('intersection');
    expect((await normalizeOne({ type: 'array', items: {}, anyOf: [variant, { type: 'array' }] })).kind).not.toBe('union');
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

describe('SchemaNormalizer: a `oneOf`/`anyOf` of schemas that only list `required` (one of these must be there)', () => {
  const rules = { type: 'array', items: { type: 'string' } };
  const required = (node: SchemaNode): string[][] =>
    node.kind === 'union' ? node.variants.map((v) => (v.kind === 'object' ? v.properties.filter((p) => p.required).map((p) => `${p.name}:${p.schema.kind}`) : [v.kind])) : [[node.kind]];
  it.each<[string, unknown, Record<string, unknown> | undefined, (node: SchemaNode) => SchemaNode | undefined, string[][]]>([
    [
      "beside the schema's own properties (openai's file batch: `file_ids` or `files`)",
      { type: 'object', properties: { file_ids: rules, files: rules, note: { type: 'string' } }, anyOf: [{ required: ['file_ids'] }, { required: ['files'] }] },
      undefined,
      (n) => (n.kind === 'intersection' ? n.members[1] : undefined),
      [['file_ids:array'], ['files:array']],
    ],
    [
      "as an `allOf` member beside a member that declares them (DigitalOcean's firewall rules)",
      { allOf: [{ $ref: '#/components/schemas/Rules' }, { anyOf: [{ required: ['inbound_rules'], title: 'Inbound' }, { required: ['outbound_rules'] }] }] },
      { Rules: { type: 'object', properties: { inbound_rules: rules, outbound_rules: rules } } },
      (n) => (n.kind === 'intersection' ? n.members[1] : undefined),
      [['inbound_rules:array'], ['outbound_rules:array']],
    ],
    [
      'a property no one declares is required as `unknown`',
      { type: 'object', properties: { a: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
      undefined,
      (n) => (n.kind === 'intersection' ? n.members[1] : undefined),
      [['a:string'], ['b:unknown']],
    ],
  ])('%s', async (_name, schema, others, choice, want) => {
    const part = choice(await normalizeOne(schema, others));
    expect(part && required(part)).toEqual(want);
  });

  it('a union with another kind of variant is left as it was (each variant on its own)', async () => {
    const node = await normalizeOne({ type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ required: ['a'] }, { type: 'object', properties: { c: { type: 'integer' } } }] });
    const union = node.kind === 'intersection' ? node.members[1] : undefined;
    expect(union?.kind === 'union' ? union.variants.map((v) => v.kind) : union?.kind).toEqual(['unknown', 'object']);
  });
});

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
    expect(cat.kind === 'intersection' ? cat.members[2] : undefined).toMatchObject({ tag: true, properties: [{ name: 'kind', schema: { enum: ['Cat'] } }] });
    expect(cat.kind === 'intersection' ? cat.members.slice(0, 2).some((m) => m.kind === 'object' && m.tag) : true).toBe(false);
  });

  it('allOf inheritance pins no tag for a discriminator whose property is no string (zalando.com\'s page `content` array)', async () => {
    const { named } = await normalizeDocument(
      tmp,
      docWithSchemas({
        Page: { type: 'object', properties: { content: { type: 'array', items: {} }, total: { type: 'integer' } }, discriminator: { propertyName: 'content' } },
        Brands: { allOf: [{ $ref: '#/components/schemas/Page' }, { properties: { content: { type: 'array', items: { type: 'string' } } } }] },
      }),
    );
    const brands = named('Brands').schema;
    expect(brands.kind === 'intersection' ? brands.members.map((m) => m.kind) : brands.kind).toEqual(['ref', 'object']);
  });

  it('allOf inheritance pins the mapping keys that name the child (by name, by pointer, by percent-encoded pointer), sorted; else its name', async () => {
    const mapping = { zeta: '#/components/schemas/Dog', alpha: 'Dog', mid: '#/components/schemas/D%6Fg', cat: 'Cat', bad: 7 };
    const { named } = await normalizeDocument(
      tmp,
      docWithSchemas({
        Animal: { type: 'object', properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind', mapping } },
        Dog: { allOf: [{ $ref: '#/components/schemas/Animal' }, { properties: { barks: { type: 'boolean' } } }] },
        Cat: { allOf: [{ $ref: '#/components/schemas/Animal' }] },
        Fox: { allOf: [{ $ref: '#/components/schemas/Animal' }] },
      }),
    );
    const pinned = (name: string) => {
      const node = named(name).schema;
      return node.kind === 'intersection' ? node.members[node.members.length - 1] : node;
    };
    expect(pinned('Dog')).toMatchObject({ properties: [{ name: 'kind', schema: { enum: ['alpha', 'mid', 'zeta'] } }] });
    expect(pinned('Cat')).toMatchObject({ properties: [{ name: 'kind', schema: { enum: ['cat'] } }] });
    expect(pinned('Fox')).toMatchObject({ properties: [{ name: 'kind', schema: { enum: ['Fox'] } }] });
  });

  it("allOf inheritance: the pin of a schema that others extend allows their tags too (VisualSearch's `Identifiable` under `ResponseBase`), its own first", async () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const { named } = await normalizeDocument(
      tmp,
      docWithSchemas({
        Base: { type: 'object', properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind', mapping: { thing: 'Thing' } } },
        Identifiable: { allOf: [ref('Base'), { properties: { id: { type: 'string' } } }] },
        Thing: { allOf: [ref('Identifiable')] },
        Action: { allOf: [ref('Thing'), { properties: { kind: { type: 'string', enum: ['moduleAction', 'entityAction'] } } }] },
        Image: { allOf: [ref('Thing')] },
        Loop: { allOf: [ref('Image'), ref('Loop')] },
      }),
    );
    const last = (name: string) => {
      const node = named(name).schema;
      return node.kind === 'intersection' ? node.members[node.members.length - 1] : node;
    };
    expect(last('Identifiable')).toMatchObject({ tag: true, properties: [{ name: 'kind', schema: { enum: ['Identifiable', 'Image', 'Loop', 'entityAction', 'moduleAction', 'thing'] } }] });
  });

  it('allOf of a oneOf parent with a discriminator is that union under another name: no tag of its own (unless mapped)', async () => {
    const { named } = await normalizeDocument(
      tmp,
      docWithSchemas({
        Deadman: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['deadman'] }, every: { type: 'string' } } },
        Threshold: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['threshold'] } } },
        CheckDiscriminator: {
          oneOf: [{ $ref: '#/components/schemas/Deadman' }, { $ref: '#/components/schemas/Threshold' }],
          discriminator: { propertyName: 'type', mapping: { deadman: '#/components/schemas/Deadman', threshold: '#/components/schemas/Threshold', odd: 'Odd' } },
        },
        Check: { allOf: [{ $ref: '#/components/schemas/CheckDiscriminator' }] },
        Odd: { allOf: [{ $ref: '#/components/schemas/CheckDiscriminator' }] },
      }),
    );
    const check = named('Check').schema;
    expect(JSON.stringify(check)).not.toContain('"enum":["Check"]');
    expect(check.kind === 'intersection' ? check.members.length : 1).toBe(1);
    const odd = named('Odd').schema;
    expect(odd.kind === 'intersection' ? odd.members[odd.members.length - 1] : odd).toMatchObject({ properties: [{ name: 'type', schema: { enum: ['odd'] } }] });
  });

  it('a mapping entry that points at no variant is left out', async () => {
    const node = await normalizeOne({ oneOf: variants.slice(0, 2), discriminator: { propertyName: 'petType', mapping: { ghost: '#/components/schemas/Lizard', cat: 'Cat' } } }, pets);
    expect(node.kind === 'union' ? node.discriminator?.mapping : undefined).toEqual([
      { value: 'cat', variant: 0 },
      { value: 'Dog', variant: 1 },
    ]);
  });
});
