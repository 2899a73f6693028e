import { mkdir, rm, rmdir, readdir, stat, writeFile } from 'node:fs/promises';
import { lstatSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type InterruptedWrite, type StagedFile, JOURNAL_NAME, commit, findInterruptedWrite, recoverFromScan, recoverInterruptedWrite } from './journal.js';
import { MANIFEST_NAME, serializeManifest, writeManifest } from './manifest.js';
import type { TreeListing } from './lookaheadScan.js';
import { buildStaging, completeStaging, findInterruptedSwap, mergeInterrupted, recoverInterruptedSwap, swapIn, swapPaths } from './swap.js';
import { CACHE_RECORD_NAME, type CacheRecord, type FileStamp, type FileStat, type StoredRecord, removeRecord, sha256, stampFolders, stampOf, writeRecord } from './cacheRecord.js';
import { type OutputLocation, type OutputScan, TEMP_SUFFIX, assertRealPathInside, inBatches, isSourceModule, resolveInside, scanOutput, srcPrefix } from './outputTree.js';
import { type PlanState, type WritePlan, planWithState, rootRelative } from './planFileSet.js';

export { MANIFEST_NAME } from './manifest.js';
export { JOURNAL_NAME, findInterruptedWrite, recoverInterruptedWrite, type InterruptedWrite } from './journal.js';
export type { OutputLocation } from './outputTree.js';
export { diffFileSet, diffOutput, planFileSet, planOutput, rootRelative, type DriftEntry, type OutputDiff, type WritePlan } from './planFileSet.js';

/** Options of {@link writeFileSet}. */
export interface WriteOptions {
  /**
   * Record the no-change cache: the run's fingerprint and summary plus, per generated file, its stat data
   * and sha256 after the write (see `recordPathFor`). Without it, an earlier record of the root is removed.
   */
  cache?: CacheRecord;
  /**
   * With `cache`: also record the stamps of the folders the swap placed, so the next no-change probe lists no
   * folder (about 3,200 `lstat`s on GitHub's output). `generate --watch` leaves them out: its next run follows an
   * edit, and each write would replace them. @default true
   */
  folderStamps?: boolean;
}

/**
 * Writes a file set into the output root.
 *
 * - Only changed files are written, so an unchanged file keeps its modification time.
 * - Atomic for readers: the complete new output root is built in a sibling folder
 *   (`<parent>/.<root name>.reslayer-staging`: new files written, unchanged generated files and the
 *   user's own files hard-linked) and swapped in with two renames (see `swapIn`), so the root holds the
 *   complete previous or the complete new set at every moment. A failure leaves the previous output
 *   intact; a kill is repaired by the next write (`recoverInterruptedSwap`).
 * - When the root cannot be swapped (it is a symbolic link or a project folder with `.git` or
 *   `node_modules`, or a generated path goes through a symbolic link), new contents are written to
 *   temporary files beside their targets and renamed into place in a journaled commit (see `commit`),
 *   which the next write rolls back after a kill.
 * - Each distinct folder is created once and checked once, with symbolic links resolved, to be inside
 *   the output root. Files the previous run generated and this run does not produce are deleted, but
 *   only while they still start with the generated-file marker. Nothing outside the output root is
 *   touched, apart from the no-change cache's record (`options.cache`, see `recordPathFor`).
 * - Existing files are read with synchronous calls (for thousands of small files several times faster
 *   than the thread pool); new files are written with bounded concurrency.
 *
 * @param location output root and source folder
 * @param files the generated files
 * @param options see {@link WriteOptions}
 * @returns what was created, updated, left unchanged and removed
 * @throws GeneratorError `RSL_WRITE_FAILED` (temporary files are cleaned up) or `RSL_PATH_OUTSIDE_ROOT`
 */
export async function writeFileSet(location: OutputLocation, files: readonly GeneratedFile[], options: WriteOptions = {}): Promise<WritePlan> {
  return (await writeOutput(location, files, options)).plan;
}

/** What {@link writeOutput} did: the plan, and the interrupted earlier write it rolled back first, if any. */
export interface WriteOutcome {
  plan: WritePlan;
  /** Leftovers of an interrupted earlier write found (and repaired) before this write; undefined when there were none. */
  repaired: InterruptedWrite | undefined;
}

/**
 * {@link writeFileSet}, also telling whether an interrupted earlier write was rolled back first.
 * @param location output root and source folder
 * @param files the generated files
 * @param options see {@link WriteOptions}
 * @throws GeneratorError `RSL_WRITE_FAILED` or `RSL_PATH_OUTSIDE_ROOT`, as {@link writeFileSet}
 */
export async function writeOutput(location: OutputLocation, files: readonly GeneratedFile[], options: WriteOptions = {}): Promise<WriteOutcome> {
  resolveInside(location, location.srcDir || '.');
  // A swap interrupted by a kill is repaired first (the root may be missing until then).
  const swapped = findInterruptedSwap(location);
  if (swapped) recoverInterruptedSwap(location);
  const listed = await scanOutput(location, { stamps: true });
  const repaired = mergeInterrupted(findInterruptedWrite(listed), swapped);
  const scan = await recoverFromScan(location, listed);
  const state = await planWithState(location, files, scan, options.cache !== undefined);
  const byRel = new Map(files.map((f) => [rootRelative(location, f), f] as const));
  await commitPlan(location, state, { byRel, digest: (rel) => sha256(byRel.get(rel)?.contents ?? '') }, options);
  return { plan: state.plan, repaired };
}

/** The new output a commit places: each generated file's text and digest, by root-relative path. */
export interface OutputContent {
  /** Every generated file (only the text of created and updated ones is read, once). */
  byRel: ReadonlyMap<string, { readonly contents: string }>;
  /** sha256 of a generated file's text (for the no-change cache's stamps). */
  digest(rel: string): string;
  /**
   * When the created and updated files are already written into the staging folder (see `OutputStream`):
   * the staging folders made so far, the stat of each written file, the unchanged files already linked there
   * (`kept`: those whose entry in a recycled staging folder already was the root's file), and whether the
   * staging folder is the root's recycled spare folder (see `openStaging`), with its listing when it was opened (`listing`).
   */
  staged?: { made: Set<string>; written: Map<string, FileStat>; linked?: ReadonlySet<string>; kept?: ReadonlySet<string>; recycled?: boolean; listing?: TreeListing } | undefined;
}

/**
 * Carries out a plan: swaps in a complete new root or, when the root cannot be swapped, commits the
 * changed files in place with the journal; then writes (or removes) the no-change cache's record.
 * @param location output root and source folder
 * @param state the plan and what it found on disk
 * @param content the generated files' texts and digests
 * @param options see {@link WriteOptions}
 * @throws GeneratorError `RSL_WRITE_FAILED` or `RSL_PATH_OUTSIDE_ROOT`, as {@link writeFileSet}
 */
export async function commitPlan(location: OutputLocation, state: PlanState, content: OutputContent, options: WriteOptions): Promise<void> {
  const { plan, scan } = state;
  const { byRel } = content;
  const paths = [...byRel.keys()].sort(cmp);
  const manifestText = serializeManifest(paths);
  const changed = plan.created.length + plan.updated.length + plan.removed.length > 0;
  let stamps: Map<string, FileStamp> | undefined;
  let listed: Pick<StoredRecord, 'folders' | 'others'> | undefined;
  if (changed && canSwap(location, scan, paths)) {
    const written = content.staged?.written ?? (options.cache ? new Map<string, FileStat>() : undefined);
    const swapped = swapOutput(location, state, byRel, manifestText, written, content.staged, options.cache !== undefined && options.folderStamps !== false);
    stamps = options.cache && written ? stampAll(location, state, content, written, swapped.stagedAt) : undefined;
    listed = swapped.listed;
  } else {
    // Streamed files are read back from the staging folder, which is then removed.
    let staged: StagedFile[] = [];
    try {
      staged = await stage(location, state, byRel);
    } finally {
      if (content.staged) rmSync(swapPaths(location).staging, { recursive: true, force: true });
    }
    if (staged.length > 0 || plan.removed.length > 0) {
      try {
        await commit(location, staged, plan.removed);
      } catch (error) {
        await recoverInterruptedWrite(location).catch(() => undefined);
        throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
      }
    }
    await writeManifest(location, manifestText, state.manifest.text);
    stamps = options.cache ? stampFiles(state, staged, content) : undefined;
    await removeEmptyDirs(location, plan.removed);
  }
  // The no-change cache's record lives in the output root, beside the manifest (see cacheRecord.ts); written after the files it describes.
  if (options.cache && stamps) await writeRecord(location, { ...options.cache, outputRoot: path.resolve(location.outputRoot), files: paths, stamps, manifestSha256: sha256(manifestText), ...listed });
  else await removeRecord(location);
}

/**
 * True when the output can be replaced by a swap of the whole root (see {@link swapOutput}): the root is
 * not itself a symbolic link, holds no `.git` or `node_modules` (it is not a project folder), no
 * generated file goes through a symbolic link, and no folder stands where a generated file goes (the
 * journaled commit reports those cases).
 */
function canSwap(location: OutputLocation, scan: OutputScan, generated: readonly string[]): boolean {
  if (lstatSync(path.resolve(location.outputRoot), { throwIfNoEntry: false })?.isSymbolicLink()) return false;
  if (['.git', 'node_modules'].some((name) => scan.dirs.has(name) || scan.files.has(name))) return false;
  if (generated.some((rel) => scan.dirs.has(rel))) return false;
  return scan.links.size === 0 || generated.every((rel) => linkOnTheWay(scan, path.posix.dirname(rel)) === undefined);
}

/**
 * Replaces the output by building the complete new root in a sibling staging folder and swapping it
 * in with renames, so a reader sees the complete previous or the complete new set of files at every
 * moment (see `swapIn`). Unchanged generated files and the user's files are hard-linked into it (their
 * modification times stay); files the previous run generated and this one does not are left behind.
 * @param written when given, receives the stat of every written file (see `buildStaging`)
 * @param staged when the files were streamed into the staging folder: its folders, written files and linked unchanged files (see `OutputStream`)
 * @returns `Date.now()` when the staging folder was complete, before the swap
 * @throws GeneratorError `RSL_WRITE_FAILED` (the staging folder is removed, the output is unchanged)
 */
function swapOutput(
  location: OutputLocation,
  state: PlanState,
  byRel: ReadonlyMap<string, { readonly contents: string }>,
  manifestText: string,
  written: Map<string, FileStat> | undefined,
  staged: OutputContent['staged'],
  withListing: boolean,
): { stagedAt: number; listed?: Pick<StoredRecord, 'folders' | 'others'> } {
  const { plan, scan } = state;
  const own = new Set([MANIFEST_NAME, CACHE_RECORD_NAME, JOURNAL_NAME, ...plan.removed]);
  const carry = [...scan.files].filter((rel) => !byRel.has(rel) && !own.has(rel));
  const swap = swapPaths(location);
  const manifest = { name: MANIFEST_NAME, text: manifestText };
  try {
    const write = new Map([...plan.created, ...plan.updated].map((rel) => [rel, byRel.get(rel) as { contents: string }] as const));
    // Streamed: the written files are in the staging folder already (their texts are not read).
    const set = { write, keep: plan.unchanged, carry, manifest };
    const folders = staged ? completeStaging(swap, set, scan, staged.made, staged.linked, staged.recycled, staged.listing) : buildStaging(swap, set, scan, written);
    // No one else writes into the staging folder: the files' stats hold until the swap, as if taken now.
    const stagedAt = Date.now();
    const listed = withListing ? stagedListing(location, swap.staging, folders, carry, stagedAt) : undefined;
    swapIn(swap, { all: new Set([...byRel.keys(), ...carry]), carried: new Set(carry) }, scan);
    return { stagedAt, ...(listed ? { listed } : {}) };
  } catch (error) {
    rmSync(swap.staging, { recursive: true, force: true });
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * What a record needs to spare the next no-change probe a listing of the root (see `StoredRecord.folders`),
 * taken from the complete staging folder right before the swap: its folders are the new root's (a rename of
 * their parent changes none of their stamps), and what they hold is what the swap placed, since only the run
 * writes into the staging folder. A folder modified within the racy margin is recorded unstamped (see
 * `UNSTAMPED`: the probe reads it). None when the source folder is the root itself (the root's own entries
 * change with every record written).
 * @param location output root and source folder
 * @param staging the complete staging folder
 * @param folders the new root's folders (as the staging folder was built with them)
 * @param carry the user's files carried over
 * @param at `Date.now()` once the staging folder was complete
 */
function stagedListing(location: OutputLocation, staging: string, folders: readonly string[], carry: readonly string[], at: number): Pick<StoredRecord, 'folders' | 'others'> | undefined {
  const prefix = srcPrefix(location);
  if (prefix === '') return undefined;
  const stamped = stampFolders(staging, folders, at);
  if (!stamped) return undefined;
  return { folders: stamped, others: carry.filter((rel) => isSourceModule(prefix, rel)).sort(cmp) };
}

/**
 * Stamps of every generated file after a swap: written files from the stat taken while writing them,
 * valid at `writtenAt` (the staging folder complete); unchanged files that were not linked again (their
 * entry in a recycled staging folder already was the root's file, so no link count moved) from the stat
 * taken when they were compared; the other unchanged ones stat-ed now (their hard links changed their
 * change times).
 */
function stampAll(location: OutputLocation, state: PlanState, content: OutputContent, written: ReadonlyMap<string, FileStat>, writtenAt: number): Map<string, FileStamp> | undefined {
  const stamps = new Map<string, FileStamp>();
  const root = path.resolve(location.outputRoot);
  const kept = content.staged?.kept;
  const at = Date.now();
  for (const rel of content.byRel.keys()) {
    const known = written.get(rel);
    const compared = known || !kept?.has(rel) ? undefined : state.unchangedStats.get(rel);
    if (compared) {
      stamps.set(rel, stampOf(compared.stats, content.digest(rel), compared.at));
      continue;
    }
    const stats = known ?? statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stats) return undefined;
    stamps.set(rel, stampOf(stats, content.digest(rel), known ? writtenAt : at));
  }
  return stamps;
}

/**
 * Writes every created or updated file beside its target. Each distinct folder is created once (only
 * when the listing does not show it) and checked once against the real output root.
 * @throws GeneratorError `RSL_WRITE_FAILED`, after removing the temporary files written so far
 */
async function stage(location: OutputLocation, state: PlanState, byRel: ReadonlyMap<string, { readonly contents: string }>): Promise<StagedFile[]> {
  const { plan, scan } = state;
  const changed = [...plan.created, ...plan.updated];
  const staged: StagedFile[] = [];
  if (changed.length === 0) return staged;
  const root = path.resolve(location.outputRoot);
  try {
    const blocked = changed.find((rel) => scan.dirs.has(rel));
    if (blocked !== undefined) throw new Error(`a folder is in the way of the generated file ${blocked}`);
    const dirs = new Set(changed.map((rel) => path.posix.dirname(rel)));
    await mkdir(root, { recursive: true });
    const realRoot = realpathSync.native(root);
    // A symbolic link on the way is resolved and checked before mkdir could create anything through it.
    const links = new Set([...dirs].map((dir) => linkOnTheWay(scan, dir)).filter((l): l is string => l !== undefined));
    for (const link of links) assertRealPathInside(realRoot, resolveInside(location, link));
    // Every missing folder is created once, parents before children (one mkdir each, no recursion).
    for (const level of missingDirsByDepth(scan, dirs)) {
      await inBatches(level, async (dir) => void (await mkdir(resolveInside(location, dir)).catch(existsAsDir)));
    }
    for (const dir of dirs) assertRealPathInside(realRoot, resolveInside(location, dir));
    await inBatches(changed, async (rel) => {
      const target = resolveInside(location, rel);
      const entry = { rel, temp: `${target}${TEMP_SUFFIX}`, target, existed: scan.files.has(rel) };
      // Listed before writing, so a write that fails halfway is cleaned up too.
      staged.push(entry);
      await writeFile(entry.temp, byRel.get(rel)?.contents ?? '', 'utf8');
    });
  } catch (error) {
    await Promise.all(staged.map((s) => rm(s.temp, { force: true })));
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
  }
  return staged;
}

/** The folders (and their ancestors) the listing does not show, grouped by depth, shallowest first. */
function missingDirsByDepth(scan: OutputScan, dirs: ReadonlySet<string>): string[][] {
  const missing = new Set<string>();
  for (let dir of dirs) {
    while (dir !== '.' && !scan.dirs.has(dir) && !missing.has(dir)) {
      missing.add(dir);
      dir = path.posix.dirname(dir);
    }
  }
  const levels: string[][] = [];
  for (const dir of missing) (levels[dir.split('/').length - 1] ??= []).push(dir);
  return levels.filter((l) => l !== undefined);
}

/** mkdir's EEXIST is fine when a folder is there (created meanwhile); anything else, or a file, is an error. */
async function existsAsDir(error: NodeJS.ErrnoException & { path?: string }): Promise<void> {
  if (error.code !== 'EEXIST' || error.path === undefined || !(await stat(error.path)).isDirectory()) throw error;
}

/** The first component of a root-relative folder that the listing shows as a symbolic link, if any. */
function linkOnTheWay(scan: OutputScan, dir: string): string | undefined {
  if (scan.links.size === 0 || dir === '.') return undefined;
  const parts = dir.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (scan.links.has(prefix)) return prefix;
  }
  return undefined;
}

/** Stamps of every generated file after the write: written files are stat-ed now, unchanged ones reuse the plan's stat. */
function stampFiles(state: PlanState, staged: readonly StagedFile[], content: OutputContent): Map<string, FileStamp> | undefined {
  const stamps = new Map<string, FileStamp>();
  const { byRel, digest } = content;
  for (const [rel, { stats, at }] of state.unchangedStats) stamps.set(rel, stampOf(stats, digest(rel), at));
  const at = Date.now();
  let complete = true;
  for (const s of staged) {
    const stats = statSync(s.target, { throwIfNoEntry: false });
    if (stats) stamps.set(s.rel, stampOf(stats, digest(s.rel), at));
    else complete = false;
  }
  // A file that could not be stat-ed (or an unchanged one whose stat failed) leaves the cache out.
  return complete && stamps.size === byRel.size ? stamps : undefined;
}

async function removeEmptyDirs(location: OutputLocation, removed: string[]): Promise<void> {
  const root = path.resolve(location.outputRoot);
  const dirs = new Set<string>();
  for (const rel of removed) {
    let dir = path.dirname(resolveInside(location, rel));
    while (dir.startsWith(root + path.sep)) {
      dirs.add(dir);
      dir = path.dirname(dir);
    }
  }
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      // `rm` refuses a folder without `recursive`; `rmdir` removes only an empty one.
      if ((await readdir(dir)).length === 0) await rmdir(dir).catch(() => undefined);
    } catch {
      // already gone
    }
  }
}
