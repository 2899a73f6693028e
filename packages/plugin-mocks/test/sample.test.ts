import { createSchema, type NamedSchema, type NumberSchema, type ObjectSchema, type RefSchema, type SchemaNode, type StringSchema } from '@reslayer/core';
import { sampleSchema, sampleValue, type SampleOptions } from '../src/values/sampleSchema.js';
import { sampleNumber } from '../src/values/sampleNumber.js';
import { BlobSample, sampleUuid } from '../src/values/sampleString.js';
import { printValue } from '../src/values/printValue.js';
import { fakeString } from '../src/values/fakeString.js';

/** The realistic value `sampleString` gives a property without a format (faker, seeded by pointer `#`, index and position). */
const plain = (name: string, index = 1, position = 0): string => fakeString(name, `#\u0000${index}\u0000${position}`);


/** A schema init: any node kind without its pointer (distributive, so every kind keeps its fields). */
type Init = SchemaNode extends infer T ? (T extends SchemaNode ? Omit<T, 'pointer'> : never) : never;
const s = (node: Init): SchemaNode => createSchema<SchemaNode>(node as Omit<SchemaNode, 'pointer'>);
const str = (rest: Partial<Omit<StringSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'string', ...rest });
const int = (rest: Partial<Omit<NumberSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'number', integer: true, ...rest });
const num = (rest: Partial<Omit<NumberSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'number', integer: false, ...rest });
const obj = (properties: Array<[string, SchemaNode, boolean?]>, rest: Partial<Omit<ObjectSchema, 'kind' | 'pointer' | 'properties'>> = {}) =>
  s({ kind: 'object', properties: properties.map(([name, schema, required]) => ({ name, schema, required: required ?? false })), ...rest });
const ref = (target: string, rest: Partial<Omit<RefSchema, 'kind' | 'pointer' | 'target'>> = {}) => s({ kind: 'ref', target, ...rest });
const named = (name: string, schema: SchemaNode): [string, NamedSchema] => [name, { kind: 'named-schema', name, typeName: name, schema, pointer: `#/components/schemas/${name}` }];

const NO_SCHEMAS = new Map<string, NamedSchema>();
const sample = (schema: SchemaNode, options: Partial<SampleOptions> = {}) => sampleValue(schema, { schemas: NO_SCHEMAS, ...options });

describe('sampleValue: strings', () => {
  const cases: Array<[string, { given: SchemaNode; options?: Partial<SampleOptions>; want: unknown }]> = [
    ['a plain string is the value faker gives for the property name, seeded by the index', { given: str(), options: { name: 'title', index: 2 }, want: plain('title', 2) }],
    ['uuid', { given: str({ format: 'uuid' }), want: '00000000-0000-4000-8000-000000000001' }],
    ['uuid of index 12', { given: str({ format: 'uuid' }), options: { index: 12 }, want: '00000000-0000-4000-8000-000000000012' }],
    ['email', { given: str({ format: 'email' }), options: { index: 3 }, want: plain('email', 3) }],
    ['date-time', { given: str({ format: 'date-time' }), want: '2024-01-01T00:00:00.000Z' }],
    ['date-time varies the day with the index', { given: str({ format: 'date-time' }), options: { index: 2 }, want: '2024-01-02T00:00:00.000Z' }],
    ['date', { given: str({ format: 'date' }), want: '2024-01-01' }],
    ['time', { given: str({ format: 'time' }), want: '12:00:00Z' }],
    ['uri', { given: str({ format: 'uri' }), want: plain('url') }],
    ['hostname', { given: str({ format: 'hostname' }), want: 'host1.example.test' }],
    ['ipv4', { given: str({ format: 'ipv4' }), want: '192.0.2.1' }],
    ['ipv6', { given: str({ format: 'ipv6' }), options: { index: 10 }, want: '2001:db8::a' }],
    ['byte is base64', { given: str({ format: 'byte' }), want: 'c2FtcGxlLTE=' }],
    ['enum takes the first value', { given: str({ enum: ['lead', 'active'] }), want: 'lead' }],
    ['example first', { given: str({ example: 'ada@example.test', default: 'bob@example.test', format: 'email' }), want: 'ada@example.test' }],
    ['an example that breaks the format is skipped for the default', { given: str({ example: 'Ada', default: 'bob@example.test', format: 'email' }), want: 'bob@example.test' }],
    ['an example that breaks the length is skipped', { given: str({ example: 'ab', minLength: 3 }), options: { name: 'code' }, want: plain('code', 1) }],
    ['default when there is no example', { given: str({ default: 'Bob' }), want: 'Bob' }],
    ['an example outside the enum is skipped', { given: str({ enum: ['a', 'b'], example: 'z' }), want: 'a' }],
    ['an example of the wrong type is skipped', { given: str({ example: 42 }), options: { name: 'code' }, want: plain('code', 1) }],
    ['minLength pads', { given: str({ minLength: 40 }), options: { name: 'ab' }, want: plain('ab').padEnd(40, 'x') }],
    ['maxLength cuts', { given: str({ maxLength: 3 }), options: { name: 'title' }, want: plain('title').slice(0, 3) }],
    ['media example beats the schema example', { given: str({ example: 'schema' }), options: { example: 'media' }, want: 'media' }],
    ['ignoreExamples', { given: str({ example: 'x', format: 'uuid' }), options: { ignoreExamples: true, index: 4 }, want: sampleUuid(4) }],
    ['nullable keeps a value', { given: str({ nullable: true }), options: { name: 'phone' }, want: plain('phone', 1) }],
    ['nullable with a null example is null', { given: str({ nullable: true, example: null }), want: null }],
  ];
  it.each(cases)('%s', (_name, { given, options, want }) => {
    expect(sample(given, options)).toEqual(want);
  });

  it('binary gives a Blob marker that prints as new Blob([])', () => {
    const value = sample(str({ format: 'binary' }));
    expect(value).toBeInstanceOf(BlobSample);
    expect(printValue(value)).toBe('new Blob([])');
  });
});

describe('sampleValue: pattern', () => {
  const LICENSE = '^IM(SV|CL)(-[\\dA-Za-z]{4}){8}$';
  const TIME = '^(?:[01]\\d|2[0-3]):[0-5]\\d$';
  const matches = (pattern: string, v: unknown) => typeof v === 'string' && new RegExp(pattern, 'u').test(v);

  it.each([LICENSE, TIME, '^[a-z]{3}-\\d{2}$', '^\\+[1-9]\\d{6,14}$'])('generates a string matching %s, deterministically', (pattern) => {
    const one = sample(str({ pattern }), { name: 'licenseKey' });
    expect(matches(pattern, one)).toBe(true);
    expect(sample(str({ pattern }), { name: 'licenseKey' })).toBe(one);
    expect(matches(pattern, sample(str({ pattern }), { index: 2 }))).toBe(true);
  });

  it('varies with the index (distinct keys)', () => {
    const values = [1, 2, 3].map((index) => sample(str({ pattern: LICENSE }), { index }));
    expect(new Set(values).size).toBe(3);
  });

  it('keeps the plain value when it already matches', () => {
    expect(sample(str({ pattern: '^[A-Z]' }), { name: 'title' })).toBe(plain('title', 1));
    expect(sample(str({ pattern: '^.*$', format: 'uuid' }))).toBe(sampleUuid(1));
  });

  it('respects minLength and maxLength together with the pattern', () => {
    const v = sample(str({ pattern: '^[a-z]+$', minLength: 5, maxLength: 6 }), { name: 'x' });
    expect(matches('^[a-z]{5,6}$', v)).toBe(true);
  });

  it('skips a contract example or default that does not match the pattern', () => {
    expect(matches(TIME, sample(str({ pattern: TIME, example: '25:99', default: 'noon' })))).toBe(true);
  });

  it('a pattern no string matches: a required property keeps the plain value, an optional one is left out', () => {
    const phone = str({ pattern: '/^\\+(?:[0-9]-?){6,14}[0-9]$/', example: '+1-202-555-0192' });
    const user = obj([['phone', phone], ['tel', phone, true], ['name', str()]]);
    expect(sample(user)).toEqual({ tel: plain('tel', 1), name: plain('name', 1) });
  });

  it('a pattern that does not compile is ignored', () => {
    expect(sample(str({ pattern: '(' }), { name: 'bad' })).toBe(plain('bad', 1));
  });
});

describe('sampleValue: examples that break constraints', () => {
  it('skips a number example out of range or off the multipleOf grid', () => {
    expect(sample(int({ example: 500, maximum: 10 }), { index: 3 })).toBe(3);
    expect(sample(int({ example: 7, multipleOf: 5 }))).toBe(5);
  });
});

describe('sampleValue: oneOf exactness', () => {
  // redoc-petstore-3.1 `User.pet`: `oneOf: [Pet, Tag]`; a Pet sample (id, name, photoUrls…) also validates Tag.
  const schemas = new Map([
    named('Pet', obj([['id', int()], ['name', str(), true], ['photoUrls', s({ kind: 'array', items: str() }), true]])),
    named('Tag', obj([['id', int()], ['name', str({ minLength: 1 })]])),
  ]);
  const variants = [ref('Pet'), ref('Tag')];

  it('prefers a variant whose sample no other variant accepts', () => {
    expect(sampleValue(s({ kind: 'union', source: 'oneOf', variants }), { schemas })).toEqual({ id: 1, name: plain('name', 1) });
  });

  it('anyOf keeps the first variant', () => {
    expect(sampleValue(s({ kind: 'union', source: 'anyOf', variants }), { schemas })).toEqual({ id: 1, name: plain('name', 1), photoUrls: [plain('photoUrls', 1)] });
  });

  it('falls back to the first variant when none is exclusive', () => {
    const both = [ref('Tag'), obj([['name', str()]])];
    expect(sampleValue(s({ kind: 'union', source: 'oneOf', variants: both }), { schemas })).toEqual({ id: 1, name: plain('name', 1) });
  });
});

describe('sampleValue: numbers and booleans', () => {
  const cases: Array<[string, { given: SchemaNode; options?: Partial<SampleOptions>; want: unknown }]> = [
    ['integer is the index', { given: int(), options: { index: 3 }, want: 3 }],
    ['number is index + 0.5', { given: num(), want: 1.5 }],
    ['minimum', { given: int({ minimum: 10 }), want: 10 }],
    ['maximum', { given: int({ maximum: 0 }), options: { index: 5 }, want: 0 }],
    ['exclusiveMinimum on integers', { given: int({ exclusiveMinimum: 5 }), want: 6 }],
    ['exclusiveMaximum on numbers', { given: num({ exclusiveMaximum: 1 }), want: 0.5 }],
    ['multipleOf rounds up', { given: int({ multipleOf: 5 }), want: 5 }],
    ['multipleOf within the maximum', { given: int({ multipleOf: 4, maximum: 10 }), options: { index: 9 }, want: 8 }],
    ['fractional multipleOf', { given: num({ multipleOf: 0.25 }), want: 1.5 }],
    ['enum', { given: int({ enum: [7, 9] }), want: 7 }],
    ['example', { given: int({ example: 42, minimum: 0 }), want: 42 }],
    ['a fractional example is skipped for integers', { given: int({ example: 1.5 }), want: 1 }],
    ['empty: the minimum', { given: int({ minimum: 1 }), options: { empty: true }, want: 1 }],
    ['empty: zero', { given: int(), options: { empty: true }, want: 0 }],
    ['empty ignores examples of numbers', { given: int({ example: 57 }), options: { empty: true }, want: 0 }],
    ['boolean', { given: s({ kind: 'boolean' }), want: true }],
    ['boolean empty', { given: s({ kind: 'boolean' }), options: { empty: true }, want: false }],
    ['boolean example', { given: s({ kind: 'boolean', example: false }), want: false }],
    ['null', { given: s({ kind: 'null' }), want: null }],
    ['unknown is null', { given: s({ kind: 'unknown' }), want: null }],
    ['unknown keeps an example', { given: s({ kind: 'unknown', example: { a: [1] } }), want: { a: [1] } }],
  ];
  it.each(cases)('%s', (_name, { given, options, want }) => {
    expect(sample(given, options)).toEqual(want);
  });

  it('sampleNumber stays in range', () => {
    for (let i = 1; i < 50; i++) {
      const v = sampleNumber({ integer: true, minimum: 3, maximum: 7, multipleOf: 2 }, i);
      expect(v >= 3 && v <= 7 && v % 2 === 0).toBe(true);
    }
  });
});

describe('sampleValue: objects, arrays, composition', () => {
  it('includes required and optional properties, leaves writeOnly out in read mode', () => {
    const given = obj([['id', str({ format: 'uuid', readOnly: true }), true], ['password', str({ writeOnly: true }), true], ['nick', str()]]);
    expect(sample(given)).toEqual({ id: sampleUuid(1), nick: plain('nick', 1) });
    expect(sample(given, { mode: 'write' })).toEqual({ nick: plain('nick', 1), password: plain('password', 1) });
  });

  it('requiredOnly keeps required properties only', () => {
    const given = obj([['a', str(), true], ['b', str()], ['c', obj([['d', int(), true], ['e', int()]]), true]]);
    expect(sample(given, { requiredOnly: true })).toEqual({ a: plain('a', 1), c: { d: 1 } });
  });

  it('uses an object example as the source of property values, property examples next', () => {
    const given = obj([['a', str({ example: 'from property' }), true], ['b', int(), true], ['c', str({ enum: ['x', 'y'] })]], { example: { b: 7, c: 'nope', extra: 1 } });
    expect(sample(given)).toEqual({ a: 'from property', b: 7, c: 'x' });
  });

  it('arrays: one item by default, minItems, maxItems, examples, empty variant', () => {
    const items = str({ enum: ['a', 'b', 'c'] });
    expect(sample(s({ kind: 'array', items }))).toEqual(['a']);
    expect(sample(s({ kind: 'array', items, minItems: 3 }))).toEqual(['a', 'b', 'c']);
    expect(sample(s({ kind: 'array', items, maxItems: 0 }))).toEqual([]);
    expect(sample(s({ kind: 'array', items, example: ['c', 'b'] }))).toEqual(['c', 'b']);
    expect(sample(s({ kind: 'array', items, minItems: 1 }), { empty: true })).toEqual(['a']);
    expect(sample(s({ kind: 'array', items }), { empty: true })).toEqual([]);
  });

  it('additionalProperties: one entry for a map, example keys kept', () => {
    expect(sample(obj([], { additionalProperties: str() }))).toEqual({ key1: plain('value', 1) });
    expect(sample(obj([], { additionalProperties: int(), example: { x: 5 } }))).toEqual({ x: 5 });
    expect(sample(obj([], { additionalProperties: true }))).toEqual({});
  });

  it('union: first variant, or the one the example fits; null variants last', () => {
    const given = s({ kind: 'union', source: 'oneOf', variants: [s({ kind: 'null' }), int(), str()] });
    expect(sample(given)).toBe(1);
    expect(sample(given, { example: 'text' })).toBe('text');
  });

  it('union with discriminator sets the discriminator literal of the chosen variant', () => {
    const schemas = new Map([
      named('Cat', obj([['petType', str(), true], ['meows', s({ kind: 'boolean' }), true]])),
      named('Dog', obj([['petType', str(), true], ['barks', s({ kind: 'boolean' }), true]])),
    ]);
    const given = s({
      kind: 'union', source: 'oneOf', variants: [ref('Cat'), ref('Dog')],
      discriminator: { propertyName: 'petType', mapping: [{ value: 'cat', variant: 0 }, { value: 'dog', variant: 1 }] },
    });
    expect(sampleValue(given, { schemas })).toEqual({ meows: true, petType: 'cat' });
  });

  it('skips a variant whose discriminator value contradicts its own enum; marks an impossible type inexact', () => {
    const schemas = new Map([
      named('A', obj([['type', str({ enum: ['a_type'] }), true]])),
      named('B', obj([['type', str(), true], ['b', int(), true]])),
    ]);
    const mapping = [{ value: 'A', variant: 0 }, { value: 'B', variant: 1 }];
    const given = s({ kind: 'union', source: 'oneOf', variants: [ref('A'), ref('B')], discriminator: { propertyName: 'type', mapping } });
    expect(sampleSchema(given, { schemas })).toEqual({ value: { b: 1, type: 'B' }, exact: true });
    const onlyA = s({ kind: 'union', source: 'oneOf', variants: [ref('A')], discriminator: { propertyName: 'type', mapping: [{ value: 'A', variant: 0 }] } });
    expect(sampleSchema(s({ kind: 'array', items: onlyA }), { schemas })).toEqual({ value: [], exact: true });
    expect(sampleSchema(onlyA, { schemas }).exact).toBe(false);
  });

  it('skips a mapped variant that is not an object (`V[] & { type: \'array\' }` has no value), even when the example fits it', () => {
    const item = obj([['name', str(), true]]);
    const schemas = new Map([
      named('Directory', s({ kind: 'array', items: item })),
      named('File', obj([['type', str({ enum: ['file'] }), true], ['name', str(), true]])),
    ]);
    const mapping = [{ value: 'array', variant: 0 }, { value: 'file', variant: 1 }];
    const given = s({ kind: 'union', source: 'oneOf', variants: [ref('Directory'), ref('File')], discriminator: { propertyName: 'type', mapping } });
    expect(sampleSchema(given, { schemas, example: [{ name: 'lib' }] })).toEqual({ value: { name: plain('name', 1), type: 'file' }, exact: true });
    expect(sampleSchema(given, { schemas, empty: true })).toEqual({ value: { name: plain('name', 1), type: 'file' }, exact: true });
    const onlyArray = s({ kind: 'union', source: 'oneOf', variants: [ref('Directory')], discriminator: { propertyName: 'type', mapping: [mapping[0] as (typeof mapping)[number]] } });
    expect(sampleSchema(onlyArray, { schemas }).exact).toBe(false);
  });

  it('intersection merges object members', () => {
    const schemas = new Map([named('Base', obj([['id', int(), true]]))]);
    const given = s({ kind: 'intersection', members: [ref('Base'), obj([['name', str(), true]])] });
    expect(sampleValue(given, { schemas })).toEqual({ id: 1, name: plain('name', 1) });
  });

  it('intersection with a typed map drops optional properties the map does not allow', () => {
    const given = s({ kind: 'intersection', members: [obj([['flag', s({ kind: 'boolean' })], ['label', str()]]), obj([], { additionalProperties: str() })] });
    expect(sample(given)).toEqual({ key1: plain('value', 1), label: plain('label', 1) });
  });

  it('recursion terminates: optional recursive property left out, recursive array empty, nullable null', () => {
    const schemas = new Map([
      named('Node', obj([['name', str(), true], ['parent', ref('Node')], ['children', s({ kind: 'array', items: ref('Node') }), true], ['next', ref('Node', { nullable: true }), true]])),
    ]);
    expect(sampleValue(ref('Node'), { schemas })).toEqual({ children: [], name: plain('name', 1), next: null });
  });

  it('a required self-reference stops at the depth limit', () => {
    const schemas = new Map([named('Loop', obj([['loop', ref('Loop'), true]]))]);
    expect(() => sampleValue(ref('Loop'), { schemas })).not.toThrow();
  });

  it('is deterministic', () => {
    const schemas = new Map([named('T', obj([['id', str({ format: 'uuid' }), true], ['at', str({ format: 'date-time' })], ['n', num()], ['tags', s({ kind: 'array', items: str() })]]))]);
    const a = JSON.stringify(sampleValue(ref('T'), { schemas, index: 2 }));
    const b = JSON.stringify(sampleValue(ref('T'), { schemas, index: 2 }));
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ at: '2024-01-02T00:00:00.000Z', id: sampleUuid(2), n: 2.5, tags: [plain('tags', 2)] });
  });

  it('keeps optional properties named like Object.prototype members, even with requiredOnly', () => {
    const given = obj([['id', int(), true], ['hasOwnProperty', s({ kind: 'boolean' })], ['toString', str()], ['other', str()]]);
    expect(sample(given, { requiredOnly: true })).toEqual({ hasOwnProperty: true, id: 1, toString: plain('toString', 1) });
  });

  it('defines __proto__ as an own property', () => {
    const value = sample(obj([['__proto__', str(), true]])) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(printValue(value)).toBe(`{ ['__proto__']: '${plain('__proto__', 1)}' }`);
  });
});

describe('sampleSchema: an allOf whose members give a property disjoint values', () => {
  const bounce = (values: string[]) => str({ enum: values });
  const event = (values: string[]) => obj([['bounce_type', bounce(values), true], ['name', str(), true]]);
  const both = (a: SchemaNode, b: SchemaNode, required = true) => s({ kind: 'intersection', members: [obj([['p', a, required]]), obj([['p', b, required]])] });
  const cases: Array<[string, { given: SchemaNode; want: unknown; exact: boolean }]> = [
    ['array items of disjoint enums: the array is empty', { given: both(s({ kind: 'array', items: event(['soft', 'hard']) }), s({ kind: 'array', items: event(['bounced', 'blocked']) })), want: { p: [] }, exact: true }],
    ['…and items that do fit stay', { given: both(s({ kind: 'array', items: event(['soft', 'hard']) }), s({ kind: 'array', items: event(['hard']) })), want: { p: [{ bounce_type: 'hard', name: plain('name', 1) }] }, exact: true }],
    ['an optional property of disjoint enums is left out', { given: both(bounce(['soft']), bounce(['bounced']), false), want: {}, exact: true }],
    ['overlapping enums: the common value', { given: both(bounce(['soft', 'hard']), bounce(['hard', 'bounced'])), want: { p: 'hard' }, exact: true }],
    ['a required property of disjoint enums has no value: inexact', { given: both(bounce(['soft']), bounce(['bounced'])), want: { p: 'bounced' }, exact: false }],
    ['at least one item of disjoint items has no value: inexact', { given: both(s({ kind: 'array', items: event(['soft']), minItems: 1 }), s({ kind: 'array', items: event(['bounced']) })), want: { p: [{ bounce_type: 'bounced', name: plain('name', 1) }] }, exact: false }],
  ];
  it.each(cases)('%s', (_name, { given, want, exact }) => {
    expect(sampleSchema(given, { schemas: NO_SCHEMAS })).toEqual({ value: want, exact });
  });
});

describe('sampleSchema: an example that lacks a required property, under an allOf member with additionalProperties: true', () => {
  const balance = obj([['current', num(), true], ['limit', num({ nullable: true }), true]]);
  const account = (extra: Partial<Omit<ObjectSchema, 'kind' | 'pointer' | 'properties'>>) =>
    s({ kind: 'intersection', members: [obj([['id', str(), true], ['balances', balance, true]]), obj([['days', num()]], extra)] });
  const example = { id: 'acc-1', balances: { current: 43200 }, days: 5 };
  const cases: Array<[string, { given: SchemaNode; want: unknown }]> = [
    ['the declared property is completed (missing required ones sampled), not copied as an extra key', { given: account({ additionalProperties: true }), want: { id: 'acc-1', balances: { current: 43200, limit: 1.5 }, days: 5 } }],
    ['the same without additionalProperties', { given: account({}), want: { id: 'acc-1', balances: { current: 43200, limit: 1.5 }, days: 5 } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(sampleSchema(given, { schemas: NO_SCHEMAS, example })).toEqual({ value: want, exact: true });
  });
});
