import path from 'node:path';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { type CommitStep, statOf, writeJournal } from './commit.js';
import { fsw } from './fsOps.js';
import { MANIFEST_NAME } from './manifest.js';
import type { OutputPaths } from './paths.js';
import type { WritePlan } from './plan.js';
import { type RootScan, parentOf } from './scan.js';

/** Calls made between two yields to the event loop, where a SIGINT or SIGTERM handler can run (see `guardSignals`). */
const CALLS_PER_YIELD = 512;

/** What the staging folder holds once built: the commit's steps (the journal's) and the files it takes out. */
export interface Staged {
  steps: CommitStep[];
  /** Root-relative paths of the files the commit removes (their emptied folders go after it). */
  taken: string[];
}

/**
 * Builds a write's staging folder: the journal first, then the text of every created and updated file and of
 * the new manifest. A file goes into `<staging>/files/<path>`, or, when its folder is on another file system
 * than the staging folder (a mount point inside the root), beside its target as `.<name>.reslayer-new`; a folder
 * the root lacks is staged whole and put in by one rename. Nothing in the root changes (but for those files on
 * another file system). The manifest's step comes last, so the manifest names the new set only once it is in.
 * @param paths the root and its siblings (the staging folder must not exist)
 * @param files the generated files' texts by root-relative path
 * @param plan the plan against the current root
 * @param scan the listing of the current root
 * @param manifestText the new manifest
 * @throws the file system's error (the caller drops the staging folder)
 */
export async function buildStaging(paths: OutputPaths, files: ReadonlyMap<string, string>, plan: WritePlan, scan: RootScan, manifestText: string): Promise<Staged> {
  const texts = new Map<string, string>();
  for (const rel of [...plan.created, ...plan.updated]) texts.set(rel, files.get(rel) as string);
  texts.set(MANIFEST_NAME, manifestText);
  const place = placer(paths, scan);
  const steps: CommitStep[] = [];
  const staged = new Map<string, string>();
  const tops = new Set<string>();
  for (const [rel, text] of texts) {
    const top = newTop(rel, scan, place.rootExists);
    staged.set(top === undefined ? place.staged(rel) : path.join(place.staged(top), rel.slice(top.length)), text);
    if (top === undefined) steps.push(scan.entries.has(rel) ? { kind: 'replace', target: place.target(rel), staged: place.staged(rel), backup: place.backup(rel) } : { kind: 'put', target: place.target(rel), staged: place.staged(rel) });
    else if (!tops.has(top)) {
      tops.add(top);
      steps.push({ kind: 'put', target: place.target(top), staged: place.staged(top), folder: true });
    }
  }
  for (const rel of plan.removed) steps.push({ kind: 'take', target: place.target(rel), backup: place.backup(rel) });
  // The manifest last: a reader that trusts it (check, the cache) sees the new set named only once it is complete.
  const manifestStep = steps.findIndex((s) => s.target === place.target(MANIFEST_NAME));
  if (manifestStep >= 0) steps.push(...steps.splice(manifestStep, 1));
  fsw.mkdirp(path.dirname(paths.staging));
  fsw.mkdir(paths.staging);
  writeJournal(paths.staging, { steps });
  let calls = 0;
  const made = new Set<string>([paths.staging]);
  const folderFor = (abs: string) => {
    const dir = path.dirname(abs);
    if (made.has(dir)) return;
    fsw.mkdirp(dir);
    made.add(dir);
  };
  for (const [at, text] of staged) {
    folderFor(at);
    fsw.create(at, text);
    if (++calls % CALLS_PER_YIELD === 0) await yieldToEvents();
  }
  for (const { backup } of steps) if (backup !== undefined) folderFor(backup);
  return { steps, taken: plan.removed };
}

/**
 * Where a root-relative path is, is staged and is kept aside: under the staging folder, or beside the target
 * when the target's nearest folder is on another file system than the staging folder.
 */
function placer(paths: OutputPaths, scan: RootScan) {
  const rootExists = statOf(paths.real)?.isDirectory() === true;
  const stagingDev = rootExists ? statOf(path.dirname(paths.staging))?.dev : undefined;
  const devs = new Map<string, number | undefined>();
  const foreign = (rel: string): boolean => {
    if (!rootExists) return false;
    let dir = parentOf(rel);
    while (dir !== '' && !scan.dirs.has(dir)) dir = parentOf(dir);
    if (!devs.has(dir)) devs.set(dir, statOf(path.join(paths.real, dir))?.dev);
    return devs.get(dir) !== stagingDev;
  };
  const beside = (rel: string, suffix: string) => path.join(paths.real, parentOf(rel), `.${path.posix.basename(rel)}.reslayer-${suffix}`);
  return {
    rootExists,
    target: (rel: string) => (rel === '' ? paths.real : path.join(paths.real, rel)),
    staged: (rel: string) => (foreign(rel) ? beside(rel, 'new') : path.join(paths.staging, 'files', rel)),
    backup: (rel: string) => (foreign(rel) ? beside(rel, 'old') : path.join(paths.staging, 'old', rel)),
  };
}

/**
 * The topmost folder of `rel` that the root lacks (`''` when the root itself is missing), or undefined when the
 * file's own folder exists.
 */
function newTop(rel: string, scan: RootScan, rootExists: boolean): string | undefined {
  if (!rootExists) return '';
  let top: string | undefined;
  for (let dir = parentOf(rel); dir !== '' && !scan.dirs.has(dir); dir = parentOf(dir)) top = dir;
  return top;
}
