import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { confineRef, isWithin, NotRegularFileError, readRegularFile, realPathOf } from './inputFiles.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

describe('readRegularFile', () => {
  it('reads a regular file within the limit', async () => {
    const file = await tmp.write('small.yaml', 'a: 1\n');
    expect(readRegularFile(file, 5).bytes.toString()).toBe('a: 1\n');
  });

  it('refuses a file over the limit before reading it', async () => {
    const file = await tmp.write('big.yaml', 'a: 12\n');
    expect(() => readRegularFile(file, 5)).toThrow(expect.objectContaining({ code: 'RSL_INPUT_TOO_LARGE' }) as unknown as Error);
  });

  it('refuses a folder, a device and a FIFO without blocking', async () => {
    const root = await tmp.root();
    expect(() => readRegularFile(root, 100)).toThrow(NotRegularFileError);
    if (existsSync('/dev/zero')) expect(() => readRegularFile('/dev/zero', 100)).toThrow(/a device, not a regular file/);
    if (existsSync('/usr/bin/mkfifo')) {
      const fifo = path.join(root, 'pipe.yaml');
      execFileSync('mkfifo', [fifo]);
      expect(() => readRegularFile(fifo, 100)).toThrow(/a FIFO \(named pipe\), not a regular file/);
    }
  });
});

describe('confineRef', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = path.join(await tmp.root(), 'api');
    outside = path.join(await tmp.root(), 'secret');
    mkdirSync(path.join(root, 'schemas'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(root, 'schemas/pet.yaml'), 'type: string\n');
    writeFileSync(path.join(outside, 'key.yaml'), 'type: string\n');
    symlinkSync(path.join(outside, 'key.yaml'), path.join(root, 'link.yaml'));
    symlinkSync(path.join(root, 'schemas/pet.yaml'), path.join(root, 'inner-link.yaml'));
  });

  it('returns the real path of a file under a root', () => {
    expect(confineRef(path.join(root, 'schemas/pet.yaml'), [root], 'x')).toBe(realPathOf(path.join(root, 'schemas/pet.yaml')));
    expect(confineRef(path.join(root, 'inner-link.yaml'), [root], 'x')).toBe(realPathOf(path.join(root, 'schemas/pet.yaml')));
    expect(confineRef(path.join(outside, 'key.yaml'), [root, outside], 'x')).toBe(realPathOf(path.join(outside, 'key.yaml')));
  });

  const refused: Array<[string, () => string]> = [
    ['a file outside every root', () => path.join(outside, 'key.yaml')],
    ['a system file', () => '/etc/passwd'],
    ['a link inside a root to a file outside', () => path.join(root, 'link.yaml')],
    ['a root that only shares a prefix', () => `${root}-other/x.yaml`],
  ];
  it.each(refused)('refuses %s, without reading it', (_name, file) => {
    let error: unknown;
    try {
      confineRef(file(), [root], '/p/openapi.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_REF_OUTSIDE_ROOT');
    expect((error as GeneratorError).message).toMatch(/^\/p\/openapi\.yaml: a \$ref names /);
  });
});

describe('confineRef: only contract documents', () => {
  let home: string;
  let project: string;
  beforeAll(async () => {
    home = path.join(await tmp.root(), 'home');
    project = path.join(home, 'project');
    for (const f of ['.env', '.npmrc', '.ssh/id_rsa.yaml', '.git/config.json', 'notes.txt', 'top.yaml', 'project/schemas/pet.yaml', 'project/.hidden/pet.yaml', 'project/key.pem']) {
      mkdirSync(path.dirname(path.join(home, f)), { recursive: true });
      writeFileSync(path.join(home, f), 'type: string\n');
    }
    symlinkSync(path.join(home, '.env'), path.join(project, 'env.yaml'));
  });
  const codeOf = (fn: () => unknown): string | undefined => {
    try {
      fn();
    } catch (e) {
      return (e as GeneratorError).code;
    }
    return undefined;
  };

  it.each([
    ['a dot-file at the contract folder', () => [path.join(home, '.env'), [home]]],
    ['an .npmrc', () => [path.join(home, '.npmrc'), [home]]],
    ['a YAML file in a dot-folder', () => [path.join(home, '.ssh/id_rsa.yaml'), [home]]],
    ['a JSON file under .git', () => [path.join(home, '.git/config.json'), [home]]],
    ['a file that is no contract document', () => [path.join(home, 'notes.txt'), [home]]],
    ['a key file beside the contract', () => [path.join(project, 'key.pem'), [project]]],
    ['a dot-folder below the contract folder', () => [path.join(project, '.hidden/pet.yaml'), [project]]],
    ['a .yaml link to a dot-file', () => [path.join(project, 'env.yaml'), [project, home]]],
    ['a document right in the home folder', () => [path.join(home, 'top.yaml'), [home]]],
  ] as Array<[string, () => [string, string[]]]>)('refuses %s with RSL_REF_OUTSIDE_ROOT', (_name, args) => {
    const [file, roots] = args();
    expect(codeOf(() => confineRef(file, roots, '/p/openapi.yaml', home))).toBe('RSL_REF_OUTSIDE_ROOT');
  });

  it('reads a document below the home folder, and one right in it only when refRoots names the home folder', () => {
    expect(confineRef(path.join(project, 'schemas/pet.yaml'), [project], 'x', home)).toBe(realPathOf(path.join(project, 'schemas/pet.yaml')));
    expect(confineRef(path.join(home, 'schemas/../top.yaml'), [project, home], 'x', home)).toBe(realPathOf(path.join(home, 'top.yaml')));
  });
});

describe('isWithin and realPathOf', () => {
  it('compares whole segments', () => {
    expect(isWithin('/a/b', '/a/b')).toBe(true);
    expect(isWithin('/a/b', '/a/b/c')).toBe(true);
    expect(isWithin('/a/b', '/a/bc')).toBe(false);
    expect(isWithin('/a/b', '/a')).toBe(false);
  });

  it('resolves the existing part of a path that does not exist yet', async () => {
    const root = await tmp.root();
    expect(realPathOf(path.join(root, 'not/yet/here'))).toBe(path.join(realPathOf(root), 'not/yet/here'));
  });
});
