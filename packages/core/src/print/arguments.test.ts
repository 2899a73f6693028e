import type { SchemaNode } from '../model/types.js';
import { printKeyPartType } from './arguments.js';

const at = { pointer: '#/p' };

describe('printKeyPartType: what a query key part may hold for a path parameter, by its schema', () => {
  const cases: Array<[string, SchemaNode | undefined, string]> = [
    ['no schema', undefined, 'string | number'],
    ['string', { ...at, kind: 'string' }, 'string | number'],
    ['integer', { ...at, kind: 'number', integer: true }, 'string | number'],
    ['string enum', { ...at, kind: 'string', enum: ['a', 'b'] }, 'string | number'],
    ['a schema that says nothing', { ...at, kind: 'unknown' }, 'string | number'],
    ['union of string and integer', { ...at, kind: 'union', source: 'oneOf', variants: [{ ...at, kind: 'string' }, { ...at, kind: 'number', integer: false }] }, 'string | number'],
    ['boolean (mcw.edu includeChildren)', { ...at, kind: 'boolean' }, 'string | number | boolean'],
    ['array of strings', { ...at, kind: 'array', items: { ...at, kind: 'string' } }, 'string | number | string[]'],
    ['union of string and boolean', { ...at, kind: 'union', source: 'anyOf', variants: [{ ...at, kind: 'string' }, { ...at, kind: 'boolean' }] }, 'string | number | boolean'],
    ['union of string, boolean and array', { ...at, kind: 'union', source: 'oneOf', variants: [{ ...at, kind: 'string' }, { ...at, kind: 'boolean' }, { ...at, kind: 'array', items: { ...at, kind: 'number', integer: false } }] }, 'string | number | boolean | number[]'],
    [
      'object',
      { ...at, kind: 'object', properties: [{ name: 'r', required: true, schema: { ...at, kind: 'number', integer: false } }] },
      'string | number | {\n  r: number;\n}',
    ],
  ];
  it.each(cases)('%s', (_name, schema, want) => {
    expect(printKeyPartType(schema ? { inlineSchema: schema } : {})).toBe(want);
  });
});
