import { chmodSync, closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import type { InterruptedWrite } from './journal.js';
import { type FileStat, changedSince, fileStatOf, folderMatches } from './cacheRecord.js';
import { type OutputLocation, type OutputScan, SPARE_DIR, startsWithMarker } from './outputTree.js';
import type { TreeListing } from './lookaheadScan.js';
import { exists, keepAsSpare, linkInto, makeStagingFolder, pruneStaging, spareOn } from './spare.js';

/** Suffix of the sibling folder a write builds the new output root in (`<parent>/.<root name>.reslayer-staging`). */
const STAGING_SUFFIX = '.reslayer-staging';
/** Suffix of the sibling name the previous output root has between the swap and its removal. */
const PREVIOUS_SUFFIX = '.reslayer-previous';

/** The output root, its two sibling folders used by a swap and its spare folder (absolute paths). */
export interface SwapPaths {
  /** The output root. */
  root: string;
  /** `<parent>/.<root name>.reslayer-staging`: where a write builds the new root. */
  staging: string;
  /** `<parent>/.<root name>.reslayer-previous`: the previous root between the swap and its removal. */
  previous: string;
  /** `<root>/.reslayer-spare` (see `SPARE_DIR`). */
  spare: string;
}

/**
 * The swap folders of an output root: siblings of the root, named after it, and the spare folder in it.
 * Computed from the path alone (nothing is read).
 * @param location the output root (`outputRoot`, resolved against the working directory)
 * @returns absolute paths
 */
export function swapPaths(location: OutputLocation): SwapPaths {
  const root = path.resolve(location.outputRoot);
  const sibling = (suffix: string) => path.join(path.dirname(root), `.${path.basename(root)}${suffix}`);
  return { root, staging: sibling(STAGING_SUFFIX), previous: sibling(PREVIOUS_SUFFIX), spare: path.join(root, SPARE_DIR) };
}

/**
 * Reads, without changing anything, what an interrupted swap left beside the output root: a staging
 * folder (killed while building it: the root is untouched) or the previous root (killed after the
 * swap, or, when the root is missing, between its two renames).
 * @param location output root
 * @returns the leftovers (relative to the root, e.g. `../.out.reslayer-staging`), or undefined
 */
export function findInterruptedSwap(location: OutputLocation): InterruptedWrite | undefined {
  const { root, staging, previous } = swapPaths(location);
  const leftovers = [staging, previous].filter(exists).map((abs) => path.relative(root, abs).split(path.sep).join('/'));
  if (leftovers.length === 0) return undefined;
  return { journal: exists(previous) && !exists(root), leftovers: leftovers.sort(cmp) };
}

/**
 * Repairs what an interrupted swap left: a previous root without a root is renamed back (the swap is
 * rolled back); a previous root beside the new one is emptied of what the run generated (files users
 * added meanwhile are moved into the new root) and removed; a staging folder is removed.
 * @param location output root
 * @returns true when something was repaired
 */
export function recoverInterruptedSwap(location: OutputLocation): boolean {
  const { root, staging, previous } = swapPaths(location);
  const found = exists(staging) || exists(previous);
  if (exists(previous)) {
    if (!exists(root)) renameSync(previous, root);
    else dropPrevious(previous, root, undefined);
  }
  rmSync(staging, { recursive: true, force: true });
  return found;
}

/**
 * The leftovers of an interrupted journaled commit and of an interrupted swap, together.
 * @param a one report, if any
 * @param b the other, if any
 */
export function mergeInterrupted(a: InterruptedWrite | undefined, b: InterruptedWrite | undefined): InterruptedWrite | undefined {
  if (!a || !b) return a ?? b;
  return { journal: a.journal || b.journal, leftovers: [...a.leftovers, ...b.leftovers].sort(cmp) };
}

/** Everything a swap places in the new root, relative to the root. */
export interface SwapSet {
  /** Generated files whose new text is written (by path; only their text is read). */
  write: ReadonlyMap<string, Pick<GeneratedFile, 'contents'>>;
  /** Generated files whose text is unchanged: hard-linked from the current root (their modification time is kept). */
  keep: readonly string[];
  /** Files of the current root that are not generated (the user's, the manifest's own and the like are excluded): carried over by hard links. */
  carry: readonly string[];
  /** The new manifest's text (written last, into the staging folder). */
  manifest: { name: string; text: string };
}

/**
 * The folders of the new root a swap places: those of everything generated, carried or kept, and the user's
 * empty folders the listing shows; parents before children.
 * @param set what goes into the new root
 * @param scan the listing of the current root
 * @returns root-relative folders
 */
function newRootFolders(set: SwapSet, scan: OutputScan): string[] {
  const placed = [...set.write.keys(), ...set.keep, ...set.carry];
  const dirs = new Set<string>();
  const addAncestors = (rel: string, into: Set<string>) => {
    for (let dir = path.posix.dirname(rel); dir !== '.' && !into.has(dir); dir = path.posix.dirname(dir)) into.add(dir);
  };
  for (const rel of placed) addAncestors(rel, dirs);
  // Folders the listing shows with no file below them are the user's (empty) folders: kept.
  const withFiles = new Set<string>();
  for (const rel of scan.files) addAncestors(rel, withFiles);
  for (const dir of scan.dirs) if (!withFiles.has(dir)) dirs.add(dir);
  // Parents sort before their children.
  return [...dirs].sort(cmp);
}

/**
 * Builds the new output root in the sibling staging folder: every folder, the new text of written
 * files, hard links of unchanged generated files and of the user's files (symbolic links re-created),
 * and the manifest. Synchronous calls: for thousands of small files several times faster than the
 * thread pool, and nothing else runs meanwhile.
 * @param paths the swap folders
 * @param set what goes into the new root
 * @param scan the listing of the current root
 * @param stats when given, receives the stat of every written file, taken from its open descriptor
 *   (a rename of the folder changes none of it; cheaper than a stat by path afterwards)
 * @returns the new root's folders (see {@link newRootFolders})
 * @throws the file system's error (the caller removes the staging folder)
 */
export function buildStaging(paths: SwapPaths, set: SwapSet, scan: OutputScan, stats?: Map<string, FileStat>): string[] {
  openStaging(paths, false);
  const folders = newRootFolders(set, scan);
  for (const dir of folders) mkdirSync(path.join(paths.staging, dir));
  const made = new Set(folders);
  for (const [rel, file] of set.write) {
    const stat = stageText(paths, rel, file.contents, made, stats !== undefined);
    if (stat) stats?.set(rel, stat);
  }
  completeStaging(paths, { ...set, write: new Map() }, scan, made);
  return folders;
}

/**
 * Starts the staging folder (an older one is removed) with the permissions of the current root: the
 * root's spare folder renamed (`recycle`, when the root has one), else an empty folder. A recycled staging
 * folder holds what the root held before the last swap, mostly hard links to the same files as the
 * root's: writing into it only ever removes an entry and creates a new one, never changes a file in place
 * (see {@link stageText}, {@link stageLink}), and {@link completeStaging} removes what the new root lacks.
 * @param paths the swap folders
 * @param recycle start from the spare folder when there is one (and `RESLAYER_SPARE` is not `0`)
 * @returns true when the spare folder was recycled
 */
export function openStaging(paths: SwapPaths, recycle: boolean): boolean {
  const { root, staging, spare } = paths;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(staging), { recursive: true });
  let recycled = false;
  if (recycle && spareOn() && lstatSync(spare, { throwIfNoEntry: false })?.isDirectory()) {
    try {
      renameSync(spare, staging);
      recycled = true;
    } catch {
      recycled = false;
    }
  }
  if (!recycled) mkdirSync(staging);
  const rootStats = statSync(root, { throwIfNoEntry: false });
  if (rootStats) chmodSync(staging, rootStats.mode & 0o7777);
  return recycled;
}

/**
 * Writes one new file into the staging folder (which {@link openStaging} started), creating its folders
 * the first time they are needed.
 * @param paths the swap folders
 * @param rel root-relative path (already checked to stay inside the root)
 * @param text the file's text
 * @param made the staging folders created so far (updated)
 * @param withStat take the file's stat from its open descriptor
 * @param recycled the staging folder is the root's recycled spare folder: an older entry at the path is removed first
 * @returns that stat, when asked for
 */
export function stageText(paths: Pick<SwapPaths, 'staging'>, rel: string, text: string, made: Set<string>, withStat = false, recycled = false): FileStat | undefined {
  stagingFolderOf(paths, rel, made, recycled);
  const abs = path.join(paths.staging, rel);
  const write = () => {
    if (withStat) return writeAndStat(abs, text);
    writeFileSync(abs, text, { flag: 'wx' });
    return undefined;
  };
  try {
    return write();
  } catch (error) {
    // A recycled staging folder holds an older entry there: removed (never written through), then created anew.
    if (!recycled || (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(abs, { recursive: true, force: true });
    return write();
  }
}

/**
 * Hard-links an unchanged file of the current root into the staging folder (which {@link openStaging}
 * started), creating its folders the first time they are needed.
 * @param paths the swap folders
 * @param rel root-relative path (already checked to stay inside the root)
 * @param made the staging folders created so far (updated)
 * @param recycled the staging folder is the root's recycled spare folder (see `linkInto`)
 * @throws the file system's error (e.g. `ENOENT` when the file left the root meanwhile)
 */
export function stageLink(paths: Pick<SwapPaths, 'root' | 'staging'>, rel: string, made: Set<string>, recycled = false): void {
  stagingFolderOf(paths, rel, made, recycled);
  linkInto(path.join(paths.root, rel), path.join(paths.staging, rel), recycled);
}

/** Creates the staging folder of a root-relative file path (and its parents) unless `made` has it; updates `made`. */
function stagingFolderOf(paths: Pick<SwapPaths, 'staging'>, rel: string, made: Set<string>, recycled: boolean): void {
  makeStagingFolder(paths.staging, path.posix.dirname(rel), made, recycled);
}

/**
 * Completes a staging folder whose new files are written: the remaining folders, hard links of unchanged
 * generated files and of the user's files (symbolic links re-created), and the manifest.
 * @param paths the swap folders
 * @param set what goes into the new root (its `write` entries are already in the staging folder)
 * @param scan the listing of the current root
 * @param made the staging folders created so far
 * @param linked unchanged files of `set.keep` already linked into the staging folder (see {@link stageLink})
 * @param recycled the staging folder is the root's recycled spare folder: what the new root does not hold is
 *   then removed from it, and the manifest's old entry is removed before the new one is written
 * @param listing in a recycled staging folder, its listing taken when it was opened, if any (see `pruneStaging`): its
 *   folders are not looked at again
 * @returns the new root's folders (see {@link newRootFolders})
 * @throws the file system's error (the caller removes the staging folder)
 */
export function completeStaging(paths: SwapPaths, set: SwapSet, scan: OutputScan, made: ReadonlySet<string>, linked?: ReadonlySet<string>, recycled = false, listing?: TreeListing): string[] {
  const { root, staging } = paths;
  const folders = newRootFolders(set, scan);
  // A recycled staging folder's listing shows the folders it already has: only the run's own writes changed
  // it since, and a write replaces an entry only where the new root has a file, never one of its folders.
  const known = new Set(recycled && listing ? [...made, ...listing.dirs] : made);
  for (const dir of folders) makeStagingFolder(staging, dir, known, recycled);
  const newFolders = new Set([...made, ...folders]);
  for (const rel of set.keep) if (!linked?.has(rel)) linkInto(path.join(root, rel), path.join(staging, rel), recycled);
  for (const rel of set.carry) {
    const to = path.join(staging, rel);
    // A user's file where the new output has a folder: the same error as in a staging folder built anew.
    if (newFolders.has(rel)) throw Object.assign(new Error(`EEXIST: file already exists, link '${path.join(root, rel)}' -> '${to}'`), { code: 'EEXIST' });
    if (scan.links.has(rel)) {
      if (recycled) rmSync(to, { recursive: true, force: true });
      symlinkSync(readlinkSync(path.join(root, rel)), to);
    } else linkInto(path.join(root, rel), to, recycled);
  }
  const manifest = path.join(staging, set.manifest.name);
  // Never written through: in a recycled staging folder the old entry may be a link to another file.
  if (recycled) rmSync(manifest, { recursive: true, force: true });
  writeFileSync(manifest, set.manifest.text, { flag: 'wx' });
  if (recycled) pruneStaging(staging, new Set([...set.write.keys(), ...set.keep, ...set.carry, set.manifest.name]), new Set(folders), listing);
  return folders;
}

/** Writes a new file and returns its stat, taken before it is closed. */
function writeAndStat(abs: string, text: string): FileStat {
  const fd = openSync(abs, 'wx');
  try {
    writeSync(fd, text);
    return fileStatOf(fstatSync(fd));
  } finally {
    closeSync(fd);
  }
}

/**
 * Swaps the staging folder in: the current root (if any) is renamed to the previous-root sibling, the
 * staging folder to the root. A reader sees the complete previous or the complete new output; only
 * for the instant between the two renames is there no root at all (a kill right then is rolled back
 * by {@link recoverInterruptedSwap}). Then the previous root is dropped (see {@link dropPrevious}).
 * @param paths the swap folders
 * @param placed what the staging folder holds (a carried file replaced meanwhile in the previous root wins)
 * @param scan the listing of the current root the staging folder was built from (its folder stamps, when taken,
 *   spare reading the previous root's unchanged folders again)
 * @throws the file system's error from the first rename (nothing changed) or the second (rolled back first)
 */
export function swapIn(paths: SwapPaths, placed: Placed, scan?: OutputScan): void {
  const { root, staging, previous } = paths;
  const hadRoot = exists(root);
  if (hadRoot) renameSync(root, previous);
  try {
    renameSync(staging, root);
  } catch (error) {
    if (hadRoot) renameSync(previous, root);
    throw error;
  }
  if (hadRoot) dropPrevious(previous, root, placed, spareOn() ? paths.spare : undefined, scan);
}

/** What {@link dropPrevious} needs of a folder's entry. */
interface FolderEntry {
  name: string;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFile(): boolean;
}

/**
 * The entries of the previous root's folders: from the listing for a folder that still has the stamp the
 * listing took, not racy (its entries are the listed ones), else read. The root itself is always read (the
 * swap renamed it, which changes its change time anyway).
 * @param previous the previous root
 * @param scan the listing of the root before the swap, if its folders were stamped
 * @returns the entries of a root-relative folder
 */
export function folderEntries(previous: string, scan: OutputScan | undefined): (rel: string) => FolderEntry[] {
  const read = (rel: string): FolderEntry[] => readdirSync(rel === '' ? previous : path.join(previous, rel), { withFileTypes: true });
  const folders = scan?.folders;
  if (!scan || !folders) return read;
  let children: Map<string, string[]> | undefined;
  const childrenOf = (rel: string): string[] => {
    if (!children) {
      children = new Map();
      for (const child of [...scan.dirs, ...scan.files, ...scan.temps]) {
        const slash = child.lastIndexOf('/');
        const parent = slash === -1 ? '' : child.slice(0, slash);
        const list = children.get(parent);
        if (list) list.push(child);
        else children.set(parent, [child]);
      }
    }
    return children.get(rel) ?? [];
  };
  return (rel) => {
    const stamp = folders.stamps.get(rel);
    if (rel === '' || !stamp || changedSince(stamp, folders.at)) return read(rel);
    const now = lstatSync(path.join(previous, rel), { throwIfNoEntry: false });
    if (!now?.isDirectory() || !folderMatches(stamp, now)) return read(rel);
    return childrenOf(rel).map((child) => {
      const name = child.slice(child.lastIndexOf('/') + 1);
      const dir = scan.dirs.has(child);
      const link = scan.links.has(child);
      // Whether a listed entry that is neither is a regular file (or a socket, a FIFO…) is looked up when asked.
      return { name, isDirectory: () => dir, isSymbolicLink: () => link, isFile: () => !dir && !link && lstatSync(path.join(previous, child), { throwIfNoEntry: false })?.isFile() === true };
    });
  };
}

/** What a swap knows it placed in the new root (root-relative paths). */
export interface Placed {
  /** Every file of the new root. */
  all: ReadonlySet<string>;
  /** The user's files among them, carried over from the previous root. */
  carried: ReadonlySet<string>;
}

/**
 * Removes the previous root after a swap. A file in it that the new root lacks is moved over unless it
 * starts with the generated-file marker or is one of reslayer's own files (a file a user added while
 * the staging folder was built); a carried file that was replaced meanwhile (a different inode) moves
 * over too. Everything else in it is a generated file or a second link to a file the new root has.
 * A folder the listing stamped (see `FolderStamps`) that still has its stamp, not racy, holds the entries
 * the listing found in it: it is not read again.
 * @param previous the previous root
 * @param root the new root
 * @param placed what the swap placed, when known (after a kill: undefined, and every file is looked up)
 * @param spare when given, the previous root becomes this spare folder of the new root (see `SPARE_DIR`)
 *   instead of being removed
 * @param scan the listing of the root the swap replaced, when its folders were stamped
 */
function dropPrevious(previous: string, root: string, placed: Placed | undefined, spare?: string, scan?: OutputScan): void {
  const entriesOf = folderEntries(previous, scan);
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    for (const e of entriesOf(rel)) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        // A spare folder left in the previous root (one that was not recycled) is removed with it.
        if (child !== SPARE_DIR) pending.push(child);
        continue;
      }
      // A generated file of the new root: the previous one is its older version or a second link to it.
      if ((placed?.all.has(child) && !placed.carried.has(child)) || e.name.startsWith('.reslayer-')) continue;
      const from = path.join(previous, child);
      const to = path.join(root, child);
      const there = lstatSync(to, { throwIfNoEntry: false });
      if (there === undefined) {
        if (e.isFile() && startsWithMarker(from)) continue;
        mkdirSync(path.dirname(to), { recursive: true });
        renameSync(from, to);
      } else if (!there.isDirectory() && (placed === undefined || placed.carried.has(child)) && !startsWithMarker(from) && lstatSync(from).ino !== there.ino) {
        renameSync(from, to);
      } else if (spare !== undefined && (e.isSymbolicLink() || placed?.carried.has(child))) {
        // The new root holds the same file: the spare folder keeps no second link to a user's file, and no symbolic link.
        rmSync(from, { force: true });
      }
    }
  }
  if (spare !== undefined && keepAsSpare(previous, spare)) return;
  rmSync(previous, { recursive: true, force: true });
}

