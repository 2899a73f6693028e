import { createSchema, type NamedSchema, type SchemaNode } from '@reslayer/core';
import { sampleValue } from '../src/plan/sampleSchema.js';
import { varyScalar } from '../src/plan/vary.js';

// Fixtures vary, deterministically: the second and further samples of a schema do not repeat the contract's example.

const s = (node: Record<string, unknown>): SchemaNode => createSchema<SchemaNode>(node as Omit<SchemaNode, 'pointer'>);
const str = (rest: Record<string, unknown> = {}) => s({ kind: 'string', ...rest });
const prop = (name: string, schema: SchemaNode) => ({ name, schema, required: true });
const NO_SCHEMAS = new Map<string, NamedSchema>();
const nth = (schema: SchemaNode, index: number) => sampleValue(schema, { schemas: NO_SCHEMAS, index });

describe('varyScalar', () => {
  it.each([
    ['an enum takes the next values, from the example', str({ enum: ['lead', 'active', 'inactive'] }), 'firstName', 'lead', [undefined, 'active', 'inactive', 'lead']],
    ['a given name takes neutral names, from the example', str(), 'firstName', 'Ada', [undefined, 'Ben', 'Chloe', 'Dev']],
    ['an e-mail gets the number before @', str({ format: 'email' }), 'email', 'ada@example.test', [undefined, 'ada2@example.test', 'ada3@example.test', 'ada4@example.test']],
    ['trailing digits count up, keeping their width', str(), 'phone', '+1 555 0100', [undefined, '+1 555 0101', '+1 555 0102', '+1 555 0103']],
    ['a host name gets the number after its first label', str(), 'domain', 'example.test', [undefined, 'example2.test', 'example3.test', 'example4.test']],
    ['other text gets the number', str(), 'title', 'Groceries', [undefined, 'Groceries 2', 'Groceries 3', 'Groceries 4']],
    ['numbers count up', s({ kind: 'number', integer: true }), 'employees', 42, [undefined, 43, 44, 45]],
    ['booleans alternate', s({ kind: 'boolean' }), 'active', true, [undefined, false, true, false]],
  ])('%s', (_name, node, name, base, want) => {
    expect([1, 2, 3, 4].map((i) => varyScalar(node, name, i, base))).toEqual(want);
  });

  it('is deterministic and seeded by the property name when the example is not in a list', () => {
    const a = [2, 3, 4].map((i) => varyScalar(str(), 'lastName', i, 'Zed'));
    expect([2, 3, 4].map((i) => varyScalar(str(), 'lastName', i, 'Zed'))).toEqual(a);
    expect(new Set(a).size).toBe(3);
  });
});

describe('sampleValue varies the samples after the first', () => {
  const contact = s({
    kind: 'object',
    properties: [
      prop('firstName', str({ example: 'Ada', maxLength: 3 })),
      prop('code', str({ example: 'AB-01', pattern: '^AB-0[0-9]$' })),
      prop('status', str({ enum: ['lead', 'active'] })),
      prop('score', s({ kind: 'number', integer: true, example: 10, maximum: 11 })),
      prop('tags', s({ kind: 'array', items: str({ enum: ['a', 'b'] }), uniqueItems: true, minItems: 2 })),
    ],
  });

  it('keeps the contract example for the first sample and varies the others within the schema', () => {
    expect(nth(contact, 1)).toEqual({ firstName: 'Ada', code: 'AB-01', status: 'lead', score: 10, tags: ['a', 'b'] });
    expect(nth(contact, 2)).toEqual({ firstName: 'Ben', code: 'AB-02', status: 'active', score: 11, tags: ['a', 'b'] });
    // `Chloe` is longer than maxLength 3 and 12 is above the maximum: the example stays.
    expect(nth(contact, 3)).toEqual({ firstName: 'Ada', code: 'AB-03', status: 'lead', score: 10, tags: ['a', 'b'] });
  });

  it('does not vary the empty variant or values that follow the sequence number already', () => {
    expect(sampleValue(contact, { schemas: NO_SCHEMAS, index: 2, empty: true })).toMatchObject({ firstName: 'Ada', status: 'lead' });
    expect(nth(str(), 2)).toBe('string-2');
  });
});
