// The commit of a write: per-entry renames into the output root, guarded by a journal in the staging folder so
// that a failure is rolled back at once and a kill is rolled back by the next run (docs/engine.md, "The one
// writer"). The root folder itself is never renamed: it keeps its inode, its mount, its owner and attributes.
import { type Stats, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fsw } from './fsOps.js';

/**
 * One change of the commit, by absolute paths: `put` places a staged file or folder where nothing was (a file by a
 * hard link, which fails rather than replace an entry made there meanwhile, then the staged name is removed; a
 * folder by a rename); `replace` keeps the entry at `target` as `backup` (a hard link, or, where the kernel refuses
 * one, the entry itself renamed) and renames the staged file over it; `take` renames the entry to `backup`.
 */
export interface CommitStep {
  kind: 'put' | 'replace' | 'take';
  target: string;
  staged?: string | undefined;
  backup?: string | undefined;
  /** True when a `put` places a whole folder. */
  folder?: true | undefined;
}

/** The steps of a write, written to `<staging>/journal.json` before anything is staged. */
export interface Journal {
  steps: CommitStep[];
}

const JOURNAL = 'journal.json';
/** Present in the staging folder from right before the first change of the root until the last one. */
const COMMITTING = 'committing';

const exists = (abs: string): boolean => statOf(abs) !== undefined;

/** Writes the journal of a write into its (new, empty) staging folder. */
export function writeJournal(staging: string, journal: Journal): void {
  fsw.create(path.join(staging, JOURNAL), JSON.stringify(journal));
}

/**
 * Applies every step, marked as committing in the staging folder; a step that fails rolls back the ones before it
 * (see {@link rollBack}), and the error is thrown. Synchronous: no signal handler runs in between.
 * @param staging the staging folder that holds the journal
 * @param steps the journal's steps, in order
 * @throws the file system's error, after the rollback (a rollback that fails too is left to the next run)
 */
export function applySteps(staging: string, steps: readonly CommitStep[]): void {
  const marker = path.join(staging, COMMITTING);
  fsw.create(marker, '');
  try {
    for (const step of steps) applyStep(step);
    // The commit point: once the marker is gone, the next run keeps the new set.
    fsw.unlink(marker);
  } catch (error) {
    try {
      rollBack(steps);
      fsw.unlink(marker);
    } catch {
      // the marker stays: the next run rolls back what is left (recoverJournal)
    }
    throw error;
  }
}

function applyStep(step: CommitStep): void {
  const { target, staged, backup } = step;
  if (step.kind === 'take') fsw.rename(target, backup as string);
  else if (step.kind === 'put' && step.folder) fsw.rename(staged as string, target);
  else if (step.kind === 'put') {
    fsw.link(staged as string, target);
    fsw.unlink(staged as string);
  } else {
    try {
      fsw.link(target, backup as string);
    } catch (error) {
      // fs.protected_hardlinks refuses a link to another user's file: the entry itself is set aside instead, so
      // the path is missing until the next rename, one system call later.
      if (!['EPERM', 'EACCES', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      fsw.rename(target, backup as string);
    }
    fsw.rename(staged as string, target);
  }
}

/**
 * Undoes the steps, last first, from what is on disk (so it also serves after a kill): a put entry is renamed
 * back to its staged path (or, still linked there, unlinked), a replaced or taken entry's backup is renamed back
 * over its target.
 * @param steps the journal's steps
 */
export function rollBack(steps: readonly CommitStep[]): void {
  for (let i = steps.length - 1; i >= 0; i--) {
    const { kind, target, staged, backup } = steps[i] as CommitStep;
    if (kind === 'put') {
      const [put, left] = [statOf(target), statOf(staged as string)];
      if (put && !left) fsw.rename(target, staged as string);
      else if (put && left && put.ino === left.ino && put.dev === left.dev) fsw.unlink(target);
    } else if (exists(backup as string) && (kind === 'take' ? !exists(target) : !exists(staged as string) || !exists(target))) fsw.rename(backup as string, target);
  }
}

/**
 * Removes what a write made outside its staging folder (staged entries and backups placed beside their targets,
 * on another file system than the staging folder), then the staging folder. After a commit this drops the
 * backups: the replaced and taken entries are gone for good.
 * @param staging the staging folder
 * @param steps the journal's steps
 */
export function dropStaging(staging: string, steps: readonly CommitStep[]): void {
  const inside = staging + path.sep;
  for (const { staged, backup } of steps) {
    for (const abs of [staged, backup]) if (abs !== undefined && !abs.startsWith(inside) && exists(abs)) fsw.removeTree(abs);
  }
  fsw.removeTree(staging);
}

/**
 * Repairs a staging folder a write left (killed, or a rollback that failed): when its commit had begun, the root
 * is rolled back to the previous output; then the staged entries and the staging folder are removed. Without a
 * readable journal (killed before it was written) the staging folder alone is removed.
 * @param staging the staging folder
 * @returns true when a commit was rolled back
 */
export function recoverJournal(staging: string): boolean {
  let steps: CommitStep[] = [];
  try {
    steps = (JSON.parse(readFileSync(path.join(staging, JOURNAL), 'utf8')) as Journal).steps;
  } catch {
    // no journal yet: nothing was staged outside the folder, nothing in the root changed
  }
  const committing = exists(path.join(staging, COMMITTING));
  if (committing) rollBack(steps);
  dropStaging(staging, steps);
  return committing;
}

/**
 * The emptied folders above taken files, deepest first, removed after a commit (a folder that still holds
 * anything stays; the root always stays). Best effort: a folder that cannot be removed is left.
 * @param real the root's real folder
 * @param taken root-relative paths of the files the commit took out
 */
export function pruneEmptied(real: string, taken: readonly string[]): void {
  const dirs = new Set<string>();
  for (const rel of taken) for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) dirs.add(dir);
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      fsw.rmdir(path.join(real, dir));
    } catch {
      // not empty, or not ours to remove
    }
  }
}

/** The stats of an entry, or undefined when there is none. */
export function statOf(abs: string): Stats | undefined {
  return lstatSync(abs, { throwIfNoEntry: false });
}
