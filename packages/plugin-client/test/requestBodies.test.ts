// plugin-client: how a method sends its request body. A wildcard media type (`*/*`, a Swagger 2 contract without
// `consumes`) with an object schema is JSON sent as `application/json`; with a binary string it stays a file.
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runGenerator, type GeneratedFile } from '@reslayer/core/host';
import { pluginClient } from '../src/plugin.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The `request({ … })` spec of the PUT method generated for a payload of this media type and schema. */
async function putSpec(mediaType: string, schema: unknown): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-client-bodies-'));
  dirs.push(dir);
  const input = path.join(dir, 'openapi.json');
  const body = { required: true, content: { [mediaType]: { schema } } };
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } };
  const contract = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/things/{id}': { put: { operationId: 'putThing', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], requestBody: body, responses: ok } } } };
  writeFileSync(input, JSON.stringify(contract));
  const result = await runGenerator({ input, outputRoot: path.join(dir, 'out'), srcDir: 'src', plugins: [pluginClient()], allowRemoteRefs: false });
  const client = result.files.find((f: GeneratedFile) => f.path.endsWith('.client.ts'))?.contents ?? '';
  const start = client.indexOf("method: 'PUT'");
  if (start < 0) throw new Error('no PUT method');
  return client.slice(start, client.indexOf('}, options);', start));
}

describe('request bodies', () => {
  const object = { type: 'object', properties: { name: { type: 'string' } } };
  it.each([
    ['application/json, an object', 'application/json', object, "bodyType: 'json'", "mediaType: 'application/json'"],
    ['*/*, an object: JSON with the default Content-Type', '*/*', object, "bodyType: 'json'", undefined],
    ['*/*, an array: JSON', '*/*', { type: 'array', items: object }, "bodyType: 'json'", undefined],
    ['*/*, a binary string: a file sent as written', '*/*', { type: 'string', format: 'binary' }, "bodyType: 'binary'", "mediaType: '*/*'"],
  ])('%s', async (_, mediaType, schema, bodyType, mediaLine) => {
    const spec = await putSpec(mediaType, schema);
    expect(spec).toContain(bodyType);
    if (mediaLine) expect(spec).toContain(mediaLine);
    else expect(spec).not.toContain('mediaType:');
  });
});
