// Where the list's pages carry no fact that ends it (no total, has-more flag, next link or next cursor), the
// infinite query options pass the page size the request asks for, so that the runtime ends the list on a short
// page; where they carry one, nothing more is passed (the demo's lists, with a total).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLayer } from './helpers.js';

const item = { type: 'object', properties: { id: { type: 'string' } } };
const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const query = (name: string, schema: object) => ({ name, in: 'query', schema });
const CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'pages', version: '1' },
  paths: {
    '/things': { get: { operationId: 'listThings', parameters: [query('page', { type: 'integer' }), query('count', { type: 'integer', default: 20 })], responses: ok({ type: 'array', items: item }) } },
    '/events': { get: { operationId: 'listEvents', parameters: [query('starting_after', { type: 'string' }), query('limit', { type: 'string' })], responses: ok({ type: 'object', properties: { data: { type: 'array', items: item } } }) } },
    '/organizations': {
      get: {
        operationId: 'listOrganizations',
        parameters: [query('since', { type: 'integer' }), query('per_page', { type: 'integer' })],
        responses: { '200': { description: 'ok', headers: { Link: { schema: { type: 'string' } } }, content: { 'application/json': { schema: { type: 'array', items: item } } } } },
      },
    },
    '/reports': { get: { operationId: 'listReports', parameters: [query('page', { type: 'integer' }), query('size', { type: 'integer' })], responses: ok({ type: 'object', properties: { items: { type: 'array', items: item }, total: { type: 'integer' } } }) } },
  },
};

describe('infinite query options end on a short page where nothing else ends the list', () => {
  it.each<[string, string, string]>([
    ['a page list with a default size', 'useThingsQuery.ts', "getNextPageParam: nextPageParam<ListThingsResponse>({ mode: 'page', pageParam: 'page' }, params?.['count'] ?? 20),"],
    ['an item cursor with a limit and no default', 'useEventsQuery.ts', "params?.['limit']),"],
    ['a numeric since read from the Link header is sent as a number', 'useOrganizationsQuery.ts', "since: Number(pageParam)"],
    ['a list with a total passes no size', 'useReportsQuery.ts', "getNextPageParam: nextPageParam<ListReportsResponse>({ mode: 'page', pageParam: 'page', itemsProperty: 'items', totalProperty: 'total' }),"],
  ])('%s', async (_why, file, line) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-pages-'));
    const input = path.join(dir, 'openapi.json');
    writeFileSync(input, JSON.stringify(CONTRACT));
    const result = await generateLayer('react-query', input);
    const hooks = result.files.find((f) => f.path.endsWith(`/${file}`));
    expect(hooks?.contents).toContain(line);
  });
});
