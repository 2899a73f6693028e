import { type Stats, lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { type Diagnostic, cmp } from '@reslayer/core';
import { fsw } from './fsOps.js';
import { MANIFEST_NAME } from './manifest.js';
import type { OutputPaths } from './paths.js';
import type { WritePlan } from './plan.js';
import { type RootScan, addAncestors } from './scan.js';

/** Calls made between two yields to the event loop, where a SIGINT or SIGTERM handler can run (see `guardSignals`). */
const CALLS_PER_YIELD = 512;

/** What the staging folder holds, once built (root-relative paths). */
export interface Staged {
  /** The user's entries carried over from the current root (files, links and special files). */
  carried: Set<string>;
  /** Warnings: a folder whose owner could not be kept. */
  notices: Diagnostic[];
}

/**
 * Builds the complete new output root in the staging folder beside the root: every folder (a folder the root
 * already has keeps its permission bits, special bits and owner), the new text of created and updated files, a
 * hard link of every unchanged generated file and of every entry of the user's (a symbolic link is made anew;
 * FIFOs, sockets and devices are linked, never opened), and the manifest. An entry of the user's that vanished
 * meanwhile is skipped; an unchanged generated file that vanished is written from its text.
 * @param paths the root and its siblings
 * @param files the generated files' texts by root-relative path
 * @param plan the plan against the current root
 * @param scan the listing of the current root
 * @param manifestText the new manifest
 * @throws the file system's error (the caller removes the staging folder)
 */
export async function buildStaging(paths: OutputPaths, files: ReadonlyMap<string, string>, plan: WritePlan, scan: RootScan, manifestText: string): Promise<Staged> {
  const { real, staging } = paths;
  const removed = new Set(plan.removed);
  const carried = new Set([...scan.entries.keys()].filter((rel) => !files.has(rel) && !removed.has(rel) && rel !== MANIFEST_NAME));
  const unchanged = new Set(plan.unchanged);
  fsw.removeTree(staging);
  fsw.mkdirp(path.dirname(staging));
  fsw.mkdir(staging);
  const folders = newFolders(files, carried, scan);
  let calls = 0;
  const pace = async () => {
    if (++calls % CALLS_PER_YIELD === 0) await yieldToEvents();
  };
  for (const dir of folders) {
    fsw.mkdir(path.join(staging, dir));
    await pace();
  }
  for (const [rel, text] of files) {
    if (!unchanged.has(rel) || !linkedIfThere(path.join(real, rel), path.join(staging, rel))) fsw.create(path.join(staging, rel), text);
    await pace();
  }
  for (const rel of carried) {
    carry(real, staging, rel, scan.entries.get(rel) === 'link');
    await pace();
  }
  fsw.create(path.join(staging, MANIFEST_NAME), manifestText);
  // The folders the root had keep their bits and owner; set deepest first, after their entries are in.
  const notices: Diagnostic[] = [];
  for (const dir of ['', ...folders].filter((d) => d === '' || scan.dirs.has(d)).reverse()) {
    const notice = keepAttributes(path.join(real, dir), path.join(staging, dir), dir);
    if (notice) notices.push(notice);
  }
  return { carried, notices };
}

/**
 * The new root's folders, parents first: those of every generated and carried entry, and the user's folders that
 * hold nothing at all (a folder that held only files the run removes is not kept).
 */
function newFolders(files: ReadonlyMap<string, string>, carried: ReadonlySet<string>, scan: RootScan): string[] {
  const dirs = new Set<string>();
  for (const rel of files.keys()) addAncestors(rel, dirs);
  for (const rel of carried) addAncestors(rel, dirs);
  const holding = new Set<string>();
  for (const rel of scan.entries.keys()) addAncestors(rel, holding);
  const parents = new Set<string>();
  for (const dir of scan.dirs) addAncestors(dir, parents);
  for (const dir of scan.dirs) {
    // An empty folder (nothing below it at all) is the user's: kept, with its parents.
    if (holding.has(dir) || parents.has(dir)) continue;
    dirs.add(dir);
    addAncestors(dir, dirs);
  }
  return [...dirs].sort(cmp);
}

/** Hard-links a file of the current root into the staging folder; false when it is gone (ENOENT). */
function linkedIfThere(from: string, to: string): boolean {
  try {
    fsw.link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Carries one entry of the user's into the staging folder; one that vanished meanwhile is skipped. */
function carry(real: string, staging: string, rel: string, isLink: boolean): void {
  const from = path.join(real, rel);
  const to = path.join(staging, rel);
  if (!isLink) {
    linkedIfThere(from, to);
    return;
  }
  let target: string;
  try {
    target = readlinkSync(from);
  } catch {
    return;
  }
  fsw.symlink(target, to);
}

/**
 * Gives a staging folder the permission bits, special bits (setgid, sticky) and owner of the root's folder it
 * replaces. An owner that cannot be set (not running as root) is reported, the rest kept.
 */
function keepAttributes(from: string, to: string, rel: string): Diagnostic | undefined {
  const was: Stats | undefined = lstatSync(from, { throwIfNoEntry: false });
  const now = lstatSync(to);
  if (!was?.isDirectory()) return undefined;
  if (now.uid !== was.uid || now.gid !== was.gid) {
    try {
      fsw.chown(to, was.uid, was.gid);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'EINVAL') throw error;
      return {
        code: 'RSL_OUTPUT_OWNER_CHANGED',
        severity: 'warning',
        message: `the folder ${rel || '.'} of the output root now belongs to uid ${now.uid} (was ${was.uid}:${was.gid}): only root can give a folder to another user`,
        hint: 'Run reslayer as the folder\'s owner, or keep folders of other users out of the output root.',
      };
    }
  }
  if ((now.mode & 0o7777) !== (was.mode & 0o7777)) fsw.chmod(to, was.mode & 0o7777);
  return undefined;
}
