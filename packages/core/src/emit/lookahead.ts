import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { FileStat } from './cacheRecord.js';
import { LISTED, type LookaheadReply, type LookaheadRequest, type LookaheadSession, type LookaheadWorkerData, STATTED } from './lookaheadProtocol.js';
import { STAT_FIELDS, type TreeListing, listTree, statFiles } from './lookaheadScan.js';
import { workerScript } from './workerScript.js';

/** How long the main thread waits for a reply before it looks itself. */
const STALL_MS = 30_000;

/** A file's stat as the look-ahead took it, with `Date.now()` before it was taken. */
export interface LookedStat {
  stats: FileStat;
  at: number;
}

/**
 * Looks at the output root before the run needs it. A run that regenerates an output root with a cache
 * record stats every recorded file (to verify kept emit units, or to compare emitted files by their stamps)
 * and, in a recycled staging folder (see `openStaging`), looks up the entry of every unchanged file and
 * lists the folder to prune it. On GitHub's contract that is about 19,000 `stat`/`lstat` calls and 3,200
 * `readdir`s. A worker thread makes them at the start of the run, while the main thread loads, normalizes
 * and detects; the main thread then reads the answers (waiting for them when they are late).
 *
 * Only what the look-ahead found *positively* is used: a file it could not stat as a regular file, or a path
 * it did not list, is looked up by the caller as before. A stat taken earlier is as good as one taken later
 * for the cache's stamps, which record the time before the stat (a later change shows in the next stat).
 * The staging folder is the run's own: nothing but the run's writer changes it while it is listed, and the
 * writer only creates entries the new root holds.
 *
 * Without the compiled worker script (sources) or with `RESLAYER_STAGING_WORKER=0`, the same calls are
 * made on the main thread, when first needed.
 */
export class OutputLookahead {
  readonly #root: string;
  readonly #rels: readonly string[];
  readonly #port: MessagePort | undefined;
  readonly #worker: Worker | undefined;
  /** A worker thread answers (started for this run, or kept by a {@link LookaheadHost}). */
  readonly #remote: boolean = false;
  readonly #flags: Int32Array | undefined;
  #stats: Map<string, LookedStat> | undefined;
  #listing: { listing: TreeListing; inos: Map<string, number> } | undefined;
  /** Replies settled (taken, failed or given up), by slot. */
  readonly #settled = [false, false];
  #listDir: string | undefined;

  /**
   * Starts looking at the recorded files of an output root.
   * @param root absolute output root
   * @param rels root-relative paths of the files to stat (the cache record's files)
   */
  constructor(root: string, rels: readonly string[], host?: LookaheadHost) {
    this.#root = root;
    this.#rels = rels;
    const script = workerScript('lookaheadWorker.js');
    if (!script) return;
    try {
      const { port1, port2 } = new MessageChannel();
      const flags = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
      const session: LookaheadSession = { root, rels: [...rels], port: port2, flags };
      if (host) {
        if (!host.post(script, session)) return;
      } else {
        const workerData: LookaheadWorkerData = { session };
        this.#worker = startWorker(script, workerData, [port2]);
      }
      this.#remote = true;
      this.#port = port1;
      this.#flags = new Int32Array(flags);
    } catch {
      this.#worker = undefined;
    }
  }

  /**
   * Has the staging folder listed, once: call it right after a recycled staging folder is opened, before
   * anything is written into it.
   * @param dir absolute path of the staging folder
   */
  listStaging(dir: string): void {
    if (this.#listDir !== undefined) return;
    this.#listDir = dir;
    this.#send({ type: 'list', dir });
  }

  /**
   * The look-ahead's stat of a recorded file, when it found a regular file there.
   * @param rel root-relative path
   * @returns the stat and when it was taken, or undefined (not recorded, not a regular file, or no answer)
   */
  stat(rel: string): LookedStat | undefined {
    if (!this.#settled[STATTED]) this.#await(STATTED);
    if (!this.#stats && !this.#remote) this.#takeStats(Date.now(), statFiles(this.#root, this.#rels));
    return this.#stats?.get(rel);
  }

  /**
   * True once the staging folder's listing is in (or will not come, or is made on this thread when asked):
   * then {@link stagingIno} answers without waiting. Never waits itself.
   */
  listingReady(): boolean {
    if (this.#settled[LISTED] || !this.#remote || !this.#port) return true;
    for (let received = receiveMessageOnPort(this.#port); received; received = receiveMessageOnPort(this.#port)) this.#take(received.message as LookaheadReply);
    return this.#settled[LISTED] as boolean;
  }

  /**
   * The inode of the regular file at a path of the listed staging folder.
   * @param rel root-relative path
   * @returns the inode, or undefined (no such file when listed, not listed, or no answer)
   */
  stagingIno(rel: string): number | undefined {
    return this.#listed()?.inos.get(rel);
  }

  /** The listing of the staging folder taken when it was opened, or undefined (not asked for, or no answer). */
  stagingListing(): TreeListing | undefined {
    return this.#listed()?.listing;
  }

  /** Lets the worker go (it also ends by itself once it has answered). */
  close(): void {
    this.#send({ type: 'stop' });
    this.#port?.close();
    void this.#worker?.terminate();
  }

  #listed(): { listing: TreeListing; inos: Map<string, number> } | undefined {
    if (this.#listDir === undefined) return undefined;
    if (!this.#settled[LISTED]) this.#await(LISTED);
    if (!this.#listing && !this.#remote) {
      try {
        this.#takeListing(listTree(this.#listDir));
      } catch {
        // Not listed: the caller looks itself.
      }
    }
    return this.#listing;
  }

  #send(request: LookaheadRequest): void {
    if (request.type === 'stop' && this.#listDir === undefined) this.#settled[LISTED] = true;
    try {
      this.#port?.postMessage(request);
    } catch {
      // The port is closed: nothing more to ask.
    }
  }

  /** Waits (synchronously) until the reply of a slot is taken, or gives up after {@link STALL_MS}. */
  #await(slot: number): void {
    const flags = this.#flags;
    const port = this.#port;
    if (!flags || !port) {
      this.#settled[slot] = true;
      return;
    }
    const deadline = Date.now() + STALL_MS;
    while (!this.#settled[slot]) {
      const received = receiveMessageOnPort(port);
      if (received) {
        this.#take(received.message as LookaheadReply);
        continue;
      }
      const left = deadline - Date.now();
      // The flag is set after the reply is posted: set, yet nothing to receive, means no reply is coming.
      if (left <= 0 || Atomics.load(flags, slot) === 1) {
        this.#settled[slot] = true;
        break;
      }
      Atomics.wait(flags, slot, 0, left);
    }
  }

  #take(reply: LookaheadReply): void {
    if (reply.type === 'stats') {
      this.#settled[STATTED] = true;
      if ('stats' in reply) this.#takeStats(reply.at, reply.stats);
    } else {
      this.#settled[LISTED] = true;
      if ('listing' in reply) this.#takeListing(reply.listing);
    }
  }

  #takeStats(at: number, stats: Float64Array): void {
    const map = new Map<string, LookedStat>();
    this.#rels.forEach((rel, i) => {
      const k = i * STAT_FIELDS;
      const size = stats[k] as number;
      if (!Number.isNaN(size)) map.set(rel, { stats: { size, mtimeMs: stats[k + 1] as number, ctimeMs: stats[k + 2] as number, ino: stats[k + 3] as number }, at });
    });
    this.#stats = map;
    this.#settled[STATTED] = true;
  }

  #takeListing(listing: TreeListing): void {
    const inos = new Map<string, number>();
    listing.files.forEach((rel, i) => {
      const ino = listing.inos[i] as number;
      if (!Number.isNaN(ino)) inos.set(rel, ino);
    });
    this.#listing = { listing, inos };
    this.#settled[LISTED] = true;
  }
}

/** Starts an unreferenced look-ahead worker whose errors show as missing replies (then the main thread looks itself). */
function startWorker(script: URL, workerData: LookaheadWorkerData, transferList: MessagePort[]): Worker {
  // A small young generation: the worker holds little, and its heap adds to the peak memory of the run.
  const worker = new Worker(script, { workerData, transferList, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
  worker.unref();
  worker.on('error', () => undefined);
  return worker;
}

/**
 * One look-ahead worker thread kept across runs, for a process that regenerates again and again
 * (`reslayer generate --watch`): each run's {@link OutputLookahead} posts its session to it instead of
 * starting a thread, which takes about as long as the stats themselves (starting a thread and loading its
 * script). Sessions are answered in the order posted. The thread does not keep the process alive; a thread
 * that ended (an error) is replaced by the next session.
 */
export class LookaheadHost {
  #worker: Worker | undefined;
  #threads = 0;

  /** How many worker threads it has started (one, unless a thread ended or {@link close} was called between runs). */
  get threads(): number {
    return this.#threads;
  }

  /**
   * Hands a session to the kept worker, starting it first when there is none.
   * @param script the worker script
   * @param session the session (its port is transferred)
   * @returns false when no worker could take it (then the caller looks itself)
   */
  post(script: URL, session: LookaheadSession): boolean {
    try {
      let worker = this.#worker;
      if (!worker) {
        const started = startWorker(script, {}, []);
        started.on('exit', () => {
          if (this.#worker === started) this.#worker = undefined;
        });
        this.#worker = worker = started;
        this.#threads++;
      }
      worker.postMessage(session, [session.port]);
      return true;
    } catch {
      return false;
    }
  }

  /** Ends the kept worker (call it between runs, not during one). */
  close(): void {
    void this.#worker?.terminate();
    this.#worker = undefined;
  }
}
