/**
 * The messages between `StagingWriter` (main thread) and `stagingWorker.ts` (its worker thread), and the one
 * staging step both make ({@link stageEntry}).
 */
import { type FileStat, sha256 } from './cacheRecord.js';
import { type SwapPaths, stageLink, stageText } from './swap.js';

/** What the worker is started with. */
export interface StagingWorkerData {
  /** Absolute path of the staging folder (it exists). */
  staging: string;
  /** Absolute path of the current output root, whose unchanged files are hard-linked into the staging folder. */
  root: string;
  /** Folders below it that already exist (root-relative, `/`-separated). */
  made: string[];
  /** Record each written file's stat and the sha256 of its text (for the no-change cache's stamps). */
  withStats: boolean;
  /**
   * The staging folder is the root's recycled spare folder (see `openStaging`): an entry already where a
   * file or folder goes is replaced (removed, never written through) instead of being an error.
   */
  recycled: boolean;
  /**
   * Progress shared with the main thread (an `Int32Array` over it): slot 0 counts the texts settled so far
   * (written or failed; links are not counted), slot 1 is set to 1 when the worker stops writing. The main thread waits on slot 0
   * when too many files are still pending (back-pressure: the texts in flight stay bounded).
   */
  progress: SharedArrayBuffer;
}

/** Slot of {@link StagingWorkerData.progress} counting the texts settled (written or failed). */
export const SETTLED = 0;
/** Slot of {@link StagingWorkerData.progress} set to 1 once the worker writes no more. */
export const STOPPED = 1;

/**
 * One file for the staging folder: its root-relative path and its new text, or `null` for an unchanged file
 * of the current root, hard-linked from there.
 */
export type StagedEntry = readonly [rel: string, text: string | null];

/** A message to the worker: files to write or link, or the end of the run. */
export type StagingMessage =
  | { type: 'files'; files: StagedEntry[] }
  /** Finish the writes sent so far, then reply. */
  | { type: 'end' }
  /** Start no more writes; reply when the ones under way are settled. */
  | { type: 'abort' };

/** A written file's stat and digest: root-relative path, size in bytes, modification and change times (ms), inode, sha256 (hex) of its text. */
export type WrittenStat = [rel: string, size: number, mtimeMs: number, ctimeMs: number, ino: number, sha256: string];

/** The worker's one reply. */
export type StagingReply =
  | { type: 'done'; made: string[]; written: WrittenStat[] }
  | { type: 'failed'; message: string; code?: string };

/**
 * Stages one file of a run, as the staging writer does on the main thread and in its worker: a text is
 * written as a new file (`stageText` in `swap.ts`), `null` hard-links the current root's file (`stageLink`).
 * @param paths the swap folders
 * @param rel root-relative path (already checked to stay inside the root)
 * @param text the file's text, or `null` for a link
 * @param made the staging folders created so far (updated)
 * @param withStat record the written file: its stat taken before it was closed, and the sha256 (hex) of its text
 * @param recycled the staging folder is the root's recycled spare folder (see `stageText`)
 * @returns that record, for a text written with `withStat`
 * @throws the file system's error
 */
export function stageEntry(paths: Pick<SwapPaths, 'root' | 'staging'>, rel: string, text: string | null, made: Set<string>, withStat: boolean, recycled: boolean): (FileStat & { sha256: string }) | undefined {
  if (text === null) {
    stageLink(paths, rel, made, recycled);
    return undefined;
  }
  const stat = stageText(paths, rel, text, made, withStat, recycled);
  return stat && { ...stat, sha256: sha256(text) };
}
