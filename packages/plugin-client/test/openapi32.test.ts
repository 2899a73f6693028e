// plugin-client on OpenAPI 3.2: QUERY and additionalOperations methods are sent as written, and each `itemSchema`
// stream gets a `<method>Stream` method typed `AsyncIterable<Item>`, read by the runtime's matching reader.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runGenerator, type GeneratedFile } from '@reslayer/core/host';
import { pluginClient } from '../src/plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = path.join(root, 'fixtures/openapi/3.2/features.yaml');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function generate(input: string): Promise<Map<string, string>> {
  const out = mkdtempSync(path.join(tmpdir(), 'reslayer-client-32-'));
  dirs.push(out);
  const result = await runGenerator({ input, outputRoot: out, srcDir: 'src', plugins: [pluginClient()], allowRemoteRefs: false });
  return new Map(result.files.map((f: GeneratedFile) => [f.path, f.contents]));
}

/** The request spec lines of one client method: from its signature to the end of its `request({ … })`. */
function methodOf(client: string, name: string): string {
  const start = client.indexOf(`  ${name}<O extends CallOptions`);
  if (start < 0) throw new Error(`no method ${name}`);
  return client.slice(start, client.indexOf('}, options);', start));
}

describe('the 3.2 fixture', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await generate(fixture);
  });
  const file = (resource: string, kind: string) => files.get(`shared/api/generated/${resource}/${resource}.${kind}.ts`) ?? '';

  it.each([
    ['priceChanges', 'streamPriceChangesStream', 'StreamPriceChangesStreamItem', 'GET', 'text/event-stream', 'sse-items'],
    ['productExports', 'exportProductsStream', 'ExportProductsStreamItem', 'GET', 'application/jsonl', 'jsonl'],
    ['auditEntries', 'queryAuditEntriesStream', 'QueryAuditEntriesStreamItem', 'QUERY', 'application/json-seq', 'json-seq'],
  ])('%s: %s resolves to AsyncIterable<%s>, sent as %s with Accept %s, read as %s', (resource, method, item, verb, accept, responseType) => {
    const m = methodOf(file(resource, 'client'), method);
    expect(m).toContain(`Promise<CallResult<AsyncIterable<${item}>, O>>`);
    expect(m).toContain(`method: '${verb}',`);
    expect(m).toContain(`accept: '${accept}',`);
    expect(m).toContain(`responseType: '${responseType}',`);
    expect(file(resource, 'types')).toMatch(new RegExp(`export type ${item} = `));
  });

  it('item types come from the itemSchema: an inline SSE event object, a component for JSON Lines', () => {
    expect(file('priceChanges', 'types')).toContain(
      "export type StreamPriceChangesStreamItem = {\n  event?: 'price' | 'message';\n  data: Schemas.PriceChange;\n  id?: string;\n  retry?: number;\n};",
    );
    expect(file('productExports', 'types')).toContain('export type ExportProductsStreamItem = Schemas.Product;');
  });

  it('a QUERY operation sends its body with method QUERY; an additionalOperations LINK sends LINK', () => {
    const client = file('products', 'client');
    expect(methodOf(client, 'queryProducts')).toMatch(/method: 'QUERY',\n\s+path: '\/products',\n\s+body: payload,\n\s+bodyType: 'json',/);
    expect(methodOf(client, 'linkProduct')).toMatch(/method: 'LINK',\n\s+path: '\/products\/\{productId\}',/);
  });
});

describe('which media types are streams', () => {
  const contract = (content: Record<string, unknown>) => ({
    openapi: '3.2.0',
    info: { title: 'T', version: '1' },
    paths: { '/feed': { get: { operationId: 'getFeed', responses: { '200': { description: 'ok', content } } } } },
  });
  const item = { type: 'object', properties: { n: { type: 'number' } } };

  it.each([
    ['application/x-ndjson', { itemSchema: item }, 'jsonl'],
    ['application/geo+json-seq', { itemSchema: item }, 'json-seq'],
    ['text/event-stream', { itemSchema: { type: 'object', properties: { data: { type: 'string', contentMediaType: 'application/json' } } } }, 'sse-text-items'],
    ['text/event-stream', { itemSchema: { type: 'object', properties: { data: item } } }, 'sse-items'],
    ['text/event-stream', { schema: item }, 'sse'],
    ['multipart/mixed', { itemSchema: item }, undefined],
    ['application/json', { schema: item }, undefined],
  ])('%s with %j: %s', async (mediaType, media, responseType) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-client-32-in-'));
    dirs.push(dir);
    const input = path.join(dir, 'openapi.json');
    writeFileSync(input, JSON.stringify(contract({ [mediaType]: media })));
    const client = (await generate(input)).get('shared/api/generated/feed/feed.client.ts') ?? '';
    const streams = [...client.matchAll(/responseType: '([^']+)'/g)].map((m) => m[1]).slice(1);
    expect(streams).toEqual(responseType === undefined ? [] : [responseType]);
  });
});
