// Which named schemas get a Writable variant: those holding readOnly/writeOnly nodes, and everything that reaches them.
import { createApiModel } from '../model/factory.js';
import type { NamedSchema, SchemaNode } from '../model/types.js';
import { schemaTypeNames } from './schemaTypeNames.js';

const s = (node: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...node }) as unknown as SchemaNode;
const named = (name: string, schema: SchemaNode): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });
const ref = (target: string) => s({ kind: 'ref', target });
const obj = (...props: Array<[string, SchemaNode]>) => s({ kind: 'object', properties: props.map(([name, schema]) => ({ name, required: true, schema })) });

describe('schemaTypeNames: Writable variants', () => {
  const model = createApiModel({
    schemas: [
      // A chain: D → C → B → A, where only A holds a readOnly property (listed first, so one pass would miss D).
      named('D', obj(['c', ref('C')])),
      named('C', s({ kind: 'array', items: ref('B') })),
      named('B', s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'string' }), ref('A')] })),
      named('A', obj(['id', s({ kind: 'string', readOnly: true })])),
      // Reached through an intersection and through a map.
      named('E', s({ kind: 'intersection', members: [ref('Plain'), ref('A')] })),
      named('F', s({ kind: 'object', properties: [], additionalProperties: ref('E') })),
      // A cycle where one side holds a writeOnly property, and a cycle with none.
      named('G', obj(['h', ref('H')])),
      named('H', obj(['g', ref('G')], ['secret', s({ kind: 'string', writeOnly: true })])),
      named('I', obj(['j', ref('J')])),
      named('J', obj(['i', ref('I')])),
      // A $ref node marked readOnly itself, and a schema referring to nothing that differs.
      named('K', obj(['plain', s({ kind: 'ref', target: 'Plain', readOnly: true })])),
      named('Plain', obj(['name', s({ kind: 'string' })])),
      named('Missing', obj(['x', ref('NoSuchSchema')])),
    ],
  });

  it('marks every schema that holds or reaches a readOnly or writeOnly node, and only those', () => {
    const { writable } = schemaTypeNames(model);
    expect([...writable.keys()].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'K']);
    expect(writable.get('D')).toBe('DWritable');
  });
});
