import path from 'node:path';
import { assertDistinctOutputs, loadConfig, loadConfigs, resolveConfig } from './loadConfig.js';
import { defineConfig } from './defineConfig.js';
import { definePlugin } from '../plugin/definePlugin.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { TempDir } from '../../test/tempContracts.js';
import { thrown } from '../../test/thrown.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const plugin = definePlugin({ name: 'p', apply: () => undefined });
const configFile = path.resolve('/home/dev/project/config/generator.config.ts');


describe('resolveConfig', () => {
  it('resolves paths relative to the config file’s folder and applies defaults', () => {
    expect(resolveConfig({ input: './openapi.yaml', plugins: [plugin] }, configFile)).toEqual({
      configFile,
      input: path.resolve('/home/dev/project/config/openapi.yaml'),
      outputRoot: path.resolve('/home/dev/project/config/generated'),
      srcDir: 'src',
      plugins: [plugin],
      allowRemoteRefs: false,
    });
  });

  const cases: Array<[string, { given: Record<string, unknown>; want: { input: string; outputRoot: string; srcDir: string; allowRemoteRefs: boolean } }]> = [
    [
      'output as a string, parent folder input',
      { given: { input: '../api/openapi.json', output: '../web/gen' }, want: { input: '/home/dev/project/api/openapi.json', outputRoot: '/home/dev/project/web/gen', srcDir: 'src', allowRemoteRefs: false } },
    ],
    [
      'output object with srcDir',
      { given: { input: 'openapi.yaml', output: { root: 'out', srcDir: 'app' } }, want: { input: '/home/dev/project/config/openapi.yaml', outputRoot: '/home/dev/project/config/out', srcDir: 'app', allowRemoteRefs: false } },
    ],
    [
      'output object without srcDir defaults to src',
      { given: { input: 'openapi.yaml', output: { root: 'out' } }, want: { input: '/home/dev/project/config/openapi.yaml', outputRoot: '/home/dev/project/config/out', srcDir: 'src', allowRemoteRefs: false } },
    ],
    [
      'srcDir "." is allowed',
      { given: { input: 'openapi.yaml', output: { root: 'out', srcDir: '.' } }, want: { input: '/home/dev/project/config/openapi.yaml', outputRoot: '/home/dev/project/config/out', srcDir: '.', allowRemoteRefs: false } },
    ],
    [
      'absolute paths stay as they are',
      { given: { input: '/specs/api.yaml', output: '/tmp/out' }, want: { input: '/specs/api.yaml', outputRoot: '/tmp/out', srcDir: 'src', allowRemoteRefs: false } },
    ],
    [
      'allowRemoteRefs: true',
      { given: { input: 'openapi.yaml', allowRemoteRefs: true }, want: { input: '/home/dev/project/config/openapi.yaml', outputRoot: '/home/dev/project/config/generated', srcDir: 'src', allowRemoteRefs: true } },
    ],
    [
      'allowRemoteRefs only counts when it is exactly true',
      { given: { input: 'openapi.yaml', allowRemoteRefs: 'yes' }, want: { input: '/home/dev/project/config/openapi.yaml', outputRoot: '/home/dev/project/config/generated', srcDir: 'src', allowRemoteRefs: false } },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const resolved = resolveConfig({ plugins: [], ...given }, configFile);
    expect({ input: resolved.input, outputRoot: resolved.outputRoot, srcDir: resolved.srcDir, allowRemoteRefs: resolved.allowRemoteRefs }).toEqual({
      ...want,
      input: path.resolve(want.input),
      outputRoot: path.resolve(want.outputRoot),
    });
  });

  it("output.layout: 'single-file' and 'tag' are kept, 'resource' (the default) is left out, anything else is RSL_CONFIG_INVALID", () => {
    const layoutOf = (layout: unknown) => resolveConfig({ input: 'a.yaml', output: { root: 'out', layout }, plugins: [] } as never, configFile).layout;
    expect([layoutOf('single-file'), layoutOf('tag'), layoutOf('resource'), layoutOf(undefined)]).toEqual(['single-file', 'tag', undefined, undefined]);
    const error = thrown(() => layoutOf('flat'));
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_CONFIG_INVALID');
    expect((error as GeneratorError).message).toContain("`output.layout` must be one of 'resource', 'single-file', 'tag'");
  });

  it('without a config file, paths resolve from cwd and configFile is absent', () => {
    const resolved = resolveConfig({ input: 'api.yaml', plugins: [] }, undefined, '/base');
    expect(resolved.input).toBe(path.resolve('/base/api.yaml'));
    expect(resolved.outputRoot).toBe(path.resolve('/base/generated'));
    expect('configFile' in resolved).toBe(false);
  });

  const invalid: Array<[string, { given: unknown; field: string }]> = [
    ['not an object', { given: 42, field: 'the config must export an object' }],
    ['null', { given: null, field: 'the config must export an object' }],
    ['missing input', { given: { plugins: [] }, field: '`input`' }],
    ['empty input', { given: { input: '', plugins: [] }, field: '`input`' }],
    ['input not a string', { given: { input: 3, plugins: [] }, field: '`input`' }],
    ['missing plugins', { given: { input: 'a.yaml' }, field: '`plugins`' }],
    ['plugins not an array', { given: { input: 'a.yaml', plugins: {} }, field: '`plugins`' }],
    ['empty output string', { given: { input: 'a.yaml', plugins: [], output: '' }, field: '`output`' }],
    ['output object without root', { given: { input: 'a.yaml', plugins: [], output: { srcDir: 'src' } }, field: '`output`' }],
    ['srcDir leaving the root', { given: { input: 'a.yaml', plugins: [], output: { root: 'out', srcDir: '../src' } }, field: '`output.srcDir`' }],
    ['srcDir with a nested parent segment', { given: { input: 'a.yaml', plugins: [], output: { root: 'out', srcDir: 'a/../../b' } }, field: '`output.srcDir`' }],
    ['srcDir with a backslash parent segment', { given: { input: 'a.yaml', plugins: [], output: { root: 'out', srcDir: 'a\\..\\..' } }, field: '`output.srcDir`' }],
    ['absolute srcDir', { given: { input: 'a.yaml', plugins: [], output: { root: 'out', srcDir: '/src' } }, field: '`output.srcDir`' }],
  ];
  it.each(invalid)('%s → RSL_CONFIG_INVALID naming the field', (_name, { given, field }) => {
    const error = thrown(() => resolveConfig(given, configFile));
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain(field);
    expect(error.message.startsWith(`${configFile}: `)).toBe(true);
    expect(error.file).toBe(configFile);
  });
});

describe('resolveConfig: format', () => {
  const base = { input: 'a.yaml', plugins: [] };

  it.each([
    ['prettier', 'prettier'],
    ['biome', 'biome'],
    [false, undefined],
    [undefined, undefined],
  ] as const)('format: %j resolves to %j', (format, resolved) => {
    const config = resolveConfig(format === undefined ? base : { ...base, format }, configFile);
    expect(config.format).toBe(resolved);
    expect('format' in config).toBe(resolved !== undefined);
  });

  it.each(['Prettier', 'dprint', true, 1])('format: %j is refused naming the field', (format) => {
    const error = thrown(() => resolveConfig({ ...base, format } as never, configFile));
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain("`format` must be 'prettier', 'biome' or false");
  });
});

describe('resolveConfig: dates', () => {
  const base = { input: 'a.yaml', plugins: [] };

  it("keeps dates: 'Date' and leaves the default 'string' out", () => {
    expect(resolveConfig({ ...base, dates: 'Date' }, configFile).dates).toBe('Date');
    expect('dates' in resolveConfig({ ...base, dates: 'string' }, configFile)).toBe(false);
    expect('dates' in resolveConfig(base, configFile)).toBe(false);
  });

  it('rejects another value naming the field', () => {
    const error = thrown(() => resolveConfig({ ...base, dates: 'date' }, configFile));
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain('`dates`');
  });
});

describe('resolveConfig: overrides', () => {
  const base = { input: 'a.yaml', plugins: [] };

  it('keeps valid overrides and leaves them out when there is no entry', () => {
    const overrides = { resources: { albumsUsers: { name: 'albumMembers', entity: 'AlbumMember' }, albums: { entity: 'PhotoAlbum' } }, operations: { removeUserFromAlbum: { name: 'removeAlbumMember' } } };
    expect(resolveConfig({ ...base, overrides }, configFile).overrides).toEqual(overrides);
    expect('overrides' in resolveConfig({ ...base, overrides: {} }, configFile)).toBe(false);
    expect('overrides' in resolveConfig({ ...base, overrides: { resources: {}, operations: {} } }, configFile)).toBe(false);
    expect('overrides' in resolveConfig(base, configFile)).toBe(false);
  });

  it('a key such as __proto__ stays a plain key', () => {
    const overrides = JSON.parse('{"resources":{"__proto__":{"name":"protoThings"}}}') as unknown;
    const resolved = resolveConfig({ ...base, overrides }, configFile);
    expect(Object.hasOwn(resolved.overrides?.resources ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(resolved.overrides?.resources)).toBe(Object.prototype);
  });

  const invalid: Array<[string, { overrides: unknown; field: string }]> = [
    ['not an object', { overrides: [], field: '`overrides` must be' }],
    ['an unknown key', { overrides: { names: {} }, field: '`overrides.names` is not an option' }],
    ['resources not an object', { overrides: { resources: 'albums' }, field: '`overrides.resources` must be an object' }],
    ['a resource entry not an object', { overrides: { resources: { albums: 'photos' } }, field: '`overrides.resources.albums` must be { name?, entity? }' }],
    ['a resource entry with neither name nor entity', { overrides: { resources: { albums: {} } }, field: '`overrides.resources.albums` sets neither name nor entity' }],
    ['an unknown resource option', { overrides: { resources: { albums: { title: 'x' } } }, field: '`overrides.resources.albums.title` is not an option' }],
    ['a resource name that is no identifier', { overrides: { resources: { albums: { name: 'photo-albums' } } }, field: '`overrides.resources.albums.name` must be an identifier' }],
    ['a resource name over 80 characters', { overrides: { resources: { albums: { name: 'a'.repeat(81) } } }, field: '`overrides.resources.albums.name` must be an identifier of at most 80 characters' }],
    ['an entity that is no identifier', { overrides: { resources: { albums: { entity: '1Album' } } }, field: '`overrides.resources.albums.entity` must be an identifier' }],
    ['operations not an object', { overrides: { operations: [] }, field: '`overrides.operations` must be an object' }],
    ['an operation entry with neither name nor role', { overrides: { operations: { listPets: {} } }, field: '`overrides.operations.listPets` sets neither name nor role' }],
    ['an unknown operation option', { overrides: { operations: { listPets: { name: 'list', kind: 'list' } } }, field: '`overrides.operations.listPets.kind` is not an option' }],
    ['a role that is no role', { overrides: { operations: { listPets: { role: 'fetch' } } }, field: '`overrides.operations.listPets.role` must be one of list, read, create, update, delete, action, other' }],
    ['a method name that is a reserved word', { overrides: { operations: { deletePet: { name: 'delete' } } }, field: '`overrides.operations.deletePet.name` must not be a reserved word' }],
  ];
  it.each(invalid)('%s → RSL_CONFIG_INVALID naming the field', (_name, { overrides, field }) => {
    const error = thrown(() => resolveConfig({ ...base, overrides }, configFile));
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain(field);
    expect(error.message.startsWith(`${configFile}: `)).toBe(true);
  });
});

describe('defineConfig', () => {
  it('returns the same object', () => {
    const config = { input: 'a.yaml', plugins: [] };
    expect(defineConfig(config)).toBe(config);
  });
});

describe('loadConfig', () => {
  it('a missing file is RSL_CONFIG_INVALID naming the path', async () => {
    const error: unknown = await loadConfig('nope/generator.config.ts', await tmp.root()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_CONFIG_INVALID');
    expect((error as GeneratorError).message).toBe('nope/generator.config.ts: config file not found');
    expect((error as GeneratorError).hint).toMatch(/--config/);
  });

  it('loads a JSON config and resolves its paths from the config’s folder', async () => {
    const file = await tmp.write('json/reslayer.config.json', { input: './api/openapi.yaml', output: { root: '../out', srcDir: 'web' }, plugins: [] });
    const resolved = await loadConfig(file);
    expect(resolved).toEqual({
      configFile: file,
      input: path.join(path.dirname(file), 'api/openapi.yaml'),
      outputRoot: path.resolve(path.dirname(file), '../out'),
      srcDir: 'web',
      plugins: [],
      allowRemoteRefs: false,
    });
  });

  it('a relative config path resolves from the given cwd', async () => {
    const file = await tmp.write('rel/cfg.json', { input: 'openapi.yaml', plugins: [] });
    const resolved = await loadConfig('rel/cfg.json', await tmp.root());
    expect(resolved.configFile).toBe(file);
    expect(resolved.input).toBe(path.join(path.dirname(file), 'openapi.yaml'));
  });

  it('an invalid config in a file is RSL_CONFIG_INVALID naming the file and the field', async () => {
    const file = await tmp.write('bad/cfg.json', { input: 'openapi.yaml' });
    const error = (await loadConfig(file).catch((e: unknown) => e)) as GeneratorError;
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toBe(`${file}: \`plugins\` must be an array of plugins, e.g. [pluginClient()]`);
  });

  it('a config file that fails to parse is RSL_CONFIG_INVALID', async () => {
    const file = await tmp.write('broken/cfg.json', '{ "input": ');
    const error = (await loadConfig(file).catch((e: unknown) => e)) as GeneratorError;
    expect(error).toBeInstanceOf(GeneratorError);
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toContain('the config file failed to load');
  });

  it('loads a TypeScript config with a default export', async () => {
    const file = await tmp.write(
      'ts/generator.config.ts',
      [
        "const plugin = { name: 'inline', apply(): void {} };",
        "const config: { input: string; output: string; plugins: Array<typeof plugin> } = { input: './openapi.yaml', output: './gen', plugins: [plugin] };",
        'export default config;',
        '',
      ].join('\n'),
    );
    const resolved = await loadConfig(file);
    expect(resolved.input).toBe(path.join(path.dirname(file), 'openapi.yaml'));
    expect(resolved.outputRoot).toBe(path.join(path.dirname(file), 'gen'));
    expect(resolved.plugins.map((p) => p.name)).toEqual(['inline']);
  });
});
