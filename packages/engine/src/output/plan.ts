import { type Stats, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, GeneratorError, cmp } from '@reslayer/core';
import { MANIFEST_NAME, type Manifest } from './manifest.js';
import { type RootScan, addAncestors } from './scan.js';

/** What a write does (or, on a dry run or a check, would do) to each path, relative to the output root. */
export interface WritePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the manifest lists (the last run wrote them) that this run no longer generates. */
  removed: string[];
}

/** One difference between the output on disk and what a run generates now (see `check`). */
export interface DriftEntry {
  /** Path relative to the output root. */
  path: string;
  /** `missing` (not on disk), `different` (other text) or `stale` (written by an earlier run, no longer generated). */
  kind: 'missing' | 'different' | 'stale';
}

/** A plan, and what the listing showed that the run must report. */
export interface PlannedOutput {
  plan: WritePlan;
  /** Warnings about the root: entries that are neither regular files nor folders (never opened). */
  notices: Diagnostic[];
}

/**
 * The digests the write plan may compare instead of reading a file (like git's stat cache): what a recorded write
 * left in a file whose stat still equals that write's stamp, and this run's texts' (kept for the cache record).
 */
export interface Digests {
  /** The sha256 of the bytes at `rel` when `stats` shows the file as a recorded write left it, else undefined (read it). */
  onDisk(rel: string, stats: Stats): string | undefined;
  /** The sha256 of this run's text for `rel`, computed once. */
  of(rel: string, text: string): string;
}

/**
 * Compares generated files with the output root as listed: a generated path that is not a regular file on disk
 * is created, one whose text differs is updated; a file the manifest lists and the run no longer generates is
 * removed. Only regular files are read, and not those `digests` knows unchanged. Reads only.
 * @param root absolute path of the (real) output root
 * @param files the generated files, by root-relative path
 * @param scan the listing of the root
 * @param manifest the root's manifest
 * @param digests what a recorded write left (none: every file is read, and nothing is stat'ed first)
 * @returns the plan (each list sorted) and notices about entries that are neither files nor folders
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` when a folder a generated file goes into is a file, a symbolic
 *   link or a special file, or a generated file's path is a folder
 */
export function planOutput(root: string, files: ReadonlyMap<string, string>, scan: RootScan, manifest: Manifest, digests?: Digests): PlannedOutput {
  assertFoldersFree(root, files, scan);
  const plan: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };
  const notices: Diagnostic[] = [];
  for (const [rel, text] of files) {
    const kind = scan.entries.get(rel);
    if (kind !== 'file') plan.created.push(rel);
    else plan[sameText(path.join(root, rel), rel, text, digests) ? 'unchanged' : 'updated'].push(rel);
  }
  for (const rel of manifest.files) if (!files.has(rel) && rel !== MANIFEST_NAME && scan.entries.has(rel)) plan.removed.push(rel);
  for (const [rel, kind] of scan.entries) {
    if (kind !== 'special') continue;
    const replaced = files.has(rel) ? ': a generated file takes its place' : '';
    notices.push({
      code: 'RSL_OUTPUT_SPECIAL_FILE',
      severity: 'warning',
      message: `${rel} in the output root ${root} is neither a file nor a folder (a FIFO, socket or device); it was not opened${replaced}`,
      hint: 'Keep FIFOs, sockets and devices out of the output root.',
    });
  }
  for (const list of Object.values(plan)) (list as string[]).sort(cmp);
  return { plan, notices };
}

/**
 * True when the regular file at `abs` holds exactly this text (a file that vanished or cannot be read does not):
 * by digest when `digests` knows the file unchanged since a recorded write, else read.
 */
function sameText(abs: string, rel: string, text: string, digests: Digests | undefined): boolean {
  try {
    const stats = digests && statSync(abs, { throwIfNoEntry: false });
    const known = stats?.isFile() ? digests?.onDisk(rel, stats) : undefined;
    if (known !== undefined) return known === digests?.of(rel, text);
    return readFileSync(abs, 'utf8') === text;
  } catch {
    return false;
  }
}

/** The drift of a plan: what `check` reports, sorted by path. */
export function driftOf(plan: WritePlan): DriftEntry[] {
  return [
    ...plan.created.map((p) => ({ path: p, kind: 'missing' as const })),
    ...plan.updated.map((p) => ({ path: p, kind: 'different' as const })),
    ...plan.removed.map((p) => ({ path: p, kind: 'stale' as const })),
  ].sort((a, b) => cmp(a.path, b.path));
}

/** Refuses a generated file whose folder is not a real folder on disk, or whose own path is a folder. */
function assertFoldersFree(root: string, files: ReadonlyMap<string, string>, scan: RootScan): void {
  const folders = new Set<string>();
  for (const rel of files.keys()) {
    if (scan.dirs.has(rel)) throw notDirectory(`a folder stands where the generated file ${rel} goes, under the output root ${root}`);
    addAncestors(rel, folders);
  }
  const blocked = [...folders].filter((dir) => scan.entries.has(dir)).sort(cmp)[0];
  if (blocked === undefined) return;
  const kind = scan.entries.get(blocked);
  const what = kind === 'link' ? 'a symbolic link' : kind === 'file' ? 'a file' : 'neither a file nor a folder';
  throw notDirectory(`${blocked} under the output root ${root} is ${what}, but generated files go into it`);
}

function notDirectory(message: string): GeneratorError {
  return new GeneratorError('RSL_OUTPUT_NOT_DIRECTORY', message, {
    hint: 'Move that entry out of the output root (a generated folder must be a real folder there), or choose another output root.',
  });
}
