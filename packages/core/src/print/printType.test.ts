// Table-driven tests of the schema → TypeScript printer (exact strings).
import { createApiModel } from '../model/factory.js';
import type { NamedSchema, SchemaNode } from '../model/types.js';
import { schemaTypeNames } from '../analysis/schemaTypeNames.js';
import { printType } from './printType.js';

/** A schema node with a default pointer (loosely typed for table brevity). */
const s = (node: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...node }) as unknown as SchemaNode;

const named = (name: string, schema: SchemaNode): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });

const model = createApiModel({
  schemas: [
    named('Pet', s({ kind: 'object', properties: [
      { name: 'id', required: true, schema: s({ kind: 'string', readOnly: true }) },
      { name: 'name', required: true, schema: s({ kind: 'string' }) },
      { name: 'secret', required: false, schema: s({ kind: 'string', writeOnly: true }) },
    ] })),
    named('Tag', s({ kind: 'string' })),
  ],
});
const names = schemaTypeNames(model);

const cases: Array<[string, { given: SchemaNode; mode?: 'read' | 'write'; want: string }]> = [
  ['string', { given: s({ kind: 'string' }), want: 'string' }],
  ['string enum with quote', { given: s({ kind: 'string', enum: ['a', "it's"] }), want: "'a' | 'it\\'s'" }],
  ['binary string', { given: s({ kind: 'string', format: 'binary' }), want: 'Blob' }],
  ['nullable number', { given: s({ kind: 'number', integer: true, nullable: true }), want: 'number | null' }],
  ['number enum', { given: s({ kind: 'number', integer: true, enum: [1, 2] }), want: '1 | 2' }],
  ['array of refs', { given: s({ kind: 'array', items: s({ kind: 'ref', target: 'Tag' }) }), want: 'Tag[]' }],
  ['array of union', { given: s({ kind: 'array', items: s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'string' }), s({ kind: 'null' })] }) }), want: 'Array<string | null>' }],
  ['empty object', { given: s({ kind: 'object', properties: [] }), want: 'Record<string, unknown>' }],
  ['map', { given: s({ kind: 'object', properties: [], additionalProperties: s({ kind: 'number', integer: false }) }), want: 'Record<string, number>' }],
  ['object with odd keys', {
    given: s({ kind: 'object', properties: [{ name: 'a-b', required: true, schema: s({ kind: 'boolean' }) }, { name: 'c', required: false, schema: s({ kind: 'unknown' }) }] }),
    want: "{\n  'a-b': boolean;\n  c?: unknown;\n}",
  }],
  ['intersection', { given: s({ kind: 'intersection', members: [s({ kind: 'ref', target: 'Pet' }), s({ kind: 'ref', target: 'Tag' })] }), want: 'Pet & Tag' }],
  ['discriminated union', {
    given: s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'ref', target: 'Pet' }), s({ kind: 'ref', target: 'Tag' })], discriminator: { propertyName: 'kind', mapping: [{ value: 'pet', variant: 0 }, { value: 'tag', variant: 1 }] } }),
    want: "(Pet & { kind: 'pet' }) | (Tag & { kind: 'tag' })",
  }],
  ['ref in write mode uses the Writable variant', { given: s({ kind: 'ref', target: 'Pet' }), mode: 'write', want: 'PetWritable' }],
  ['ref in read mode', { given: s({ kind: 'ref', target: 'Pet' }), mode: 'read', want: 'Pet' }],
  ['unknown is never any', { given: s({ kind: 'unknown' }), want: 'unknown' }],
  ['prefixItems: a tuple with optional positions and a rest element', {
    given: s({ kind: 'array', minItems: 0, prefixItems: [s({ kind: 'object', properties: [{ name: 'city', required: false, schema: s({ kind: 'string' }) }] }), s({ kind: 'number', integer: false })], items: s({ kind: 'string' }) }),
    want: '[({\n  city?: string;\n})?, number?, ...string[]]',
  }],
  ['prefixItems: positions below minItems are required, further required items are spelled out', {
    given: s({ kind: 'array', minItems: 3, prefixItems: [s({ kind: 'ref', target: 'Tag' }), s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'string' }), s({ kind: 'number', integer: true })] })], items: s({ kind: 'boolean' }) }),
    want: '[Tag, string | number, boolean, ...boolean[]]',
  }],
  ['prefixItems: optional unions are parenthesized, maxItems ends the tuple', {
    given: s({ kind: 'array', minItems: 1, maxItems: 2, prefixItems: [s({ kind: 'string' }), s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'string' }), s({ kind: 'null' })] }), s({ kind: 'number', integer: true })], items: s({ kind: 'unknown' }) }),
    want: '[string, (string | null)?]',
  }],
  ['prefixItems in write mode use Writable variants', {
    given: s({ kind: 'array', prefixItems: [s({ kind: 'ref', target: 'Pet' })], items: s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'ref', target: 'Pet' }), s({ kind: 'null' })] }) }),
    mode: 'write',
    want: '[PetWritable?, ...Array<PetWritable | null>]',
  }],
];

/** Schemas of the discriminator, allOf-conflict and index-signature tables. */
const fidelity = createApiModel({
  schemas: [
    named('SystemMsg', s({ kind: 'object', properties: [
      { name: 'role', required: true, schema: s({ kind: 'string', enum: ['system'] }) },
      { name: 'content', required: true, schema: s({ kind: 'string' }) },
    ] })),
    named('UserRole', s({ kind: 'string', enum: ['user'] })),
    named('MsgBase', s({ kind: 'object', properties: [{ name: 'content', required: true, schema: s({ kind: 'string' }) }] })),
    named('UserMsg', s({ kind: 'intersection', members: [
      s({ kind: 'ref', target: 'MsgBase' }),
      s({ kind: 'object', properties: [{ name: 'role', required: true, schema: s({ kind: 'ref', target: 'UserRole' }) }] }),
    ] })),
    named('ToolMsg', s({ kind: 'object', properties: [{ name: 'role', required: true, schema: s({ kind: 'string' }) }] })),
    named('Pet', s({ kind: 'object', properties: [
      { name: 'name', required: true, schema: s({ kind: 'string' }) },
      { name: 'skill', required: false, schema: s({ kind: 'number', integer: true, enum: [0, 1, 2] }) },
      { name: 'tags', required: false, schema: s({ kind: 'array', items: s({ kind: 'string' }) }) },
    ] })),
  ],
});
const fNames = schemaTypeNames(fidelity);
const ref = (target: string) => s({ kind: 'ref', target });
const obj = (props: Record<string, SchemaNode>, extra: Record<string, unknown> = {}) =>
  s({ kind: 'object', properties: Object.entries(props).map(([name, schema]) => ({ name, required: true, schema })), ...extra });
const messages = (mapping: Array<{ value: string; variant: number }>) =>
  s({ kind: 'union', source: 'oneOf', variants: [ref('SystemMsg'), ref('UserMsg'), ref('ToolMsg')], discriminator: { propertyName: 'role', mapping } });

const fidelityCases: Array<[string, { given: SchemaNode; mode?: 'read' | 'write'; want: string }]> = [
  // 1. Discriminators: a member that pins the property (enum, or const/enum behind $ref and allOf) keeps its own tag.
  ['discriminator by schema name: pinned members are not intersected with their name', {
    given: messages([{ value: 'SystemMsg', variant: 0 }, { value: 'UserMsg', variant: 1 }, { value: 'ToolMsg', variant: 2 }]),
    want: "SystemMsg | UserMsg | (ToolMsg & { role: 'ToolMsg' })",
  }],
  ['discriminator by pinned values (as normalized)', {
    given: messages([{ value: 'system', variant: 0 }, { value: 'user', variant: 1 }, { value: 'ToolMsg', variant: 2 }]),
    want: "SystemMsg | UserMsg | (ToolMsg & { role: 'ToolMsg' })",
  }],
  ['an explicit mapping tags members that pin nothing', {
    given: messages([{ value: 'sys', variant: 0 }, { value: 'tool', variant: 2 }]),
    want: "SystemMsg | UserMsg | (ToolMsg & { role: 'tool' })",
  }],
  ['an inline member that pins the property with a const', {
    given: s({ kind: 'union', source: 'oneOf', variants: [obj({ type: s({ kind: 'string', enum: ['a'] }) }), obj({ type: s({ kind: 'string' }) })], discriminator: { propertyName: 'type', mapping: [{ value: 'A', variant: 0 }, { value: 'B', variant: 1 }] } }),
    want: "{\n  type: 'a';\n} | ({\n  type: string;\n} & { type: 'B' })",
  }],
  // 2. allOf members that contradict each other: the later one wins, with Omit.
  ['allOf retyping a property to another kind: Omit<Earlier, prop> & Later', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ skill: s({ kind: 'string' }) })] }),
    want: "Omit<Pet, 'skill'> & {\n  skill: string;\n}",
  }],
  ['allOf retyping two properties of the same member', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ name: s({ kind: 'boolean' }), skill: s({ kind: 'string' }) })] }),
    want: "Omit<Pet, 'name' | 'skill'> & {\n  name: boolean;\n  skill: string;\n}",
  }],
  ['allOf with disjoint literal sets of one kind', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ skill: s({ kind: 'number', integer: true, enum: [5] }) })] }),
    want: "Omit<Pet, 'skill'> & {\n  skill: 5;\n}",
  }],
  ['allOf narrowing a property (overlapping literals) is no conflict', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ skill: s({ kind: 'number', integer: true, enum: [1, 7] }) })] }),
    want: 'Pet & ({\n  skill: 1 | 7;\n})',
  }],
  ['allOf narrowing a string to literals is no conflict', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ name: s({ kind: 'string', enum: ['Rex'] }) })] }),
    want: "Pet & {\n  name: 'Rex';\n}",
  }],
  ['allOf with a nullable later type sharing a kind is no conflict', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ name: s({ kind: 'string', nullable: true }) })] }),
    want: 'Pet & ({\n  name: string | null;\n})',
  }],
  ['allOf with an unknown side is no conflict', {
    given: s({ kind: 'intersection', members: [ref('Pet'), obj({ tags: s({ kind: 'unknown' }) })] }),
    want: 'Pet & {\n  tags: unknown;\n}',
  }],
  // 6. An index signature only where the contract allows more properties.
  ['`type: object` beside allOf adds no index signature', {
    given: s({ kind: 'intersection', members: [obj({}), ref('Pet'), obj({ extra: s({ kind: 'boolean' }) })] }),
    want: 'Pet & {\n  extra: boolean;\n}',
  }],
  ['`type: object` beside a single allOf member is that member', {
    given: s({ kind: 'intersection', members: [obj({}), ref('Pet')] }),
    want: 'Pet',
  }],
  ['`type: object` beside oneOf is the union', {
    given: s({ kind: 'intersection', members: [obj({}), s({ kind: 'union', source: 'oneOf', variants: [ref('SystemMsg'), ref('ToolMsg')] })] }),
    want: 'SystemMsg | ToolMsg',
  }],
  ['explicit additionalProperties beside allOf keeps its index signature', {
    given: s({ kind: 'intersection', members: [obj({}, { additionalProperties: true }), ref('Pet')] }),
    want: 'Record<string, unknown> & Pet',
  }],
  ['an object with no properties standing alone stays open', { given: obj({}), want: 'Record<string, unknown>' }],
  ['a member whose properties are all readOnly adds no index signature in write mode', {
    given: s({ kind: 'intersection', members: [obj({ id: s({ kind: 'string', readOnly: true }) }), ref('MsgBase')] }),
    mode: 'write',
    want: 'MsgBase',
  }],
];

describe('printType: discriminators, contradicting allOf members, index signatures', () => {
  it.each(fidelityCases)('%s', (_name, { given, mode, want }) => {
    expect(printType(given, { mode: mode ?? 'read', names: fNames })).toBe(want);
  });
});

describe('printType', () => {
  it.each(cases)('%s', (_name, { given, mode, want }) => {
    expect(printType(given, { mode: mode ?? 'read', names })).toBe(want);
  });

  it('leaves readOnly properties out of write types and writeOnly ones out of read types', () => {
    const pet = model.schemas[0]?.schema as SchemaNode;
    expect(printType(pet, { mode: 'read', names })).toBe('{\n  id: string;\n  name: string;\n}');
    expect(printType(pet, { mode: 'write', names })).toBe('{\n  name: string;\n  secret?: string;\n}');
    expect(names.writable.get('Pet')).toBe('PetWritable');
    expect(names.writable.has('Tag')).toBe(false);
  });
});

describe("printType with dates: 'Date'", () => {
  const dated = schemaTypeNames({ ...model, dates: 'Date' });
  const at = s({ kind: 'string', format: 'date-time' });
  it.each([
    ['date-time', at, 'Date'],
    ['date', s({ kind: 'string', format: 'date' }), 'Date'],
    ['nullable date', s({ kind: 'string', format: 'date', nullable: true }), 'Date | null'],
    ['enumerated date keeps its literals', s({ kind: 'string', format: 'date', enum: ['2024-01-01'] }), "'2024-01-01'"],
    ['time stays a string', s({ kind: 'string', format: 'time' }), 'string'],
  ])('%s', (_name, given, want) => {
    expect(printType(given, { mode: 'read', names: dated })).toBe(want);
    expect(printType(given, { mode: 'write', names: dated })).toBe(want);
  });

  it('prints strings without the option', () => {
    expect(printType(at, { mode: 'read', names })).toBe('string');
  });
});
