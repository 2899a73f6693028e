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
];

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
