/**
 * The worker thread of `StagingWriter`: writes the files it is sent into the staging folder (or hard-links
 * unchanged ones from the current root) while the main thread goes on emitting, with the same synchronous
 * calls as the main thread's own writes (`stageEntry`), one file after the other. It only ever
 * creates folders, new files (`wx`) and links below the staging folder it was given (in a recycled staging
 * folder, after removing an older entry in the way); the main thread checked every path.
 *
 * Synchronous calls, not libuv's thread pool: each asynchronous call is a round trip through the pool (a
 * wake-up of a pool thread and of this thread's event loop), four per file (open, write, stat, close). On
 * GitHub's contract (9,492 files, 2 cores) a fresh `generate` took 2.17–2.61 s on tmpfs with synchronous
 * writes against 2.24–2.92 s with 16 asynchronous writes at a time (3 pairs), and 3.34–6.47 s against
 * 6.49–7.55 s on ext4 (4 pairs), with less system time (docs/benchmark.md, "Synchronous writes in the worker").
 *
 * Messages in: {@link StagingMessage}. Messages out: {@link StagingReply}, once, after `end` or `abort`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SETTLED, STOPPED, type StagingMessage, type StagingReply, type StagingWorkerData, type WrittenStat, stageEntry } from './stagingProtocol.js';

const data = workerData as StagingWorkerData;
const port = parentPort;
const progress = new Int32Array(data.progress);
const paths = { root: data.root, staging: data.staging };
/** Folders known to exist below the staging folder (root-relative, `/`-separated). */
const made = new Set<string>(data.made);
const written: WrittenStat[] = [];
let failure: Error | undefined;

/** Writes one new file and, when asked, records its stat taken before it was closed and its text's sha256; `null` hard-links the root's file. */
function writeOne(rel: string, text: string | null): void {
  const file = stageEntry(paths, rel, text, made, data.withStats, data.recycled);
  if (file) written.push([rel, file.size, file.mtimeMs, file.ctimeMs, file.ino, file.sha256]);
}

/** Writes a batch in order; after the first error nothing more is written (the reply reports it). */
function writeAll(message: StagingMessage & { type: 'files' }): void {
  let settled = 0;
  for (const [rel, text] of message.files) {
    if (failure) break;
    try {
      writeOne(rel, text);
    } catch (error) {
      failure = error as Error;
      // No more writes: the main thread must not wait for them.
      Atomics.store(progress, STOPPED, 1);
    }
    // Only texts count for the back-pressure (a link holds no memory).
    if (text !== null) settled++;
  }
  Atomics.add(progress, SETTLED, settled);
  Atomics.notify(progress, SETTLED);
}

function reply(): void {
  Atomics.store(progress, STOPPED, 1);
  Atomics.notify(progress, SETTLED);
  const message: StagingReply = failure
    ? { type: 'failed', message: failure.message, ...(typeof (failure as NodeJS.ErrnoException).code === 'string' ? { code: (failure as NodeJS.ErrnoException).code as string } : {}) }
    : { type: 'done', made: [...made], written };
  port?.postMessage(message);
  port?.close();
}

// Messages come in order; each batch is written before the next message is read, so `end` finds every file
// sent before it written, and `abort` (sent after the last batch the main thread wants) stops at once.
port?.on('message', (message: StagingMessage) => {
  if (message.type === 'files') writeAll(message);
  else reply();
});
