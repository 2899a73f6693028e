import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, symlink, readlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeOutput } from './writeFileSet.js';
import { createGeneratedFile, type GeneratedFile } from './GeneratedFile.js';
import { banner } from './banner.js';
import { findInterruptedSwap, folderEntries, recoverInterruptedSwap, swapPaths } from './swap.js';
import { scanOutput } from './outputTree.js';
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

  it("reads a previous root's folder from the listing while the folder keeps the stamp the listing took, not racy", async () => {
    const loc = await location();
    await writeOutput(loc, [gen('a.ts'), gen('deep/b.ts')]);
    await writeFile(loc.abs('notes.md'), 'mine\n');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const scan = await scanOutput(loc, { stamps: true });
    expect([...(scan.folders?.stamps.keys() ?? [])].sort()).toEqual(['', 'src', 'src/deep']);
    const names = (entries: Array<{ name: string }>) => entries.map((e) => e.name).sort();
    // A listing that claims another entry in `src/deep`: believed while the folder has its stamp.
    const claimed = { ...scan, files: new Set([...scan.files, 'src/deep/claimed.ts']) };
    expect(names(folderEntries(loc.outputRoot, claimed)('src/deep'))).toEqual(['b.ts', 'claimed.ts']);
    // The root itself is always read; without stamps every folder is read.
    expect(names(folderEntries(loc.outputRoot, claimed)(''))).toEqual(names(await readdir(loc.outputRoot, { withFileTypes: true })));
    const { folders: _stamps, ...unstamped } = claimed;
    expect(names(folderEntries(loc.outputRoot, unstamped)('src/deep'))).toEqual(['b.ts']);
    // An entry added since: the folder's stamp no longer holds, so it is read.
    await writeFile(loc.abs('src/deep/added.md'), 'new\n');
    expect(names(folderEntries(loc.outputRoot, claimed)('src/deep'))).toEqual(['added.md', 'b.ts']);
    // A stamp taken within the racy margin is not trusted (the folder's modification time set ahead, so however
    // long the scan below takes to start, its stamp is within the margin).
    await utimes(loc.abs('src/deep'), new Date(), new Date(Date.now() + 60_000));
    const racy = await scanOutput(loc, { stamps: true });
    const racyClaim = { ...racy, files: new Set([...racy.files, 'src/deep/claimed.ts']) };
    expect(names(folderEntries(loc.outputRoot, racyClaim)('src/deep'))).toEqual(['added.md', 'b.ts']);
    // Kinds come from the listing: a folder, and a regular file looked up when asked.
    const src = folderEntries(loc.outputRoot, scan)('src');
    expect(src.map((e) => [e.name, e.isDirectory(), e.isSymbolicLink(), e.isFile()]).sort()).toEqual([
      ['a.ts', false, false, true],
      ['deep', true, false, false],
    ]);
  });
});
