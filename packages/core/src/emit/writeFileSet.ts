import { mkdir, rm, rmdir, readdir, stat, writeFile } from 'node:fs/promises';
import { type Stats, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type StagedFile, commit, recoverFromScan, recoverInterruptedWrite } from './journal.js';
import { type Manifest, readManifest, serializeManifest, writeManifest } from './manifest.js';
import { type CacheRecord, type FileStamp, removeRecord, sha256, stampOf, writeRecord } from './cacheRecord.js';
import {
  type OutputLocation,
  type OutputScan,
  TEMP_SUFFIX,
  assertRealPathInside,
  inBatches,
  resolveInside,
  scanOutput,
  srcPrefix,
  startsWithMarker,
} from './outputTree.js';

export { MANIFEST_NAME } from './manifest.js';
export { JOURNAL_NAME, recoverInterruptedWrite } from './journal.js';
export type { OutputLocation } from './outputTree.js';

/** What a write (or a dry run) does to each path, relative to the output root. */
export interface WritePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the previous run generated that this run no longer produces. */
  removed: string[];
}

/** Options of {@link writeFileSet}. */
export interface WriteOptions {
  /**
   * Record the no-change cache: the run's fingerprint and summary plus, per generated file, its stat data
   * and sha256 after the write (see `recordPathFor`). Without it, an earlier record of the root is removed.
   */
  cache?: CacheRecord;
}

/** Path of a generated file relative to the output root (POSIX). */
export function rootRelative(location: OutputLocation, file: Pick<GeneratedFile, 'path'>): string {
  return location.srcDir === '' || location.srcDir === '.' ? file.path : `${location.srcDir.replace(/\/+$/, '')}/${file.path}`;
}

/** A plan plus what writing needs: the listing, the manifest, and stat data of unchanged files. */
interface PlanState {
  plan: WritePlan;
  scan: OutputScan;
  manifest: Manifest;
  /** Stat of each unchanged file, taken before its contents were compared (only when asked for). */
  unchangedStats: Map<string, { stats: Stats; at: number }>;
}

async function planWithState(location: OutputLocation, files: readonly GeneratedFile[], scan: OutputScan, withStats: boolean): Promise<PlanState> {
  const prefix = srcPrefix(location);
  const plan: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };
  const unchangedStats = new Map<string, { stats: Stats; at: number }>();
  const produced = new Set<string>();
  for (const file of files) produced.add(rootRelative(location, file));
  // Synchronous reads: for thousands of small files they are several times faster than the thread pool's.
  for (const file of files) {
    const rel = rootRelative(location, file);
    const abs = resolveInside(location, rel);
    // Only paths the listing shows are read: a new file costs no failed read.
    if (!scan.files.has(rel)) {
      plan.created.push(rel);
      continue;
    }
    // Stat before reading: a change between the two makes the recorded stat older than the compared text.
    const at = Date.now();
    const stats = withStats ? statSync(abs, { throwIfNoEntry: false }) : undefined;
    let current: string | undefined;
    try {
      current = readFileSync(abs, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === undefined) plan.created.push(rel);
    else if (current === file.contents) {
      plan.unchanged.push(rel);
      if (stats) unchangedStats.set(rel, { stats, at });
    } else plan.updated.push(rel);
  }
  const manifest = await readManifest(location);
  const candidates = new Set(manifest.files.filter((p) => !produced.has(p) && scan.files.has(p)));
  for (const rel of scan.files) {
    if (rel.startsWith(prefix) && rel.endsWith('.ts') && !produced.has(rel) && !rel.startsWith('.reslayer-backup/')) candidates.add(rel);
  }
  for (const rel of candidates) if (startsWithMarker(resolveInside(location, rel))) plan.removed.push(rel);
  for (const list of Object.values(plan)) (list as string[]).sort(cmp);
  return { plan, scan, manifest, unchangedStats };
}

/**
 * Compares a file set with the disk without writing: which files would be created, updated, left
 * unchanged or removed. The output root is listed once; only files that exist are read. Removal
 * candidates are files of the previous run's manifest that are no longer produced, and `.ts` files in
 * the source folder, that start with the generated-file marker (so hand-written files are never listed).
 * @param location output root and source folder
 * @param files the generated files
 * @returns the plan, each list sorted
 */
export async function planFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<WritePlan> {
  resolveInside(location, location.srcDir || '.');
  return (await planWithState(location, files, await scanOutput(location), false)).plan;
}

/**
 * Writes a file set into the output root.
 *
 * - Only changed files are written, so an unchanged file keeps its modification time.
 * - All new contents are first written to temporary files beside their targets; only when every one
 *   is on disk are they renamed into place (a journaled commit, see `commit`). A failure before that
 *   point leaves the previous output intact; a failure or a kill during it is rolled back.
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
  resolveInside(location, location.srcDir || '.');
  const scan = await recoverFromScan(location, await scanOutput(location));
  const state = await planWithState(location, files, scan, options.cache !== undefined);
  const { plan } = state;
  const byRel = new Map(files.map((f) => [rootRelative(location, f), f] as const));
  const staged = await stage(location, state, byRel);
  if (staged.length > 0 || plan.removed.length > 0) {
    try {
      await commit(location, staged, plan.removed);
    } catch (error) {
      await recoverInterruptedWrite(location).catch(() => undefined);
      throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
    }
  }
  const paths = [...byRel.keys()].sort(cmp);
  await writeManifest(location, serializeManifest(paths), state.manifest.text);
  // The no-change cache's record lives outside the output (see cacheRecord.ts); written after the files it describes.
  const stamps = options.cache ? stampFiles(state, staged, byRel) : undefined;
  if (options.cache && stamps) await writeRecord(location, { ...options.cache, outputRoot: path.resolve(location.outputRoot), files: paths, stamps });
  else await removeRecord(location);
  await removeEmptyDirs(location, plan.removed);
  return plan;
}

/**
 * Writes every created or updated file beside its target. Each distinct folder is created once (only
 * when the listing does not show it) and checked once against the real output root.
 * @throws GeneratorError `RSL_WRITE_FAILED`, after removing the temporary files written so far
 */
async function stage(location: OutputLocation, state: PlanState, byRel: ReadonlyMap<string, GeneratedFile>): Promise<StagedFile[]> {
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
function stampFiles(state: PlanState, staged: readonly StagedFile[], byRel: ReadonlyMap<string, GeneratedFile>): Map<string, FileStamp> | undefined {
  const stamps = new Map<string, FileStamp>();
  const digest = (rel: string) => sha256(byRel.get(rel)?.contents ?? '');
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

/** One drifted file found by {@link diffFileSet}. */
export interface DriftEntry {
  /** Path relative to the output root. */
  path: string;
  /** `missing` (not on disk), `different` (contents differ) or `stale` (generated earlier, no longer produced). */
  kind: 'missing' | 'different' | 'stale';
}

/**
 * Compares a fresh in-memory generation with the disk (the `check` command). Rolls back an interrupted
 * write first, like every write.
 * @param location output root and source folder
 * @param files the freshly generated files
 * @returns drift entries sorted by path; empty when the disk matches
 */
export async function diffFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<DriftEntry[]> {
  resolveInside(location, location.srcDir || '.');
  const scan = await recoverFromScan(location, await scanOutput(location));
  const { plan } = await planWithState(location, files, scan, false);
  return [
    ...plan.created.map((p) => ({ path: p, kind: 'missing' as const })),
    ...plan.updated.map((p) => ({ path: p, kind: 'different' as const })),
    ...plan.removed.map((p) => ({ path: p, kind: 'stale' as const })),
  ].sort((a, b) => cmp(a.path, b.path));
}
