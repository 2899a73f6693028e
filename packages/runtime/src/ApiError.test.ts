import { ApiError, isApiError, isJsonApiError } from './ApiError.js';

describe('ApiError', () => {
  const error = new ApiError({
    status: 404,
    statusText: 'Not Found',
    body: { title: 'missing' },
    method: 'GET',
    url: 'https://h/x',
    headers: new Headers({ 'x-request-id': 'r1' }),
  });

  it('carries the response details', () => {
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('GET https://h/x failed: 404 Not Found');
    expect(error.status).toBe(404);
    expect(error.statusText).toBe('Not Found');
    expect(error.body).toEqual({ title: 'missing' });
    expect(error.method).toBe('GET');
    expect(error.url).toBe('https://h/x');
    expect(error.headers.get('x-request-id')).toBe('r1');
  });

  it('says how the body was read; isJson() narrows the body to the JSON type', () => {
    expect([error.bodyKind, error.isJson()]).toEqual(['json', true]);
    const typed = error as ApiError<{ title: string }>;
    // Not narrowed: the body may be text or undefined.
    // @ts-expect-error `title` does not exist on `string`
    void typed.body.title;
    expect(typed.isJson() ? typed.body.title : undefined).toBe('missing');
    const html = new ApiError<{ title: string }>({ status: 502, body: '<html>', method: 'GET', url: '/x', headers: new Headers() });
    expect([html.bodyKind, html.isJson(), html.body]).toEqual(['text', false, '<html>']);
    const jsonString = new ApiError({ status: 409, body: 'taken', bodyKind: 'json', method: 'GET', url: '/x', headers: new Headers() });
    expect(jsonString.isJson()).toBe(true);
    expect(new ApiError({ status: 500, body: undefined, method: 'GET', url: '/x', headers: new Headers() }).bodyKind).toBe('empty');
    expect([isJsonApiError(error), isJsonApiError(html), isJsonApiError(new Error('x'))]).toEqual([true, false, false]);
  });

  it('omits an empty status text from the message', () => {
    const bare = new ApiError({ status: 500, body: undefined, method: 'POST', url: '/y', headers: new Headers() });
    expect(bare.message).toBe('POST /y failed: 500');
    expect(bare.statusText).toBe('');
  });

  it.each([
    ['an ApiError', error, true],
    ['a look-alike from another copy of the package', Object.assign(new Error('x'), { name: 'ApiError', status: 400 }), true],
    ['a plain Error', new Error('x'), false],
    ['an Error named ApiError without status', Object.assign(new Error('x'), { name: 'ApiError' }), false],
    ['a plain object', { name: 'ApiError', status: 400 }, false],
    ['undefined', undefined, false],
  ])('isApiError(%s) is %s', (_label, value, expected) => {
    expect(isApiError(value)).toBe(expected);
  });
});
