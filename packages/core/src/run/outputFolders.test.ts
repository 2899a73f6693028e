import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertOutputFolders } from './outputFolders.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'reslayer-folders-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const FILES = ['src/a/one.ts', 'src/a/b/two.ts', 'src/c/d/e/three.ts', 'src/index.ts'];

describe('assertOutputFolders', () => {
  it('passes when every folder the files go into is a folder or missing', () => {
    mkdirSync(path.join(dir, 'src/a'), { recursive: true });
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'src' }, FILES)).not.toThrow();
  });

  it.each([
    ['the source folder', 'src', 'src'],
    ['a nested folder', 'src/c/d', 'src/c/d'],
    ['a deep folder', 'src/c/d/e', 'src/c/d/e'],
  ])('names a file standing where %s goes', (_what, file, named) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'in the way');
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'src' }, FILES)).toThrow(`${named} under the output root ${dir} is a file, but generated files go into it`);
  });

  it('names the first of several files in the way, in path order, and checks the parents of a nested source folder', () => {
    mkdirSync(path.join(dir, 'src/c/d'), { recursive: true });
    writeFileSync(path.join(dir, 'src/c/d/e'), 'x');
    mkdirSync(path.join(dir, 'src/a'), { recursive: true });
    writeFileSync(path.join(dir, 'src/a/b'), 'x');
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'src' }, FILES)).toThrow(/^src\/a\/b under/);
    rmSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'gen'), 'x');
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'gen/src' }, [])).toThrow(/^gen under/);
  });

  it('does not look again at the folders a listing of the run shows as folders', () => {
    mkdirSync(path.join(dir, 'src/c/d'), { recursive: true });
    writeFileSync(path.join(dir, 'src/c/d/e'), 'x');
    // Listed as a folder (the listing is the caller's word): not looked at.
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'src' }, FILES, new Set(['src/c/d/e']))).not.toThrow();
    expect(() => assertOutputFolders({ outputRoot: dir, srcDir: 'src' }, FILES, new Set(['src/c']))).toThrow(/^src\/c\/d\/e under/);
  });
});
