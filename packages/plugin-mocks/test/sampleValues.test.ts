// Sampled values compared (sameSample) and printed (printValue, flatValue), and the guard that keeps patterns
// which backtrack exponentially from ever being run.
import type { StringSchema } from '@reslayer/core';
import { createSchema } from '@reslayer/core/host';
import { sampleValue } from '../src/values/sampleSchema.js';
import { BlobSample } from '../src/values/sampleString.js';
import { flatValue, printValue, sameSample } from '../src/values/printValue.js';
import { DateSample } from '../src/values/dateSamples.js';
import { backtracksExponentially } from '../src/values/backtracking.js';

describe('sameSample', () => {
  const withProto = (value: unknown) => Object.defineProperty({}, '__proto__', { value, enumerable: true });
  const pairs: Array<[string, unknown, unknown]> = [
    ['key order', { a: 1, b: [1, 'x'] }, { b: [1, 'x'], a: 1 }],
    ['an undefined property is no property', { a: 1, b: undefined }, { a: 1 }],
    ['a missing property', { a: 1, b: 2 }, { a: 1 }],
    ['a property undefined on one side only', { a: 1, b: 2 }, { a: 1, b: undefined }],
    ['nested difference', { a: { b: [1, 2, { c: 'x' }] } }, { a: { b: [1, 2, { c: 'y' }] } }],
    ['array lengths', [1, 2], [1, 2, 3]],
    ['array and object with index keys', [1], { 0: 1 }],
    ['empty array and empty object', [], {}],
    ['null and an empty object', null, {}],
    ['string and number', '1', 1],
    ['zero and minus zero', 0, -0],
    ['non-finite numbers print as 0', Number.NaN, 0],
    ['undefined and null items', [undefined], [null]],
    ['blobs', new BlobSample(), new BlobSample()],
    ['a blob and its printed text', new BlobSample(), 'new Blob([])'],
    ['dates with one text', new DateSample('2024-05-01'), new DateSample('2024-05-01')],
    ['dates with two texts', new DateSample('2024-05-01'), new DateSample('2024-05-02')],
    ['a date and its string', new DateSample('2024-05-01'), '2024-05-01'],
    ['own __proto__ keys', withProto('x'), withProto('x')],
    ['an own __proto__ key and none', withProto('x'), {}],
  ];
  it.each(pairs)('%s: answers as comparing the printed values', (_, a, b) => {
    const printed = flatValue(a) === flatValue(b);
    expect(sameSample(a, b)).toBe(printed);
    expect(sameSample(b, a)).toBe(printed);
  });

  it('finds both answers among the pairs (the comparison is not constant)', () => {
    const answers = new Set(pairs.map(([, a, b]) => sameSample(a, b)));
    expect(answers).toEqual(new Set([true, false]));
  });
});

describe('printValue', () => {
  const cases: Array<[string, { given: unknown; want: string }]> = [
    ['short object on one line, keys sorted', { given: { b: 1, a: 'x' }, want: "{ a: 'x', b: 1 }" }],
    ['quoted keys and escaped strings', { given: { 'a-b': "it's" }, want: "{ 'a-b': 'it\\'s' }" }],
    ['empty containers', { given: { a: [], b: {} }, want: '{ a: [], b: {} }' }],
    ['long object on several lines', { given: { text: 'x'.repeat(90), n: 1 }, want: `{\n  n: 1,\n  text: '${'x'.repeat(90)}',\n}` }],
    ['a long string stays a string', { given: ['y'.repeat(120)], want: `[\n  '${'y'.repeat(120)}',\n]` }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(printValue(given)).toBe(want);
  });

  it('flatValue stops at the limit', () => {
    expect(flatValue({ a: 'x'.repeat(50) }, 20)).toBeUndefined();
    expect(flatValue([1, 2], 20)).toBe('[1, 2]');
  });
});

describe('patterns that backtrack exponentially are never run', () => {
  it.each([
    ['^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$', true],
    ['^(a+)+$', true],
    ['^IM(SV|CL)(-[\\dA-Za-z]{4}){8}$', false],
    ['^[a-z]{3}-\\d{2}$', false],
    // Each pass needs a separator the letters cannot match: one way to split a string, linear.
    ["^[A-Za-z]+(?:[\\s'-][A-Za-z]+)*$", false],
    // The separator overlaps the repeated letters, or is optional: ambiguous splits.
    ['^(\\w\\w+)*$', true],
    ['^(?:-?[a-z]+)*$', true],
  ])('%s → %s', (pattern, dangerous) => {
    expect(backtracksExponentially(pattern)).toBe(dangerous);
  });

  it('a string under such a pattern is sampled without running it (running it would hang the test)', () => {
    const schema = createSchema<StringSchema>({ kind: 'string', pattern: '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$' });
    const value = sampleValue(schema, { schemas: new Map(), name: 'website' });
    expect(typeof value).toBe('string');
  });
});
