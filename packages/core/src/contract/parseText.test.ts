import { decodeContract, lineColumn, parseContractText, parseDocumentText, valueKeyCount } from './parseText.js';
import { MAX_DEPTH } from './documentLimits.js';
import { thrown } from '../../test/thrown.js';

/** Parses with the plain key count as the walk (the loader passes the document limits' walk). */
const parse = (text: string, file: string) => {
  const { value, json } = parseContractText(text, file, (v) => ({ keys: valueKeyCount(v) }));
  return { value, json };
};


describe('decodeContract', () => {
  it('drops a UTF-8 byte-order mark and keeps the rest as written', () => {
    expect(decodeContract(Buffer.from('\uFEFFa: é\n'), 'x.yaml')).toBe('a: é\n');
    expect(decodeContract(Buffer.from('a: \uFEFF\n'), 'x.yaml')).toBe('a: \uFEFF\n');
  });

  const binary: Array<[string, Buffer, string | undefined, RegExp]> = [
    ['a NUL byte, at its line and column', Buffer.from('a: 1\nbb: \u0000x'), '2:5', /NUL byte/],
    ['bytes that are not UTF-8, after a real U+FFFD', Buffer.concat([Buffer.from('a: \uFFFD\nb: '), Buffer.from([0xc3, 0x28])]), '2:4', /not UTF-8/],
    ['a UTF-16 byte-order mark', Buffer.from('\uFEFF{}', 'utf16le'), undefined, /UTF-16/],
  ];
  it.each(binary)('names %s as binary, without the bytes', (_name, bytes, location, says) => {
    const error = thrown(() => decodeContract(bytes, 'in.json'));
    expect(error.code).toBe('RSL_INPUT_BINARY');
    expect(error.location).toBe(location);
    expect(error.message).toMatch(says);
    expect(error.message.startsWith(`in.json${location ? `:${location}` : ''}: `)).toBe(true);
    expect(error.message).not.toMatch(/[\u0000\uFFFD]/);
  });
});

describe('parseContractText', () => {
  it('reads JSON with JSON.parse and YAML with js-yaml, a leading BOM dropped', () => {
    expect(parse('\uFEFF{"a": [1]}', 'x.json')).toEqual({ value: { a: [1] }, json: true });
    expect(parse('\uFEFFa: [1]\n', 'x.yaml')).toEqual({ value: { a: [1] }, json: false });
    expect(parse('{a: 1}', 'x.yaml')).toEqual({ value: { a: 1 }, json: false });
  });

  const duplicates: Array<[string, string, string, string, RegExp]> = [
    ['a JSON key', '{\n  "a": 1,\n  "b": {"c": 1},\n  "a": 2\n}', 'x.json', '4:3', /key "a" is already set in this object at 2:3/],
    ['a JSON key written with an escape', '{"title": "t", "\\u0074itle": "u"}', 'x.json', '1:16', /key "title"/],
    ['a JSON __proto__ key', '{"__proto__": {}, "__proto__": 1}', 'x.json', '1:19', /key "__proto__"/],
    ['a YAML block key', 'paths:\n  /a: {}\n  /b: {}\n  /a: {}\n', 'x.yaml', '4:3', /key "\/a" is already set in this mapping/],
    ['a YAML flow key', 'a: { type: string, type: integer }\n', 'x.yaml', '1:20', /key "type"/],
  ];
  it.each(duplicates)('refuses %s set twice, at the second one', (_name, text, file, location, says) => {
    const error = thrown(() => parse(text, file));
    expect(error.code).toBe('RSL_INPUT_DUPLICATE_KEY');
    expect(error.location).toBe(location);
    expect(error.message).toMatch(says);
    expect(error.message.startsWith(`${file}:${location}: `)).toBe(true);
  });

  it('is not misled by colons, quotes and backslashes inside strings', () => {
    const text = '{"a:b": "c:\\"d:", "e": "\\\\", "f": {"g": ":"}, "h": ["i:", {"j": 1}]}';
    expect(parse(text, 'x.json').value).toEqual({ 'a:b': 'c:"d:', e: '\\', f: { g: ':' }, h: ['i:', { j: 1 }] });
    expect(() => parse(text.replace('"j"', '"j": 0, "j"'), 'x.json')).toThrow(expect.objectContaining({ code: 'RSL_INPUT_DUPLICATE_KEY' }) as unknown as Error);
  });

  it('sees a duplicate whose colon count another string makes up for, and keeps __proto__ as a plain key', () => {
    expect(() => parse('{"a": "x", "a": "y", "b": "\\u003a"}', 'x.json')).toThrow(expect.objectContaining({ code: 'RSL_INPUT_DUPLICATE_KEY' }) as unknown as Error);
    expect(parse('{"__proto__": {"x": 1}, "y": 2}', 'x.json').value).toEqual(JSON.parse('{"__proto__": {"x": 1}, "y": 2}'));
    expect(() => parse('{"__proto__": 1, "__proto__": 2}', 'x.json')).toThrow(expect.objectContaining({ code: 'RSL_INPUT_DUPLICATE_KEY' }) as unknown as Error);
  });

  it('counts keys at any depth without recursion', () => {
    const deep = `${'{"a": '.repeat(20_000)}1${'}'.repeat(20_000)}`;
    expect(() => parse(deep.replace('{"a": 1}', '{"a": 0, "a": 1}'), 'x.json')).toThrow(expect.objectContaining({ code: 'RSL_INPUT_DUPLICATE_KEY' }) as unknown as Error);
  });

  it('allows the same key in different objects and in arrays of objects', () => {
    expect(parse('{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]}', 'x.json').value).toEqual({ a: { x: 1 }, b: { x: 2 }, c: [{ x: 1 }, { x: 2 }] });
  });

  it('reads YAML nested up to the limit in flow style, and refuses deeper with line and column', () => {
    const nested = (n: number) => `${'{a: '.repeat(n)}1${'}'.repeat(n)}`;
    expect(() => parse(nested(MAX_DEPTH - 1), 'x.yaml')).not.toThrow();
    const error = thrown(() => parse(nested(MAX_DEPTH + 10), 'x.yaml'));
    expect(error.code).toBe('RSL_INPUT_TOO_DEEP');
    expect(error.location).toMatch(/^1:\d+$/);
  });

  it('reads 20,000 merged keys (1,430 operations sharing six responses reach 10,000) and refuses a merge-key bomb as RSL_INPUT_TOO_LARGE', () => {
    const shared = `std: &std { ${Array.from({ length: 6 }, (_, i) => `'${400 + i}': { description: e${i} }`).join(', ')} }`;
    const ops = Array.from({ length: 3_500 }, (_, i) => `op${i}: { <<: *std, '200': { description: ok } }`);
    const value = parse([shared, ...ops].join('\n'), 'x.yaml').value as Record<string, Record<string, unknown>>;
    expect(Object.keys(value['op3499'] ?? {}).sort()).toEqual(['200', '400', '401', '402', '403', '404', '405']);
    const big = `big: &big { ${Array.from({ length: 2_000 }, (_, i) => `k${i}: 1`).join(', ')} }`;
    const bomb = [big, ...Array.from({ length: 600 }, (_, i) => `m${i}: { <<: *big }`)].join('\n');
    expect(bomb.length).toBeLessThan(40_000);
    const error = thrown(() => parse(bomb, 'x.yaml'));
    expect(error.code).toBe('RSL_INPUT_TOO_LARGE');
    expect(error.message).toMatch(/merge keys/);
  });

  it('gives a syntax error a hint about the line and column only when the message names them', () => {
    const located = thrown(() => parse('{\n  "a": 1,\n}', 'x.json'));
    expect([located.code, located.location, located.hint]).toEqual(['RSL_INPUT_SYNTAX', '3:1', 'Fix the syntax error at the given line and column.']);
    const unlocated = thrown(() => parse('', 'x.json'));
    expect(unlocated.location).toBeUndefined();
    expect(unlocated.hint).not.toMatch(/line and column/);
  });

  it('gives a line and column to JSON errors V8 names no position for (an invalid first character, a short text)', () => {
    expect(thrown(() => parse('x{}', 'x.json')).location).toBe('1:1');
    expect(thrown(() => parse('\n\n   @', 'x.json')).location).toBe('3:4');
    expect(thrown(() => parse('[1, 2, x]', 'x.json')).location).toBe('1:8');
  });

  it('parseDocumentText returns the value', () => {
    expect(parseDocumentText('a: 1', 'x.yaml')).toEqual({ a: 1 });
  });
});

describe('lineColumn', () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumn('ab\ncd', 0)).toBe('1:1');
    expect(lineColumn('ab\ncd', 4)).toBe('2:2');
  });
});
