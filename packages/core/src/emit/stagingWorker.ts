/**
 * The worker thread of `StagingWriter`: writes the files it is sent into the staging folder (or hard-links
 * unchanged ones from the current root), several at a time on libuv's thread pool, while the main thread
 * goes on emitting. It only ever creates folders, new files (`wx`) and links below the staging folder it
 * was given (in a recycled staging folder, after removing an older entry in the way); the main thread
 * checked every path.
 *
 * Messages in: {@link StagingMessage}. Messages out: {@link StagingReply}, once, after `end` or `abort`.
 * Only Node's own modules are imported, so the compiled file runs as is.
 */
import { hash } from 'node:crypto';
import { link, lstat, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { SETTLED, STOPPED, type StagedEntry, type StagingMessage, type StagingReply, type StagingWorkerData, type WrittenStat } from './stagingProtocol.js';

const data = workerData as StagingWorkerData;
const port = parentPort;
const progress = new Int32Array(data.progress);
/** Folders known to exist below the staging folder (root-relative, `/`-separated), or being created. */
const folders = new Map<string, Promise<void>>(data.made.map((dir) => [dir, Promise.resolve()]));
const queue: StagedEntry[] = [];
const written: WrittenStat[] = [];
let active = 0;
let ending: 'end' | 'abort' | undefined;
let failure: Error | undefined;

/** True for the error of a create where an entry exists (or a file stands where a folder must be). */
const taken = (error: unknown) => ['EEXIST', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Creates a folder once, each missing parent first, however many files wait for it. In a recycled staging
 * folder, an entry that is not a real folder where one must go (an older file, or a symbolic link, which
 * is never followed) is removed first.
 */
function folder(dir: string): Promise<void> {
  if (dir === '.') return Promise.resolve();
  let made = folders.get(dir);
  if (!made) {
    made = folder(path.posix.dirname(dir)).then(async () => {
      const abs = path.join(data.staging, dir);
      const stats = data.recycled ? await lstat(abs).catch(() => undefined) : undefined;
      if (stats?.isDirectory()) return;
      if (stats) await rm(abs, { force: true });
      await mkdir(abs, { recursive: true });
    });
    folders.set(dir, made);
  }
  return made;
}

/**
 * Hard-links the root's file into the staging folder. In a recycled staging folder, an entry already there
 * is kept when it is the same file, else removed first.
 */
async function linkOne(rel: string): Promise<void> {
  const from = path.join(data.root, rel);
  const to = path.join(data.staging, rel);
  try {
    await link(from, to);
  } catch (error) {
    if (!data.recycled || !taken(error)) throw error;
    const [there, source] = await Promise.all([lstat(to), lstat(from)]);
    if (!there.isDirectory() && there.ino === source.ino && there.dev === source.dev) return;
    await rm(to, { recursive: true, force: true });
    await link(from, to);
  }
}

/** Opens a new file for writing; in a recycled staging folder an entry already there is removed first, never written through. */
async function create(abs: string) {
  try {
    return await open(abs, 'wx');
  } catch (error) {
    if (!data.recycled || !taken(error)) throw error;
    await rm(abs, { recursive: true, force: true });
    return open(abs, 'wx');
  }
}

/** Writes one new file and, when asked, records its stat taken before it is closed and its text's sha256; `null` hard-links the root's file. */
async function writeOne(rel: string, text: string | null): Promise<void> {
  await folder(path.posix.dirname(rel));
  if (text === null) return linkOne(rel);
  const handle = await create(path.join(data.staging, rel));
  try {
    await handle.writeFile(text);
    if (data.withStats) {
      const s = await handle.stat();
      written.push([rel, s.size, s.mtimeMs, s.ctimeMs, s.ino, hash('sha256', text, 'hex')]);
    }
  } finally {
    await handle.close();
  }
}

/** Starts queued writes up to the concurrency limit; replies once everything asked for is settled. */
function pump(): void {
  while (active < data.concurrency && queue.length > 0 && !failure && ending !== 'abort') {
    const [rel, text] = queue.shift() as StagedEntry;
    active++;
    writeOne(rel, text)
      .catch((error: unknown) => {
        failure ??= error as Error;
        // No more writes: the main thread must not wait for them.
        Atomics.store(progress, STOPPED, 1);
      })
      .finally(() => {
        active--;
        // Only texts count for the back-pressure (a link holds no memory).
        if (text !== null) {
          Atomics.add(progress, SETTLED, 1);
          Atomics.notify(progress, SETTLED);
        }
        pump();
      });
  }
  if (ending && active === 0 && (queue.length === 0 || failure || ending === 'abort')) reply();
}

let replied = false;
function reply(): void {
  if (replied) return;
  replied = true;
  Atomics.store(progress, STOPPED, 1);
  Atomics.notify(progress, SETTLED);
  const message: StagingReply = failure
    ? { type: 'failed', message: failure.message, ...(typeof (failure as NodeJS.ErrnoException).code === 'string' ? { code: (failure as NodeJS.ErrnoException).code as string } : {}) }
    : { type: 'done', made: [...folders.keys()], written };
  port?.postMessage(message);
  port?.close();
}

port?.on('message', (message: StagingMessage) => {
  // After a failure nothing more is written: the files are dropped (the reply reports the failure).
  if (message.type === 'files') {
    if (!failure) queue.push(...message.files);
  } else ending = message.type;
  pump();
});
