// What a killed or failed write left, found and repaired before the next write.
import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { cmp } from '@reslayer/core';
import { recoverJournal } from './commit.js';
import { fsw } from './fsOps.js';
import { MANIFEST_NAME, readManifest } from './manifest.js';
import type { OutputPaths } from './paths.js';
import { type RootScan, parentOf, scanRoot } from './scan.js';

/** What a killed run left beside an output root (found by {@link findLeftovers}). */
export interface Leftovers {
  /** The sibling folders found, relative to the root (e.g. `../.out.reslayer-staging`), sorted. */
  leftovers: string[];
  /** True when the root itself is missing and its previous contents are beside it (a swap of an earlier reslayer, killed between its renames). */
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
 * Repairs what a killed run left (called under the lock, so no live run owns these): a staging folder whose commit
 * had begun is rolled back (see `recoverJournal`), then removed with what it staged. A previous root (left by a
 * killed run of an earlier reslayer, which swapped the whole root) without a root is renamed back; beside the
 * root, the user's entries the root lacks move over from it and it is removed.
 * @param paths the root and its siblings
 * @returns what was found, or undefined when nothing
 */
export function recoverLeftovers(paths: OutputPaths): Leftovers | undefined {
  const found = findLeftovers(paths);
  if (!found) return undefined;
  if (existsSync(paths.previous)) {
    if (!existsSync(paths.real)) fsw.rename(paths.previous, paths.real);
    else settlePrevious(paths);
  }
  if (lstatSync(paths.staging, { throwIfNoEntry: false })) recoverJournal(paths.staging);
  return found;
}

/**
 * Drops a previous root beside the root: an entry of the user's that the root lacks moves over, the files its
 * manifest lists (the engine's) do not; then it is removed.
 * @param paths the root and its siblings
 */
function settlePrevious(paths: OutputPaths): void {
  const { previous, real } = paths;
  const oldOwned = new Set(readManifest(previous).files);
  const scan: RootScan = scanRoot(previous);
  for (const [rel] of scan.entries) {
    if (rel === MANIFEST_NAME || oldOwned.has(rel)) continue;
    if (lstatSync(path.join(real, rel), { throwIfNoEntry: false }) !== undefined) continue;
    fsw.mkdirp(path.join(real, parentOf(rel)));
    fsw.rename(path.join(previous, rel), path.join(real, rel));
  }
  fsw.removeTree(previous);
}
