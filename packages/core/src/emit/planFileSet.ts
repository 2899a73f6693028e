import { readFileSync, statSync } from 'node:fs';
import { type FileStamp, type FileStat, fileStatOf, statMatches } from './cacheRecord.js';
import type { LookedStat } from './lookahead.js';
import type { GeneratedFile } from './GeneratedFile.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type InterruptedWrite, findInterruptedWrite } from './journal.js';
import { findInterruptedSwap, mergeInterrupted } from './swap.js';
import { type Manifest, readManifest } from './manifest.js';
import { type OutputLocation, type OutputScan, isSourceModule, resolveInside, scanOutput, srcPrefix, startsWithMarker } from './outputTree.js';

/** What a write (or a dry run) does to each path, relative to the output root. */
export interface WritePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the previous run generated that this run no longer produces. */
  removed: string[];
}

/** Path of a generated file relative to the output root (POSIX). */
export function rootRelative(location: OutputLocation, file: Pick<GeneratedFile, 'path'>): string {
  return location.srcDir === '' || location.srcDir === '.' ? file.path : `${location.srcDir.replace(/\/+$/, '')}/${file.path}`;
}

/** A plan plus what writing needs: the listing, the manifest, and stat data of unchanged files. */
export interface PlanState {
  plan: WritePlan;
  scan: OutputScan;
  manifest: Manifest;
  /** Stat of each unchanged file, taken before its contents were compared (only when asked for). */
  unchangedStats: Map<string, { stats: FileStat; at: number }>;
}

/**
 * The plan of a file set against a listing of the output root, plus what `writeFileSet` needs. Reads only;
 * removal candidates are the previous manifest's files no longer produced and unlisted `.ts` files in the
 * source folder, kept only while they start with the generated-file marker.
 * @param location output root and source folder
 * @param files the generated files
 * @param scan a listing of the output root
 * @param withStats also stat every unchanged file (for the no-change cache's stamps)
 */
export async function planWithState(location: OutputLocation, files: readonly GeneratedFile[], scan: OutputScan, withStats: boolean): Promise<PlanState> {
  const plan: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };
  const unchangedStats = new Map<string, { stats: FileStat; at: number }>();
  const produced = new Set<string>();
  for (const file of files) produced.add(rootRelative(location, file));
  // Synchronous reads: for thousands of small files they are several times faster than the thread pool's.
  for (const file of files) comparePlanned(location, scan, rootRelative(location, file), file.contents, plan, withStats ? unchangedStats : undefined);
  const manifest = await readManifest(location);
  plan.removed = removedFiles(location, scan, manifest, produced);
  for (const list of Object.values(plan)) (list as string[]).sort(cmp);
  return { plan, scan, manifest, unchangedStats };
}

/**
 * Compares one generated file with the disk and adds its path to the plan's `created`, `updated` or
 * `unchanged` list. Only paths the listing shows are read (a new file costs no failed read).
 * @param location output root and source folder
 * @param scan a listing of the output root
 * @param rel the file's root-relative path
 * @param contents its generated text
 * @param plan the plan to add to
 * @param unchangedStats when given, receives the stat of an unchanged file (taken before reading it)
 * @param known with `unchangedStats`: the stamps of the output root's cache record and the sha256 of `contents`;
 *   a file whose stat equals its (non-racy) stamp holds the stamp's sha256, so it is compared by digest, not read;
 *   `looked`, the file's stat from an `OutputLookahead`, is used instead of a stat of its own
 * @returns where the path went
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT` when the path leaves the output root
 */
export function comparePlanned(
  location: OutputLocation,
  scan: OutputScan,
  rel: string,
  contents: string,
  plan: WritePlan,
  unchangedStats?: PlanState['unchangedStats'],
  known?: { stamps: ReadonlyMap<string, FileStamp>; digest: string; looked?: LookedStat | undefined },
): 'created' | 'updated' | 'unchanged' {
  const abs = resolveInside(location, rel);
  if (!scan.files.has(rel)) {
    plan.created.push(rel);
    return 'created';
  }
  // Stat before reading: a change between the two makes the recorded stat older than the compared text.
  // A look-ahead's stat of a regular file (see `OutputLookahead`) was taken earlier still.
  const looked = unchangedStats ? known?.looked : undefined;
  const at = looked?.at ?? Date.now();
  const taken = looked || !unchangedStats ? undefined : statSync(abs, { throwIfNoEntry: false });
  const stats: FileStat | undefined = looked?.stats ?? (taken?.isFile() ? fileStatOf(taken) : undefined);
  const stamp = known && stats ? known.stamps.get(rel) : undefined;
  let kind: 'created' | 'updated' | 'unchanged';
  if (stamp && stats && statMatches(stamp, stats)) kind = stamp.sha256 === known?.digest ? 'unchanged' : 'updated';
  else {
    let current: string | undefined;
    try {
      current = readFileSync(abs, 'utf8');
    } catch {
      current = undefined;
    }
    kind = current === undefined ? 'created' : current === contents ? 'unchanged' : 'updated';
  }
  plan[kind].push(rel);
  if (kind === 'unchanged' && stats) unchangedStats?.set(rel, { stats, at });
  return kind;
}

/**
 * Files to remove: the previous manifest's files no longer produced and unlisted `.ts` files in the
 * source folder, kept only while they start with the generated-file marker.
 * @param location output root and source folder
 * @param scan a listing of the output root
 * @param manifest the previous run's manifest
 * @param produced root-relative paths of this run's files
 */
export function removedFiles(location: OutputLocation, scan: OutputScan, manifest: Manifest, produced: ReadonlySet<string> | ReadonlyMap<string, unknown>): string[] {
  const prefix = srcPrefix(location);
  const candidates = new Set(manifest.files.filter((p) => !produced.has(p) && scan.files.has(p)));
  for (const rel of scan.files) {
    if (isSourceModule(prefix, rel) && !produced.has(rel) && !rel.startsWith('.reslayer-backup/')) candidates.add(rel);
  }
  return [...candidates].filter((rel) => startsWithMarker(resolveInside(location, rel)));
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
  return (await planOutput(location, files)).plan;
}

/**
 * {@link planFileSet}, also reporting (without touching them) the leftovers of an interrupted earlier
 * write, which the real write would roll back first.
 * @param location output root and source folder
 * @param files the generated files
 */
export async function planOutput(location: OutputLocation, files: readonly GeneratedFile[]): Promise<{ plan: WritePlan; interrupted: InterruptedWrite | undefined }> {
  resolveInside(location, location.srcDir || '.');
  const scan = await scanOutput(location);
  const { plan } = await planWithState(location, files, scan, false);
  return { plan, interrupted: mergeInterrupted(findInterruptedWrite(scan), findInterruptedSwap(location)) };
}

/** One drifted file found by {@link diffFileSet}. */
export interface DriftEntry {
  /** Path relative to the output root. */
  path: string;
  /** `missing` (not on disk), `different` (contents differ) or `stale` (generated earlier, no longer produced). */
  kind: 'missing' | 'different' | 'stale';
}

/** What {@link diffOutput} finds: the drift, and what an interrupted earlier write left (never repaired here). */
export interface OutputDiff {
  /** Drift entries sorted by path; empty when the disk matches. */
  drift: DriftEntry[];
  /** Leftovers of an interrupted earlier write, if any; only a write (`writeFileSet`) rolls them back. */
  interrupted: InterruptedWrite | undefined;
}

/**
 * Compares a fresh in-memory generation with the disk as it is, and reports leftovers of an interrupted
 * earlier write without touching them. Writes nothing.
 * @param location output root and source folder
 * @param files the freshly generated files
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT` when the source folder leaves the output root
 */
export async function diffOutput(location: OutputLocation, files: readonly GeneratedFile[]): Promise<OutputDiff> {
  resolveInside(location, location.srcDir || '.');
  const scan = await scanOutput(location);
  const { plan } = await planWithState(location, files, scan, false);
  const drift = [
    ...plan.created.map((p) => ({ path: p, kind: 'missing' as const })),
    ...plan.updated.map((p) => ({ path: p, kind: 'different' as const })),
    ...plan.removed.map((p) => ({ path: p, kind: 'stale' as const })),
  ].sort((a, b) => cmp(a.path, b.path));
  return { drift, interrupted: mergeInterrupted(findInterruptedWrite(scan), findInterruptedSwap(location)) };
}

/**
 * Compares a fresh in-memory generation with the disk (the `check` command). Writes nothing: an
 * interrupted earlier write is not rolled back (see {@link diffOutput} to learn about it).
 * @param location output root and source folder
 * @param files the freshly generated files
 * @returns drift entries sorted by path; empty when the disk matches
 */
export async function diffFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<DriftEntry[]> {
  return (await diffOutput(location, files)).drift;
}
