import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, utimes, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { diffFileSet, planFileSet, rootRelative, writeFileSet, MANIFEST_NAME, type OutputLocation } from './writeFileSet.js';
import { createGeneratedFile, type GeneratedFile } from './GeneratedFile.js';
import { banner, GENERATED_MARKER } from './banner.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const HEADER = banner({ title: 'Test API', version: '1.0.0' });
const OLD = new Date('2001-02-03T04:05:06Z');

/** A generated file with the banner, as plugins emit them. */
const gen = (p: string, body = `export const x = ${JSON.stringify(p)};`): GeneratedFile =>
  createGeneratedFile({ path: p, contents: `${HEADER}${body}\n`, plugin: 'plugin-test' });

/** A fresh output location inside the test's temp folder. */
async function location(srcDir = 'src'): Promise<OutputLocation & { abs(rel: string): string }> {
  const outputRoot = path.join(await tmp.sub('out'), 'generated');
  return { outputRoot, srcDir, abs: (rel: string) => path.join(outputRoot, rel) };
}

/** All files under a folder, relative POSIX paths, sorted; the root's spare folder (`.reslayer-spare`, reslayer's own) left out. */
async function tree(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.startsWith('.reslayer-spare/'))
    .sort();
}

async function setOld(files: string[]): Promise<void> {
  for (const f of files) await utimes(f, OLD, OLD);
}
const mtime = async (file: string) => (await stat(file)).mtimeMs;

describe('writeFileSet', () => {
  const set = [gen('index.ts'), gen('contacts/contacts.client.ts'), gen('contacts/index.ts')];

  it('creates the files under <root>/<srcDir> and a manifest in the root', async () => {
    const loc = await location();
    const plan = await writeFileSet(loc, set);
    expect(plan).toEqual({ created: ['src/contacts/contacts.client.ts', 'src/contacts/index.ts', 'src/index.ts'], updated: [], unchanged: [], removed: [] });
    expect(await tree(loc.outputRoot)).toEqual([MANIFEST_NAME, 'src/contacts/contacts.client.ts', 'src/contacts/index.ts', 'src/index.ts']);
    expect(await readFile(loc.abs('src/contacts/index.ts'), 'utf8')).toBe(set[2]?.contents);
    expect(JSON.parse(await readFile(loc.abs(MANIFEST_NAME), 'utf8'))).toEqual({
      generator: 'reslayer',
      files: ['src/contacts/contacts.client.ts', 'src/contacts/index.ts', 'src/index.ts'],
    });
  });

  it('a second write of the same set rewrites nothing and reports every file unchanged', async () => {
    const loc = await location();
    await writeFileSet(loc, set);
    const all = [...set.map((f) => loc.abs(rootRelative(loc, f))), loc.abs(MANIFEST_NAME)];
    await setOld(all);
    const plan = await writeFileSet(loc, set);
    expect(plan).toEqual({ created: [], updated: [], unchanged: ['src/contacts/contacts.client.ts', 'src/contacts/index.ts', 'src/index.ts'], removed: [] });
    for (const f of all) expect(await mtime(f)).toBe(OLD.getTime());
    expect((await tree(loc.outputRoot)).some((f) => f.endsWith('.reslayer-tmp'))).toBe(false);
  });

  it('rewrites only the changed file', async () => {
    const loc = await location();
    await writeFileSet(loc, set);
    const files = set.map((f) => loc.abs(rootRelative(loc, f)));
    await setOld(files);
    const changed = [set[0] as GeneratedFile, gen('contacts/contacts.client.ts', 'export const changed = true;'), set[2] as GeneratedFile];
    const plan = await writeFileSet(loc, changed);
    expect(plan).toEqual({ created: [], updated: ['src/contacts/contacts.client.ts'], unchanged: ['src/contacts/index.ts', 'src/index.ts'], removed: [] });
    expect(await readFile(loc.abs('src/contacts/contacts.client.ts'), 'utf8')).toContain('export const changed = true;');
    expect(await mtime(loc.abs('src/contacts/contacts.client.ts'))).not.toBe(OLD.getTime());
    expect(await mtime(loc.abs('src/index.ts'))).toBe(OLD.getTime());
    expect(await mtime(loc.abs('src/contacts/index.ts'))).toBe(OLD.getTime());
  });

  it('removes a generated file that is no longer produced (and its empty folder), never a hand-written one', async () => {
    const loc = await location();
    await writeFileSet(loc, [...set, gen('old/stale.ts')]);
    // Hand-written files: in the source folder, in the root, and a generated file the user took over (marker removed).
    await writeFile(loc.abs('src/hand.ts'), 'export const mine = 1;\n');
    await writeFile(loc.abs('README.md'), '# notes\n');
    await writeFile(loc.abs('src/contacts/index.ts'), '// my own index now\nexport {};\n');
    const plan = await writeFileSet(loc, [set[0] as GeneratedFile, set[1] as GeneratedFile]);
    expect(plan.removed).toEqual(['src/old/stale.ts']);
    expect(await tree(loc.outputRoot)).toEqual([MANIFEST_NAME, 'README.md', 'src/contacts/contacts.client.ts', 'src/contacts/index.ts', 'src/hand.ts', 'src/index.ts']);
    expect(existsSync(loc.abs('src/old'))).toBe(false);
    expect(await readFile(loc.abs('src/contacts/index.ts'), 'utf8')).toBe('// my own index now\nexport {};\n');
    expect(JSON.parse(await readFile(loc.abs(MANIFEST_NAME), 'utf8')).files).toEqual(['src/contacts/contacts.client.ts', 'src/index.ts']);
  });

  it('removes a marked .ts file in the source folder even without a manifest entry', async () => {
    const loc = await location();
    await mkdir(loc.abs('src/orphan'), { recursive: true });
    await writeFile(loc.abs('src/orphan/left.ts'), `${HEADER}export {};\n`);
    await writeFile(loc.abs('src/orphan/mine.ts'), 'export {};\n');
    const plan = await writeFileSet(loc, [set[0] as GeneratedFile]);
    expect(plan.removed).toEqual(['src/orphan/left.ts']);
    expect(await tree(loc.outputRoot)).toEqual([MANIFEST_NAME, 'src/index.ts', 'src/orphan/mine.ts']);
  });

  it('overwrites a hand-written file at a generated path (it is reported as updated)', async () => {
    const loc = await location();
    await mkdir(loc.abs('src'), { recursive: true });
    await writeFile(loc.abs('src/index.ts'), 'hand\n');
    const plan = await writeFileSet(loc, [set[0] as GeneratedFile]);
    expect(plan.updated).toEqual(['src/index.ts']);
    expect(await readFile(loc.abs('src/index.ts'), 'utf8')).toBe(set[0]?.contents);
  });

  it('with srcDir "." writes paths straight into the root', async () => {
    const loc = await location('.');
    const plan = await writeFileSet(loc, [gen('index.ts')]);
    expect(plan.created).toEqual(['index.ts']);
    expect(await tree(loc.outputRoot)).toEqual([MANIFEST_NAME, 'index.ts']);
  });

  it('a failure while staging is RSL_WRITE_FAILED, leaves no temporary file and writes nothing', async () => {
    const loc = await location();
    await mkdir(loc.abs('src'), { recursive: true });
    // A regular file where a folder is needed makes the second file fail.
    await writeFile(loc.abs('src/contacts'), 'not a folder\n');
    const error: unknown = await writeFileSet(loc, set).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_WRITE_FAILED');
    expect(await tree(loc.outputRoot)).toEqual(['src/contacts']);
  });
});

describe('nothing is written or removed outside the output root', () => {
  it('a srcDir that leaves the root is refused before anything is written', async () => {
    const loc = await location('../outside');
    const error: unknown = await writeFileSet(loc, [gen('index.ts')]).catch((e: unknown) => e);
    expect((error as GeneratorError).code).toBe('RSL_PATH_OUTSIDE_ROOT');
    expect(existsSync(path.join(loc.outputRoot, '../outside'))).toBe(false);
    expect(existsSync(loc.outputRoot)).toBe(false);
  });

  it('a file record with an unsafe path (built without a FileSet) is refused', async () => {
    const loc = await location('.');
    const error: unknown = await writeFileSet(loc, [gen('../escape.ts')]).catch((e: unknown) => e);
    expect((error as GeneratorError).code).toBe('RSL_PATH_OUTSIDE_ROOT');
    expect(existsSync(path.join(loc.outputRoot, '../escape.ts'))).toBe(false);
  });

  it('a tampered manifest cannot make it remove a marked file outside the root', async () => {
    const loc = await location();
    await writeFileSet(loc, [gen('index.ts')]);
    const victim = path.join(loc.outputRoot, '..', 'victim.ts');
    await writeFile(victim, `${HEADER}export const victim = 1;\n`);
    await writeFile(loc.abs(MANIFEST_NAME), JSON.stringify({ generator: 'reslayer', files: ['src/index.ts', '../victim.ts', '/etc/hostname'] }));
    // Entries outside the root are ignored, never followed: the run succeeds and the victim is untouched.
    const plan = await writeFileSet(loc, [gen('index.ts')]);
    expect(plan.removed).toEqual([]);
    expect(await readFile(victim, 'utf8')).toContain('victim = 1');
    await rm(victim);
  });

  it('an unreadable manifest is treated as empty', async () => {
    const loc = await location();
    await mkdir(loc.outputRoot, { recursive: true });
    await writeFile(loc.abs(MANIFEST_NAME), '{ not json');
    const plan = await writeFileSet(loc, [gen('index.ts')]);
    expect(plan.created).toEqual(['src/index.ts']);
    expect(JSON.parse(await readFile(loc.abs(MANIFEST_NAME), 'utf8')).files).toEqual(['src/index.ts']);
  });
});

describe('planFileSet (dry run) and diffFileSet (check)', () => {
  const set = [gen('a.ts'), gen('b/b.ts'), gen('c.ts')];

  it('planFileSet reports what a write would do without writing', async () => {
    const loc = await location();
    const plan = await planFileSet(loc, set);
    expect(plan).toEqual({ created: ['src/a.ts', 'src/b/b.ts', 'src/c.ts'], updated: [], unchanged: [], removed: [] });
    expect(existsSync(loc.outputRoot)).toBe(false);
  });

  it('diffFileSet is empty right after a write', async () => {
    const loc = await location();
    await writeFileSet(loc, set);
    expect(await diffFileSet(loc, set)).toEqual([]);
  });

  it('diffFileSet reports missing, different and stale files, sorted by path', async () => {
    const loc = await location();
    await writeFileSet(loc, [...set, gen('z-stale.ts')]);
    await rm(loc.abs('src/c.ts'));
    await writeFile(loc.abs('src/a.ts'), `${HEADER}// edited by hand\n`);
    const fresh = [...set, gen('new.ts')];
    expect(await diffFileSet(loc, fresh)).toEqual([
      { path: 'src/a.ts', kind: 'different' },
      { path: 'src/c.ts', kind: 'missing' },
      { path: 'src/new.ts', kind: 'missing' },
      { path: 'src/z-stale.ts', kind: 'stale' },
    ]);
  });

  it('a stale file without the marker is not drift (it is the user’s now)', async () => {
    const loc = await location();
    await writeFileSet(loc, [...set, gen('kept.ts')]);
    await writeFile(loc.abs('src/kept.ts'), 'export const mine = 1;\n');
    expect(await diffFileSet(loc, set)).toEqual([]);
  });

  it('diffFileSet writes nothing', async () => {
    const loc = await location();
    expect(await diffFileSet(loc, set)).toHaveLength(3);
    expect(existsSync(loc.outputRoot)).toBe(false);
  });
});

describe('rootRelative', () => {
  const cases: Array<[string, { srcDir: string; want: string }]> = [
    ['src', { srcDir: 'src', want: 'src/a/b.ts' }],
    ['trailing slash', { srcDir: 'src/', want: 'src/a/b.ts' }],
    ['dot', { srcDir: '.', want: 'a/b.ts' }],
    ['empty', { srcDir: '', want: 'a/b.ts' }],
    ['nested', { srcDir: 'web/src', want: 'web/src/a/b.ts' }],
  ];
  it.each(cases)('%s', (_name, { srcDir, want }) => {
    expect(rootRelative({ outputRoot: '/out', srcDir }, { path: 'a/b.ts' })).toBe(want);
  });

  it('GENERATED_MARKER is the first thing in the banner', () => {
    expect(HEADER.startsWith(GENERATED_MARKER)).toBe(true);
  });
});

describe('symbolic links inside the output root', () => {
  it('a write that would go through a link to outside the root is refused and writes nothing there', async () => {
    const { mkdtemp, mkdir: mk, symlink, readdir: rd } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const pathMod = (await import('node:path')).default;
    const base = await mkdtemp(pathMod.join(tmpdir(), 'reslayer-link-'));
    const outside = pathMod.join(base, 'outside');
    const outRoot = pathMod.join(base, 'out');
    await mk(outside, { recursive: true });
    await mk(pathMod.join(outRoot, 'src'), { recursive: true });
    await symlink(outside, pathMod.join(outRoot, 'src', 'shared'));
    const file = { path: 'shared/evil.ts', contents: '// Generated by reslayer\n', plugin: 't', kind: 'source' as const };
    const error: unknown = await writeFileSet({ outputRoot: outRoot, srcDir: 'src' }, [file]).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('RSL_WRITE_FAILED');
    expect(String((error as Error).message)).toMatch(/outside the output root/);
    expect(await rd(outside)).toEqual([]);
  });
});

describe('leftover backups without a journal', () => {
  it('are removed by the next recovery, and the generated files stay as they are', async () => {
    const { mkdtemp, mkdir: mk, writeFile: wf, readdir: rd, readFile: rf } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { recoverInterruptedWrite } = await import('./journal.js');
    const pathMod = (await import('node:path')).default;
    const outRoot = await mkdtemp(pathMod.join(tmpdir(), 'reslayer-backup-'));
    await mk(pathMod.join(outRoot, 'src'), { recursive: true });
    await wf(pathMod.join(outRoot, 'src', 'a.ts'), '// Generated by reslayer\nexport const a = 2;\n');
    await mk(pathMod.join(outRoot, '.reslayer-backup', 'src'), { recursive: true });
    await wf(pathMod.join(outRoot, '.reslayer-backup', 'src', 'a.ts'), '// Generated by reslayer\nexport const a = 1;\n');
    await recoverInterruptedWrite({ outputRoot: outRoot, srcDir: 'src' });
    expect((await rd(outRoot)).sort()).toEqual(['src']);
    expect(await rf(pathMod.join(outRoot, 'src', 'a.ts'), 'utf8')).toContain('a = 2');
  });
});
