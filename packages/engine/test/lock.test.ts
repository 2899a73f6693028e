// The output root's lock: one run at a time, a waiting run told once, a timeout, and stale locks taken over.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { acquireLock } from '../src/output/lock.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lockPath = (name: string) => path.join(dir, `.${name}.reslayer-lock`);

/** A pid that no process has now: a child that has exited. */
const deadPid = (): number => {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
};

describe('acquireLock', () => {
  it('holds the root: a second run waits (told once) until the first releases, then takes it', async () => {
    const file = lockPath('a');
    const first = await acquireLock(file, '/out');
    expect(first?.held()).toBe(true);
    const holder = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; host: string };
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    const waits: number[] = [];
    const second = acquireLock(file, '/out', { onWait: (h) => waits.push(h?.pid ?? 0), timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(waits).toEqual([process.pid]);
    first?.release();
    const taken = await second;
    expect(taken?.held()).toBe(true);
    expect(first?.held()).toBe(false);
    taken?.release();
    expect(existsSync(file)).toBe(false);
  });

  it('gives up after the timeout with RSL_OUTPUT_LOCKED naming the holder and the lock file', async () => {
    const file = lockPath('b');
    const first = await acquireLock(file, '/out');
    const error = await acquireLock(file, '/out', { timeoutMs: 200 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_OUTPUT_LOCKED');
    expect((error as GeneratorError).message).toContain(`pid ${process.pid}`);
    expect((error as GeneratorError).hint).toContain(file);
    first?.release();
  });

  it('takes over a lock whose process is gone, at once', async () => {
    const file = lockPath('c');
    writeFileSync(file, JSON.stringify({ pid: deadPid(), host: hostname(), at: Date.now(), token: 'dead' }));
    const start = Date.now();
    const lock = await acquireLock(file, '/out', { timeoutMs: 5_000 });
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(lock?.held()).toBe(true);
    lock?.release();
  });

  it('takes over a torn lock (empty, cut by a kill) once it is a few seconds old, and waits for a fresh one', async () => {
    const file = lockPath('d');
    writeFileSync(file, '');
    await expect(acquireLock(file, '/out', { timeoutMs: 300 })).rejects.toMatchObject({ code: 'RSL_OUTPUT_LOCKED' });
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = await acquireLock(file, '/out', { timeoutMs: 5_000 });
    expect(lock?.held()).toBe(true);
    lock?.release();
  });

  it('a lock of this pid that this process does not hold is stale (a reused pid)', async () => {
    const file = lockPath('e');
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token: 'not-mine' }));
    const lock = await acquireLock(file, '/out', { timeoutMs: 1_000 });
    expect(lock?.held()).toBe(true);
    lock?.release();
  });

  it('says every few seconds that it still waits, with the time waited', async () => {
    const file = lockPath('f');
    const first = await acquireLock(file, '/out');
    const waits: number[] = [];
    await expect(acquireLock(file, '/out', { timeoutMs: 5_600, onWait: (_h, ms) => waits.push(ms) })).rejects.toMatchObject({ code: 'RSL_OUTPUT_LOCKED' });
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThan(1_000);
    expect(waits[1]).toBeGreaterThanOrEqual(5_000);
    first?.release();
  }, 15_000);

  const special: Array<[string, (file: string) => void, RegExp]> = [
    ['a folder', (file) => mkdirSync(file), /is a folder/],
    ['a dangling symbolic link', (file) => symlinkSync(path.join(dir, 'nowhere'), file), /is a symbolic link/],
    ['a link to a regular file', (file) => {
      writeFileSync(`${file}.target`, '');
      symlinkSync(`${file}.target`, file);
    }, /is a symbolic link/],
    ['a FIFO', (file) => execFileSync('mkfifo', [file]), /is a FIFO/],
  ];
  it.each(special)('refuses a lock path that is %s at once, naming it and what to remove', async (_name, make, says) => {
    const file = lockPath(`special-${_name.replace(/\W+/g, '-')}`);
    make(file);
    const start = Date.now();
    const error = (await acquireLock(file, '/out', { timeoutMs: 60_000 }).then(() => undefined, (e: unknown) => e)) as GeneratorError;
    expect(Date.now() - start).toBeLessThan(2_000);
    expect(error.code).toBe('RSL_OUTPUT_LOCKED');
    expect(error.message).toMatch(says);
    expect(error.hint).toContain(`Remove ${file}`);
  });

  it('refuses an unreadable lock file at once (when this user cannot read a 0000 file)', async () => {
    const file = lockPath('unreadable');
    writeFileSync(file, '{}');
    chmodSync(file, 0o000);
    let readable = true;
    try {
      readFileSync(file);
    } catch {
      readable = false;
    }
    if (readable) {
      console.warn('lock test: this user reads a 0000 file (root); the unreadable-lock case cannot be made');
      return;
    }
    await expect(acquireLock(file, '/out', { timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'RSL_OUTPUT_LOCKED', message: expect.stringMatching(/cannot be read/) });
  });

  it('a lock whose pid now runs a process started at another time is stale (a pid reused after an out-of-memory kill)', async () => {
    const file = lockPath('g');
    writeFileSync(file, JSON.stringify({ pid: process.pid === 1 ? 2 : 1, host: hostname(), at: Date.now(), token: 'killed', start: -1 }));
    const start = Date.now();
    const lock = await acquireLock(file, '/out', { timeoutMs: 5_000 });
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(lock?.held()).toBe(true);
    lock?.release();
  });

  it('a holder that gives its start time and still runs keeps its lock', async () => {
    const file = lockPath('h');
    const first = await acquireLock(file, '/out');
    const holder = JSON.parse(readFileSync(file, 'utf8')) as { start?: number };
    if (existsSync('/proc/self/stat')) expect(typeof holder.start).toBe('number');
    await expect(acquireLock(file, '/out', { timeoutMs: 300 })).rejects.toMatchObject({ code: 'RSL_OUTPUT_LOCKED' });
    first?.release();
  });
});

