import type { NamedSchema, ObjectSchema, SchemaNode } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { sampleSchema } from '../src/values/sampleSchema.js';

const s = (node: Omit<SchemaNode, 'pointer'>): SchemaNode => createSchema<SchemaNode>(node);
const obj = (properties: Array<[string, SchemaNode, boolean?]>, rest: Partial<Omit<ObjectSchema, 'kind' | 'pointer' | 'properties'>> = {}) =>
  s({ kind: 'object', properties: properties.map(([name, schema, required]) => ({ name, schema, required: required ?? false })), ...rest } as Omit<ObjectSchema, 'pointer'>);
const NO_SCHEMAS = new Map<string, NamedSchema>();

describe('sampleSchema: an allOf with an empty object member and an example that breaks a declared property', () => {
  // here.com's traces: `allOf: [{ count }, { type: object }, { data: [{ position: { accuracy: number } }] }]` with an
  // example whose numbers are strings. The empty member copies the example's keys; the declaring member's own
  // (checked) value must win, and where it left the property out, the unchecked copy must go.
  const position = obj([['accuracy', s({ kind: 'number', integer: false } as Omit<SchemaNode, 'pointer'>), true]]);
  const data = s({ kind: 'array', items: obj([['position', position]]) } as Omit<SchemaNode, 'pointer'>);
  const given = s({ kind: 'intersection', members: [obj([['count', s({ kind: 'number', integer: true } as Omit<SchemaNode, 'pointer'>)]]), obj([]), obj([['data', data]])] } as Omit<SchemaNode, 'pointer'>);
  const example = { count: 2, data: [{ position: { accuracy: '25' } }] };
  const cases: Array<[string, { requiredOnly: boolean; want: unknown }]> = [
    ['every property: the declared value, sampled where the example does not fit', { requiredOnly: false, want: { count: 2, data: [{ position: { accuracy: 1.5 } }] } }],
    ['required properties only: the optional declared property is left out, not copied from the example', { requiredOnly: true, want: { count: 2 } }],
  ];
  it.each(cases)('%s', (_name, { requiredOnly, want }) => {
    expect(sampleSchema(given, { schemas: NO_SCHEMAS, example, requiredOnly }).value).toEqual(want);
  });

  it('a copy the declared schema accepts stays', () => {
    const fine = { count: 2, data: [{ position: { accuracy: 25 } }] };
    expect(sampleSchema(given, { schemas: NO_SCHEMAS, example: fine, requiredOnly: true }).value).toEqual(fine);
  });
});

describe('sampleSchema: an allOf of declared properties and a typed map (zuora’s custom object fields)', () => {
  // `allOf: [{ CreatedDate: { format, type } }, { additionalProperties: { format, label, type } }]`: the client
  // types `CreatedDate` as the declared member's closed object alone (TypeScript does not intersect the map's index
  // signature into it), so the map's `label` in the fixture is an excess property there (TS2353).
  const str = s({ kind: 'string' } as Omit<SchemaNode, 'pointer'>);
  const declared = obj([['format', str], ['type', str]]);
  const field = obj([['format', str], ['label', str], ['type', str]]);
  const cases: Array<[string, { rest: Partial<ObjectSchema>; want: unknown }]> = [
    ['a closed declared type: the map’s keys it lacks are left out', { rest: {}, want: { format: 'date-time', type: 'string' } }],
    ['an open declared type (additionalProperties: true) keeps them', { rest: { additionalProperties: true }, want: { format: 'date-time', label: 'Created', type: 'string' } }],
  ];
  it.each(cases)('%s', (_name, { rest, want }) => {
    const given = s({ kind: 'intersection', members: [obj([['CreatedDate', obj([['format', str], ['type', str]], rest)]]), obj([], { additionalProperties: field })] } as Omit<SchemaNode, 'pointer'>);
    const example = { CreatedDate: { format: 'date-time', label: 'Created', type: 'string' }, age: { format: 'int', label: 'Age', type: 'integer' } };
    const value = sampleSchema(given, { schemas: NO_SCHEMAS, example }).value as Record<string, unknown>;
    expect(value['CreatedDate']).toEqual(want);
    // A key no member declares keeps every key of the map's type.
    expect(value['age']).toEqual({ format: 'int', label: 'Age', type: 'integer' });
  });
  it('the declared member alone, sampled without an example, has no key its type lacks', () => {
    const given = s({ kind: 'intersection', members: [obj([['CreatedDate', declared, true]]), obj([], { additionalProperties: field })] } as Omit<SchemaNode, 'pointer'>);
    const value = sampleSchema(given, { schemas: NO_SCHEMAS }).value as Record<string, Record<string, unknown>>;
    expect(Object.keys(value['CreatedDate'] ?? {}).every((k) => k === 'format' || k === 'type')).toBe(true);
  });
});
