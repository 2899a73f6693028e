// A call's `query` option (the next page of a list that only a `Link` header pages) replaces the operation's
// parameters of the same names and keeps the others as they were encoded.
import { prepareRequest, withQuery } from './prepare.js';

describe('withQuery', () => {
  it.each<[string, string, string | undefined, string]>([
    ['no extra query: the operation\'s', 'q=a%20b&limit=5', undefined, 'q=a%20b&limit=5'],
    ['an empty extra query: the operation\'s', 'q=x', '', 'q=x'],
    ['a new name is added', 'q=x', 'page=2', 'q=x&page=2'],
    ['a name given again is replaced, its repeats too', 'page=1&tag=a&tag=b&q=x', 'page=2&tag=c', 'q=x&page=2&tag=c'],
    ['names compare decoded', 'sort%5B%5D=name', 'sort[]=id', 'sort[]=id'],
    ['no operation query', '', 'page=3', 'page=3'],
  ])('%s', (_why, own, extra, expected) => {
    expect(withQuery(own, extra)).toBe(expected);
  });

  it('reaches the request URL through the options', async () => {
    const config = { baseUrl: 'https://api.test' };
    const prepared = await prepareRequest(config, { method: 'GET', path: '/things', query: { q: 'x', page: 1 }, responseType: 'json' }, { query: 'page=2&per_page=20' });
    expect(prepared.url).toBe('https://api.test/things?q=x&page=2&per_page=20');
  });
});
