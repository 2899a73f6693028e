// The write path's link and folder checks, and the manifest's cache section (see writeFileSet.test.ts for the rest).
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rootRelative, writeFileSet, MANIFEST_NAME, type OutputLocation } from './writeFileSet.js';
import { createGeneratedFile, type GeneratedFile } from './GeneratedFile.js';
import { banner } from './banner.js';
import type { GeneratorError } from '../diagnostics/GeneratorError.js';
import { readRecord, recordPathFor } from './cacheRecord.js';
import { TempDir } from '../../test/tempContracts.js';

const tmp = new TempDir();
afterAll(() => tmp.cleanup());

const HEADER = banner({ title: 'Test API', version: '1.0.0' });
const OLD = new Date('2001-02-03T04:05:06Z');

const gen = (p: string, body = `export const x = ${JSON.stringify(p)};`): GeneratedFile =>
  createGeneratedFile({ path: p, contents: `${HEADER}${body}\n`, plugin: 'plugin-test' });

async function location(srcDir = 'src'): Promise<OutputLocation & { abs(rel: string): string }> {
  const outputRoot = path.join(await tmp.sub('out'), 'generated');
  return { outputRoot, srcDir, abs: (rel: string) => path.join(outputRoot, rel) };
}

async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
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

describe('symbolic links and folders in the way (the write path lists the root once)', () => {
  it('a link to outside on the way of a deeper folder is refused before any folder is created through it', async () => {
    const { mkdtemp, symlink } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const base = await mkdtemp(path.join(tmpdir(), 'reslayer-link-'));
    const outside = path.join(base, 'outside');
    const outRoot = path.join(base, 'out');
    await mkdir(outside, { recursive: true });
    await mkdir(path.join(outRoot, 'src'), { recursive: true });
    await symlink(outside, path.join(outRoot, 'src', 'shared'));
    const error: unknown = await writeFileSet({ outputRoot: outRoot, srcDir: 'src' }, [gen('shared/deep/er/evil.ts'), gen('ok.ts')]).catch((e: unknown) => e);
    expect((error as GeneratorError).code).toBe('RSL_WRITE_FAILED');
    expect(await readdir(outside)).toEqual([]);
    expect(await tree(outRoot)).toEqual([]);
    await rm(base, { recursive: true, force: true });
  });

  it('a manifest entry behind a link to outside is never removed', async () => {
    const { mkdtemp, symlink } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const base = await mkdtemp(path.join(tmpdir(), 'reslayer-link-'));
    const outside = path.join(base, 'outside');
    const loc = { outputRoot: path.join(base, 'out'), srcDir: 'src' };
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'victim.ts'), `${HEADER}export const victim = 1;\n`);
    await writeFileSet(loc, [gen('index.ts')]);
    await symlink(outside, path.join(loc.outputRoot, 'src', 'shared'));
    await writeFile(path.join(loc.outputRoot, MANIFEST_NAME), JSON.stringify({ generator: 'reslayer', files: ['src/index.ts', 'src/shared/victim.ts'] }));
    const plan = await writeFileSet(loc, [gen('index.ts')]);
    expect(plan.removed).toEqual([]);
    expect(await readFile(path.join(outside, 'victim.ts'), 'utf8')).toContain('victim = 1');
    await rm(base, { recursive: true, force: true });
  });

  it('a folder where a generated file goes is RSL_WRITE_FAILED and nothing is written', async () => {
    const loc = await location();
    await mkdir(loc.abs('src/contacts/index.ts'), { recursive: true });
    const error: unknown = await writeFileSet(loc, set3()).catch((e: unknown) => e);
    expect((error as GeneratorError).code).toBe('RSL_WRITE_FAILED');
    expect(String((error as Error).message)).toMatch(/folder is in the way/);
    expect(await tree(loc.outputRoot)).toEqual([]);
  });
});

const set3 = () => [gen('index.ts'), gen('contacts/contacts.client.ts'), gen('contacts/index.ts')];

describe('the cache record (in the output root)', () => {
  const record = { fingerprint: 'f'.repeat(64), inputs: [{ path: '/c/openapi.yaml', sha256: 'e'.repeat(64) }], summary: { title: 'T', version: '1', resources: 1, diagnostics: [], sections: [] } };

  it('stamps every file with its stat data and sha256; a file written a moment ago is smudged (size -1, always hashed); the manifest stays plain', async () => {
    const loc = await location();
    await writeFileSet(loc, set3(), { cache: record });
    expect(JSON.parse(await readFile(loc.abs(MANIFEST_NAME), 'utf8'))).toEqual({ generator: 'reslayer', files: set3().map((f) => rootRelative(loc, f)).sort() });
    expect(recordPathFor(loc)).toBe(path.join(path.resolve(loc.outputRoot), '.reslayer-cache.json'));
    const stored = await readRecord(loc);
    expect(stored).toMatchObject({ fingerprint: record.fingerprint, outputRoot: loc.outputRoot, summary: record.summary });
    expect([...(stored?.stamps.keys() ?? [])]).toEqual(stored?.files);
    const { createHash } = await import('node:crypto');
    for (const f of set3()) {
      const stamp = stored?.stamps.get(rootRelative(loc, f));
      const st = await stat(loc.abs(rootRelative(loc, f)));
      expect([stamp?.size, stamp?.mtimeMs, stamp?.ino]).toEqual([-1, st.mtimeMs, st.ino]);
      expect(stamp?.sha256).toBe(createHash('sha256').update(f.contents).digest('hex'));
    }
  });

  it('an unchanged file older than the racy margin gets its real size, and no generated file or manifest is rewritten', async () => {
    const loc = await location();
    await writeFileSet(loc, set3(), { cache: record });
    const all = [...set3().map((f) => loc.abs(rootRelative(loc, f))), loc.abs(MANIFEST_NAME)];
    await setOld(all);
    await writeFileSet(loc, set3(), { cache: record });
    for (const f of all) expect(await mtime(f)).toBe(OLD.getTime());
    const stored = await readRecord(loc);
    for (const f of set3()) expect(stored?.stamps.get(rootRelative(loc, f))?.size).toBe(Buffer.byteLength(f.contents));
  });

  it('a write without a record removes the earlier record', async () => {
    const loc = await location();
    await writeFileSet(loc, set3(), { cache: record });
    expect(await readRecord(loc)).toBeDefined();
    await writeFileSet(loc, set3());
    expect(await readRecord(loc)).toBeUndefined();
  });
});
