import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGenerator } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { PLUGIN_MOCKS, pluginMocks } from '../src/index.js';

// A plugin keeps faker's values from run to run (a watch's runs): what a run prints must not depend on that.

const mocksOf = async (input: string, plugin = pluginMocks()): Promise<Map<string, string>> => {
  const result = await runGenerator({ input, outputRoot: path.join(os.tmpdir(), 'unused'), srcDir: 'src', plugins: [pluginClient(), plugin], allowRemoteRefs: false });
  return new Map(result.files.filter((f) => f.plugin === PLUGIN_MOCKS).map((f) => [f.path, f.contents]));
};

describe('faker values kept by a plugin from run to run', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'reslayer-kept-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const contract = (title: string, maxLength: number): string => {
    const file = path.join(dir, `${title.replace(/\W/g, '')}-${maxLength}.json`);
    const item = { $ref: '#/components/schemas/Item' };
    const json = { 'application/json': { schema: item } };
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Kept', version: '1' },
        paths: {
          '/items': {
            get: { operationId: 'listItems', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: item } } } } } },
            post: { operationId: 'createItem', requestBody: { content: json }, responses: { 201: { description: 'ok', content: json } } },
          },
          '/items/{id}': { get: { operationId: 'getItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: json } } } },
        },
        components: {
          schemas: {
            Item: {
              type: 'object',
              required: ['id', 'title', 'note'],
              properties: { id: { type: 'string', readOnly: true }, title: { type: 'string', example: title }, note: { type: 'string', maxLength } },
            },
          },
        },
      }),
    );
    return file;
  };

  it('the next run of the same plugin prints what a new plugin prints, for the same contract and for an edited one', async () => {
    // The edit keeps every schema's place (pointer): another example (the other items' titles are made like it)
    // and a shorter note.
    const before = contract('Blue Widget', 60);
    const after = contract('Red Lamp', 5);
    const kept = pluginMocks();
    const first = await mocksOf(before, kept);
    expect(first.size).toBeGreaterThan(3);
    expect(await mocksOf(before, kept)).toEqual(first);
    const edited = await mocksOf(after, kept);
    expect(edited).toEqual(await mocksOf(after));
    // The edit shows in the fixtures: the comparison above is not between two equal outputs.
    const items = (files: Map<string, string>): string => [...files].find(([p]) => p.endsWith('items.fixtures.ts'))?.[1] ?? '';
    const titles = (files: Map<string, string>): string[] => [...items(files).matchAll(/title: '([^']*)'/g)].map((m) => m[1] as string);
    expect(titles(edited).slice(0, 3)).toHaveLength(3);
    expect(titles(edited)[0]).toBe('Red Lamp');
    expect(titles(edited)[1]).not.toBe(titles(first)[1]);
    expect(items(edited)).not.toContain(items(first).match(/note: '([^']*)'/)?.[1] ?? '');
  });
});
