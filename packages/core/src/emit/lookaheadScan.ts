/**
 * The file system work of `OutputLookahead`, done by its worker thread (`lookaheadWorker.ts`) or, without
 * one, on the main thread when first needed. Only Node's own modules are imported, so the worker's
 * bundle is this file and the worker's entry.
 */
import { lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Numbers per file in {@link statFiles}' result: size, modification time, change time (ms), inode. */
export const STAT_FIELDS = 4;

/**
 * Stats (following symbolic links, as `checkStamp` does) the given files of a folder.
 * @param root absolute folder
 * @param rels POSIX paths relative to it
 * @returns {@link STAT_FIELDS} numbers per path, in order: size (bytes), `mtimeMs`, `ctimeMs`, `ino`; the size
 *   is `NaN` when the path is not a regular file or cannot be looked at (the caller then looks itself)
 */
export function statFiles(root: string, rels: readonly string[]): Float64Array {
  const out = new Float64Array(rels.length * STAT_FIELDS);
  for (let i = 0; i < rels.length; i++) {
    const at = i * STAT_FIELDS;
    let stats;
    try {
      stats = statSync(path.join(root, rels[i] as string), { throwIfNoEntry: false });
    } catch {
      stats = undefined;
    }
    if (!stats?.isFile()) {
      out[at] = Number.NaN;
      continue;
    }
    out[at] = stats.size;
    out[at + 1] = stats.mtimeMs;
    out[at + 2] = stats.ctimeMs;
    out[at + 3] = stats.ino;
  }
  return out;
}

/** Every entry of a folder tree (POSIX paths relative to it), symbolic links listed and never followed. */
export interface TreeListing {
  /** The real folders. */
  dirs: string[];
  /** The regular files. */
  files: string[];
  /** The inode of each of {@link files}, in order (`NaN` when it could not be looked at). */
  inos: Float64Array;
  /** Everything else: symbolic links, sockets, … */
  others: string[];
}

/**
 * Lists a folder tree: one `readdir` per folder and, with `inodes`, one `lstat` per regular file.
 * @param dir absolute folder
 * @param inodes look up each regular file's inode (else `inos` is empty)
 * @returns the listing
 * @throws the file system's error when a folder cannot be read
 */
export function listTree(dir: string, inodes = true): TreeListing {
  const listing: TreeListing = { dirs: [], files: [], inos: new Float64Array(0), others: [] };
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    for (const e of readdirSync(rel === '' ? dir : path.join(dir, rel), { withFileTypes: true })) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        listing.dirs.push(child);
        pending.push(child);
      } else if (e.isFile()) listing.files.push(child);
      else listing.others.push(child);
    }
  }
  if (!inodes) return listing;
  listing.inos = new Float64Array(listing.files.length);
  listing.files.forEach((rel, i) => {
    try {
      listing.inos[i] = lstatSync(path.join(dir, rel)).ino;
    } catch {
      listing.inos[i] = Number.NaN;
    }
  });
  return listing;
}
