// Samples that keep to what validators check and what the contract means: integer formats on `type: number`,
// examples that break a format, and examples that are placeholders of their property.
import type { NumberSchema, ObjectSchema, SchemaNode, StringSchema } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { sampleValue, type SampleOptions } from '../src/values/sampleSchema.js';
import { sampleNumber } from '../src/values/sampleNumber.js';
import { satisfies } from '../src/values/satisfies.js';
import { fromPattern } from '../src/values/sampleString.js';

type Init = SchemaNode extends infer T ? (T extends SchemaNode ? Omit<T, 'pointer'> : never) : never;
const s = (node: Init): SchemaNode => createSchema<SchemaNode>(node as Omit<SchemaNode, 'pointer'>);
const str = (rest: Partial<Omit<StringSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'string', ...rest });
const num = (rest: Partial<Omit<NumberSchema, 'kind' | 'pointer'>> = {}) => s({ kind: 'number', integer: false, ...rest });
const obj = (properties: Array<[string, SchemaNode, boolean?]>, rest: Partial<Omit<ObjectSchema, 'kind' | 'pointer' | 'properties'>> = {}) =>
  s({ kind: 'object', properties: properties.map(([name, schema, required]) => ({ name, schema, required: required ?? false })), ...rest });
const sample = (schema: SchemaNode, options: Partial<SampleOptions> = {}) => sampleValue(schema, { schemas: new Map(), ...options });

describe('samples that keep to formats and skip placeholder examples', () => {
  it('an integer format on `type: number` gives integers in its range (ajv-formats checks int32 so)', () => {
    expect([1, 2, 3].map((i) => sampleNumber({ integer: false, format: 'int32' }, i))).toEqual([1, 2, 3]);
    expect(sampleNumber({ integer: false, format: 'int32', minimum: 3e9 }, 1)).toBe(2 ** 31 - 1);
    expect(sampleNumber({ integer: false, format: 'float' }, 1)).toBe(1.5);
  });

  it('an example that is its property\'s placeholder (`host: host-1`) is not used; other examples are', () => {
    const given = obj([['host', str({ example: 'host-1' }), true], ['name', str({ example: 'name-x' }), true]]);
    const value = sample(given) as { host: string; name: string };
    expect(value.host).not.toMatch(/^host-\d+$/);
    expect(value.name).toBe('name-x');
  });

  it('satisfies refuses examples that break an integer format or a uri-reference (they are not used as samples)', () => {
    expect([1.5, 2 ** 31, 7].map((v) => satisfies(v, num({ format: 'int32' })))).toEqual([false, false, true]);
    expect(['/a b', '/a?b=%2F#c', 'https://x.test/{id}', '../up'].map((v) => satisfies(v, str({ format: 'uri-reference' })))).toEqual([false, true, false, true]);
  });

  it('a pattern unanchored by `.*` at its ends (AWS ids) gives a value that fits its length', () => {
    const node = str({ pattern: '.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*', minLength: 36, maxLength: 36 }) as StringSchema;
    for (let i = 1; i <= 5; i++) expect(fromPattern(node, i, 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(fromPattern(str({ pattern: '^a\\.*$' }) as StringSchema, 1, 0)).toMatch(/^a\.*$/);
  });
});
