import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, symlink, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeOutput } from './writeFileSet.js';
import { createGeneratedFile, type GeneratedFile } from './GeneratedFile.js';
import { banner } from './banner.js';
import { findInterruptedSwap, recoverInterruptedSwap, swapPaths } from './swap.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const HEADER = banner({ title: 'Test API', version: '1.0.0' });
const gen = (p: string, body = 'export const x = 1;'): GeneratedFile => createGeneratedFile({ path: p, contents: `${HEADER}${body}\n`, plugin: 'plugin-test' });

async function location() {
  const outputRoot = path.join(await tmp.sub('swap'), 'out');
  return { outputRoot, srcDir: 'src', abs: (rel: string) => path.join(outputRoot, rel) };
}

describe('the swap of the output root', () => {
  it('carries the user files, links and empty folders over, keeps unchanged files (same inode), drops files no longer generated, leaves nothing beside the root', async () => {
    const loc = await location();
    await writeOutput(loc, [gen('a.ts'), gen('old/gone.ts'), gen('b.ts')]);
    await writeFile(loc.abs('notes.md'), 'mine\n');
    await writeFile(loc.abs('src/hand.ts'), 'export const mine = 1;\n');
    await mkdir(loc.abs('empty'));
    await symlink('notes.md', loc.abs('link-to-notes'));
    const inodeA = (await stat(loc.abs('src/a.ts'))).ino;
    const { plan } = await writeOutput(loc, [gen('a.ts'), gen('b.ts', 'export const x = 2;')]);
    expect(plan).toEqual({ created: [], updated: ['src/b.ts'], unchanged: ['src/a.ts'], removed: ['src/old/gone.ts'] });
    expect(await readFile(loc.abs('notes.md'), 'utf8')).toBe('mine\n');
    expect(await readFile(loc.abs('src/hand.ts'), 'utf8')).toBe('export const mine = 1;\n');
    expect(await readlink(loc.abs('link-to-notes'))).toBe('notes.md');
    expect(existsSync(loc.abs('empty'))).toBe(true);
    expect(existsSync(loc.abs('src/old'))).toBe(false);
    expect((await stat(loc.abs('src/a.ts'))).ino).toBe(inodeA);
    expect(await readFile(loc.abs('src/b.ts'), 'utf8')).toContain('x = 2');
    expect((await readdir(path.dirname(loc.outputRoot))).sort()).toEqual(['out']);
  });

  it('a kill between the two renames (no root, the previous root beside it) is reported and rolled back', async () => {
    const loc = await location();
    await writeOutput(loc, [gen('a.ts')]);
    await writeFile(loc.abs('notes.md'), 'mine\n');
    const { previous, staging } = swapPaths(loc);
    await rename(loc.outputRoot, previous);
    await mkdir(path.join(staging, 'src'), { recursive: true });
    expect(findInterruptedSwap(loc)).toEqual({ journal: true, leftovers: ['../.out.reslayer-previous', '../.out.reslayer-staging'] });
    expect(recoverInterruptedSwap(loc)).toBe(true);
    expect(await readFile(loc.abs('notes.md'), 'utf8')).toBe('mine\n');
    expect(await readFile(loc.abs('src/a.ts'), 'utf8')).toBe(gen('a.ts').contents);
    expect(findInterruptedSwap(loc)).toBeUndefined();
  });

  it('a kill after the swap: the previous root is dropped, but a user file only it holds moves into the new root', async () => {
    const loc = await location();
    await writeOutput(loc, [gen('a.ts')]);
    const { previous } = swapPaths(loc);
    await mkdir(path.join(previous, 'src'), { recursive: true });
    await writeFile(path.join(previous, 'src/a.ts'), `${HEADER}export const old = 1;\n`);
    await writeFile(path.join(previous, 'src/stale.ts'), `${HEADER}export const stale = 1;\n`);
    await writeFile(path.join(previous, 'late.md'), 'written during the run\n');
    expect(findInterruptedSwap(loc)?.journal).toBe(false);
    recoverInterruptedSwap(loc);
    expect(existsSync(previous)).toBe(false);
    expect(await readFile(loc.abs('late.md'), 'utf8')).toBe('written during the run\n');
    expect(existsSync(loc.abs('src/stale.ts'))).toBe(false);
    expect(await readFile(loc.abs('src/a.ts'), 'utf8')).toBe(gen('a.ts').contents);
  });

  it('a root holding .git is written in place (journaled commit), never swapped', async () => {
    const loc = await location();
    await mkdir(loc.abs('.git'), { recursive: true });
    await writeOutput(loc, [gen('a.ts')]);
    const rootIno = (await stat(loc.outputRoot)).ino;
    await writeOutput(loc, [gen('a.ts', 'export const x = 2;')]);
    expect((await stat(loc.outputRoot)).ino).toBe(rootIno);
    expect(await readFile(loc.abs('src/a.ts'), 'utf8')).toContain('x = 2');
  });
});
