// Reading OpenAPI 3.2: the version is accepted, `query` and `additionalOperations` are operations, `itemSchema`
// is read beside `schema`, and tags with `parent` and `kind` load. The committed 3.2 fixture and small contracts.
import path from 'node:path';
import { loadContract } from './loadContract.js';
import { normalizeContract } from './normalize.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { REPO_ROOT } from '../../test/paths.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());
const FIXTURE = path.join(REPO_ROOT, 'fixtures/openapi/3.2/features.yaml');

async function model(file: string) {
  const diagnostics = new Diagnostics();
  const m = normalizeContract(await loadContract(file), diagnostics);
  return { model: m, diagnostics: diagnostics.list() };
}

describe('OpenAPI 3.2 contracts', () => {
  it.each(['3.2.0', '3.2.1', '3.2'])('openapi %s loads', async (openapi) => {
    const file = await tmp.write(`v${openapi}.yaml`, { openapi, info: { title: 'T', version: '1' }, paths: {} });
    expect((await loadContract(file)).document.openapi).toBe(openapi);
  });

  it('the fixture: every operation, with its key, method and pointer, and no diagnostic', async () => {
    const { model: m, diagnostics } = await model(FIXTURE);
    expect(diagnostics).toEqual([]);
    expect(m.meta.openapi).toBe('3.2.0');
    expect(m.operations.map((o) => [o.key, o.method, o.operationId, o.pointer])).toEqual([
      ['QUERY /audit-entries', 'query', 'queryAuditEntries', '#/paths/~1audit-entries/query'],
      ['GET /price-changes', 'get', 'streamPriceChanges', '#/paths/~1price-changes/get'],
      ['GET /product-exports', 'get', 'exportProducts', '#/paths/~1product-exports/get'],
      ['GET /products', 'get', 'listProducts', '#/paths/~1products/get'],
      ['POST /products', 'post', 'createProduct', '#/paths/~1products/post'],
      ['QUERY /products', 'query', 'queryProducts', '#/paths/~1products/query'],
      ['GET /products/{productId}', 'get', 'getProduct', '#/paths/~1products~1{productId}/get'],
      ['LINK /products/{productId}', 'link', 'linkProduct', '#/paths/~1products~1{productId}/additionalOperations/LINK'],
    ]);
  });

  it('an additionalOperations operation takes the path item parameters; a QUERY keeps its request body', async () => {
    const { model: m } = await model(FIXTURE);
    const link = m.operations.find((o) => o.key === 'LINK /products/{productId}');
    expect(link?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([['productId', 'path', true], ['Link', 'header', true]]);
    const query = m.operations.find((o) => o.key === 'QUERY /products');
    expect(query?.requestBody?.contents[0]).toMatchObject({ mediaType: 'application/json', schema: { kind: 'ref', target: 'ProductFilter' } });
  });

  it('itemSchema is read beside schema, with its pointer', async () => {
    const { model: m } = await model(FIXTURE);
    const contents = (key: string) => m.operations.find((o) => o.key === key)?.responses[0]?.contents[0];
    expect(contents('GET /product-exports')).toEqual({ mediaType: 'application/jsonl', itemSchema: { kind: 'ref', target: 'Product', pointer: '#/paths/~1product-exports/get/responses/200/content/application~1jsonl/itemSchema' } });
    expect(contents('GET /price-changes')?.itemSchema).toMatchObject({ kind: 'object', properties: [{ name: 'event' }, { name: 'data', required: true }, { name: 'id' }, { name: 'retry' }] });
    expect(contents('GET /price-changes')?.schema).toBeUndefined();
  });

  it.each([
    ['a fixed method repeated (any case)', { GET: { responses: {} }, Query: { responses: {} } }, []],
    ['a key that is no method token', { 'NOT A METHOD': { responses: {} } }, []],
    ['a value that is no object', { PURGE: 'x' }, []],
    ['two keys in different cases: the first in sort order', { purge: { operationId: 'b', responses: {} }, PURGE: { operationId: 'a', responses: {} } }, [['PURGE /cache', 'a', 'PURGE']]],
    ['methods sorted, lower-cased in the model, keys as written in the pointer', { UNLINK: { responses: {} }, Copy: { responses: {} } }, [['COPY /cache', 'copy', 'Copy'], ['UNLINK /cache', 'unlink', 'UNLINK']]],
  ])('additionalOperations: %s', async (_name, additionalOperations, expected) => {
    const file = await tmp.write(`ops-${_name.replace(/\W+/g, '-')}.yaml`, {
      openapi: '3.2.0',
      info: { title: 'T', version: '1' },
      paths: { '/cache': { get: { operationId: 'getCache', responses: {} }, additionalOperations } },
    });
    const { model: m } = await model(file);
    const extra = m.operations.filter((o) => o.pointer.includes('/additionalOperations/'));
    expect(extra.map((o) => [o.key, o.operationId ?? o.method, o.pointer.replace('#/paths/~1cache/additionalOperations/', '')])).toEqual(expected);
  });
});
