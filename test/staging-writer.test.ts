// core's StagingWriter as built (`pnpm build` first): past its first files it hands the writes to a worker
// thread (dist/emit/stagingWorker.js), which only exists in the build. Every file arrives with its text,
// the stats it reports are the disk's, and a failed write is reported, never lost.
import { createHash } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file: string) => pathToFileURL(path.join(root, 'packages/core/dist/emit', file)).href;

interface Writer {
  made: Set<string>;
  written: Map<string, { size: number; mtimeMs: number; ctimeMs: number; ino: number; sha256: string }> | undefined;
  failure: Error | undefined;
  linked: Set<string>;
  kept: Set<string>;
  write(rel: string, text: string): void;
  link(rel: string, ino?: number): void;
  close(): Promise<void>;
  abort(): Promise<void>;
}
type Listing = { ready(): boolean; ino(rel: string): number | undefined };
type WriterClass = new (paths: { root: string; staging: string; previous: string }, withStats: boolean, recycled?: boolean, listing?: Listing) => Writer;

let StagingWriter: WriterClass;
let SYNC_FILES: number;
let stagingWorkerFile: () => URL | null;
let dir: string;

beforeAll(async () => {
  ({ StagingWriter, SYNC_FILES, stagingWorkerFile } = (await import(dist('stagingWriter.js'))) as { StagingWriter: WriterClass; SYNC_FILES: number; stagingWorkerFile: () => URL | null });
});
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'reslayer-staging-'));
  mkdirSync(path.join(dir, 'staging'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const paths = () => ({ root: path.join(dir, 'out'), staging: path.join(dir, 'staging'), previous: path.join(dir, 'previous') });
/** Files far past the main-thread part, spread over nested folders, each text naming its file. */
const files = (count: number) => Array.from({ length: count }, (_, i) => [`src/r${i % 97}/part${i % 3}/f${i}.ts`, `export const f${i} = ${JSON.stringify('x'.repeat(i % 50))};\n`] as const);

function listStaging(): string[] {
  return readdirSync(paths().staging, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(paths().staging, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('StagingWriter (built, with its worker thread)', () => {
  it('writes every file with its text, and reports each folder and the stat of each file', async () => {
    expect(stagingWorkerFile()?.pathname).toMatch(/\/dist\/emit\/stagingWorker\.js$/);
    const all = files(SYNC_FILES + 2_000);
    const writer = new StagingWriter(paths(), true);
    for (const [rel, text] of all) writer.write(rel, text);
    await writer.close();
    expect(writer.failure).toBeUndefined();
    expect(listStaging()).toEqual(all.map(([rel]) => rel).sort());
    for (const [rel, text] of all) expect(readFileSync(path.join(paths().staging, rel), 'utf8')).toBe(text);
    expect(writer.written?.size).toBe(all.length);
    for (const [rel, text] of all.filter((_, i) => i % 250 === 0 || i === all.length - 1)) {
      const s = statSync(path.join(paths().staging, rel));
      expect(writer.written?.get(rel)).toEqual({ size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, sha256: createHash('sha256').update(text).digest('hex') });
    }
    for (const [rel] of all) expect(writer.made.has(path.posix.dirname(rel))).toBe(true);
    expect(writer.made.has('src')).toBe(true);
    // The sha256 of every text, from the main thread (the first files) and from the worker (the rest).
    for (const [rel, text] of all) expect(writer.written?.get(rel)?.sha256).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('without stats, it keeps no stats nor digests', async () => {
    const writer = new StagingWriter(paths(), false);
    for (const [rel, text] of files(SYNC_FILES + 10)) writer.write(rel, text);
    await writer.close();
    expect(writer.failure).toBeUndefined();
    expect(writer.written).toBeUndefined();
  });

  it('a file that already exists where the worker writes is a failure, kept for the commit; nothing is overwritten', async () => {
    const all = files(SYNC_FILES + 500);
    const [clashRel] = all[SYNC_FILES + 100] as readonly [string, string];
    mkdirSync(path.dirname(path.join(paths().staging, clashRel)), { recursive: true });
    writeFileSync(path.join(paths().staging, clashRel), 'already here\n');
    const writer = new StagingWriter(paths(), false);
    for (const [rel, text] of all) writer.write(rel, text);
    await writer.close();
    expect(writer.failure?.message).toMatch(/EEXIST/);
    expect((writer.failure as NodeJS.ErrnoException).code).toBe('EEXIST');
    expect(readFileSync(path.join(paths().staging, clashRel), 'utf8')).toBe('already here\n');
  });

  it('abort stops the writes and waits for the ones under way: nothing is written after it returns', async () => {
    const writer = new StagingWriter(paths(), false);
    for (const [rel, text] of files(SYNC_FILES + 3_000)) writer.write(rel, text);
    await writer.abort();
    const after = listStaging().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listStaging().length).toBe(after);
    expect(after).toBeGreaterThanOrEqual(SYNC_FILES);
  });

  it('links unchanged files of the root (hard links, same inode) once a file changed, on the main thread and in the worker', async () => {
    const all = files(SYNC_FILES + 1_500);
    for (const [rel, text] of all) {
      mkdirSync(path.dirname(path.join(paths().root, rel)), { recursive: true });
      writeFileSync(path.join(paths().root, rel), text);
    }
    const writer = new StagingWriter(paths(), true);
    const kept = all.filter((_, i) => i % 10 !== 3);
    // Unchanged files before the first changed one wait: a run that changes nothing links nothing.
    for (const [rel] of kept.slice(0, 50)) writer.link(rel);
    expect(listStaging()).toEqual([]);
    const changed = all.filter((_, i) => i % 10 === 3).map(([rel, text]) => [rel, `${text}// changed\n`] as const);
    // Each changed file is removed from the root first, so a link of it could not even be made.
    for (const [rel] of changed) rmSync(path.join(paths().root, rel));
    changed.forEach(([rel, text], i) => {
      writer.write(rel, text);
      for (const [k] of kept.slice(50 + i * 9, 50 + (i + 1) * 9)) writer.link(k);
    });
    for (const [k] of kept.slice(50 + changed.length * 9)) writer.link(k);
    await writer.close();
    expect(writer.failure).toBeUndefined();
    expect(listStaging()).toEqual(all.map(([rel]) => rel).sort());
    expect([...writer.linked].sort()).toEqual(kept.map(([rel]) => rel).sort());
    for (const [rel] of kept) expect(statSync(path.join(paths().staging, rel)).ino).toBe(statSync(path.join(paths().root, rel)).ino);
    for (const [rel, text] of changed) expect(readFileSync(path.join(paths().staging, rel), 'utf8')).toBe(text);
    // Links are not written files: the stamps of unchanged files come from the commit.
    expect(writer.written?.size).toBe(changed.length);
  });

  it('in a recycled staging folder, replaces older entries (never writing through them) and follows no symbolic link, on the main thread and in the worker', async () => {
    const all = files(SYNC_FILES + 1_500);
    const at = (base: string, rel: string) => path.join(base, rel);
    for (const [rel, text] of all) {
      mkdirSync(path.dirname(at(paths().root, rel)), { recursive: true });
      writeFileSync(at(paths().root, rel), text);
    }
    // The spare: a second link to each root file (as a swap leaves it), but some entries are older files.
    for (const [rel] of all) {
      mkdirSync(path.dirname(at(paths().staging, rel)), { recursive: true });
      linkSync(at(paths().root, rel), at(paths().staging, rel));
    }
    const stale = all.filter((_, i) => i % 10 === 5);
    for (const [rel] of stale) {
      rmSync(at(paths().staging, rel));
      writeFileSync(at(paths().staging, rel), 'an older version\n');
    }
    // A folder of the spare replaced by a symbolic link to a folder outside, and one by a file.
    const outside = path.join(dir, 'outside');
    mkdirSync(outside);
    rmSync(at(paths().staging, 'src/r7'), { recursive: true });
    symlinkSync(outside, at(paths().staging, 'src/r7'));
    rmSync(at(paths().staging, 'src/r8'), { recursive: true });
    writeFileSync(at(paths().staging, 'src/r8'), 'a file where a folder goes\n');
    const changed = all.filter((_, i) => i % 10 === 3);
    const kept = all.filter((_, i) => i % 10 !== 3);
    const writer = new StagingWriter(paths(), true, true);
    changed.forEach(([rel, text], i) => {
      writer.write(rel, `${text}// changed\n`);
      kept.slice(i * 9, (i + 1) * 9).forEach(([k], j) => writer.link(k, j % 2 === 0 ? statSync(at(paths().root, k)).ino : undefined));
    });
    for (const [k] of kept.slice(changed.length * 9)) writer.link(k, statSync(at(paths().root, k)).ino);
    await writer.close();
    expect(writer.failure).toBeUndefined();
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(at(paths().staging, 'src/r7')).isDirectory()).toBe(true);
    for (const [rel] of kept) expect(statSync(at(paths().staging, rel)).ino).toBe(statSync(at(paths().root, rel)).ino);
    for (const [rel, text] of changed) {
      expect(readFileSync(at(paths().staging, rel), 'utf8')).toBe(`${text}// changed\n`);
      // The old entry was a second link to the root's file: the root's text is untouched.
      expect(readFileSync(at(paths().root, rel), 'utf8')).toBe(text);
    }
  });

  it.each([
    ['until the writer closes', Infinity],
    ['until half of the links are asked for', 0.5],
  ])('with a listing of the recycled staging folder that is not in %s, decides the links once it is, with the same result', async (_when, readyAt) => {
    const all = files(SYNC_FILES + 600);
    const at = (base: string, rel: string) => path.join(base, rel);
    for (const [rel, text] of all) {
      mkdirSync(path.dirname(at(paths().root, rel)), { recursive: true });
      writeFileSync(at(paths().root, rel), text);
      mkdirSync(path.dirname(at(paths().staging, rel)), { recursive: true });
      linkSync(at(paths().root, rel), at(paths().staging, rel));
    }
    // Some entries of the spare are older files, one is missing.
    const stale = new Set(all.filter((_, i) => i % 7 === 2).map(([rel]) => rel));
    for (const rel of stale) {
      rmSync(at(paths().staging, rel));
      writeFileSync(at(paths().staging, rel), 'an older version\n');
    }
    rmSync(at(paths().staging, all[1]![0]));
    const inos = new Map<string, number>(all.filter(([rel]) => rel !== all[1]![0]).map(([rel]) => [rel, lstatSync(at(paths().staging, rel)).ino]));
    let asked = 0;
    let ready = false;
    const listing = { ready: () => ready, ino: (rel: string) => inos.get(rel) };
    const changed = all.filter((_, i) => i % 10 === 3);
    const unchanged = all.filter((_, i) => i % 10 !== 3);
    const writer = new StagingWriter(paths(), true, true, listing);
    for (const [rel, text] of changed) writer.write(rel, `${text}// changed\n`);
    for (const [rel] of unchanged) {
      if (++asked > unchanged.length * readyAt) ready = true;
      writer.link(rel, statSync(at(paths().root, rel)).ino);
    }
    if (readyAt === Infinity) expect(writer.kept.size).toBe(0);
    ready = true;
    await writer.close();
    expect(writer.failure).toBeUndefined();
    expect([...writer.linked].sort()).toEqual(unchanged.map(([rel]) => rel).sort());
    expect([...writer.kept].sort()).toEqual(unchanged.map(([rel]) => rel).filter((rel) => !stale.has(rel) && rel !== all[1]![0]).sort());
    for (const [rel] of unchanged) expect(statSync(at(paths().staging, rel)).ino).toBe(statSync(at(paths().root, rel)).ino);
  });

  it('a file that left the root before its link is a failure, kept for the commit', async () => {
    const writer = new StagingWriter(paths(), false);
    mkdirSync(paths().root, { recursive: true });
    for (const [rel, text] of files(SYNC_FILES + 200)) writer.write(rel, text);
    writer.link('src/gone.ts');
    await writer.close();
    expect((writer.failure as NodeJS.ErrnoException | undefined)?.code).toBe('ENOENT');
  });

  it('with the worker turned off (RESLAYER_STAGING_WORKER=0) every file is still written, on the main thread', async () => {
    process.env.RESLAYER_STAGING_WORKER = '0';
    try {
      const all = files(SYNC_FILES + 300);
      const writer = new StagingWriter(paths(), true);
      for (const [rel, text] of all) writer.write(rel, text);
      await writer.close();
      expect(writer.failure).toBeUndefined();
      expect(listStaging()).toHaveLength(all.length);
      expect(writer.written?.size).toBe(all.length);
    } finally {
      delete process.env.RESLAYER_STAGING_WORKER;
    }
  });
});
