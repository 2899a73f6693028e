// Table-driven tests of the schema queries every plugin shares.
import { createApiModel } from '../model/factory.js';
import type { NamedSchema, SchemaNode } from '../model/types.js';
import { getSchemaTypeNames } from './schemaTypeNames.js';
import { deref, enumValues, objectProperties, unconstrained } from './schemaQueries.js';

const s = (node: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...node }) as unknown as SchemaNode;
const prop = (name: string, schema: SchemaNode, required = false) => ({ name, required, schema });
const named = (name: string, schema: SchemaNode): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });
const str = s({ kind: 'string' });
const num = s({ kind: 'number' });

const model = createApiModel({
  schemas: [
    named('Base', s({ kind: 'object', properties: [prop('id', str, true), prop('name', str)] })),
    named('Alias', s({ kind: 'ref', target: 'Base' })),
    named('Loop', s({ kind: 'ref', target: 'Loop' })),
    named('Status', s({ kind: 'string', enum: ['on', 'off'] })),
  ],
});
const names = getSchemaTypeNames(model);
const keys = (node: SchemaNode, mode: 'read' | 'write' | 'all' = 'read') => objectProperties(node, names, mode)?.props.map((p) => `${p.name}${p.required ? '!' : ''}`);

describe('objectProperties: one rule for objects, allOf and unions', () => {
  const cases: Array<[string, { given: SchemaNode; mode?: 'read' | 'write' | 'all'; want: string[] | undefined }]> = [
    ['an object: its own properties', { given: s({ kind: 'object', properties: [prop('a', str, true), prop('b', num)] }), want: ['a!', 'b'] }],
    ['read mode leaves writeOnly out', { given: s({ kind: 'object', properties: [prop('a', str), prop('pw', s({ kind: 'string', writeOnly: true }))] }), want: ['a'] }],
    ['write mode leaves readOnly out', { given: s({ kind: 'object', properties: [prop('id', s({ kind: 'string', readOnly: true })), prop('a', str)] }), mode: 'write', want: ['a'] }],
    ['a reference chain: the target', { given: s({ kind: 'ref', target: 'Alias' }), want: ['id!', 'name'] }],
    ['a reference cycle: not object-like', { given: s({ kind: 'ref', target: 'Loop' }), want: undefined }],
    ['a primitive: not object-like', { given: str, want: undefined }],
    [
      'allOf: merged in first-appearance order, required when any member requires',
      { given: s({ kind: 'intersection', members: [s({ kind: 'ref', target: 'Base' }), s({ kind: 'object', properties: [prop('extra', num), prop('name', str, true)] })] }), want: ['id!', 'name!', 'extra'] },
    ],
    [
      'allOf: a member that constrains no type (anyOf of required lists) is skipped',
      { given: s({ kind: 'intersection', members: [s({ kind: 'ref', target: 'Base' }), s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'unknown' }), s({ kind: 'unknown' })] })] }), want: ['id!', 'name'] },
    ],
    [
      'union: only the properties every variant has, required when all require',
      { given: s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'object', properties: [prop('kind', str, true), prop('a', str, true)] }), s({ kind: 'object', properties: [prop('kind', str, true), prop('a', str)] , })] }), want: ['kind!', 'a'] },
    ],
    ['union with a primitive variant: not object-like', { given: s({ kind: 'union', source: 'oneOf', variants: [str, s({ kind: 'ref', target: 'Base' })] }), want: undefined }],
  ];
  it.each(cases)('%s', (_name, { given, mode, want }) => {
    expect(keys(given, mode)).toEqual(want);
  });

  it('allOf: the later member wins for a property both declare', () => {
    const view = objectProperties(s({ kind: 'intersection', members: [s({ kind: 'object', properties: [prop('x', str)] }), s({ kind: 'object', properties: [prop('x', num)] })] }), names);
    expect(view?.props[0]?.schema.kind).toBe('number');
  });

  it('union: a shared property declared with different schemas becomes their union', () => {
    const a = s({ kind: 'string' });
    const b = s({ kind: 'number' });
    const view = objectProperties(s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'object', properties: [prop('channel', a, true)] }), s({ kind: 'object', properties: [prop('channel', b, true)] })] }), names);
    const channel = view?.props[0]?.schema;
    expect(channel?.kind).toBe('union');
    expect(channel?.kind === 'union' ? channel.variants : []).toEqual([a, b]);
  });

  it('union: a shared property declared with equal schemas (other pointers) keeps one schema', () => {
    const view = objectProperties(s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'object', properties: [prop('n', s({ kind: 'number', pointer: '#/a' }))] }), s({ kind: 'object', properties: [prop('n', s({ kind: 'number', pointer: '#/b' }))] })] }), names);
    expect(view?.props[0]?.schema).toEqual({ kind: 'number', pointer: '#/a' });
  });

  it('union: a shared enum property declared with different values gets every value', () => {
    const view = objectProperties(s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'object', properties: [prop('channel', s({ kind: 'string', enum: ['email'] }), true)] }), s({ kind: 'object', properties: [prop('channel', s({ kind: 'string', enum: ['sms', 'email'] }), true)] })] }), names);
    const channel = view?.props[0]?.schema;
    expect(channel?.kind === 'string' ? channel.enum : undefined).toEqual(['email', 'sms']);
  });

  it('reports nullable from the schema or a reference on the way', () => {
    expect(objectProperties(s({ kind: 'ref', target: 'Base', nullable: true }), names)?.nullable).toBe(true);
    expect(objectProperties(s({ kind: 'ref', target: 'Base' }), names)?.nullable).toBe(false);
  });
});

describe('deref, enumValues, unconstrained', () => {
  it('deref follows a chain and gives up on a cycle or a dangling reference', () => {
    expect(deref(s({ kind: 'ref', target: 'Alias' }), names.byName)?.kind).toBe('object');
    expect(deref(s({ kind: 'ref', target: 'Loop' }), names.byName)).toBeUndefined();
    expect(deref(s({ kind: 'ref', target: 'Missing' }), names.byName)).toBeUndefined();
  });
  it('enumValues reads through references', () => {
    expect(enumValues(s({ kind: 'ref', target: 'Status' }), names.byName)).toEqual(['on', 'off']);
    expect(enumValues(str, names.byName)).toBeUndefined();
  });
  it('unconstrained: unknown, and unions or intersections of unknowns only', () => {
    expect(unconstrained(s({ kind: 'unknown' }))).toBe(true);
    expect(unconstrained(s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'unknown' })] }))).toBe(true);
    expect(unconstrained(s({ kind: 'union', source: 'anyOf', variants: [s({ kind: 'unknown' }), str] }))).toBe(false);
    expect(unconstrained(str)).toBe(false);
  });
});
