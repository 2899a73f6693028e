import { commentLines, propertyKey, stringLiteral, valueLiteral, valueLiteralWithin } from './literals.js';

/** Evaluates a JavaScript expression the way generated code would see it. */
const evaluate = (expression: string): unknown => new Function(`return ${expression}`)() as unknown;

describe('stringLiteral', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['plain text', { given: 'hello', want: "'hello'" }],
    ['empty', { given: '', want: "''" }],
    ['single quote', { given: "it's", want: "'it\\'s'" }],
    ['double quote and backtick stay', { given: '"a" `b`', want: "'\"a\" `b`'" }],
    ['backslash', { given: 'a\\b', want: "'a\\\\b'" }],
    ['newline', { given: 'line1\nline2', want: "'line1\\nline2'" }],
    ['carriage return and tab', { given: 'a\r\tb', want: "'a\\r\\tb'" }],
    ['template placeholder is inert in single quotes', { given: 'x${y}', want: "'x${y}'" }],
    ['comment terminator', { given: 'a */ b', want: "'a */ b'" }],
    ['NUL', { given: '\0', want: "'\\u0000'" }],
    ['DEL', { given: '\x7f', want: "'\\u007f'" }],
    ['line separator U+2028', { given: '\u2028', want: "'\\u2028'" }],
    ['non-ASCII letter', { given: 'café', want: "'caf\\u00e9'" }],
    ['emoji as a surrogate pair', { given: '😀', want: "'\\ud83d\\ude00'" }],
    ['lone surrogate', { given: '\ud800', want: "'\\ud800'" }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(stringLiteral(given)).toBe(want);
  });

  it.each(cases)('eval of the literal for "%s" gives back the original string', (_name, { given }) => {
    expect(evaluate(stringLiteral(given))).toBe(given);
  });

  it('every ASCII character, alone and inside plain text, gives back itself in a printable ASCII literal', () => {
    for (let code = 0; code < 128; code++) {
      const text = `ab${String.fromCharCode(code)}cd`;
      expect(stringLiteral(text)).toMatch(/^'[\x20-\x7e]*'$/);
      expect(evaluate(stringLiteral(text))).toBe(text);
      expect(evaluate(stringLiteral(String.fromCharCode(code)))).toBe(String.fromCharCode(code));
    }
  });

  it('output is pure printable ASCII', () => {
    const nasty = "'\\\n\r\t\0\x7f\u2028\u2029é😀${}*/";
    expect(stringLiteral(nasty)).toMatch(/^[\x20-\x7e]*$/);
    expect(evaluate(stringLiteral(nasty))).toBe(nasty);
  });
});

describe('propertyKey', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['identifier stays bare', { given: 'firstName', want: 'firstName' }],
    ['dollar and underscore', { given: '$ok_1', want: '$ok_1' }],
    ['dash is quoted', { given: 'a-b', want: "'a-b'" }],
    ['leading digit is quoted', { given: '1a', want: "'1a'" }],
    ['quote is escaped', { given: "it's", want: "'it\\'s'" }],
    ['empty is quoted', { given: '', want: "''" }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(propertyKey(given)).toBe(want);
  });
});

describe('commentLines', () => {
  const cases: Array<[string, { given: string; want: string[] }]> = [
    ['one line', { given: 'A contact.', want: ['A contact.'] }],
    ['comment terminator is broken', { given: 'a */ b', want: ['a *\\/ b'] }],
    ['repeated terminators', { given: '*/*/', want: ['*\\/*\\/'] }],
    ['CRLF and CR become separate lines', { given: 'a\r\nb\rc', want: ['a', 'b', 'c'] }],
    ['U+2028 and U+2029 split lines', { given: 'a\u2028b\u2029c', want: ['a', 'b', 'c'] }],
    ['control characters become spaces', { given: 'a\u0001b\u0000c', want: ['a b c'] }],
    ['trailing spaces are trimmed', { given: 'a  \nb\t', want: ['a', 'b'] }],
    ['one line keeps its tabs, trailing spaces are trimmed', { given: 'a\tb  ', want: ['a\tb'] }],
    ['bidirectional controls become spaces', { given: 'a\u202eb\u2066c', want: ['a b c'] }],
    ['DEL becomes a space', { given: 'a\u007fb', want: ['a b'] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(commentLines(given)).toEqual(want);
  });

  it('clips long text with an ellipsis', () => {
    expect(commentLines('x'.repeat(10), 5)).toEqual(['xxxxx…']);
  });

  it.each(['*/', '**/', 'a*/b', '*\n/', 'x * / */ y', '/*/', '*'.repeat(5) + '/'.repeat(5)])('never contains */ for %j', (given) => {
    for (const line of commentLines(given)) expect(line).not.toContain('*/');
    // A comment built from the lines parses as one comment followed by an expression.
    const block = `(/**\n${commentLines(given).map((l) => ` * ${l}`).join('\n')}\n */ 42)`;
    expect(evaluate(block)).toBe(42);
  });
});

describe('valueLiteral', () => {
  const cases: Array<[string, { given: unknown; want: string }]> = [
    ['null', { given: null, want: 'null' }],
    ['undefined', { given: undefined, want: 'undefined' }],
    ['string', { given: "it's", want: "'it\\'s'" }],
    ['integer', { given: 42, want: '42' }],
    ['negative float', { given: -1.5, want: '-1.5' }],
    ['NaN becomes 0', { given: Number.NaN, want: '0' }],
    ['Infinity becomes 0', { given: Number.POSITIVE_INFINITY, want: '0' }],
    ['boolean', { given: false, want: 'false' }],
    ['array', { given: [1, 'a', null, true], want: "[1, 'a', null, true]" }],
    ['empty object', { given: {}, want: '{}' }],
    ['object keys sorted, quoted when needed, undefined dropped', { given: { b: 1, 'my-key': 'x', a: [], c: undefined }, want: "{ a: [], b: 1, 'my-key': 'x' }" }],
    ['nested object with escaped string', { given: { z: { y: 'é' } }, want: "{ z: { y: '\\u00e9' } }" }],
    ['symbol is not JSON', { given: Symbol('s'), want: 'undefined' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(valueLiteral(given)).toBe(want);
  });

  it('keeps key order when asked', () => {
    expect(valueLiteral({ b: 1, a: 2 }, true)).toBe('{ b: 1, a: 2 }');
  });

  it('evaluates back to an equal value', () => {
    const value = { name: "O'Brien \n ${x} */", tags: ['a', 'ü', '😀'], nested: { 'x-y': null, n: 3 } };
    expect(evaluate(`(${valueLiteral(value)})`)).toEqual(value);
  });

  it.each(cases)('valueLiteralWithin gives %s when it fits, and nothing one character short', (_name, { given, want }) => {
    expect(valueLiteralWithin(given, want.length)).toBe(want);
    expect(valueLiteralWithin(given, want.length - 1)).toBeUndefined();
  });

  it('valueLiteralWithin stops inside a container, keeping the key order when asked', () => {
    expect(valueLiteralWithin({ b: 'xx', a: [1, 2] }, 22, true)).toBe("{ b: 'xx', a: [1, 2] }");
    expect(valueLiteralWithin({ b: 'xx', a: [1, 2] }, 21, true)).toBeUndefined();
    expect(valueLiteralWithin({ a: 'y'.repeat(50), b: 1 }, 20)).toBeUndefined();
  });

  it('writes a __proto__ key as a computed key, so the value keeps it as an own property', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const text = valueLiteral(value);
    expect(text).toBe("{ ['__proto__']: { polluted: true }, a: 1 }");
    const back = evaluate(`(${text})`) as Record<string, unknown>;
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });
});
