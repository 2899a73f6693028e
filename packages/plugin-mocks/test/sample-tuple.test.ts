// The sampler and JSON Schema 2020-12 keywords beyond types: `prefixItems` (tuples) and `if`/`then`/`else`.
import type { NamedSchema, SchemaNode } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { sampleSchema, type SampleOptions } from '../src/values/sampleSchema.js';
import { fakeString } from '../src/values/fakeString.js';

/** The realistic value `sampleString` gives a property without a format (faker, seeded by pointer `#`, index and position). */
const plain = (name: string, index = 1, position = 0): string => fakeString(name, `#\u0000${index}\u0000${position}`);


const node = (init: Record<string, unknown>): SchemaNode => createSchema<SchemaNode>(init as Omit<SchemaNode, 'pointer'>);
const prop = (name: string, schema: SchemaNode, required = false) => ({ name, schema, required });
const NO_SCHEMAS = new Map<string, NamedSchema>();
const sample = (schema: SchemaNode, options: Partial<SampleOptions> = {}) => sampleSchema(schema, { schemas: NO_SCHEMAS, ...options });

/** redoc's `User.addresses`: `prefixItems: [object, number]`, `items: string`, `minItems: 0`. */
const addresses = node({
  kind: 'array',
  minItems: 0,
  prefixItems: [node({ kind: 'object', properties: [prop('city', node({ kind: 'string' }))] }), node({ kind: 'number', integer: false })],
  items: node({ kind: 'string' }),
});

describe('sampleSchema: prefixItems', () => {
  it('samples the prefix items first, each from its own schema, then the rest items', () => {
    const { value, exact } = sample(addresses, { name: 'addresses' });
    expect(exact).toBe(true);
    expect(value).toEqual([{ city: plain('city', 1) }, expect.any(Number), plain('addresses', 3, 2)]);
  });

  it('the empty variant keeps minItems; maxItems cuts the prefix', () => {
    expect(sample(addresses, { empty: true }).value).toEqual([]);
    expect(sample({ ...addresses, minItems: 1 } as SchemaNode, { empty: true }).value).toEqual([{ city: plain('city', 1) }]);
    expect(sample({ ...addresses, maxItems: 1 } as SchemaNode).value).toEqual([{ city: plain('city', 1) }]);
  });

  it('an example gives the items, position by position', () => {
    expect(sample(addresses, { example: [{ city: 'Oslo' }, 7, 'x'] }).value).toEqual([{ city: 'Oslo' }, 7, 'x']);
  });

  it('without items (anything may follow) the sample is the prefix alone', () => {
    const tuple = node({ kind: 'array', prefixItems: [node({ kind: 'boolean' }), node({ kind: 'number', integer: true, enum: [3] })], items: node({ kind: 'unknown' }) });
    expect(sample(tuple).value).toEqual([true, 3]);
  });

  it('a prefix position with no possible value ends the array there (below minItems: no exact sample)', () => {
    const impossible = node({ kind: 'string', enum: [] });
    const never = node({ kind: 'intersection', members: [node({ kind: 'object', properties: [prop('a', node({ kind: 'string' }), true)] }), node({ kind: 'object', properties: [], additionalProperties: node({ kind: 'number', integer: true }) })] });
    const tuple = node({ kind: 'array', minItems: 1, prefixItems: [never, impossible], items: node({ kind: 'string' }) });
    expect(sample(tuple).exact).toBe(false);
  });
});

describe('sampleSchema: if/then/else', () => {
  // redoc's `User`: `if: { properties: { userStatus: { enum: [10] } } }, then: { required: [phone] }`, and `phone`
  // has a pattern no sample matches.
  const user = node({
    kind: 'object',
    properties: [
      prop('phone', node({ kind: 'string', pattern: '/^\\+(?:[0-9]-?){6,14}[0-9]$/' })),
      prop('userStatus', node({ kind: 'number', integer: true })),
      prop('username', node({ kind: 'string' })),
    ],
    conditional: {
      if: node({ kind: 'object', properties: [prop('userStatus', node({ kind: 'number', integer: false, enum: [10] }))] }),
      then: node({ kind: 'object', properties: [prop('phone', node({ kind: 'unknown' }), true)] }),
      else: node({ kind: 'unknown' }),
    },
  });

  it('a required-only sample gets the property that makes the `if` false, not `{}` (for which `then` applies)', () => {
    expect(sample(user, { requiredOnly: true }).value).toEqual({ userStatus: 1 });
  });

  it('a sample that keeps to the conditional is left as it is', () => {
    expect(sample(user).value).toEqual({ userStatus: 1, username: plain('username', 1) });
    const open = { ...user, conditional: { if: node({ kind: 'object', properties: [prop('userStatus', node({ kind: 'number', integer: false, enum: [1] }))] }) } } as SchemaNode;
    expect(sample(open, { requiredOnly: true }).value).toEqual({});
  });

  it('adds the properties the branch requires first, when they have a sample', () => {
    const withPlainPhone = { ...user, properties: [prop('phone', node({ kind: 'string' })), ...(user as { properties: unknown[] }).properties.slice(1)] } as SchemaNode;
    expect(sample(withPlainPhone, { requiredOnly: true }).value).toEqual({ phone: plain('phone', 1) });
  });

  it('an else branch is kept as well', () => {
    const flipped = { ...user, conditional: { if: node({ kind: 'object', properties: [prop('userStatus', node({ kind: 'number', integer: true }), true)] }), else: node({ kind: 'object', properties: [prop('username', node({ kind: 'unknown' }), true)] }) } } as SchemaNode;
    expect(sample(flipped, { requiredOnly: true }).value).toEqual({ username: plain('username', 1) });
  });
});
