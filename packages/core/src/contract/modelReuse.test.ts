import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusSpecs } from '../../../../test/helpers/corpus.js';
import { TempDir } from '../../test/tempContracts.js';
import type { NamingOverrides } from '../config/types.js';
import { detectResources } from '../detect/detectResources.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import type { ApiModel } from '../model/types.js';
import { type LoadedContract, loadContract } from './loadContract.js';
import { ModelReuse } from './modelReuse.js';
import { normalizeContract } from './normalize.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

/** A contract with path-level parameters, an undeclared path parameter (a diagnostic), request bodies and a `$ref`d path item. */
const CONTRACT = `openapi: 3.1.0
info: { title: Reuse, version: '1' }
paths:
  /items:
    get:
      operationId: listItems
      summary: List items
      parameters: [{ name: q, in: query, schema: { type: string } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } } }
    post:
      operationId: createItem
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
      responses: { '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } } }
  /items/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getItem
      description: One item
      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } } }
  /orphans/{orphanId}:
    get:
      summary: Undeclared path parameter
      responses: { '204': { description: none } }
  /linked:
    $ref: '#/components/pathItems/Linked'
    get: { summary: ignored sibling, responses: { '204': { description: none } } }
components:
  pathItems:
    Linked:
      get: { operationId: getLinked, summary: Linked, responses: { '204': { description: none } } }
  schemas:
    Item:
      type: object
      required: [id]
      properties:
        id: { type: string }
        created: { type: string, format: date-time, example: 2024-01-01T00:00:00Z }
        score: { type: number, example: .nan }
`;

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: { Item: { properties: Record<string, Record<string, unknown>> } } } };

/** Loads the contract (YAML, so `example`s include a `Date` and `NaN`). */
async function load(text = CONTRACT, name = 'reuse.yaml'): Promise<LoadedContract> {
  return loadContract(await tmp.write(name, text));
}

/** The contract with its document changed by `edit` (a deep copy: `Date`s and `NaN` stay). */
function edited(contract: LoadedContract, edit: (doc: Doc) => void): LoadedContract {
  const document = structuredClone(contract.document);
  edit(document as unknown as Doc);
  return { ...contract, document };
}

/** The reuse's model and diagnostics, and a fresh normalization's, of `contract`, as JSON (key order included). */
function both(reuse: ModelReuse, contract: LoadedContract): { reused: string; fresh: string; reusedDiagnostics: string; freshDiagnostics: string } {
  const d1 = new Diagnostics();
  const reused = JSON.stringify(reuse.normalize(contract, d1));
  const d2 = new Diagnostics();
  const fresh = JSON.stringify(normalizeContract(contract, d2));
  return { reused, fresh, reusedDiagnostics: JSON.stringify(d1.list()), freshDiagnostics: JSON.stringify(d2.list()) };
}

describe('ModelReuse', () => {
  it('normalizes the first contract, then reuses the model when only operations’ prose changed, equal to a fresh normalization', async () => {
    const first = await load();
    const item = (first.document as unknown as Doc).components.schemas.Item.properties;
    expect(item['created']!['example']).toBeInstanceOf(Date);
    expect(item['score']!['example']).toBeNaN();
    const reuse = new ModelReuse();
    expect(reuse.outcome).toBeUndefined();
    const initial = both(reuse, first);
    expect(reuse.outcome).toBe('normalized');
    expect(initial.reused).toBe(initial.fresh);
    expect(initial.freshDiagnostics).toContain('RSL_PATH_PARAM_UNDECLARED');

    const edits: Array<[string, (doc: Doc) => void, string]> = [
      ['a changed summary', (d) => void (d.paths['/items']!['get']!['summary'] = 'All items'), 'All items'],
      // Added after `requestBody` in the document: the node must still have it before `requestBody`.
      ['a description added to an operation with a request body', (d) => void (d.paths['/items']!['post']!['description'] = 'Creates one'), 'Creates one'],
      ['a removed description', (d) => void delete d.paths['/items/{id}']!['get']!['description'], '"getItem"'],
      ['a summary added where the path parameter is undeclared', (d) => void (d.paths['/orphans/{orphanId}']!['get']!['summary'] = 'Orphan'), 'Orphan'],
    ];
    let contract = first;
    for (const [what, edit, shows] of edits) {
      contract = edited(contract, edit);
      const r = both(reuse, contract);
      expect({ what, outcome: reuse.outcome }).toEqual({ what, outcome: 'reused' });
      expect(r.reused).toBe(r.fresh);
      expect(r.reused).toContain(shows);
      expect(r.reusedDiagnostics).toBe(r.freshDiagnostics);
    }
  });

  it('normalizes again after any other change, the next file, or a cleared memory', async () => {
    const first = await load();
    const changes: Array<[string, (doc: Doc) => void]> = [
      ['a parameter', (d) => void ((d.paths['/items']!['get']!['parameters'] as Array<Record<string, unknown>>)[0]!['name'] = 'query')],
      ['a response description', (d) => void ((d.paths['/items']!['get']!['responses'] as Record<string, Record<string, unknown>>)['200']!['description'] = 'fine')],
      ['a schema description', (d) => void (d.components.schemas.Item.properties['id']!['description'] = 'The key')],
      ['a date example, by its time', (d) => void (d.components.schemas.Item.properties['created']!['example'] = new Date('2024-01-02T00:00:00Z'))],
      ['NaN to null, which print alike as JSON', (d) => void (d.components.schemas.Item.properties['score']!['example'] = null)],
      ['the order of two paths', (d) => void (d.paths = Object.fromEntries(Object.entries(d.paths).reverse()))],
      ['the prose of an operation behind a $ref', (d) => void (((d as unknown as { components: { pathItems: Doc['paths'] } }).components.pathItems['Linked']!['get']!['summary'] = 'Other'))],
      ['the prose of a path item, not an operation', (d) => void ((d.paths['/items'] as Record<string, unknown>)['summary'] = 'Items')],
    ];
    for (const [what, change] of changes) {
      const reuse = new ModelReuse();
      reuse.normalize(first, new Diagnostics());
      const r = both(reuse, edited(first, change));
      expect({ what, outcome: reuse.outcome }).toEqual({ what, outcome: 'normalized' });
      expect(r.reused).toBe(r.fresh);
    }

    // A summary beside a path item's $ref is not the operation's (the $ref wins): reused, and the node keeps its prose.
    const reuse = new ModelReuse();
    reuse.normalize(first, new Diagnostics());
    const sibling = both(reuse, edited(first, (d) => void (d.paths['/linked']!['get']!['summary'] = 'still ignored')));
    expect(reuse.outcome).toBe('reused');
    expect(sibling.reused).toBe(sibling.fresh);
    expect(sibling.reused).not.toContain('still ignored');

    const other = await load(CONTRACT, 'other.yaml');
    both(reuse, other);
    expect(reuse.outcome).toBe('normalized');
    reuse.clear();
    both(reuse, other);
    expect(reuse.outcome).toBe('normalized');
  });

  it('reuses core’s detection after a prose-only change with the same overrides, equal to a fresh detection', async () => {
    const first = await load();
    const reuse = new ModelReuse();
    let calls = 0;
    const detect = (model: ApiModel, into: Diagnostics) => {
      calls++;
      return detectResources(model, into);
    };
    const run = (contract: LoadedContract, overrides?: NamingOverrides) => {
      const d = new Diagnostics();
      const model = reuse.detect(reuse.normalize(contract, d), d, overrides, detect);
      return { model: JSON.stringify(model), diagnostics: JSON.stringify(d.list()) };
    };
    const fresh = (contract: LoadedContract) => {
      const d = new Diagnostics();
      const model = detectResources(normalizeContract(contract, d), d);
      return { model: JSON.stringify(model), diagnostics: JSON.stringify(d.list()) };
    };
    run(first);
    expect(calls).toBe(1);
    const edited1 = edited(first, (d) => void (d.paths['/items']!['get']!['summary'] = 'Every item'));
    expect(run(edited1)).toEqual(fresh(edited1));
    expect(calls).toBe(1);
    expect(run(edited1).model).toContain('Every item');
    expect(calls).toBe(1);
    // Other overrides: detected again.
    const overrides: NamingOverrides = { resources: { items: { name: 'things' } } };
    run(edited1, overrides);
    expect(calls).toBe(2);
    // A structural change: normalized and detected again.
    const edited2 = edited(edited1, (d) => void ((d.paths['/items']!['get']!['parameters'] as Array<Record<string, unknown>>)[0]!['name'] = 'query'));
    expect(run(edited2)).toEqual(fresh(edited2));
    expect(calls).toBe(3);
  });

  // The corpus (fixtures/corpus, or RESLAYER_CORPUS): every contract that must generate, with every operation's prose edited.
  const specs = corpusSpecs().filter((s) => s.expect !== 'reject-or-convert' && (s.stats?.ops ?? Infinity) <= 300);
  it(`reuses the model and detection of corpus contracts with edited prose, equal to fresh ones (${specs.length} contracts)`, async () => {
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      const contract = await loadContract(spec.file);
      const reuse = new ModelReuse();
      const detected = (model: ApiModel, into: Diagnostics) => detectResources(model, into);
      const d0 = new Diagnostics();
      reuse.detect(reuse.normalize(contract, d0), d0, undefined, detected);
      let n = 0;
      const changed = edited(contract, (d) => {
        for (const item of Object.values(d.paths ?? {}))
          for (const op of Object.values(item ?? {}))
            if (op && typeof op === 'object' && 'responses' in op) {
              n++;
              if (n % 2 === 1) op['summary'] = `Summary ${n}`;
              else delete op['summary'];
              if (n % 3 === 0) op['description'] = `Description ${n}`;
            }
      });
      const d1 = new Diagnostics();
      const reused = JSON.stringify(reuse.detect(reuse.normalize(changed, d1), d1, undefined, detected));
      const outcome = reuse.outcome;
      const d2 = new Diagnostics();
      const fresh = JSON.stringify(detectResources(normalizeContract(changed, d2), d2));
      expect({ spec: spec.name, outcome, same: reused === fresh, diagnostics: JSON.stringify(d1.list()) === JSON.stringify(d2.list()) }).toEqual({
        spec: spec.name,
        outcome: 'reused',
        same: true,
        diagnostics: true,
      });
    }
  });

  it('tells the load a document it can reuse has no external $ref; a document that still has one is bundled', async () => {
    const dir = await tmp.sub('external');
    await writeFile(path.join(dir, 'item.json'), JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }));
    const entry = (summary: string, ref: string) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Ext', version: '1' },
        paths: { '/items': { get: { operationId: 'listItems', summary, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } } } } },
      });
    const file = path.join(dir, 'openapi.json');
    const reuse = new ModelReuse();
    const asked: boolean[] = [];
    const knownInternal = (f: string, d: unknown) => {
      const answer = reuse.sameAsLast(f, d);
      asked.push(answer);
      return answer;
    };
    const loadAndNormalize = async () => {
      const contract = await loadContract(file, { knownInternal });
      return { contract, model: JSON.stringify(reuse.normalize(contract, new Diagnostics())), fresh: JSON.stringify(normalizeContract(await loadContract(file), new Diagnostics())) };
    };
    // A $ref to another file: bundled every time (the document as read is never the kept, bundled one).
    await writeFile(file, entry('First', './item.json'));
    let run = await loadAndNormalize();
    expect(run.contract.files).toEqual([file, path.join(dir, 'item.json')]);
    await writeFile(file, entry('Second', './item.json'));
    run = await loadAndNormalize();
    expect(asked).toEqual([false, false]);
    expect(run.contract.files).toEqual([file, path.join(dir, 'item.json')]);
    expect(reuse.outcome).toBe('reused');
    expect(run.model).toBe(run.fresh);
    // Internal refs only: the next prose edit is known internal, and the comparison is not made again by normalize.
    await writeFile(file, entry('Third', '#/components/schemas/Item').replace('"paths"', '"components":{"schemas":{"Item":{"type":"object"}}},"paths"'));
    run = await loadAndNormalize();
    expect(reuse.outcome).toBe('normalized');
    await writeFile(file, entry('Fourth', '#/components/schemas/Item').replace('"paths"', '"components":{"schemas":{"Item":{"type":"object"}}},"paths"'));
    run = await loadAndNormalize();
    expect(asked.slice(2)).toEqual([false, true]);
    expect(reuse.outcome).toBe('reused');
    expect(run.contract.files).toEqual([file]);
    expect(run.model).toBe(run.fresh);
    // A document that gains an external $ref is not known internal: bundled.
    await writeFile(file, entry('Fifth', './item.json').replace('"paths"', '"components":{"schemas":{"Item":{"type":"object"}}},"paths"'));
    run = await loadAndNormalize();
    expect(asked.at(-1)).toBe(false);
    expect(run.contract.files).toEqual([file, path.join(dir, 'item.json')]);
    expect(run.model).toBe(run.fresh);
  });
});
