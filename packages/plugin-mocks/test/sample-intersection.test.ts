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
