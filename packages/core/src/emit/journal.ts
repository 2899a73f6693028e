import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cmp } from '../diagnostics/Diagnostics.js';
import { type OutputLocation, type OutputScan, TEMP_SUFFIX, inBatches, resolveInside, scanOutput } from './outputTree.js';
import { recoverInterruptedSwap } from './swap.js';

/** Name of the journal that makes the rename phase of a write recoverable. */
export const JOURNAL_NAME = '.reslayer-journal.json';
/** Folder of the output root that holds the previous versions of the files a journaled commit replaces. */
export const BACKUP_DIR = '.reslayer-backup';

interface Journal {
  /** Root-relative paths being replaced, created or removed, with whether a previous version was backed up. */
  entries: Array<{ rel: string; backedUp: boolean; isNew: boolean }>;
}

/** A file written beside its target, waiting for the commit. */
export interface StagedFile {
  /** Root-relative path. */
  rel: string;
  /** Absolute path of the temporary file. */
  temp: string;
  /** Absolute path of the target. */
  target: string;
  /** True when the target existed before the write (its previous version is backed up). */
  existed: boolean;
}

/**
 * The commit phase: every previous version about to be replaced or removed is hard-linked into a backup
 * folder (files that did not exist get no backup) and a journal is written; then the staged files are
 * renamed into place and stale ones removed; then journal and backups are dropped. If the process dies
 * in between, {@link recoverInterruptedWrite} (run at the start of every later write, never by `check`)
 * restores the previous output from the journal.
 * @param location output root and source folder
 * @param staged files written beside their targets
 * @param removed root-relative paths to delete
 */
export async function commit(location: OutputLocation, staged: readonly StagedFile[], removed: readonly string[]): Promise<void> {
  const backupRoot = resolveInside(location, BACKUP_DIR);
  // Leftovers of a run killed before it wrote its journal: nothing refers to them.
  await rm(backupRoot, { recursive: true, force: true });
  const toBackUp = [...staged.filter((s) => s.existed).map((s) => s.rel), ...removed];
  const backupDirs = new Set(toBackUp.map((rel) => path.dirname(path.join(backupRoot, rel))));
  await inBatches(backupDirs, async (dir) => void (await mkdir(dir, { recursive: true })));
  await inBatches(toBackUp, (rel) => link(resolveInside(location, rel), path.join(backupRoot, rel)));
  const backedUp = new Set(toBackUp);
  const journal: Journal = {
    entries: [...staged.map((s) => s.rel), ...removed].map((rel) => ({ rel, backedUp: backedUp.has(rel), isNew: !backedUp.has(rel) })),
  };
  journal.entries.sort((a, b) => cmp(a.rel, b.rel));
  const journalPath = resolveInside(location, JOURNAL_NAME);
  await writeFile(`${journalPath}${TEMP_SUFFIX}`, JSON.stringify(journal), 'utf8');
  await rename(`${journalPath}${TEMP_SUFFIX}`, journalPath);
  await inBatches(staged, (s) => rename(s.temp, s.target));
  await inBatches(removed, (rel) => rm(resolveInside(location, rel), { force: true }));
  await rm(journalPath, { force: true });
  if (toBackUp.length > 0) await rm(backupRoot, { recursive: true, force: true });
}

/** What an interrupted earlier write left in the output root (found by {@link findInterruptedWrite}). */
export interface InterruptedWrite {
  /**
   * True when the journal is present: the write was killed while renaming, so the output may be a mix of
   * the previous and the new run until the next write rolls it back.
   */
  journal: boolean;
  /** Root-relative paths of the leftovers (journal, backups, temporary files), sorted. */
  leftovers: string[];
}

/**
 * Reads, without changing anything, what an interrupted earlier write left in a listing of the output
 * root: its journal, backups or temporary files.
 * @param scan a listing of the output root
 * @returns the leftovers, or undefined when there are none
 */
export function findInterruptedWrite(scan: OutputScan): InterruptedWrite | undefined {
  const leftovers = [...scan.temps, ...[...scan.files].filter((rel) => rel === JOURNAL_NAME || rel.startsWith(`${BACKUP_DIR}/`))].sort(cmp);
  return leftovers.length === 0 ? undefined : { journal: scan.files.has(JOURNAL_NAME), leftovers };
}

/**
 * Repairs an interrupted earlier write. A swap's leftovers beside the root are repaired first (see
 * `recoverInterruptedSwap`: a root renamed away is renamed back, staging folders are removed). Then a
 * journaled commit (journal present) is rolled back: every backed-up previous version is restored,
 * files the interrupted run created are deleted, and leftover temporary files dropped. Without a
 * journal only leftover temporary files and backups are dropped.
 * @param location output root and source folder
 * @returns true when a swap's leftovers or a journal were found
 */
export async function recoverInterruptedWrite(location: OutputLocation): Promise<boolean> {
  const swapped = recoverInterruptedSwap(location);
  const scan = await scanOutput(location);
  const before = scan.files.has(JOURNAL_NAME);
  await recoverFromScan(location, scan);
  return swapped || before;
}

/**
 * {@link recoverInterruptedWrite} on a listing already made: removes stray temporary files and, when the
 * listing shows a journal, rolls the interrupted commit back and lists the root again.
 * @param location output root and source folder
 * @param scan a listing of the output root
 * @returns the listing of the root after the recovery
 */
export async function recoverFromScan(location: OutputLocation, scan: OutputScan): Promise<OutputScan> {
  await inBatches(scan.temps, (rel) => rm(resolveInside(location, rel), { force: true }));
  scan.temps = [];
  if (!scan.files.has(JOURNAL_NAME)) {
    // No journal but backups: the run died before its journal was written (no rename had happened) or
    // after it was removed (every rename had happened). Either way the backups are leftovers.
    if ([...scan.files.keys()].some((rel) => rel.startsWith(`${BACKUP_DIR}/`))) {
      await rm(resolveInside(location, BACKUP_DIR), { recursive: true, force: true });
      return scanOutput(location);
    }
    return scan;
  }
  const journalPath = resolveInside(location, JOURNAL_NAME);
  let journal: Journal = { entries: [] };
  try {
    journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  } catch {
    // A torn journal means the commit never started renaming: nothing to roll back.
  }
  const backupRoot = resolveInside(location, BACKUP_DIR);
  for (const entry of journal.entries ?? []) {
    const target = resolveInside(location, entry.rel);
    await rm(`${target}${TEMP_SUFFIX}`, { force: true });
    if (entry.backedUp) await rename(path.join(backupRoot, entry.rel), target).catch(() => undefined);
    else if (entry.isNew) await rm(target, { force: true });
  }
  await rm(backupRoot, { recursive: true, force: true });
  await rm(journalPath, { force: true });
  return scanOutput(location);
}
