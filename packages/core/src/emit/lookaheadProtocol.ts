/**
 * The messages between `OutputLookahead` (main thread) and `lookaheadWorker.ts` (its worker thread).
 * Types and slot numbers only.
 */
import type { MessagePort } from 'node:worker_threads';
import type { TreeListing } from './lookaheadScan.js';

/** One run's work for the worker. */
export interface LookaheadSession {
  /** Absolute path of the output root. */
  root: string;
  /** Root-relative paths of the files to stat (the cache record's files). */
  rels: string[];
  /** The port the worker replies on (and gets the session's one request from). */
  port: MessagePort;
  /** Two `Int32` flags (slots {@link STATTED} and {@link LISTED}), each set to 1 when its reply is posted. */
  flags: SharedArrayBuffer;
}

/**
 * What the worker is started with: the one session of a worker started for one run, or none for a worker
 * kept by a `LookaheadHost`, which gets its sessions as messages.
 */
export interface LookaheadWorkerData {
  session?: LookaheadSession | undefined;
}

/** Slot of {@link LookaheadSession.flags} set once the stats are posted. */
export const STATTED = 0;
/** Slot of {@link LookaheadSession.flags} set once the listing is posted. */
export const LISTED = 1;

/** The one request: list this folder (the recycled staging folder), or nothing more to do. */
export type LookaheadRequest = { type: 'list'; dir: string } | { type: 'stop' };

/** A reply: the stats (see `statFiles`) with `Date.now()` before the first stat, the listing, or why not. */
export type LookaheadReply =
  | { type: 'stats'; at: number; stats: Float64Array }
  | { type: 'stats'; failed: string }
  | { type: 'listing'; listing: TreeListing }
  | { type: 'listing'; failed: string };
