import { configureClient, resetClientConfig } from './config.js';
import {
  buildUrl,
  serializeCookies,
  serializeHeaderValue,
  serializePath,
  serializePathParam,
  serializeQuery,
  serializeQueryParam,
  splitPathTemplate,
} from './serialize.js';

// The values of the OpenAPI 3.1 "Style Examples" table (https://spec.openapis.org/oas/v3.1.0#style-examples).
const empty = '';
const string = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

afterEach(() => resetClientConfig());

describe('path styles (OpenAPI 3.1 style examples table)', () => {
  const rows: [style: string, explode: boolean, value: unknown, expected: string][] = [
    ['matrix', false, empty, ';color'],
    ['matrix', false, string, ';color=blue'],
    ['matrix', false, array, ';color=blue,black,brown'],
    ['matrix', false, object, ';color=R,100,G,200,B,150'],
    ['matrix', true, empty, ';color'],
    ['matrix', true, string, ';color=blue'],
    ['matrix', true, array, ';color=blue;color=black;color=brown'],
    ['matrix', true, object, ';R=100;G=200;B=150'],
    ['label', false, empty, '.'],
    ['label', false, string, '.blue'],
    ['label', false, array, '.blue,black,brown'],
    ['label', false, object, '.R,100,G,200,B,150'],
    ['label', true, empty, '.'],
    ['label', true, string, '.blue'],
    ['label', true, array, '.blue.black.brown'],
    ['label', true, object, '.R=100.G=200.B=150'],
    ['simple', false, string, 'blue'],
    ['simple', false, array, 'blue,black,brown'],
    ['simple', false, object, 'R,100,G,200,B,150'],
    ['simple', true, string, 'blue'],
    ['simple', true, array, 'blue,black,brown'],
    ['simple', true, object, 'R=100,G=200,B=150'],
  ];

  it.each(rows)('%s explode=%s %j → %s', (style, explode, value, expected) => {
    expect(serializePathParam('color', value, { style, explode })).toBe(expected);
  });

  it.each(rows.filter(([, , value]) => value !== empty))(
    'buildUrl substitutes %s explode=%s %j into the template',
    (style, explode, value, expected) => {
      const url = buildUrl(
        { path: '/paint/{color}/mix', pathParams: { color: value }, pathStyles: { color: { style, explode } } },
        { baseUrl: '' },
      );
      expect(url).toBe(`/paint/${expected}/mix`);
    },
  );

  it('defaults to simple without explode', () => {
    expect(buildUrl({ path: '/c/{color}', pathParams: { color: object } }, { baseUrl: '' })).toBe('/c/R,100,G,200,B,150');
  });

  it('rejects a style that is not a path style', () => {
    expect(() => serializePathParam('color', string, { style: 'form', explode: true })).toThrow(TypeError);
  });
});

describe('query styles (OpenAPI 3.1 style examples table)', () => {
  const rows: [style: string, explode: boolean, value: unknown, expected: string][] = [
    ['form', false, empty, 'color='],
    ['form', false, string, 'color=blue'],
    ['form', false, array, 'color=blue,black,brown'],
    ['form', false, object, 'color=R,100,G,200,B,150'],
    ['form', true, empty, 'color='],
    ['form', true, string, 'color=blue'],
    ['form', true, array, 'color=blue&color=black&color=brown'],
    ['form', true, object, 'R=100&G=200&B=150'],
    ['spaceDelimited', false, array, 'color=blue%20black%20brown'],
    ['spaceDelimited', false, object, 'color=R%20100%20G%20200%20B%20150'],
    ['pipeDelimited', false, array, 'color=blue|black|brown'],
    ['pipeDelimited', false, object, 'color=R|100|G|200|B|150'],
    ['deepObject', true, object, 'color[R]=100&color[G]=200&color[B]=150'],
    // Cells marked n/a in the table fall back to form (explode true).
    ['spaceDelimited', true, array, 'color=blue&color=black&color=brown'],
    ['pipeDelimited', true, array, 'color=blue&color=black&color=brown'],
    ['pipeDelimited', false, string, 'color=blue'],
    ['deepObject', true, string, 'color=blue'],
  ];

  it.each(rows)('%s explode=%s %j → %s', (style, explode, value, expected) => {
    expect(serializeQuery({ color: value }, { color: { style, explode } })).toBe(expected);
    expect(buildUrl({ path: '/p', query: { color: value }, queryStyles: { color: { style, explode } } }, { baseUrl: '' })).toBe(
      `/p?${expected}`,
    );
  });

  it('defaults to form with explode', () => {
    expect(serializeQuery({ color: array, page: 2 })).toBe('color=blue&color=black&color=brown&page=2');
  });

  it('skips undefined values and array items, sends null as an empty value', () => {
    expect(serializeQuery({ a: undefined, b: 1, c: null, d: [1, undefined, 2], e: { x: undefined, y: 1 } })).toBe(
      'b=1&c=&d=1&d=2&y=1',
    );
  });

  it('sends nothing for an empty exploded array and an empty value when not exploded', () => {
    expect(serializeQuery({ a: [] })).toBe('');
    expect(serializeQuery({ a: [] }, { a: { style: 'form', explode: false } })).toBe('a=');
  });

  it('nests deepObject objects and repeats arrays', () => {
    const filter = { name: { eq: 'x y' }, tags: ['a', 'b'], skip: undefined };
    expect(serializeQuery({ filter }, { filter: { style: 'deepObject', explode: true } })).toBe(
      'filter[name][eq]=x%20y&filter[tags]=a&filter[tags]=b',
    );
  });

  it('percent-encodes keys and values so that URLSearchParams decodes them back', () => {
    const values = ['a&b=c', 'x y+z', 'ü€', '#?/%', 'comma,inside'];
    const query = serializeQuery({ 'k y&': values });
    expect(query).toBe(
      'k%20y%26=a%26b%3Dc&k%20y%26=x%20y%2Bz&k%20y%26=%C3%BC%E2%82%AC&k%20y%26=%23%3F%2F%25&k%20y%26=comma%2Cinside',
    );
    expect(new URLSearchParams(query).getAll('k y&')).toEqual(values);
  });

  it('keeps a delimiter inside a non-exploded item distinguishable from the delimiter', () => {
    expect(serializeQuery({ a: ['1,2', '3|4'] }, { a: { style: 'form', explode: false } })).toBe('a=1%2C2,3%7C4');
    expect(serializeQuery({ a: ['1|2', '3'] }, { a: { style: 'pipeDelimited', explode: false } })).toBe('a=1%7C2|3');
  });

  it('serializes scalars: numbers, booleans, bigint', () => {
    expect(serializeQuery({ n: 1.5, t: true, f: false, z: 0, b: 10n })).toBe('n=1.5&t=true&f=false&z=0&b=10');
  });

  it('rejects a style that is not a query style', () => {
    expect(() => serializeQueryParam('color', string, { style: 'matrix', explode: false })).toThrow(TypeError);
  });
});

describe('dates', () => {
  const date = new Date('2024-03-01T12:30:00.000Z');

  it('serializes with toISOString in query, path, headers and cookies', () => {
    expect(serializeQuery({ since: date })).toBe('since=2024-03-01T12%3A30%3A00.000Z');
    expect(serializeQuery({ d: [date, date] }, { d: { style: 'form', explode: false } })).toBe(
      'd=2024-03-01T12%3A30%3A00.000Z,2024-03-01T12%3A30%3A00.000Z',
    );
    expect(serializeQuery({ r: { from: date } }, { r: { style: 'deepObject', explode: true } })).toBe(
      'r[from]=2024-03-01T12%3A30%3A00.000Z',
    );
    expect(serializePath('/day/{d}', { d: date })).toBe('/day/2024-03-01T12%3A30%3A00.000Z');
    expect(serializeHeaderValue(date)).toBe('2024-03-01T12:30:00.000Z');
    expect(serializeCookies({ d: date })).toBe('d=2024-03-01T12%3A30%3A00.000Z');
  });
});

describe('path values cannot change the path', () => {
  const base = 'https://api.example.test/prefix';

  it.each([
    ['../x?y#z', '..%2Fx%3Fy%23z'],
    ['a/b', 'a%2Fb'],
    ['?q=1', '%3Fq%3D1'],
    ['#frag', '%23frag'],
    ['%2e%2e', '%252e%252e'],
    ['...', '...'],
    ['with space', 'with%20space'],
  ])('%j stays inside its segment', (value, encoded) => {
    const url = buildUrl({ path: '/files/{name}/meta', pathParams: { name: value } }, { baseUrl: base });
    expect(url).toBe(`${base}/files/${encoded}/meta`);
    const parsed = new URL(url);
    expect(parsed.pathname).toBe(`/prefix/files/${encoded}/meta`);
    expect(parsed.search).toBe('');
    expect(parsed.hash).toBe('');
    expect(decodeURIComponent(parsed.pathname.split('/')[3] ?? '')).toBe(value);
  });

  it.each([
    ['..', 'simple'],
    ['.', 'simple'],
    ['.', 'label'],
    ['', 'label'],
  ])('rejects %j with style %s, which would be a dot segment', (value, style) => {
    expect(() =>
      buildUrl({ path: '/files/{name}', pathParams: { name: value }, pathStyles: { name: { style, explode: false } } }),
    ).toThrow(/dot segment/);
  });

  it('allows dots that are part of a larger segment', () => {
    expect(serializePath('/files/{name}.json', { name: '..' })).toBe('/files/...json');
    expect(serializePath('/v{major}.{minor}', { major: 1, minor: 0 })).toBe('/v1.0');
  });

  it('throws for a missing or null path value', () => {
    expect(() => serializePath('/contacts/{contactId}', {})).toThrow(/contactId/);
    expect(() => serializePath('/contacts/{contactId}', { contactId: null })).toThrow(TypeError);
  });

  it('substitutes several parameters and leaves literal parts alone', () => {
    expect(serializePath('/api/v1/contacts/{contactId}/notes/{noteId}', { contactId: 'c 1', noteId: 7 })).toBe(
      '/api/v1/contacts/c%201/notes/7',
    );
  });
});

describe('base URL', () => {
  const spec = { path: '/api/v1/contacts/{id}', pathParams: { id: 42 }, query: { page: 2 } };

  it.each([
    ['', '/api/v1/contacts/42?page=2'],
    ['https://api.example.test', 'https://api.example.test/api/v1/contacts/42?page=2'],
    ['https://api.example.test/', 'https://api.example.test/api/v1/contacts/42?page=2'],
    ['https://api.example.test/prefix', 'https://api.example.test/prefix/api/v1/contacts/42?page=2'],
    ['https://api.example.test/prefix/', 'https://api.example.test/prefix/api/v1/contacts/42?page=2'],
    ['https://api.example.test/a/b//', 'https://api.example.test/a/b/api/v1/contacts/42?page=2'],
    ['/relative', '/relative/api/v1/contacts/42?page=2'],
  ])('joins %j', (baseUrl, expected) => {
    expect(buildUrl(spec, { baseUrl })).toBe(expected);
  });

  it('uses the configured base URL by default', () => {
    configureClient({ baseUrl: 'https://api.example.test/prefix/' });
    expect(buildUrl(spec)).toBe('https://api.example.test/prefix/api/v1/contacts/42?page=2');
  });

  it('adds no "?" without query values', () => {
    expect(buildUrl({ path: '/x', query: { a: undefined } }, { baseUrl: 'https://h' })).toBe('https://h/x');
  });

  it('adds the leading slash to a path without one', () => {
    expect(buildUrl({ path: 'x' }, { baseUrl: 'https://h/p' })).toBe('https://h/p/x');
  });
});

describe('path keys with a literal query or a fragment', () => {
  it.each([
    ['/x', { path: '/x', query: '' }],
    ['/responses/{id}?beta=true', { path: '/responses/{id}', query: 'beta=true' }],
    ['/folders/{id}#add_shared_link', { path: '/folders/{id}', query: '' }],
    ['/a?b=1&c=2#frag', { path: '/a', query: 'b=1&c=2' }],
    ['/a?#frag', { path: '/a', query: '' }],
    ['/a#frag?x=1', { path: '/a', query: '' }],
  ])('splitPathTemplate(%j)', (template, expected) => {
    expect(splitPathTemplate(template)).toEqual(expected);
  });

  it.each([
    ['/responses/{id}?beta=true', { include: ['a', 'b'] }, 'https://h/responses/r?beta=true&include=a&include=b'],
    ['/responses/{id}?beta=true', {}, 'https://h/responses/r?beta=true'],
    ['/folders/{id}#add_shared_link', { fields: 'x' }, 'https://h/folders/r?fields=x'],
    ['/folders/{id}#add_shared_link', {}, 'https://h/folders/r'],
    ['/files/{id}?kind=a#get', { fields: 'x' }, 'https://h/files/r?kind=a&fields=x'],
  ])('buildUrl(%j, %j) sends %s', (path, query, expected) => {
    expect(buildUrl({ path, pathParams: { id: 'r' }, query }, { baseUrl: 'https://h/' })).toBe(expected);
  });

  it('serializePath drops the fragment and keeps the literal query', () => {
    expect(serializePath('/f/{id}?beta=true#x', { id: 'a b' })).toBe('/f/a%20b?beta=true');
  });
});

describe('header and cookie parameters', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['blue', 'blue'],
    [5, '5'],
    [false, 'false'],
    [array, 'blue,black,brown'],
    [object, 'R,100,G,200,B,150'],
    [[], ''],
  ])('header %j → %j', (value, expected) => {
    expect(serializeHeaderValue(value)).toBe(expected);
  });

  it('joins cookie parameters with "; " in form style and encodes values', () => {
    expect(serializeCookies({ color: array, session: 'a b;c', skip: undefined, none: null, obj: object })).toBe(
      'color=blue,black,brown; session=a%20b%3Bc; obj=R,100,G,200,B,150',
    );
    expect(serializeCookies({})).toBeUndefined();
    expect(serializeCookies({ a: undefined })).toBeUndefined();
  });
});
