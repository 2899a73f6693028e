import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TempDir } from '../../test/tempContracts.js';
import { JsonReparse } from './jsonReparse.js';
import { loadContract } from './loadContract.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

type Raw = Record<string, unknown>;

const contract = (summary: string, extra: Raw = {}) => ({
  openapi: '3.1.0',
  info: { title: 'Reparse', version: '1' },
  paths: {
    '/items': { get: { operationId: 'listItems', summary, responses: { '200': { description: 'ok' } } } },
    '/items/{id}': { get: { operationId: 'getItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } }, ...extra } },
  },
  // Large enough that one operation is a small share of the text (a larger value is parsed whole).
  components: { schemas: { Item: { type: 'object', description: 'An item. '.repeat(200), properties: { id: { type: 'string' } } } } },
});

/** Loads the file with the kept text, and checks the document against a load without it. */
async function loadBoth(file: string, reparse: JsonReparse) {
  const loaded = await loadContract(file, { reparse });
  const plain = await loadContract(file);
  expect(loaded.document).toStrictEqual(plain.document);
  expect(loaded.files).toEqual(plain.files);
  expect(loaded.entry.sha256).toBe(plain.entry.sha256);
  return loaded;
}

describe('loadContract with a kept JSON text (LoadContractOptions.reparse)', () => {
  it('parses a save of a JSON contract by difference, sharing the unchanged values with the last document', async () => {
    const file = await tmp.write('reparse/openapi.json', contract('List items'));
    const reparse = new JsonReparse();
    const first = await loadBoth(file, reparse);
    expect(reparse.outcome).toBe('whole');
    await tmp.write('reparse/openapi.json', contract('List every item'));
    const second = await loadBoth(file, reparse);
    expect(reparse.outcome).toBe('difference');
    const paths = (d: unknown) => (d as { paths: Raw }).paths;
    expect(paths(second.document)['/items/{id}']).toBe(paths(first.document)['/items/{id}']);
    expect(second.document.components).toBe(first.document.components);
    // The next save is parsed by difference from this one.
    await tmp.write('reparse/openapi.json', contract('List every item', { summary: 'One item' }));
    await loadBoth(file, reparse);
    expect(reparse.outcome).toBe('difference');
  });

  it('bundles an external $ref that a save adds inside the changed value', async () => {
    const dir = await tmp.sub('reparse-ref');
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(contract('List items'), null, 2));
    await writeFile(path.join(dir, 'item.json'), JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }));
    const reparse = new JsonReparse();
    await loadBoth(file, reparse);
    const withRef = contract('List items', { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './item.json' } } } } } });
    await writeFile(file, JSON.stringify(withRef, null, 2));
    const loaded = await loadBoth(file, reparse);
    expect(reparse.outcome).toBe('difference');
    expect(loaded.files).toEqual([file, path.join(dir, 'item.json')]);
    // A bundled document is not the file's own JSON: nothing is kept, the next save is parsed whole.
    await writeFile(file, JSON.stringify(withRef, null, 2).replace('List items', 'List'));
    await loadBoth(file, reparse);
    expect(reparse.outcome).toBe('whole');
  });

  it('keeps nothing of a YAML contract or an upgraded Swagger 2.0 document', async () => {
    const yamlFile = await tmp.write('reparse/openapi.yaml', contract('List items'));
    const reparse = new JsonReparse();
    await loadBoth(yamlFile, reparse);
    await tmp.write('reparse/openapi.yaml', contract('List all items'));
    await loadBoth(yamlFile, reparse);
    expect(reparse.outcome).toBe('whole');
    await tmp.write('reparse/swagger2.json', { swagger: '2.0', info: { title: 'S', version: '1' }, paths: { '/a': { get: { summary: 'A', responses: { '200': { description: 'ok' } } } } } });
    const swaggerFile = path.join(await tmp.root(), 'reparse/swagger2.json');
    await loadBoth(swaggerFile, reparse);
    await tmp.write('reparse/swagger2.json', { swagger: '2.0', info: { title: 'S', version: '1' }, paths: { '/a': { get: { summary: 'B', responses: { '200': { description: 'ok' } } } } } });
    await loadBoth(swaggerFile, reparse);
    expect(reparse.outcome).toBe('whole');
  });

  it('reports a syntax error of a save at its place, as a whole parse does', async () => {
    const file = await tmp.write('reparse/broken.json', contract('List items'));
    const reparse = new JsonReparse();
    await loadContract(file, { reparse });
    await writeFile(file, JSON.stringify(contract('List items'), null, 2).replace('"List items"', '"List items",,'));
    await expect(loadContract(file, { reparse })).rejects.toMatchObject({ code: 'RSL_INPUT_SYNTAX' });
    expect(reparse.outcome).toBe('whole');
  });
});
