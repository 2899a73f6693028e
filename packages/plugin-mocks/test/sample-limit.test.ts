// The sampler's size limit: a `$ref` fan-out (schema S_i with W required properties that all refer to S_{i+1})
// would build W^W values; each sample stops at MAX_SAMPLE_NODES and is then inexact (cast), and stays small.
import type { NamedSchema, SchemaNode } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { MAX_SAMPLE_NODES } from '../src/values/sampleLimit.js';
import { sampleSchema } from '../src/values/sampleSchema.js';

const node = (init: Record<string, unknown>): SchemaNode => createSchema<SchemaNode>(init as Omit<SchemaNode, 'pointer'>);

/** The named schemas of a W × W fan-out. */
function fanOut(w: number): Map<string, NamedSchema> {
  const schemas = new Map<string, NamedSchema>();
  for (let i = 0; i < w; i++) {
    const leaf = i + 1 === w;
    const properties = Array.from({ length: w }, (_, j) => ({ name: `p${j}`, required: true, schema: leaf ? node({ kind: 'string' }) : node({ kind: 'ref', target: `S${i + 1}` }) }));
    schemas.set(`S${i}`, { kind: 'named-schema', name: `S${i}`, typeName: `S${i}`, schema: node({ kind: 'object', properties }), pointer: `#/components/schemas/S${i}` });
  }
  return schemas;
}

/** A fan-out through arrays of unions: S_i's one required property is an array of a union of W `$ref`s to S_{i+1}. */
function unionFanOut(w: number): Map<string, NamedSchema> {
  const schemas = new Map<string, NamedSchema>();
  for (let i = 0; i < w; i++) {
    const variants = Array.from({ length: w }, () => (i + 1 < w ? node({ kind: 'ref', target: `U${i + 1}` }) : node({ kind: 'string' })));
    const items = node({ kind: 'union', variants, source: 'anyOf' });
    const properties = [{ name: 'a', required: true, schema: node({ kind: 'array', items }) }];
    schemas.set(`U${i}`, { kind: 'named-schema', name: `U${i}`, typeName: `U${i}`, schema: node({ kind: 'object', properties }), pointer: `#/components/schemas/U${i}` });
  }
  return schemas;
}

/** Objects, arrays and scalars in a value. */
const count = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Object.values(v).reduce<number>((n, x) => n + count(x), 0) : 1);

describe('sampleSchema: the size limit of one sample', () => {
  it('a small fan-out (4 × 4: 341 values) is sampled whole and exact', () => {
    const cut = new WeakSet<object>();
    const { value, exact } = sampleSchema(node({ kind: 'ref', target: 'S0' }), { schemas: fanOut(4), cut });
    expect(exact).toBe(true);
    expect(cut.has(value as object)).toBe(false);
    expect(count(value)).toBe(1 + 4 + 16 + 64 + 256);
  });

  it.each([7, 9, 12])('a fan-out %i wide and deep stops near the limit, is inexact and marked cut', (w) => {
    const cut = new WeakSet<object>();
    const { value, exact } = sampleSchema(node({ kind: 'ref', target: 'S0' }), { schemas: fanOut(w), cut });
    expect(exact).toBe(false);
    expect(cut.has(value as object)).toBe(true);
    const values = count(value);
    expect(values).toBeGreaterThan(MAX_SAMPLE_NODES / 2);
    expect(values).toBeLessThan(2 * MAX_SAMPLE_NODES);
    expect(JSON.stringify(value).length).toBeLessThan(40 * MAX_SAMPLE_NODES);
  });

  it('stays small through arrays of unions (further members\' items spend none of the soft budget)', () => {
    const { value } = sampleSchema(node({ kind: 'ref', target: 'U0' }), { schemas: unionFanOut(10) });
    expect(count(value)).toBeLessThan(2 * MAX_SAMPLE_NODES);
  });
});
