import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { cmp } from '@reslayer/core';
import { fsw } from './fsOps.js';
import { MANIFEST_NAME, readManifest } from './manifest.js';
import type { OutputPaths } from './paths.js';
import { type RootScan, parentOf, scanRoot } from './scan.js';

/** What a killed run left beside an output root (found by {@link findLeftovers}). */
export interface Leftovers {
  /** The sibling folders found, relative to the root (e.g. `../.out.reslayer-staging`), sorted. */
  leftovers: string[];
  /** True when the root itself is missing and its previous contents are beside it (killed between the swap's renames). */
  rootMissing: boolean;
}

/** What a killed run left beside the root, without changing anything; undefined when nothing. */
export function findLeftovers(paths: OutputPaths): Leftovers | undefined {
  const found = [paths.staging, paths.previous].filter((p) => lstatSync(p, { throwIfNoEntry: false }) !== undefined);
  if (found.length === 0) return undefined;
  const leftovers = found.map((abs) => path.relative(paths.root, abs).split(path.sep).join('/')).sort(cmp);
  return { leftovers, rootMissing: existsSync(paths.previous) && !existsSync(paths.real) };
}

/**
 * Repairs what a killed run left (called under the lock, so no live run owns these folders): a previous root
 * without a root is renamed back (the swap is rolled back); a previous root beside the new one is settled (see
 * {@link settlePrevious}); a staging folder is removed.
 * @param paths the root and its siblings
 * @returns what was found, or undefined when nothing
 */
export function recoverLeftovers(paths: OutputPaths): Leftovers | undefined {
  const found = findLeftovers(paths);
  if (!found) return undefined;
  if (existsSync(paths.previous)) {
    if (!existsSync(paths.real)) fsw.rename(paths.previous, paths.real);
    else settlePrevious(paths, undefined);
  }
  fsw.removeTree(paths.staging);
  return found;
}

/**
 * Swaps the complete staging folder in: the current root is renamed to the previous-root sibling, then the staging
 * folder to the root. A reader sees the complete previous or the complete new output at every moment; only
 * between the two renames (two consecutive system calls) is there no root, and a run killed right then is
 * rolled back by the next one ({@link recoverLeftovers}).
 */
export function swapIn(paths: OutputPaths): void {
  if (existsSync(paths.real)) fsw.rename(paths.real, paths.previous);
  fsw.rename(paths.staging, paths.real);
}

/** What a swap placed in the new root, when known. */
export interface Placed {
  /** Generated files of the new root, and files the run removed (both the engine's). */
  owned: ReadonlySet<string>;
  /** The user's entries the staging folder carried over. */
  carried: ReadonlySet<string>;
  /** The folders the root had when it was listed: a folder of the previous root that is not one of them was added meanwhile. */
  listed: ReadonlySet<string>;
}

/**
 * Drops the previous root after a swap. An entry of the user's that the new root lacks (added while the staging
 * folder was built) is moved over, and so is a carried file replaced meanwhile (another inode), so no user file is
 * lost; the engine's own files (the previous manifest's, and, when known, what the run generated or removed) are
 * not. Then the previous root is removed.
 * @param paths the root and its siblings
 * @param placed what the swap placed; undefined after a kill (then only entries the new root lacks move over)
 */
export function settlePrevious(paths: OutputPaths, placed: Placed | undefined): void {
  const { previous, real } = paths;
  const oldOwned = new Set(readManifest(previous).files);
  const scan: RootScan = scanRoot(previous);
  for (const [rel] of scan.entries) {
    if (rel === MANIFEST_NAME || oldOwned.has(rel) || placed?.owned.has(rel)) continue;
    const from = path.join(previous, rel);
    const to = path.join(real, rel);
    const there = lstatSync(to, { throwIfNoEntry: false });
    if (there === undefined) {
      fsw.mkdirp(path.join(real, parentOf(rel)));
      fsw.rename(from, to);
    } else if (placed?.carried.has(rel) && !there.isDirectory() && lstatSync(from).ino !== there.ino) fsw.rename(from, to);
  }
  // A folder added meanwhile, empty: kept too.
  for (const dir of scan.dirs) if (placed && !placed.listed.has(dir) && !existsSync(path.join(real, dir))) fsw.mkdirp(path.join(real, dir));
  fsw.removeTree(previous);
}
