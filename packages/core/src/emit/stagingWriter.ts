import { lstatSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileStat } from './cacheRecord.js';
import { SETTLED, STOPPED, type StagedEntry, type StagingMessage, type StagingReply, type StagingWorkerData, stageEntry } from './stagingProtocol.js';
import type { SwapPaths } from './swap.js';
import { workerScript } from './workerScript.js';

/** A file the writer wrote: its stat, taken before it was closed, and the sha256 (hex) of its text. */
export type WrittenFile = FileStat & { sha256: string };

/** Files written on the main thread before the worker starts: small outputs never pay for a thread. */
export const SYNC_FILES = 256;
/** Files sent to the worker per message. */
const BATCH_FILES = 64;
/** Texts sent to the worker and not yet written, at most: beyond that the main thread waits (bounded memory; links do not count). */
const MAX_PENDING = 1024;
/** How long the main thread waits for a worker that writes nothing before it stops waiting. */
const STALL_MS = 30_000;
/**
 * The compiled worker script beside this module (`stagingWorker.js`), or null when running from sources
 * (unit tests) or with `RESLAYER_STAGING_WORKER=0`: then every file is written on the main thread.
 */
export function stagingWorkerFile(): URL | null {
  return workerScript('stagingWorker.js');
}

/**
 * Writes new files into a staging folder (see `swap.ts`) as a run emits them. The first
 * {@link SYNC_FILES} files are written synchronously; after that, a worker thread writes them (with the
 * same synchronous calls, one after the other), so the disk works while the main thread goes on generating
 * (on a slow disk, creating thousands of files costs more than generating them). Set
 * `RESLAYER_STAGING_WORKER=0` to write everything on the main thread.
 *
 * Unchanged files of the current root are hard-linked into the staging folder the same way
 * ({@link StagingWriter.link}), once the run has changed a file: then the commit has only the rest of the
 * staging folder to complete. A run that changes nothing links nothing.
 *
 * Only new files and links below the staging folder are created, with exclusive creation (`wx`); in a
 * recycled staging folder an older entry in the way is removed first, never written through. The first
 * error is kept in {@link StagingWriter.failure}; later files are then dropped.
 */
export class StagingWriter {
  /** Staging folders created so far (root-relative); complete after {@link close}. */
  readonly made = new Set<string>();
  /** Unchanged files linked (or sent to be linked) into the staging folder; all of them are there after a {@link close} without failure. */
  readonly linked = new Set<string>();
  /**
   * The unchanged files among {@link linked} whose entry in a recycled staging folder already was the
   * root's file: not linked again, so no link count (and no change time) of theirs moved.
   */
  readonly kept = new Set<string>();
  /**
   * Stat and sha256 (hex) of the text of each written file, when asked for (hashed where the file was written);
   * complete after {@link close}.
   */
  readonly written: Map<string, WrittenFile> | undefined;
  /** The first write error, if any. */
  failure: Error | undefined;
  #count = 0;
  #worker: Worker | undefined;
  #reply: Promise<StagingReply> | undefined;
  #batch: StagedEntry[] = [];
  /** Unchanged files seen before the first changed one (linked once a file changes); undefined after it. */
  #waiting: string[] | undefined = [];
  #sent = 0;
  /** Unchanged files whose link {@link link} put off until the staging folder's listing is in. */
  #deferred: Array<[rel: string, ino: number]> = [];
  #progress: Int32Array | undefined;
  /** Set once the worker could not start: the rest is written on the main thread without asking again. */
  #noWorker = false;

  /**
   * @param paths the swap folders (the staging folder exists)
   * @param withStats keep each written file's stat
   * @param recycled the staging folder is the root's recycled spare folder (see `openStaging`): an unchanged
   *   file whose entry there is already the root's file is not linked again (see {@link link})
   * @param listing in a recycled staging folder, the listing taken when it was opened (see `OutputLookahead`):
   *   the inode of the regular file at a path (undefined: {@link link} looks itself), and whether it is in yet
   *   (until then, {@link link} puts its decisions off, at the latest to {@link close})
   */
  constructor(
    readonly paths: SwapPaths,
    withStats: boolean,
    readonly recycled = false,
    private readonly listing?: { ready(): boolean; ino(rel: string): number | undefined },
  ) {
    this.written = withStats ? new Map() : undefined;
  }

  /**
   * Writes (or queues) one new file.
   * @param rel root-relative path, already checked to stay inside the root
   * @param text the file's text
   */
  write(rel: string, text: string): void {
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = undefined;
      for (const kept of waiting) this.#stage(kept, null);
    }
    this.#stage(rel, text);
  }

  /**
   * Hard-links (or queues the link of) an unchanged file of the current root into the staging folder;
   * before the run's first changed file, only remembers it. In a recycled staging folder, a file whose
   * entry there already has the root file's inode `ino` is only counted as linked (one `lstat` on this thread,
   * unless the staging folder's listing has the entry).
   * @param rel root-relative path, already checked to stay inside the root
   * @param ino the inode of the root's file, when the caller stat-ed it
   */
  link(rel: string, ino?: number): void {
    if (this.recycled && ino !== undefined && !this.failure && this.listing) {
      // Decided once the listing is in: this thread goes on emitting meanwhile.
      if (!this.listing.ready()) {
        this.#deferred.push([rel, ino]);
        return;
      }
      this.#linkDeferred();
    }
    this.#link(rel, ino);
  }

  #link(rel: string, ino: number | undefined): void {
    if (this.recycled && ino !== undefined && !this.failure) {
      // The staging folder and the root are on one file system (the swap renames one into the other).
      if ((this.listing?.ino(rel) ?? this.#fileIno(rel)) === ino) {
        this.linked.add(rel);
        this.kept.add(rel);
        return;
      }
    }
    if (this.#waiting) this.#waiting.push(rel);
    else this.#stage(rel, null);
  }

  /** The inode of the regular file at a path of the staging folder (one `lstat`), or undefined. */
  #fileIno(rel: string): number | undefined {
    const stats = lstatSync(path.join(this.paths.staging, rel), { throwIfNoEntry: false });
    return stats?.isFile() ? stats.ino : undefined;
  }

  /** Decides the links put off while the listing was not in (waiting for it). */
  #linkDeferred(): void {
    const deferred = this.#deferred;
    if (deferred.length === 0) return;
    this.#deferred = [];
    for (const [rel, ino] of deferred) this.#link(rel, ino);
  }

  /** Writes (text) or links (`null`) one file on the main thread, or queues it for the worker. */
  #stage(rel: string, text: string | null): void {
    if (this.failure) return;
    if (text === null) this.linked.add(rel);
    if (!this.#worker && (this.#count++ < SYNC_FILES || this.#noWorker || !this.#start())) {
      try {
        const written = stageEntry(this.paths, rel, text, this.made, this.written !== undefined, this.recycled);
        if (written) this.written?.set(rel, written);
      } catch (error) {
        this.failure = error as Error;
      }
      return;
    }
    // A worker that stopped after a failure writes nothing more; close() reports the failure.
    if (this.#progress && Atomics.load(this.#progress, STOPPED) === 1) return;
    this.#batch.push([rel, text]);
    if (this.#batch.length >= BATCH_FILES) this.#flush();
  }

  /**
   * Back-pressure: while more than {@link MAX_PENDING} sent texts are unwritten, waits for the worker. A
   * worker that settles nothing for {@link STALL_MS} (it died) turns the waiting off; its end is reported by {@link close}.
   */
  #throttle(): void {
    const progress = this.#progress;
    if (!progress) return;
    let settled = Atomics.load(progress, SETTLED);
    while (this.#sent - settled > MAX_PENDING && Atomics.load(progress, STOPPED) === 0) {
      if (Atomics.wait(progress, SETTLED, settled, STALL_MS) === 'timed-out' && Atomics.load(progress, SETTLED) === settled) {
        this.#progress = undefined;
        return;
      }
      settled = Atomics.load(progress, SETTLED);
    }
  }

  /**
   * Waits until every file is written (or the first error), then fills {@link made} and {@link written}.
   * Never throws: an error is left in {@link failure}.
   */
  async close(): Promise<void> {
    this.#linkDeferred();
    await this.#finish('end');
  }

  /** Starts no more writes and waits for those under way (before the staging folder is removed). */
  async abort(): Promise<void> {
    this.#deferred = [];
    this.#batch = [];
    await this.#finish('abort');
  }

  async #finish(type: 'end' | 'abort'): Promise<void> {
    const worker = this.#worker;
    if (!worker || !this.#reply) return;
    this.#flush();
    worker.postMessage({ type } satisfies StagingMessage);
    const reply = await this.#reply;
    this.#worker = undefined;
    this.#reply = undefined;
    void worker.terminate();
    if (reply.type === 'failed') {
      this.failure ??= Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {});
      return;
    }
    for (const dir of reply.made) for (let d = dir; d !== '.' && !this.made.has(d); d = path.posix.dirname(d)) this.made.add(d);
    for (const [rel, size, mtimeMs, ctimeMs, ino, digest] of reply.written) this.written?.set(rel, { size, mtimeMs, ctimeMs, ino, sha256: digest });
  }

  /** Starts the worker; false when it cannot run here (sources only, or turned off). */
  #start(): boolean {
    const file = stagingWorkerFile();
    if (!file) {
      this.#noWorker = true;
      return false;
    }
    const progress = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    this.#progress = new Int32Array(progress);
    const workerData: StagingWorkerData = { staging: this.paths.staging, root: this.paths.root, made: [...this.made], withStats: this.written !== undefined, recycled: this.recycled, progress };
    // A small young generation: the worker holds little at a time, and its heap adds to the peak memory of the run.
    const worker = new Worker(file, { workerData, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    this.#reply = new Promise<StagingReply>((resolve) => {
      worker.once('message', (reply: StagingReply) => resolve(reply));
      worker.once('error', (error: Error) => resolve({ type: 'failed', message: error.message }));
      worker.once('exit', (code) => resolve({ type: 'failed', message: `the staging worker stopped (exit code ${code})` }));
    });
    this.#worker = worker;
    return true;
  }

  #flush(): void {
    if (this.#batch.length === 0 || !this.#worker) return;
    this.#worker.postMessage({ type: 'files', files: this.#batch } satisfies StagingMessage);
    for (const [, text] of this.#batch) if (text !== null) this.#sent++;
    this.#batch = [];
    this.#throttle();
  }
}
