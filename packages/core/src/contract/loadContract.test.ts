import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { jest } from '@jest/globals';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { loadContract, parseDocumentText, resolvePointer, escapePointerToken } from './loadContract.js';
import { normalizeContract } from './normalize.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import type { DiagnosticCode } from '../diagnostics/codes.js';
import { FIXTURES, REPO_ROOT } from '../../test/paths.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

/** Runs `loadContract` and returns the GeneratorError it throws (fails the test when it does not throw one). */
async function loadError(file: string, options: Parameters<typeof loadContract>[1] = {}): Promise<GeneratorError> {
  try {
    await loadContract(file, options);
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return error as GeneratorError;
  }
  throw new Error(`loadContract(${file}) did not throw`);
}

const minimal = (openapi: unknown) => ({ openapi, info: { title: 'T', version: '1' }, paths: {} });

describe('loadContract: input errors name the file and carry a code', () => {
  const cases: Array<[string, { write: () => Promise<string>; code: DiagnosticCode; message: RegExp; location?: string }]> = [
    ['missing file', { write: async () => path.join(await tmp.root(), 'nope.yaml'), code: 'RSL_INPUT_NOT_FOUND', message: /cannot read the contract/ }],
    ['a folder, not a file', { write: async () => tmp.sub('folder'), code: 'RSL_INPUT_NOT_FOUND', message: /not a regular file/ }],
    ['empty file', { write: () => tmp.write('empty.yaml', ''), code: 'RSL_INPUT_EMPTY', message: /the contract file is empty/ }],
    ['whitespace-only file', { write: () => tmp.write('blank.yaml', '  \n\n\t\n'), code: 'RSL_INPUT_EMPTY', message: /the contract file is empty/ }],
    [
      'malformed YAML',
      { write: async () => path.join(FIXTURES, 'invalid/bad-yaml.yaml'), code: 'RSL_INPUT_SYNTAX', message: /:5:1: invalid YAML: missed comma between flow collection entries/, location: '5:1' },
    ],
    [
      'malformed JSON',
      { write: async () => path.join(FIXTURES, 'invalid/bad-json.json'), code: 'RSL_INPUT_SYNTAX', message: /:3:31: invalid JSON: Expected ',' or '}'/, location: '3:31' },
    ],
    ['root is a list', { write: () => tmp.write('list.yaml', '- a\n- b\n'), code: 'RSL_NOT_OPENAPI', message: /document root is not an object/, location: '#' }],
    ['root is a string', { write: () => tmp.write('string.yaml', 'just text\n'), code: 'RSL_NOT_OPENAPI', message: /document root is not an object/, location: '#' }],
    ['root is null', { write: () => tmp.write('null.json', 'null'), code: 'RSL_NOT_OPENAPI', message: /document root is not an object/, location: '#' }],
    ['no openapi field', { write: () => tmp.write('no-version.yaml', { info: { title: 'T', version: '1' }, paths: {} }), code: 'RSL_NOT_OPENAPI', message: /no "openapi" version field/, location: '#/openapi' }],
    ['openapi 4.0.0', { write: () => tmp.write('v4.yaml', minimal('4.0.0')), code: 'RSL_UNSUPPORTED_VERSION', message: /OpenAPI version 4\.0\.0 is not supported/, location: '#/openapi' }],
    ['openapi 2.0 in the openapi field', { write: () => tmp.write('v2.json', minimal('2.0')), code: 'RSL_UNSUPPORTED_VERSION', message: /OpenAPI version 2\.0 is not supported/, location: '#/openapi' }],
    ['Swagger 1.2', { write: () => tmp.write('swagger12.yaml', { swagger: '1.2', info: { title: 'T', version: '1' } }), code: 'RSL_UNSUPPORTED_VERSION', message: /Swagger version 1\.2 is not supported/, location: '#/swagger' }],
    [
      'unresolvable external $ref',
      { write: async () => path.join(FIXTURES, 'invalid/missing-external-ref.yaml'), code: 'RSL_REF_UNRESOLVED', message: /cannot resolve a \$ref: .*does-not-exist\.yaml/ },
    ],
    [
      'remote http $ref (not fetched by default)',
      { write: async () => path.join(FIXTURES, 'invalid/remote-ref.yaml'), code: 'RSL_REF_UNRESOLVED', message: /a remote \$ref is not fetched unless the config sets allowRemoteRefs/ },
    ],
  ];

  it.each(cases)('%s', async (_name, { write, code, message, location }) => {
    const file = await write();
    const error = await loadError(file);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    // The message names the file (as given or absolute), and so does the `file` field.
    expect(error.message.startsWith(`${file}:`) || error.message.startsWith(`${path.resolve(file)}:`)).toBe(true);
    expect([file, path.resolve(file)]).toContain(error.file);
    if (location !== undefined) expect(error.location).toBe(location);
  });

  it('a relative path is reported as given', async () => {
    const error = await loadError('does/not/exist.yaml');
    expect(error.code).toBe('RSL_INPUT_NOT_FOUND');
    expect(error.message).toMatch(/^does\/not\/exist\.yaml: cannot read the contract/);
  });

  it('syntax errors keep the parser error as cause and carry a hint', async () => {
    const error = await loadError(path.join(FIXTURES, 'invalid/bad-yaml.yaml'));
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.hint).toMatch(/line and column/);
  });
});

describe('loadContract: remote refs', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  /** The bundler options loadContract passed, captured by a spy on the real bundler (which still runs). */
  let bundleSpy: ReturnType<typeof jest.spyOn>;
  const httpOption = (call = 0): unknown =>
    ((bundleSpy.mock.calls[call] as unknown[] | undefined)?.[2] as { resolve?: { http?: unknown } } | undefined)?.resolve?.http;

  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    bundleSpy = jest.spyOn($RefParser.prototype, 'bundle');
  });
  afterEach(() => bundleSpy.mockRestore());

  it('are not fetched by default: the http resolver is off, no connection is made, fetch is never called', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const file = await tmp.write('remote-local.yaml', { ...minimal('3.1.0'), components: { schemas: { Pet: { $ref: `http://127.0.0.1:${port}/pet.yaml#/Pet` } } } });
      const error = await loadError(file);
      expect(error.code).toBe('RSL_REF_UNRESOLVED');
      expect(error.message).toContain('allowRemoteRefs');
      expect(error.hint).toMatch(/allowRemoteRefs: true/);
      expect(bundleSpy).toHaveBeenCalledTimes(1);
      expect(httpOption()).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
      // Give a stray connection attempt time to arrive before counting.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(connections).toBe(0);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('allowRemoteRefs: true switches the http resolver on (127.0.0.1:9 is still refused by the bundler, without a request)', async () => {
    const error = await loadError(path.join(FIXTURES, 'invalid/remote-ref.yaml'), { allowRemoteRefs: true });
    expect(error.code).toBe('RSL_REF_UNRESOLVED');
    expect(error.message).toMatch(/loopback, private and internal hosts/);
    expect(httpOption()).not.toBe(false);
  });

  it('the bundler is not involved when every $ref is internal', async () => {
    await loadContract(path.join(REPO_ROOT, 'examples/public-crm/openapi.yaml'));
    expect(bundleSpy).not.toHaveBeenCalled();
  });
});

describe('loadContract: multi-file contracts', () => {
  const entry = path.join(FIXTURES, 'multifile/openapi.yaml');

  it('bundles relative $refs (also nested ones) into one document whose refs are all internal', async () => {
    const loaded = await loadContract(entry);
    expect(loaded.file).toBe(entry);
    expect(loaded.notices).toEqual([]);
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else walk(v);
        }
      }
    };
    walk(loaded.document);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((r) => r.startsWith('#/'))).toBe(true);
  });

  it('normalizes the bundled schemas and parameters from the other files', async () => {
    const diagnostics = new Diagnostics();
    const model = normalizeContract(await loadContract(entry), diagnostics);
    expect(diagnostics.list()).toEqual([]);
    expect(model.schemas.map((s) => s.name)).toEqual(['Pet']);
    const pet = model.schemas[0]?.schema;
    expect(pet?.kind === 'object' ? pet.properties.map((p) => [p.name, p.required, p.schema.kind]) : undefined).toEqual([
      ['id', true, 'string'],
      ['name', true, 'string'],
      ['owner', false, 'object'],
    ]);
    const listPets = model.operations.find((o) => o.operationId === 'listPets');
    expect(listPets?.parameters.map((p) => [p.name, p.in, p.schema.kind])).toEqual([['limit', 'query', 'number']]);
    expect(listPets?.responses[0]?.contents[0]?.schema).toMatchObject({ kind: 'array', items: { kind: 'ref', target: 'Pet' } });
  });

  it('does not modify the files it read', async () => {
    const first = await loadContract(entry);
    const second = await loadContract(entry);
    expect(second.document).toEqual(first.document);
  });

  it('gives the sha256 of the bytes it read from each file, by the path it lists', async () => {
    const { files, digests } = await loadContract(entry);
    expect(files.length).toBeGreaterThan(1);
    expect([...digests.keys()].sort()).toEqual([...files].sort());
    for (const f of files) expect(digests.get(f)).toBe(createHash('sha256').update(readFileSync(f)).digest('hex'));
  });
});

describe('loadContract: Swagger 2.0', () => {
  // The OAI's own Swagger 2.0 example (committed in fixtures/corpus), and a tiny inline one.
  const corpus = path.join(REPO_ROOT, 'fixtures/corpus/oai-petstore-expanded-swagger2/petstore-expanded.yaml');
  const inline = {
    swagger: '2.0',
    info: { title: 'Tiny pets', version: '1.0.0' },
    basePath: '/api',
    paths: {
      '/pets': {
        get: {
          operationId: 'findPets',
          produces: ['application/json'],
          responses: { '200': { description: 'pets', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } } } },
        },
      },
    },
    definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
  };

  it('is upgraded to OpenAPI 3.0 with an RSL_SWAGGER2_UPGRADED notice', async () => {
    const loaded = await loadContract(corpus);
    expect(loaded.notices).toEqual([
      {
        code: 'RSL_SWAGGER2_UPGRADED',
        severity: 'info',
        message: 'Swagger 2.0 document upgraded to OpenAPI 3.0 with swagger2openapi before generation',
        location: '#/swagger',
        hint: 'Convert the contract to OpenAPI 3 once and commit the result to skip this step.',
      },
    ]);
    const document = loaded.document as unknown as Record<string, unknown>;
    expect(String(document['openapi'])).toMatch(/^3\.0\./);
    expect(document['swagger']).toBeUndefined();
    expect(Object.keys((document['components'] as { schemas: object }).schemas)).toContain('Pet');
  });

  it('the upgraded document normalizes with refs to the moved definitions', async () => {
    const file = await tmp.write('swagger2-inline.yaml', inline);
    const diagnostics = new Diagnostics();
    const model = normalizeContract(await loadContract(file), diagnostics);
    expect(model.operations.map((o) => o.key)).toEqual(['GET /pets']);
    expect(model.meta.serverUrl).toBe('/api');
    expect(model.operations[0]?.responses[0]?.contents[0]).toEqual({
      mediaType: 'application/json',
      schema: {
        pointer: '#/paths/~1pets/get/responses/200/content/application~1json/schema',
        kind: 'array',
        items: { pointer: '#/paths/~1pets/get/responses/200/content/application~1json/schema/items', kind: 'ref', target: 'Pet' },
      },
    });
    expect(diagnostics.hasErrors()).toBe(false);
  });
});

describe('parseDocumentText', () => {
  it('parses JSON and YAML', () => {
    expect(parseDocumentText('{"a": 1}', 'x.json')).toEqual({ a: 1 });
    expect(parseDocumentText('a: 1\nb: [x]\n', 'x.yaml')).toEqual({ a: 1, b: ['x'] });
  });

  it('reads YAML flow mappings in a .yaml file even though they look like JSON', () => {
    expect(parseDocumentText('{a: 1}', 'x.yaml')).toEqual({ a: 1 });
  });

  it('reports a JSON syntax error in a .json file with line and column', () => {
    expect(() => parseDocumentText('{\n  "a": 1,\n}', 'x.json')).toThrow(expect.objectContaining({ code: 'RSL_INPUT_SYNTAX', location: '3:1' }) as unknown as Error);
  });
});

describe('resolvePointer and escapePointerToken', () => {
  const doc = { paths: { '/a/{id}': { get: { ok: true } } }, 'x~y': 1, list: ['zero', 'one'] };
  const cases: Array<[string, { given: string; want: unknown }]> = [
    ['whole document', { given: '#', want: doc }],
    ['escaped slash', { given: `#/paths/${escapePointerToken('/a/{id}')}/get`, want: { ok: true } }],
    ['escaped tilde', { given: '#/x~0y', want: 1 }],
    ['array index', { given: '#/list/1', want: 'one' }],
    ['percent-encoded token', { given: '#/paths/~1a~1%7Bid%7D/get/ok', want: true }],
    ['missing key', { given: '#/nope', want: undefined }],
    ['through a scalar', { given: '#/x~0y/deeper', want: undefined }],
    ['external ref', { given: 'other.yaml#/a', want: undefined }],
    ['no leading slash', { given: '#paths', want: undefined }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolvePointer(doc, given)).toEqual(want);
  });

  it('escapes ~ before /', () => {
    expect(escapePointerToken('~/a')).toBe('~0~1a');
  });
});
