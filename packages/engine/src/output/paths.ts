import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile, ResolvedConfig } from '@reslayer/core/host';

/** Where a run's generated files go: the output root and the folder under it that their paths start from. */
export interface OutputLocation {
  /** Absolute output root. */
  outputRoot: string;
  /** Folder under the root that generated paths are relative to (`src` by default; `.` or `''` for the root). */
  srcDir: string;
}

/** The output root and the sibling paths a run uses beside it (absolute; see {@link outputPaths}). */
export interface OutputPaths {
  /** The output root as configured. */
  root: string;
  /** The folder the writer writes into: the root, or the folder it links to when the root is a symbolic link. */
  real: string;
  /**
   * `<parent>/.<name>.reslayer-staging`: where a write stages the new files and its journal; in a root that is a
   * mount point, `<root>/.reslayer-staging` (on the root's file system).
   */
  staging: string;
  /** `<parent>/.<name>.reslayer-previous`: what a killed run of an earlier reslayer (which swapped the whole root) may have left. */
  previous: string;
  /** `<parent>/.<name>.reslayer-lock`: held by the run that owns the root (see `acquireLock`). */
  lock: string;
}

/** The output location of a resolved config. */
export function locationOf(config: Pick<ResolvedConfig, 'outputRoot' | 'srcDir'>): OutputLocation {
  return { outputRoot: config.outputRoot, srcDir: config.srcDir };
}

/**
 * The paths a run uses: the root, its real folder and three siblings of it named after it. Nothing of the
 * engine's own is put inside the root but the manifest, and, in a root that is a mount point, the staging folder
 * while a write runs (docs/engine.md, "What a run writes").
 * @param location the output root (resolved against the working directory)
 */
export function outputPaths(location: Pick<OutputLocation, 'outputRoot'>): OutputPaths {
  const root = path.resolve(location.outputRoot);
  let real = root;
  try {
    if (lstatSync(root, { throwIfNoEntry: false })?.isSymbolicLink()) real = realpathSync.native(root);
  } catch {
    real = root; // an unreadable path: the run's first call on it reports the error
  }
  const sibling = (suffix: string) => path.join(path.dirname(real), `.${path.basename(real)}.reslayer-${suffix}`);
  return { root, real, staging: isMountPoint(real) ? path.join(real, STAGING_INSIDE) : sibling('staging'), previous: sibling('previous'), lock: sibling('lock') };
}

/** The staging folder's name inside a root that is a mount point (renames cannot cross into it from beside it). */
export const STAGING_INSIDE = '.reslayer-staging';

/** True when the folder exists and is on another file system than its parent (a mount point, a Docker volume). */
function isMountPoint(real: string): boolean {
  try {
    const here = statSync(real, { throwIfNoEntry: false });
    return here?.isDirectory() === true && statSync(path.dirname(real)).dev !== here.dev;
  } catch {
    return false;
  }
}

/**
 * Path of a generated file relative to the output root (POSIX).
 * @param location the output location
 * @param file a generated file (its path is relative to the source folder)
 */
export function rootRelative(location: Pick<OutputLocation, 'srcDir'>, file: Pick<GeneratedFile, 'path'>): string {
  const src = path.posix.normalize(location.srcDir || '.').replace(/\/+$/, '');
  return src === '.' ? file.path : `${src}/${file.path}`;
}
