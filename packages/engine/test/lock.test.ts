// The output root's lock: one run at a time, a waiting run told once, a timeout, and stale locks taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
    const second = acquireLock(file, '/out', { onWait: (h) => waits.push(h.pid), timeoutMs: 10_000 });
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
});
