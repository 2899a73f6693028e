import { parseViolations } from './helpers/exchange.js';
import { splitKey } from './helpers/prismContract.js';

// Keep `parseViolations` part of the helper's tested surface: Prism's header is a JSON array.
describe('prism helpers', () => {
  it('parses an sl-violations header', () => {
    expect(parseViolations('[{"location":["request","query","page"],"severity":"Error","message":"m"}]')).toEqual([
      { location: ['request', 'query', 'page'], severity: 'Error', message: 'm' },
    ]);
    expect(parseViolations(null)).toEqual([]);
  });

  it('splits a path key with a literal query or a fragment into its path and the literal query', () => {
    expect(splitKey('/responses/{response_id}?beta=true')).toEqual({ key: '/responses/{response_id}?beta=true', path: '/responses/{response_id}', query: [{ name: 'beta', value: 'true' }] });
    expect(splitKey('/folders/{folder_id}#add_shared_link')).toEqual({ key: '/folders/{folder_id}#add_shared_link', path: '/folders/{folder_id}', query: [] });
    expect(splitKey('/a?x=1&y=2#frag').query).toEqual([{ name: 'x', value: '1' }, { name: 'y', value: '2' }]);
  });
});
