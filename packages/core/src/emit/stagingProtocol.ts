/**
 * The messages between `StagingWriter` (main thread) and `stagingWorker.ts` (its worker thread).
 * Types and slot numbers only.
 */

/** What the worker is started with. */
export interface StagingWorkerData {
  /** Absolute path of the staging folder (it exists). */
  staging: string;
  /** Folders below it that already exist (root-relative, `/`-separated). */
  made: string[];
  /** Record each written file's stat (for the no-change cache's stamps). */
  withStats: boolean;
  /** How many files are written at once at most. */
  concurrency: number;
  /**
   * Progress shared with the main thread (an `Int32Array` over it): slot 0 counts the files settled so far
   * (written or failed), slot 1 is set to 1 when the worker stops writing. The main thread waits on slot 0
   * when too many files are still pending (back-pressure: the texts in flight stay bounded).
   */
  progress: SharedArrayBuffer;
}

/** Slot of {@link StagingWorkerData.progress} counting the files settled (written or failed). */
export const SETTLED = 0;
/** Slot of {@link StagingWorkerData.progress} set to 1 once the worker writes no more. */
export const STOPPED = 1;

/** A message to the worker: files to write (root-relative path and text), or the end of the run. */
export type StagingMessage =
  | { type: 'files'; files: (readonly [rel: string, text: string])[] }
  /** Finish the writes sent so far, then reply. */
  | { type: 'end' }
  /** Start no more writes; reply when the ones under way are settled. */
  | { type: 'abort' };

/** A written file's stat: root-relative path, size in bytes, modification and change times (ms), inode. */
export type WrittenStat = [rel: string, size: number, mtimeMs: number, ctimeMs: number, ino: number];

/** The worker's one reply. */
export type StagingReply =
  | { type: 'done'; made: string[]; written: WrittenStat[] }
  | { type: 'failed'; message: string; code?: string };
