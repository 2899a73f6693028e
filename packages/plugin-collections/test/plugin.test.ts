// What plugin-collections plans and prints, on a contract of shapes (fixtures/shapes.yaml): which resources get a
// collection, which writes a row can be sent through, how the row key becomes the path argument, the envelope, the
// options, and that output is deterministic.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGenerator, type GeneratedFile } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginCollections, resolveCollectionsOptions, type CollectionsOptions } from '@reslayer/plugin-collections';
import { pluginValidators } from '@reslayer/plugin-validators';

const SHAPES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/shapes.yaml');

/** The collection files of a run, by resource. */
async function collections(options?: CollectionsOptions, validators = false): Promise<Map<string, string>> {
  const plugins = [pluginClient(), ...(validators ? [pluginValidators()] : []), pluginCollections(options)];
  const result = await runGenerator({ input: SHAPES, outputRoot: '/out', srcDir: 'src', plugins, allowRemoteRefs: false });
  const files = result.files.filter((f: GeneratedFile) => f.path.includes('/collection/'));
  return new Map(files.map((f) => [/features\/([^/]+)\//.exec(f.path)?.[1] ?? f.path, f.contents]));
}

describe('plugin-collections on a contract of shapes', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await collections();
  });

  it('gives a collection to each resource with a top-level list of keyed objects, and none to the others', () => {
    expect([...files.keys()].sort()).toEqual(['gadgets', 'widgets']);
  });

  it('a list whose body is the array has no items path; the key is the item property the path parameter names', () => {
    const widgets = files.get('widgets') ?? '';
    expect(widgets).not.toContain('items:');
    expect(widgets).toContain("key: 'id',");
    expect(widgets).toContain('NonNullable<ListWidgetsResponse>[number]');
    expect(files.get('gadgets')).toContain("items: 'data',");
    expect(files.get('gadgets')).toContain("key: 'gadgetId',");
  });

  it('an insert sends the body fields a row has, read-only ones left out, names escaped', () => {
    expect(files.get('widgets')).toContain(`create: (row) => widgetsClient.createWidget(pick(row, ['name', 'o\\'clock', '*/ evil \\'"\` \${x}'])),`);
  });

  it('a PUT whose body has required properties sends the whole row; an integer path parameter gets Number(key)', () => {
    expect(files.get('widgets')).toContain(`update: (u) => widgetsClient.updateWidget(Number(u.key), pick(u.modified, ['name', 'o\\'clock', '*/ evil \\'"\` \${x}'])),`);
    expect(files.get('widgets')).toContain('delete: (key) => widgetsClient.deleteWidget(Number(key)),');
  });

  it('leaves out a create whose body property has another type than the row\'s, and a delete with a required query parameter', () => {
    const gadgets = files.get('gadgets') ?? '';
    expect(gadgets).not.toContain('create:');
    expect(gadgets).not.toContain('delete:');
    expect(gadgets).toContain(`update: (u) => gadgetsClient.updateGadget(String(u.key), pick(u.changes, ['name'])),`);
    expect(gadgets).toContain('`onUpdate` → `gadgetsClient.updateGadget`');
  });

  it('passes the item schema with plugin-validators, unless schema: false; and is deterministic', async () => {
    const withSchema = await collections({}, true);
    expect(withSchema.get('widgets')).toContain('schema: WidgetSchema,');
    expect(withSchema.get('widgets')).toContain("import { WidgetSchema } from '../../../shared/api/generated/components.schemas.js';");
    expect((await collections({ schema: false }, true)).get('widgets')).not.toContain('Schema');
    expect(files.get('widgets')).not.toContain('schema:');
    expect(await collections()).toEqual(files);
  });

  it('imports the runtime from runtimeModule', async () => {
    expect((await collections({ runtimeModule: '@acme/runtime' })).get('widgets')).toContain("from '@acme/runtime/collections';");
  });
});

describe('resolveCollectionsOptions', () => {
  it('applies the defaults and refuses unknown options and wrong types with RSL_CONFIG_INVALID', () => {
    expect(resolveCollectionsOptions()).toEqual({ runtimeModule: '@reslayer/runtime', schema: true });
    expect(() => resolveCollectionsOptions({ nope: 1 } as CollectionsOptions)).toThrow(/plugin-collections/);
    expect(() => resolveCollectionsOptions({ schema: 'yes' } as unknown as CollectionsOptions)).toThrow(expect.objectContaining({ code: 'RSL_CONFIG_INVALID' }));
  });
});
