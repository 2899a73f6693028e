import type { NamedSchema, SchemaNode } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { sampleValue } from '../src/values/sampleSchema.js';
import { varyScalar } from '../src/values/vary.js';
import { fakeString } from '../src/values/fakeString.js';

/** The realistic value `sampleString` gives a property without a format (faker, seeded by pointer `#`, index and position). */
const plain = (name: string, index = 1, position = 0): string => fakeString(name, `#\u0000${index}\u0000${position}`);


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
    ['trailing digits count up, keeping their width', str(), 'phone', '+1 555 0100', [undefined, '+1 555 0101', '+1 555 0102', '+1 555 0103']],
    ['a host name gets the number after its first label', str(), 'domain', 'example.test', [undefined, 'example2.test', 'example3.test', 'example4.test']],
    ['numbers count up', s({ kind: 'number', integer: true }), 'employees', 42, [undefined, 43, 44, 45]],
    ['booleans alternate', s({ kind: 'boolean' }), 'active', true, [undefined, false, true, false]],
  ])('%s', (_name, node, name, base, want) => {
    expect([1, 2, 3, 4].map((i) => varyScalar(node, name, i, base))).toEqual(want);
  });

  it('other values become faker values of the same kind, never the example with a suffix', () => {
    const vary = (name: string, base: string) => [2, 3, 4].map((i) => varyScalar(str(), name, i, base) as string);
    const emails = vary('email', 'ada@example.test');
    expect(emails.every((e) => /^[a-z.]+@example\.test$/.test(e) && !e.startsWith('ada'))).toBe(true);
    const hashes = vary('hash', '9f86d081884c7d65');
    expect(hashes.every((h) => /^[0-9a-f]{16}$/.test(h) && h !== '9f86d081884c7d65')).toBe(true);
    expect(vary('logo', 'https://cdn.example.test/a/logo.png').every((u) => u.startsWith('https://cdn.example.test/') && !u.endsWith(' 2'))).toBe(true);
    const ids = vary('drep_id', 'drep1mvdu8slennngja7w4un6knwezufra70887zuxpprd64jxfveahn');
    expect(ids.every((id) => id.startsWith('drep1') && id !== 'drep1mvdu8slennngja7w4un6knwezufra70887zuxpprd64jxfveahn' && id.length === 'drep1mvdu8slennngja7w4un6knwezufra70887zuxpprd64jxfveahn'.length)).toBe(true);
    const titles = vary('title', 'Groceries');
    const words = vary('category', 'Fresh produce');
    for (const list of [emails, hashes, ids, titles, words]) expect(new Set(list).size).toBe(3);
    expect([...titles, ...words].some((t) => /Groceries|Fresh produce/.test(t))).toBe(false);
    expect(vary('title', 'Groceries')).toEqual(titles);
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
    expect(nth(str(), 2)).toBe(plain('string', 2));
  });
});
