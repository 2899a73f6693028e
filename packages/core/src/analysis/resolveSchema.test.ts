// Table-driven tests of leaf resolution (`resolveSchema`) and JSON copying of contract values (`jsonValue`).
import type { NamedSchema, SchemaNode } from '../model/types.js';
import { jsonValue, resolveSchema, type ResolvedSchema } from './resolveSchema.js';

/** A schema node with a default pointer (loosely typed for table brevity). */
const s = (node: Record<string, unknown>): SchemaNode => ({ pointer: '#', ...node }) as unknown as SchemaNode;

const named = (name: string, schema: SchemaNode): NamedSchema => ({ kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` });

const str = s({ kind: 'string', pointer: '#/str' });
const num = s({ kind: 'number', integer: true, pointer: '#/num' });

const byName = new Map(
  [
    named('Name', s({ kind: 'string', description: 'A name.', default: 'x', pointer: '#/Name' })),
    named('Alias', s({ kind: 'ref', target: 'Name', description: 'Outer words.', readOnly: true, pointer: '#/Alias' })),
    named('A', s({ kind: 'ref', target: 'B', pointer: '#/A' })),
    named('B', s({ kind: 'ref', target: 'A', pointer: '#/B' })),
  ].map((n) => [n.name, n] as const),
);

const base = { nullable: false, readOnly: false, writeOnly: false };

describe('resolveSchema', () => {
  const cases: Array<[string, { given: SchemaNode; want: ResolvedSchema }]> = [
    ['a primitive is its own leaf', { given: str, want: { ...base, leaf: str } }],
    ['an array is a leaf (items are not resolved)', { given: s({ kind: 'array', items: s({ kind: 'ref', target: 'Name' }) }), want: { ...base, leaf: s({ kind: 'array', items: s({ kind: 'ref', target: 'Name' }) }) } }],
    ['a reference is followed; facts of the target are kept', {
      given: s({ kind: 'ref', target: 'Name' }),
      want: { ...base, leaf: byName.get('Name')?.schema as SchemaNode, description: 'A name.', default: 'x' },
    }],
    ['the outermost description wins; readOnly from any level', {
      given: s({ kind: 'ref', target: 'Alias' }),
      want: { ...base, readOnly: true, leaf: byName.get('Name')?.schema as SchemaNode, description: 'Outer words.', default: 'x' },
    }],
    ['a blank description is skipped', {
      given: s({ kind: 'ref', target: 'Name', description: '  ' }),
      want: { ...base, leaf: byName.get('Name')?.schema as SchemaNode, description: 'A name.', default: 'x' },
    }],
    ['a falsy default (0) is kept over a deeper one', {
      given: s({ kind: 'ref', target: 'Name', default: 0 }),
      want: { ...base, leaf: byName.get('Name')?.schema as SchemaNode, description: 'A name.', default: 0 },
    }],
    ['a union with a null variant is nullable and unwraps to the other variant', {
      given: s({ kind: 'union', source: 'oneOf', variants: [str, s({ kind: 'null' })] }),
      want: { ...base, nullable: true, leaf: str },
    }],
    ['a nullable, writeOnly wrapper marks the leaf', {
      given: s({ kind: 'union', source: 'anyOf', nullable: true, writeOnly: true, variants: [num] }),
      want: { ...base, nullable: true, writeOnly: true, leaf: num },
    }],
    ['a union of several real variants is the leaf', {
      given: s({ kind: 'union', source: 'oneOf', variants: [str, num, s({ kind: 'null' })] }),
      want: { ...base, nullable: true, leaf: s({ kind: 'union', source: 'oneOf', variants: [str, num, s({ kind: 'null' })] }) },
    }],
    ['an intersection with one member besides unknown ones unwraps to it', {
      given: s({ kind: 'intersection', members: [s({ kind: 'unknown' }), num] }),
      want: { ...base, leaf: num },
    }],
    ['an intersection of two real members is the leaf', {
      given: s({ kind: 'intersection', members: [str, num] }),
      want: { ...base, leaf: s({ kind: 'intersection', members: [str, num] }) },
    }],
    ['a dangling reference ends in unknown at its pointer', {
      given: s({ kind: 'ref', target: 'Missing', pointer: '#/p' }),
      want: { ...base, leaf: { kind: 'unknown', pointer: '#/p' } },
    }],
    ['a reference cycle ends in unknown', {
      given: s({ kind: 'ref', target: 'A', pointer: '#/p' }),
      want: { ...base, leaf: { kind: 'unknown', pointer: '#/B' } },
    }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolveSchema(given, byName)).toEqual(want);
  });
});

describe('jsonValue', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['null', null, null],
    ['string', 'a', 'a'],
    ['boolean', false, false],
    ['finite number', 1.5, 1.5],
    ['NaN is dropped', Number.NaN, undefined],
    ['Infinity is dropped', Number.POSITIVE_INFINITY, undefined],
    ['a YAML timestamp becomes an ISO string', new Date('2024-01-02T03:04:05Z'), '2024-01-02T03:04:05.000Z'],
    ['an invalid date is dropped', new Date('nope'), undefined],
    ['object keys are sorted', { b: 1, a: { d: 2, c: 3 } }, { a: { c: 3, d: 2 }, b: 1 }],
    ['an object loses only the non-JSON key', { a: 1, f: () => 1, u: undefined }, { a: 1 }],
    ['an array with a non-JSON item is dropped whole', [1, Number.NaN], undefined],
    ['an array of JSON values is kept in order', [3, 'x', [true]], [3, 'x', [true]]],
    ['a function is dropped', () => 1, undefined],
    ['a bigint is dropped', 1n, undefined],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    expect(jsonValue(given)).toEqual(want);
    if (want !== null && typeof want === 'object') expect(Object.keys(jsonValue(given) as object)).toEqual(Object.keys(want));
  });

  it('keeps a __proto__ key as an own property', () => {
    const value = jsonValue(JSON.parse('{"__proto__": {"x": 1}, "a": 2}')) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('drops values nested deeper than 32 levels', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { k: deep };
    let got = jsonValue(deep) as Record<string, unknown>;
    let levels = 0;
    while (got && typeof got === 'object' && 'k' in got) {
      got = got['k'] as Record<string, unknown>;
      levels++;
    }
    expect(levels).toBe(32);
  });
});
