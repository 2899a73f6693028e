// Documentation-only changes (description, example, examples) are documentation changes: listed only with
// `docs`, never possibly breaking, each at its own pointer; a real change next to them is still reported.
import type { DiffResult } from '@reslayer/diff';
import { cleanup, diffTexts } from './helpers.js';
import { type Doc, petsContract } from './petsContract.js';

afterAll(cleanup);

/** Descriptions and examples of schemas, properties, a parameter, a response and media types, numbered `n`. */
function documented(n: number): Doc {
  const d = petsContract();
  const s = d['components']['schemas'];
  s.Pet.description = `A pet (v${n})`;
  s.Pet.example = { id: `p${n}`, name: `Rex ${n}`, tag: 'dog', extra: { block_height: n, block_hash: `h${n}` } };
  s.Pet.properties.name.example = `Rex ${n}`;
  s.Pet.properties.name.description = `The name (v${n})`;
  const list = d['paths']['/pets'].get;
  list.parameters[0].example = n * 10;
  list.parameters[0].description = `Page size ${n}`;
  list.responses['200'].description = `Pets ${n}`;
  list.responses['200'].content['application/json'].example = [{ id: `p${n}`, name: `Rex ${n}` }, { id: `q${n}`, name: `Max ${n}` }];
  d['paths']['/pets'].post.requestBody.content['application/json'].examples = { one: { summary: `one ${n}`, value: { name: `Rex ${n}` } } };
  return d;
}

const diff = (before: Doc, after: Doc, docs: boolean): Promise<DiffResult> => diffTexts(before, after, 'json', { docs });

const hurts = (r: DiffResult) => [...r.changes, ...r.impact.symbols].filter((c) => c.level !== 'non-breaking');

describe('documentation-only changes', () => {
  test('hidden by default: nothing listed, all counted, nothing (possibly) breaking', async () => {
    const result = await diff(documented(1), documented(2), false);
    expect(result.changes).toEqual([]);
    expect(result.summary.hiddenDocs).toBe(9);
    expect(result.summary.contract).toEqual({ breaking: 0, 'possibly-breaking': 0, 'non-breaking': 0 });
    expect(hurts(result)).toEqual([]);
  });

  test('with docs: one non-breaking documentation change per keyword, each at its own pointer', async () => {
    const result = await diff(documented(1), documented(2), true);
    expect(result.changes.map((c) => `${c.code} ${c.level}`)).toEqual(Array(9).fill('RSL_DIFF_DOCUMENTATION_CHANGED non-breaking'));
    expect(result.summary.hiddenDocs).toBe(0);
    const pointers = result.changes.map((c) => c.pointer);
    expect(new Set(pointers).size).toBe(pointers.length);
    expect(new Set(result.changes.map((c) => c.message)).size).toBe(pointers.length);
    expect(pointers).toEqual(expect.arrayContaining([
      '#/components/schemas/Pet/example',
      '#/components/schemas/Pet/properties/name/description',
      '#/paths/~1pets/get/parameters/0/example',
      '#/paths/~1pets/post/requestBody/content/application~1json/examples',
    ]));
    expect(hurts(result)).toEqual([]);
  });

  test('a property named like a keyword (`description`, `example`) is no documentation: its removal still breaks', async () => {
    const [before, after] = [documented(1), documented(2)];
    for (const d of [before, after]) d['components']['schemas'].Pet.properties.description = { type: 'string' };
    delete after['components']['schemas'].Pet.properties.description;
    const result = await diff(before, after, false);
    expect(result.changes.map((c) => `${c.code} ${c.subject ?? ''} ${c.level}`)).toEqual(['RSL_DIFF_RESPONSE_PROPERTY_REMOVED description breaking']);
    expect(result.summary.hiddenDocs).toBe(9);
  });

  test('a real change next to the documentation is still reported at its level', async () => {
    const after = documented(2);
    after['components']['schemas'].Pet.properties.name.maxLength = 20;
    after['paths']['/pets'].get.parameters[0].required = true;
    const result = await diff(documented(1), after, false);
    expect(result.changes.map((c) => `${c.code} ${c.level}`).sort()).toEqual(['RSL_DIFF_CONSTRAINT_CHANGED non-breaking', 'RSL_DIFF_PARAMETER_CHANGED breaking']);
  });
});
