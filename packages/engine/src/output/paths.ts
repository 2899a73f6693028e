import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile, ResolvedConfig } from '@reslayer/core';

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
  /** The folder the writer replaces: the root, or the folder it links to when the root is a symbolic link. */
  real: string;
  /** `<parent>/.<name>.reslayer-staging`: where a write builds the new root. */
  staging: string;
  /** `<parent>/.<name>.reslayer-previous`: the previous root between the swap and its removal. */
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
 * engine's own is ever put inside the root but the manifest (docs/engine.md, "What a run writes").
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
  return { root, real, staging: sibling('staging'), previous: sibling('previous'), lock: sibling('lock') };
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
