import { ApiError } from './ApiError.js';
import { configureClient, resetClientConfig } from './config.js';
import { decodeDates, encodeDates, encodeRequestDates, type DateShape } from './dates.js';
import { request } from './request.js';

afterEach(() => resetClientConfig());

// A recursive named shape, as generated: `Node = { at: date-time, children: Node[] }`.
const NodeDates: DateShape = { p: { at: 'date-time', children: { i: () => NodeDates } } };

describe('decodeDates', () => {
  it('decodes date and date-time strings through properties, arrays, records, allOf/oneOf and $refs', () => {
    const shape: DateShape = {
      p: {
        createdAt: 'date-time',
        birthday: 'date',
        history: { i: 'date-time' },
        byDay: { r: 'date' },
        tree: () => NodeDates,
        either: { a: ['date-time', { p: { at: 'date' } }] },
      },
    };
    const value = decodeDates(
      {
        createdAt: '2024-05-01T10:20:30.000Z',
        birthday: '1990-02-03',
        history: ['2024-01-01T00:00:00Z', '2024-01-02T00:00:00+02:00'],
        byDay: { mon: '2024-01-01' },
        tree: { at: '2024-03-01T00:00:00Z', children: [{ at: '2024-03-02T00:00:00Z', children: [] }] },
        either: { at: '2024-04-01' },
        other: '2024-05-01T10:20:30.000Z',
      },
      shape,
    ) as Record<string, unknown>;
    expect(value['createdAt']).toEqual(new Date('2024-05-01T10:20:30.000Z'));
    expect(value['birthday']).toEqual(new Date(Date.UTC(1990, 1, 3)));
    expect(value['history']).toEqual([new Date('2024-01-01T00:00:00Z'), new Date('2024-01-01T22:00:00Z')]);
    expect(value['byDay']).toEqual({ mon: new Date('2024-01-01') });
    const tree = value['tree'] as { at: unknown; children: Array<{ at: unknown }> };
    expect(tree.at).toBeInstanceOf(Date);
    expect(tree.children[0]?.at).toEqual(new Date('2024-03-02T00:00:00Z'));
    expect(value['either']).toEqual({ at: new Date('2024-04-01') });
    // Not named by the shape: left alone.
    expect(value['other']).toBe('2024-05-01T10:20:30.000Z');
  });

  it('leaves strings that are not in the named format, nulls and other values alone', () => {
    const shape: DateShape = { p: { a: 'date', b: 'date-time', c: 'date-time', d: 'date', e: 'date-time' } };
    const value = decodeDates({ a: '2024-01-01T00:00:00Z', b: 'soon', c: null, d: '2024-13-45', e: 5 }, shape);
    expect(value).toEqual({ a: '2024-01-01T00:00:00Z', b: 'soon', c: null, d: '2024-13-45', e: 5 });
  });

  it('decodes a top-level string and a top-level array, and does nothing without a shape', () => {
    expect(decodeDates('2024-01-01', 'date')).toEqual(new Date('2024-01-01'));
    expect(decodeDates(['2024-01-01'], { i: 'date' })).toEqual([new Date('2024-01-01')]);
    const body = { createdAt: '2024-01-01T00:00:00Z' };
    expect(decodeDates(body, undefined)).toBe(body);
    expect(body.createdAt).toBe('2024-01-01T00:00:00Z');
  });
});

describe('encodeDates', () => {
  it('writes date fields as YYYY-MM-DD (UTC) and every other Date as an ISO date-time, without changing the input', () => {
    const input = { birthday: new Date('1990-02-03'), createdAt: new Date('2024-05-01T10:20:30Z'), list: [{ on: new Date('2024-01-02') }], note: 'x' };
    const out = encodeDates(input, { p: { birthday: 'date', list: { i: { p: { on: 'date' } } } } });
    expect(out).toEqual({ birthday: '1990-02-03', createdAt: '2024-05-01T10:20:30.000Z', list: [{ on: '2024-01-02' }], note: 'x' });
    expect(input.birthday).toBeInstanceOf(Date);
  });

  it('keeps Blobs and throws a TypeError for an invalid Date', () => {
    const blob = new Blob(['x']);
    expect((encodeDates({ file: blob }, undefined) as { file: unknown }).file).toBe(blob);
    expect(() => encodeDates({ at: new Date('nonsense') }, undefined)).toThrow(TypeError);
  });

  it('encodes the body and the query, header and cookie parameters of a request with dates only', () => {
    const spec = { body: { on: new Date('2024-01-02') }, query: { since: new Date('2024-01-03'), at: new Date('2024-01-03T04:05:06Z') }, headers: { 'X-At': new Date('2024-01-03T04:05:06Z') } };
    expect(encodeRequestDates(spec)).toBe(spec);
    const encoded = encodeRequestDates({ ...spec, dates: { body: { p: { on: 'date' } }, query: { p: { since: 'date' } } } });
    expect(encoded.body).toEqual({ on: '2024-01-02' });
    expect(encoded.query).toEqual({ since: '2024-01-03', at: '2024-01-03T04:05:06.000Z' });
    expect(encoded.headers).toEqual({ 'X-At': '2024-01-03T04:05:06.000Z' });
  });
});

describe('request() with dates', () => {
  function fakeFetch(status: number, body: unknown): Array<{ url: string; body: unknown }> {
    const calls: Array<{ url: string; body: unknown }> = [];
    configureClient({
      baseUrl: 'https://api.example.test',
      fetch: async (input: string | URL | Request, init: RequestInit = {}) => {
        calls.push({ url: String(input), body: init.body });
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      },
    });
    return calls;
  }

  it('sends dates as strings and returns the success body with Dates', async () => {
    const calls = fakeFetch(200, { createdAt: '2024-05-01T10:20:30.000Z', day: '2024-05-01' });
    const result = await request<{ createdAt: Date; day: Date }>({
      method: 'POST',
      path: '/events',
      query: { since: new Date('2024-01-03') },
      body: { day: new Date('2024-05-01'), createdAt: new Date('2024-05-01T10:20:30Z') },
      bodyType: 'json',
      responseType: 'json',
      dates: { body: { p: { day: 'date' } }, query: { p: { since: 'date' } }, response: { p: { createdAt: 'date-time', day: 'date' } } },
    });
    expect(result.createdAt).toBeInstanceOf(Date);
    expect(result.createdAt.toISOString()).toBe('2024-05-01T10:20:30.000Z');
    expect(result.day).toEqual(new Date('2024-05-01'));
    expect(calls[0]?.url).toBe('https://api.example.test/events?since=2024-01-03');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ day: '2024-05-01', createdAt: '2024-05-01T10:20:30.000Z' });
  });

  it('decodes the JSON error body of an ApiError', async () => {
    fakeFetch(409, { at: '2024-05-01T10:20:30.000Z' });
    const error: unknown = await request({ method: 'GET', path: '/x', responseType: 'json', dates: { error: { p: { at: 'date-time' } } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ at: new Date('2024-05-01T10:20:30.000Z') });
  });

  it('changes nothing for an operation without dates', async () => {
    fakeFetch(200, { createdAt: '2024-05-01T10:20:30.000Z' });
    expect(await request({ method: 'GET', path: '/x', responseType: 'json' })).toEqual({ createdAt: '2024-05-01T10:20:30.000Z' });
  });
});
