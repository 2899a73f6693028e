import { mkdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from './loadConfig.js';
import { assertOwnableOutputRoot } from './configGuards.js';
import { definePlugin } from '../plugin/definePlugin.js';
import { TempDir } from '../../test/tempContracts.js';
import { thrown } from '../../test/thrown.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const plugin = definePlugin({ name: 'p', apply: () => undefined });


describe('resolveConfig: unknown fields', () => {
  const configFile = path.resolve('/home/dev/project/generator.config.ts');
  const typos: Array<[Record<string, unknown>, RegExp]> = [
    [{ ouptut: './gen' }, /`ouptut` is not a config option; did you mean `output`\?$/],
    [{ plugin: [] }, /`plugin` is not a config option; did you mean `plugins`\?$/],
    [{ refRoot: ['x'] }, /did you mean `refRoots`\?$/],
    [{ output: { root: './gen', srcdir: 'lib' } }, /`output\.srcdir` is not a config option; did you mean `output\.srcDir`\?$/],
    [{ colour: 'blue' }, /`colour` is not a config option \(the options are input, output, plugins, allowRemoteRefs, overrides, dates, refRoots, maxInputSize, format\)$/],
  ];
  it.each(typos)('refuses %j naming the field', (extra, says) => {
    const error = thrown(() => resolveConfig({ input: './openapi.yaml', plugins: [plugin], ...extra }, configFile));
    expect(error.code).toBe('RSL_CONFIG_INVALID');
    expect(error.message).toMatch(says);
  });

  it('resolves refRoots from the config folder and keeps maxInputSize', () => {
    const resolved = resolveConfig({ input: './openapi.yaml', plugins: [plugin], refRoots: ['../shared', '/abs'], maxInputSize: 1000 }, configFile);
    expect([resolved.refRoots, resolved.maxInputSize]).toEqual([[path.resolve('/home/dev/shared'), path.resolve('/abs')], 1000]);
  });

  it.each([[{ refRoots: 'x' }], [{ refRoots: [''] }], [{ maxInputSize: 0 }], [{ maxInputSize: 1.5 }]])('refuses %j', (extra) => {
    expect(thrown(() => resolveConfig({ input: './openapi.yaml', plugins: [plugin], ...extra }, configFile)).code).toBe('RSL_CONFIG_INVALID');
  });
});

describe('assertOwnableOutputRoot (through resolveConfig)', () => {
  /** A home folder inside the temporary folder, so that a folder holding it is not `/`. */
  const fakeHome = async () => {
    const home = path.join(await tmp.sub('holder'), 'home');
    mkdirSync(home);
    return home;
  };
  const cases: Array<[string, () => Promise<{ input: string; output: string; configFile?: string; home?: string }>, RegExp]> = [
    ['the file system root', async () => ({ input: path.join(await tmp.root(), 'openapi.yaml'), output: path.parse(os.homedir()).root }), /is the file system's root$/],
    ['the home folder', async () => ({ input: path.join(await tmp.root(), 'openapi.yaml'), output: os.homedir() }), /is the home folder$/],
    [
      'a folder that holds the home folder',
      async () => {
        const home = await fakeHome();
        return { input: path.join(await tmp.root(), 'openapi.yaml'), output: path.dirname(home), home };
      },
      /holds the home folder/,
    ],
    ['the contract folder', async () => ({ input: path.join(await tmp.root(), 'api/openapi.yaml'), output: path.join(await tmp.root(), 'api') }), /holds the contract/],
    ['a folder above the config', async () => ({ input: '/elsewhere/openapi.yaml', output: await tmp.root(), configFile: path.join(await tmp.root(), 'conf/generator.config.ts') }), /holds the config/],
    [
      'a link to the contract folder',
      async () => {
        const root = await tmp.sub('link');
        mkdirSync(path.join(root, 'api'));
        symlinkSync(path.join(root, 'api'), path.join(root, 'out'));
        return { input: path.join(root, 'api/openapi.yaml'), output: path.join(root, 'out') };
      },
      /holds the contract/,
    ],
  ];
  it.each(cases)('refuses %s', async (_name, make, says) => {
    const { input, output, configFile, home } = await make();
    const error = thrown(() => {
      const resolved = resolveConfig({ input, output: path.join(output, 'x/y'), plugins: [plugin] }, configFile, '/');
      assertOwnableOutputRoot({ ...resolved, outputRoot: output }, home);
    });
    expect(error.code).toBe('RSL_OUTPUT_ROOT_UNSAFE');
    expect(error.message).toMatch(says);
  });

  it.each(['/tmp', '/opt', '/usr', '/var', '/etc', '/srv', '/mnt', '/tmp/', '/var/../opt'])('refuses the system folder %s', (output) => {
    const resolved = resolveConfig({ input: '/elsewhere/api/openapi.yaml', output: '/elsewhere/out', plugins: [plugin] }, undefined, '/');
    const error = thrown(() => assertOwnableOutputRoot({ ...resolved, outputRoot: output }, '/elsewhere/home', '/elsewhere/tmp'));
    expect(error.code).toBe('RSL_OUTPUT_ROOT_UNSAFE');
    expect(error.message).toMatch(/is a system folder/);
  });

  it('refuses the temporary folder itself, and accepts a folder below it', async () => {
    const temp = await tmp.sub('tempdir');
    const resolved = resolveConfig({ input: '/elsewhere/api/openapi.yaml', output: '/elsewhere/out', plugins: [plugin] }, undefined, '/');
    expect(thrown(() => assertOwnableOutputRoot({ ...resolved, outputRoot: temp }, '/elsewhere/home', temp)).message).toMatch(/is the temporary folder$/);
    expect(() => assertOwnableOutputRoot({ ...resolved, outputRoot: path.join(temp, 'out') }, '/elsewhere/home', temp)).not.toThrow();
  });

  it('resolveConfig applies it', async () => {
    const root = await tmp.root();
    expect(thrown(() => resolveConfig({ input: path.join(root, 'api/openapi.yaml'), output: root, plugins: [plugin] }, undefined)).code).toBe('RSL_OUTPUT_ROOT_UNSAFE');
  });

  it('accepts a folder of its own beside the contract', async () => {
    const root = await tmp.root();
    expect(resolveConfig({ input: path.join(root, 'api/openapi.yaml'), output: path.join(root, 'src/api/generated'), plugins: [plugin] }, undefined).outputRoot).toBe(path.join(root, 'src/api/generated'));
  });
});
