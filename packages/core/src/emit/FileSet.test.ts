import { FileSet, assertSafeRelativePath } from './FileSet.js';
import { createGeneratedFile } from './GeneratedFile.js';
import { banner, GENERATED_MARKER } from './banner.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return (error as GeneratorError).code;
  }
  return undefined;
};

describe('assertSafeRelativePath', () => {
  const unsafe: Array<[string, string]> = [
    ['parent segment', '../x'],
    ['absolute', '/abs'],
    ['climbing out through a folder', 'a/../../b'],
    ['parent segment in the middle that stays inside (not normalized)', 'a/../b'],
    ['bare ..', '..'],
    ['trailing ..', 'a/..'],
    ['backslash', 'a\\b'],
    ['backslash parent', '..\\x'],
    ['Windows drive', 'C:/x'],
    ['NUL', 'a\u0000b'],
    ['newline', 'a\nb'],
    ['empty', ''],
    ['leading ./ (not normalized)', './a.ts'],
    ['double slash (not normalized)', 'a//b.ts'],
    ['dot segment (not normalized)', 'a/./b.ts'],
    ['the root itself', '.'],
    ['a folder (trailing slash)', 'a/b/'],
  ];
  it.each(unsafe)('rejects %s: %j', (_name, given) => {
    expect(codeOf(() => assertSafeRelativePath(given))).toBe('RSL_PATH_OUTSIDE_ROOT');
  });

  it.each(['.reslayer-manifest.json', '.reslayer-spare/x.ts', 'a/.Reslayer-Staging/x.ts', '.RESLAYER'])('rejects the reserved name in %j', (given) => {
    expect(codeOf(() => assertSafeRelativePath(given))).toBe('RSL_PATH_RESERVED');
  });

  const safe: Array<[string, string]> = [
    ['a file', 'index.ts'],
    ['a name that holds the reserved prefix later', 'a/x.reslayer-spare.ts'],
    ['nested', 'shared/api/generated/contacts/contacts.client.ts'],
    ['dots inside a name', 'a/b.config.ts'],
    ['a name starting with dots', 'a/..b.ts'],
    ['dotfile', '.gitattributes'],
  ];
  it.each(safe)('accepts %s: %j', (_name, given) => {
    expect(assertSafeRelativePath(given)).toBe(given);
  });

  it('the error message quotes the path', () => {
    expect(() => assertSafeRelativePath('../x')).toThrow('generated path "../x" is not a plain relative path inside the output root');
  });
});

describe('FileSet', () => {
  it('stores frozen records with LF line endings and exactly one trailing newline', () => {
    const files = new FileSet();
    const record = files.add({ path: 'a.ts', contents: 'line1\r\nline2\rline3\n\n\n', plugin: 'p' });
    expect(record).toEqual({ path: 'a.ts', contents: 'line1\nline2\nline3\n', plugin: 'p', kind: 'source' });
    expect(Object.isFrozen(record)).toBe(true);
    expect(files.add({ path: 'meta.json', contents: '{}', plugin: 'p', kind: 'meta' }).kind).toBe('meta');
  });

  it('lists files sorted by path and answers has/get/size', () => {
    const files = new FileSet();
    for (const p of ['b/x.ts', 'a/z.ts', 'a/y.ts', 'B.ts']) files.add({ path: p, contents: p, plugin: 'p' });
    expect(files.list().map((f) => f.path)).toEqual(['B.ts', 'a/y.ts', 'a/z.ts', 'b/x.ts']);
    expect(files.size).toBe(4);
    expect(files.has('a/y.ts')).toBe(true);
    expect(files.has('a/q.ts')).toBe(false);
    expect(files.get('b/x.ts')?.contents).toBe('b/x.ts\n');
    expect(files.get('nope')).toBeUndefined();
  });

  it('a taken path is a RSL_FILE_CONFLICT naming both plugins, and the first file is kept', () => {
    const files = new FileSet();
    files.add({ path: 'shared/index.ts', contents: 'first', plugin: 'plugin-client' });
    let error: unknown;
    try {
      files.add({ path: 'shared/index.ts', contents: 'second', plugin: 'plugin-mocks' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_FILE_CONFLICT');
    expect((error as GeneratorError).message).toBe('plugin "plugin-mocks" emits shared/index.ts, which plugin "plugin-client" already emitted');
    expect(files.get('shared/index.ts')?.contents).toBe('first\n');
    expect(files.size).toBe(1);
  });

  it('a path below another file, or a path that is another file\'s folder, is a RSL_FILE_CONFLICT', () => {
    const files = new FileSet();
    files.add({ path: 'contacts/index.ts', contents: 'a', plugin: 'plugin-client' });
    files.add({ path: 'shared', contents: 'b', plugin: 'plugin-client' });
    const conflict = (p: string, plugin = 'plugin-mocks') => {
      try {
        files.add({ path: p, contents: 'c', plugin });
      } catch (e) {
        return e as GeneratorError;
      }
      return undefined;
    };
    expect(conflict('contacts')?.message).toBe('plugin "plugin-mocks" emits contacts, a folder of files already emitted');
    expect(conflict('contacts/index.ts/x.ts')?.message).toBe('plugin "plugin-mocks" emits contacts/index.ts/x.ts, but contacts/index.ts is a file plugin "plugin-client" emitted');
    expect(conflict('shared/deep/x.ts')?.code).toBe('RSL_FILE_CONFLICT');
    expect(conflict('contacts/other.ts')).toBeUndefined();
    expect(files.size).toBe(3);
  });

  it('rejects an unsafe path without adding it', () => {
    const files = new FileSet();
    expect(codeOf(() => files.add({ path: '../escape.ts', contents: '', plugin: 'p' }))).toBe('RSL_PATH_OUTSIDE_ROOT');
    expect(files.size).toBe(0);
  });
});

describe('createGeneratedFile', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['adds a missing newline', { given: 'x', want: 'x\n' }],
    ['keeps one newline', { given: 'x\n', want: 'x\n' }],
    ['collapses trailing newlines', { given: 'x\n\n\n', want: 'x\n' }],
    ['CRLF → LF', { given: 'a\r\nb\r\n', want: 'a\nb\n' }],
    ['lone CR → LF', { given: 'a\rb', want: 'a\nb\n' }],
    ['keeps inner blank lines', { given: 'a\n\nb', want: 'a\n\nb\n' }],
    ['empty file is one newline', { given: '', want: '\n' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(createGeneratedFile({ path: 'a.ts', contents: given, plugin: 'p' }).contents).toBe(want);
  });
});

describe('banner', () => {
  it('starts with the generated marker, names no contract (the manifest does), and has no timestamp', () => {
    expect(banner()).toBe(
      `${GENERATED_MARKER} (the contract's title and version are in .reslayer-manifest.json).\n// Do not edit this file by hand: change the contract or the config and run \`reslayer generate\`.\n`,
    );
  });
});
