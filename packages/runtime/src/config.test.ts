import { configureClient, getClientConfig, resetClientConfig, type ClientConfig } from './config.js';

afterEach(() => resetClientConfig());

describe('client configuration', () => {
  it('defaults to an empty base URL and nothing else', () => {
    expect(getClientConfig()).toEqual({ baseUrl: '' });
  });

  it('merges successive calls shallowly', () => {
    configureClient({ baseUrl: 'https://a.test' });
    configureClient({ headers: { 'X-A': '1' }, credentials: 'include' });
    configureClient({ headers: { 'X-B': '2' } });
    expect(getClientConfig()).toEqual({ baseUrl: 'https://a.test', headers: { 'X-B': '2' }, credentials: 'include' });
  });

  it('removes a key set to undefined and resets baseUrl to its default', () => {
    configureClient({ baseUrl: 'https://a.test', auth: { type: 'bearer', token: 't' } });
    configureClient({ auth: undefined, baseUrl: undefined } as unknown as Partial<ClientConfig>);
    expect(getClientConfig()).toEqual({ baseUrl: '' });
  });

  it('returns a frozen snapshot', () => {
    configureClient({ baseUrl: 'https://a.test' });
    const snapshot = getClientConfig();
    configureClient({ baseUrl: 'https://b.test' });
    expect(snapshot.baseUrl).toBe('https://a.test');
    expect(Object.isFrozen(snapshot)).toBe(true);
  });

  it('resets to the defaults', () => {
    configureClient({ baseUrl: 'https://a.test', fetch: async () => new Response() });
    resetClientConfig();
    expect(getClientConfig()).toEqual({ baseUrl: '' });
  });
});
