import { linkSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type TreeListing, listTree } from './lookaheadScan.js';
import { SPARE_DIR } from './outputTree.js';
import type { SwapPaths } from './swap.js';

// The spare folder of an output root (`SPARE_DIR`): the previous root kept after a swap and recycled as the
// next staging folder (see `openStaging` and `dropPrevious` in swap.ts). Everything here removes an entry
// and creates it anew; nothing writes through an entry of the spare folder or follows a symbolic link in it.

/** Environment variable that turns the spare folder off (`0`): the previous root is then removed after each swap. */
const SPARE_ENV = 'RESLAYER_SPARE';

/** True when something (of any kind, a dangling symbolic link included) is at this absolute path. */
export const exists = (abs: string): boolean => lstatSync(abs, { throwIfNoEntry: false }) !== undefined;

/** True unless `RESLAYER_SPARE=0` turns the spare folder off. */
export function spareOn(): boolean {
  return process.env[SPARE_ENV] !== '0';
}

/**
 * Gives a recycled staging folder back to the root as its spare folder (a run that wrote nothing, or
 * failed), or removes the staging folder: one started empty (so a failed run leaves the root as it was),
 * or when the spare folder is off, the root is gone or already has one.
 * @param paths the swap folders
 * @param recycled the staging folder was the root's spare folder (see `openStaging`)
 */
export function shelveStaging(paths: SwapPaths, recycled: boolean): void {
  const { root, staging, spare } = paths;
  if (!exists(staging)) return;
  if (recycled && spareOn() && lstatSync(root, { throwIfNoEntry: false })?.isDirectory() && !exists(spare)) {
    try {
      renameSync(staging, spare);
      return;
    } catch {
      // Removed below.
    }
  }
  rmSync(staging, { recursive: true, force: true });
}

/**
 * Hard-links `from` at `to`. In a recycled staging folder (`recycled`), an entry already at `to` is kept
 * when it is the same file (same inode), else removed first; elsewhere it is an error.
 * @param from absolute path of the root's file
 * @param to absolute path in the staging folder
 * @param recycled the staging folder is the root's recycled spare folder
 * @throws the file system's error (`EEXIST` when `to` exists and the staging folder is not recycled)
 */
export function linkInto(from: string, to: string, recycled: boolean): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if (!recycled || (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const there = lstatSync(to);
    const source = lstatSync(from);
    if (!there.isDirectory() && there.ino === source.ino && there.dev === source.dev) return;
    rmSync(to, { recursive: true, force: true });
    linkSync(from, to);
  }
}

/**
 * Creates a folder of the staging folder, each missing parent first, unless `made` has it; updates `made`.
 * In a recycled staging folder, an entry that is not a real folder where one must go (an older file, or a
 * symbolic link, which is never followed) is removed first. Each folder is looked at once per run.
 * @param staging the staging folder
 * @param dir root-relative POSIX folder path (`.` for the staging folder itself)
 * @param made the staging folders known to exist (updated)
 * @param recycled the staging folder is the root's recycled spare folder
 * @throws the file system's error (`EEXIST` for an entry in the way when the staging folder is not recycled)
 */
export function makeStagingFolder(staging: string, dir: string, made: Set<string>, recycled: boolean): void {
  if (dir === '.' || made.has(dir)) return;
  makeStagingFolder(staging, path.posix.dirname(dir), made, recycled);
  const abs = path.join(staging, dir);
  const stats = recycled ? lstatSync(abs, { throwIfNoEntry: false }) : undefined;
  if (!stats?.isDirectory()) {
    if (stats) rmSync(abs, { force: true });
    mkdirSync(abs, { recursive: true });
  }
  made.add(dir);
}

/**
 * Removes from a recycled staging folder every entry the new root does not hold: files (and links) not in
 * `files`, folders not in `folders` (with everything in them). A listed folder where the run already put one
 * of the new root's files (the writer replaces an older entry in the way) is left to that file.
 * @param staging the staging folder
 * @param files root-relative paths of the new root's files
 * @param folders root-relative paths of the new root's folders
 * @param listing the staging folder's listing taken when it was opened (see `OutputLookahead`), if any: then
 *   the folder is not listed again. It is complete for this purpose: since then only the run's own writes
 *   changed the folder, and they only create entries the new root holds.
 */
export function pruneStaging(staging: string, files: ReadonlySet<string>, folders: ReadonlySet<string>, listing: TreeListing = listTree(staging, false)): void {
  const gone = new Set<string>();
  const under = (rel: string) => {
    for (let i = rel.indexOf('/'); i !== -1; i = rel.indexOf('/', i + 1)) if (gone.has(rel.slice(0, i))) return true;
    return false;
  };
  // Folders first, shallowest first: a removed folder takes its entries with it.
  for (const dir of [...listing.dirs].sort((a, b) => a.length - b.length)) {
    if (folders.has(dir) || under(dir)) continue;
    gone.add(dir);
    if (!files.has(dir)) rmSync(path.join(staging, dir), { recursive: true, force: true });
  }
  for (const rel of [...listing.files, ...listing.others]) {
    if (!files.has(rel) && !folders.has(rel) && !under(rel)) rmSync(path.join(staging, rel), { recursive: true, force: true });
  }
}

/**
 * Moves the previous root into the new root as its spare folder, with a `.gitignore` that ignores all of it.
 * @param previous the previous root (beside the new root, after a swap)
 * @param spare `<new root>/.reslayer-spare`
 * @returns false when that fails (the caller removes the previous root)
 */
export function keepAsSpare(previous: string, spare: string): boolean {
  try {
    rmSync(path.join(previous, SPARE_DIR), { recursive: true, force: true });
    // Written before the rename, so the spare folder never exists without it. The old entry can only be a
    // generated file or a second link to the user's .gitignore (kept in the root): removed, never written through.
    const ignore = path.join(previous, '.gitignore');
    rmSync(ignore, { recursive: true, force: true });
    writeFileSync(ignore, '# reslayer: the previous output, reused to build the next one\n*\n', { flag: 'wx' });
    rmSync(spare, { recursive: true, force: true });
    renameSync(previous, spare);
    return true;
  } catch {
    return false;
  }
}
