// core's StagingWriter as built (`pnpm build` first): past its first files it hands the writes to a worker
// thread (dist/emit/stagingWorker.js), which only exists in the build. Every file arrives with its text,
// the stats it reports are the disk's, and a failed write is reported, never lost.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file: string) => pathToFileURL(path.join(root, 'packages/core/dist/emit', file)).href;

interface Writer {
  made: Set<string>;
  written: Map<string, { size: number; mtimeMs: number; ctimeMs: number; ino: number }> | undefined;
  failure: Error | undefined;
  write(rel: string, text: string): void;
  close(): Promise<void>;
  abort(): Promise<void>;
}
type WriterClass = new (paths: { root: string; staging: string; previous: string }, withStats: boolean) => Writer;

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
    for (const [rel] of all.filter((_, i) => i % 250 === 0 || i === all.length - 1)) {
      const s = statSync(path.join(paths().staging, rel));
      expect(writer.written?.get(rel)).toEqual({ size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino });
    }
    for (const [rel] of all) expect(writer.made.has(path.posix.dirname(rel))).toBe(true);
    expect(writer.made.has('src')).toBe(true);
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
