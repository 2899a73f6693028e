// OpenAPI 3.2 in the contract comparison: `query` and `additionalOperations` operations and `itemSchema` streams
// are compared like other operations and schemas (api-smart-diff 1.x knows none of them: `lower32.ts`), and the
// changes point into the document as written. One edit of the 3.2 fixture per row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocumentText } from '@reslayer/core';
import { loadContract } from '@reslayer/core/host';
import { compareContracts } from '@reslayer/diff';
import { liftPointer, lowerForComparison, opKey } from '../src/contract/lower32.js';
import { REPO_ROOT } from './helpers.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FIXTURE = path.join(REPO_ROOT, 'fixtures/openapi/3.2/features.yaml');
const load = (): Doc => parseDocumentText(readFileSync(FIXTURE, 'utf8'), FIXTURE) as Doc;

describe('compareContracts on an OpenAPI 3.2 contract', () => {
  it('the fixture against itself: no change (nothing of 3.2 leaks into a change)', async () => {
    const { document } = await loadContract(FIXTURE);
    expect(compareContracts(structuredClone(document), structuredClone(document))).toEqual([]);
  });

  const rows: Array<[string, (d: Doc) => void, { code: string; level: string; pointer: string; operations: string[] }]> = [
    ['an additionalOperations operation removed', (d) => void delete d['paths']['/products/{productId}'].additionalOperations.LINK,
      { code: 'RSL_DIFF_OPERATION_REMOVED', level: 'breaking', pointer: '#/paths/~1products~1{productId}/additionalOperations/LINK', operations: ['LINK /products/{productId}'] }],
    ['a query operation removed', (d) => void delete d['paths']['/products'].query,
      { code: 'RSL_DIFF_OPERATION_REMOVED', level: 'breaking', pointer: '#/paths/~1products/query', operations: ['QUERY /products'] }],
    ['a path item with only a query operation removed', (d) => void delete d['paths']['/audit-entries'],
      { code: 'RSL_DIFF_OPERATION_REMOVED', level: 'breaking', pointer: '#/paths/~1audit-entries/query', operations: ['QUERY /audit-entries'] }],
    ['a required property added to the request body of a query operation', (d) => void (d['paths']['/audit-entries'].query.requestBody.content['application/json'].schema.required = ['actor']),
      { code: 'RSL_DIFF_PROPERTY_NOW_REQUIRED', level: 'breaking', pointer: '#/paths/~1audit-entries/query/requestBody/content/application~1json/schema/required/0', operations: ['QUERY /audit-entries'] }],
    ['a property removed from an inline itemSchema (responses)', (d) => void delete d['paths']['/price-changes'].get.responses['200'].content['text/event-stream'].itemSchema.properties.retry,
      { code: 'RSL_DIFF_RESPONSE_PROPERTY_REMOVED', level: 'breaking', pointer: '#/paths/~1price-changes/get/responses/200/content/text~1event-stream/itemSchema/properties/retry', operations: ['GET /price-changes'] }],
    ['an enum value removed from a schema an itemSchema refers to', (d) => void (d['components'].schemas.AuditEntry.properties.action.enum = ['create', 'update']),
      { code: 'RSL_DIFF_ENUM_VALUE_REMOVED', level: 'non-breaking', pointer: '#/components/schemas/AuditEntry/properties/action/enum/2', operations: ['QUERY /audit-entries'] }],
  ];
  it.each(rows)('%s', (_name, edit, expected) => {
    const before = load();
    const after = load();
    edit(after);
    const changes = compareContracts(before, after);
    expect(changes.map((c) => ({ code: c.code, level: c.level, pointer: c.pointer, operations: c.operations }))).toContainEqual(expected);
  });
});

describe('lower32: the 3.2 fields in api-smart-diff 1.x terms, and back', () => {
  it('a 3.0 or 3.1 document is compared as it is (not copied)', () => {
    const doc = { openapi: '3.1.0', paths: { '/a': { get: {} } } };
    expect(lowerForComparison(doc)).toBe(doc);
  });

  it('query and additionalOperations operations become the post of their own path key; itemSchema becomes schema; the input is untouched', () => {
    const doc = load();
    const copy = structuredClone(doc);
    const low = lowerForComparison(doc) as Doc;
    expect(doc).toEqual(copy);
    expect(Object.keys(low['paths']).map((k) => k.replace('\u0000', ' + ')).sort()).toEqual(
      ['/products', '/products/{productId}', '/price-changes', '/product-exports', '/audit-entries', '/products + QUERY', '/products/{productId} + LINK', '/audit-entries + QUERY'].sort(),
    );
    expect(low['paths']['/products'].query).toBeUndefined();
    expect(low['paths']['/products/{productId}\u0000LINK']).toEqual({ parameters: doc['paths']['/products/{productId}'].parameters, post: doc['paths']['/products/{productId}'].additionalOperations.LINK });
    expect(low['paths']['/product-exports'].get.responses['200'].content['application/jsonl']).toEqual({ schema: { $ref: '#/components/schemas/Product' } });
  });

  it.each([
    ['#/paths/~1products\u0000QUERY/post/requestBody', '#/paths/~1products/query/requestBody'],
    ['#/paths/~1products~1{productId}\u0000LINK/post', '#/paths/~1products~1{productId}/additionalOperations/LINK'],
    ['#/paths/~1products~1{productId}\u0000LINK', '#/paths/~1products~1{productId}/additionalOperations/LINK'],
    ['#/paths/~1product-exports/get/responses/200/content/application~1jsonl/schema', '#/paths/~1product-exports/get/responses/200/content/application~1jsonl/itemSchema'],
    ['#/paths/~1products/get/responses/200/content/application~1json/schema/items', '#/paths/~1products/get/responses/200/content/application~1json/schema/items'],
    ['#/components/schemas/Product/properties/schema', '#/components/schemas/Product/properties/schema'],
  ])('liftPointer(%j) is %j', (pointer, lifted) => {
    expect(liftPointer(pointer, load())).toBe(lifted);
  });

  it.each([
    ['/pets', 'get', 'GET /pets'],
    ['/pets\u0000QUERY', 'post', 'QUERY /pets'],
    ['/pets\u0000LINK', 'post', 'LINK /pets'],
  ])('opKey(%j, %j) is %j', (p, m, key) => {
    expect(opKey(p, m)).toBe(key);
  });
});
