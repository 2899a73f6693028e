import { link, mkdir, readFile, readdir, realpath, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { GENERATED_MARKER } from './banner.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';

/** Name of the manifest file kept in the output root: the list of files the last run generated. */
export const MANIFEST_NAME = '.reslayer-manifest.json';

const TEMP_SUFFIX = '.reslayer-tmp';

/** Where generated files go. */
export interface OutputLocation {
  /** Absolute output root. */
  outputRoot: string;
  /** Folder under the root that file paths are relative to. */
  srcDir: string;
}

/** What a write (or a dry run) does to each path, relative to the output root. */
export interface WritePlan {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Files the previous run generated that this run no longer produces. */
  removed: string[];
}

interface Manifest {
  generator: 'reslayer';
  files: string[];
}

function resolveInside(location: OutputLocation, relative: string): string {
  const root = path.resolve(location.outputRoot);
  const target = path.resolve(root, relative);
  if (target !== root && !target.startsWith(root + path.sep)) {
    throw new GeneratorError('RSL_PATH_OUTSIDE_ROOT', `refusing to touch ${target}: it is outside the output root ${root}`);
  }
  return target;
}

/** Path of a generated file relative to the output root (POSIX). */
export function rootRelative(location: OutputLocation, file: Pick<GeneratedFile, 'path'>): string {
  return location.srcDir === '' || location.srcDir === '.' ? file.path : `${location.srcDir.replace(/\/+$/, '')}/${file.path}`;
}

async function readManifest(location: OutputLocation): Promise<string[]> {
  try {
    const raw = JSON.parse(await readFile(resolveInside(location, MANIFEST_NAME), 'utf8')) as Partial<Manifest>;
    // Entries that would leave the output root (a hand-edited manifest) are ignored, never followed.
    const root = path.resolve(location.outputRoot);
    return Array.isArray(raw.files)
      ? raw.files.filter((f): f is string => typeof f === 'string' && path.resolve(root, f).startsWith(root + path.sep))
      : [];
  } catch {
    return [];
  }
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Compares a file set with the disk without writing: which files would be created, updated, left
 * unchanged or removed. Removal candidates are files of the previous run's manifest that are no longer
 * produced and still start with the generated-file marker (so hand-written files are never listed).
 * @param location output root and source folder
 * @param files the generated files
 * @returns the plan, each list sorted
 */
export async function planFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<WritePlan> {
  const plan: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };
  const produced = new Set<string>();
  for (const file of files) produced.add(rootRelative(location, file));
  await inBatches(files, async (file) => {
    const rel = rootRelative(location, file);
    const current = await readIfExists(resolveInside(location, rel));
    if (current === undefined) plan.created.push(rel);
    else if (current === file.contents) plan.unchanged.push(rel);
    else plan.updated.push(rel);
  });
  const previous = await readManifest(location);
  const candidates = new Set(previous.filter((p) => !produced.has(p)));
  for (const p of await listGeneratedOnDisk(location, produced)) candidates.add(p);
  for (const rel of candidates) {
    const current = await readIfExists(resolveInside(location, rel));
    if (current !== undefined && current.startsWith(GENERATED_MARKER)) plan.removed.push(rel);
  }
  for (const list of Object.values(plan)) (list as string[]).sort(cmp);
  return plan;
}

/** Files under `<root>/<srcDir>` whose first line is the generated-file marker (root-relative POSIX paths). */
async function listGeneratedOnDisk(location: OutputLocation, skip: ReadonlySet<string>): Promise<string[]> {
  const base = resolveInside(location, location.srcDir || '.');
  const root = path.resolve(location.outputRoot);
  const out: string[] = [];
  let entries: string[];
  try {
    entries = (await readdir(base, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => path.join(e.parentPath, e.name))
      .filter((abs) => !skip.has(path.relative(root, abs).split(path.sep).join('/')));
  } catch {
    return out;
  }
  await inBatches(entries, async (abs) => {
    const text = await readIfExists(abs);
    if (text?.startsWith(GENERATED_MARKER)) out.push(path.relative(root, abs).split(path.sep).join('/'));
  });
  return out;
}

/**
 * Writes a file set into the output root.
 *
 * - Only changed files are written, so an unchanged file keeps its modification time.
 * - All new contents are first written to temporary files beside their targets; only when every one
 *   is on disk are they renamed into place. A failure before that point leaves the previous output intact.
 * - Files the previous run generated and this run does not produce are deleted, but only while they
 *   still start with the generated-file marker. Nothing outside the output root is touched.
 *
 * @param location output root and source folder
 * @param files the generated files
 * @returns what was created, updated, left unchanged and removed
 * @throws GeneratorError `RSL_WRITE_FAILED` (temporary files are cleaned up) or `RSL_PATH_OUTSIDE_ROOT`
 */
export async function writeFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<WritePlan> {
  await recoverInterruptedWrite(location);
  const plan = await planFileSet(location, files);
  const byRel = new Map(files.map((f) => [rootRelative(location, f), f] as const));
  const changed = [...plan.created, ...plan.updated];
  const staged: Array<{ rel: string; temp: string; target: string }> = [];
  try {
    await inBatches(changed, async (rel) => {
      const target = resolveInside(location, rel);
      const temp = `${target}${TEMP_SUFFIX}`;
      await mkdir(path.dirname(target), { recursive: true });
      await assertRealPathInside(location, path.dirname(target));
      await writeFile(temp, byRel.get(rel)?.contents ?? '', 'utf8');
      staged.push({ rel, temp, target });
    });
  } catch (error) {
    await Promise.all(staged.map((s) => rm(s.temp, { force: true })));
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
  }
  if (staged.length > 0 || plan.removed.length > 0) await commit(location, staged, plan.removed);
  const manifest: Manifest = { generator: 'reslayer', files: [...byRel.keys()].sort(cmp) };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const manifestPath = resolveInside(location, MANIFEST_NAME);
  if ((await readIfExists(manifestPath)) !== manifestText) {
    await mkdir(path.dirname(manifestPath), { recursive: true });
    await writeFile(`${manifestPath}${TEMP_SUFFIX}`, manifestText, 'utf8');
    await rename(`${manifestPath}${TEMP_SUFFIX}`, manifestPath);
  }
  await removeEmptyDirs(location, plan.removed);
  return plan;
}

/**
 * Checks that a folder, with symbolic links resolved, is inside the output root (also resolved), so a
 * link inside the output cannot make a write land elsewhere.
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT`
 */
async function assertRealPathInside(location: OutputLocation, dir: string): Promise<void> {
  const [realRoot, realDir] = await Promise.all([realpath(path.resolve(location.outputRoot)), realpath(dir)]);
  if (realDir !== realRoot && !realDir.startsWith(realRoot + path.sep)) {
    throw new GeneratorError('RSL_PATH_OUTSIDE_ROOT', `refusing to write into ${dir}: through a symbolic link it resolves to ${realDir}, outside the output root ${realRoot}`);
  }
}

/** Name of the journal that makes the rename phase of a write recoverable. */
export const JOURNAL_NAME = '.reslayer-journal.json';
const BACKUP_DIR = '.reslayer-backup';

interface Journal {
  /** Root-relative paths being replaced or created, with whether a previous version was backed up. */
  entries: Array<{ rel: string; backedUp: boolean; isNew: boolean }>;
}

/**
 * The commit phase: every previous version about to be replaced or removed is hard-linked into a backup
 * folder and a journal is written; then the staged files are renamed into place and stale ones removed;
 * then journal and backups are dropped. If the process dies in between, {@link recoverInterruptedWrite}
 * (run at the start of every later write, plan or check) restores the previous output from the journal.
 */
async function commit(location: OutputLocation, staged: Array<{ rel: string; temp: string; target: string }>, removed: string[]): Promise<void> {
  const backupRoot = resolveInside(location, BACKUP_DIR);
  const journal: Journal = { entries: [] };
  const touched = [...staged.map((s) => s.rel), ...removed];
  await inBatches(touched, async (rel) => {
    const target = resolveInside(location, rel);
    const backup = path.join(backupRoot, rel);
    let backedUp = false;
    if ((await readIfExists(target)) !== undefined) {
      await mkdir(path.dirname(backup), { recursive: true });
      await rm(backup, { force: true });
      await link(target, backup);
      backedUp = true;
    }
    journal.entries.push({ rel, backedUp, isNew: !backedUp });
  });
  journal.entries.sort((a, b) => cmp(a.rel, b.rel));
  const journalPath = resolveInside(location, JOURNAL_NAME);
  await writeFile(`${journalPath}${TEMP_SUFFIX}`, JSON.stringify(journal), 'utf8');
  await rename(`${journalPath}${TEMP_SUFFIX}`, journalPath);
  for (const s of staged) await rename(s.temp, s.target);
  for (const rel of removed) await rm(resolveInside(location, rel), { force: true });
  await rm(journalPath, { force: true });
  await rm(backupRoot, { recursive: true, force: true });
}

/**
 * Rolls back a write that was interrupted during its commit phase (journal present): restores every
 * backed-up previous version, deletes files the interrupted run created, and drops leftover temporary
 * files. Does nothing when there is no journal.
 * @param location output root and source folder
 * @returns true when something was rolled back
 */
export async function recoverInterruptedWrite(location: OutputLocation): Promise<boolean> {
  const journalPath = resolveInside(location, JOURNAL_NAME);
  const text = await readIfExists(journalPath);
  await removeStrayTemps(location);
  if (text === undefined) return false;
  let journal: Journal = { entries: [] };
  try {
    journal = JSON.parse(text) as Journal;
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
  return true;
}

/** Deletes temporary files a killed run left behind while staging (they never replaced anything). */
async function removeStrayTemps(location: OutputLocation): Promise<void> {
  const root = path.resolve(location.outputRoot);
  let entries: string[];
  try {
    entries = (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith(TEMP_SUFFIX))
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return;
  }
  await inBatches(entries, (abs) => rm(abs, { force: true }));
}

/** Runs `fn` over `items` with at most `limit` calls in flight. */
async function inBatches<T>(items: readonly T[], fn: (item: T) => Promise<void>, limit = 32): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Settle every worker before rejecting, so the caller's cleanup sees all work that was started
  // (with Promise.all, a temporary file could be written after the cleanup ran).
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

async function removeEmptyDirs(location: OutputLocation, removed: string[]): Promise<void> {
  const root = path.resolve(location.outputRoot);
  const dirs = new Set<string>();
  for (const rel of removed) {
    let dir = path.dirname(resolveInside(location, rel));
    while (dir.startsWith(root + path.sep)) {
      dirs.add(dir);
      dir = path.dirname(dir);
    }
  }
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      // `rm` refuses a folder without `recursive`; `rmdir` removes only an empty one.
      if ((await readdir(dir)).length === 0) await rmdir(dir).catch(() => undefined);
    } catch {
      // already gone
    }
  }
}

/** One drifted file found by {@link diffFileSet}. */
export interface DriftEntry {
  /** Path relative to the output root. */
  path: string;
  /** `missing` (not on disk), `different` (contents differ) or `stale` (generated earlier, no longer produced). */
  kind: 'missing' | 'different' | 'stale';
}

/**
 * Compares a fresh in-memory generation with the disk (the `check` command).
 * @param location output root and source folder
 * @param files the freshly generated files
 * @returns drift entries sorted by path; empty when the disk matches
 */
export async function diffFileSet(location: OutputLocation, files: readonly GeneratedFile[]): Promise<DriftEntry[]> {
  await recoverInterruptedWrite(location);
  const plan = await planFileSet(location, files);
  return [
    ...plan.created.map((p) => ({ path: p, kind: 'missing' as const })),
    ...plan.updated.map((p) => ({ path: p, kind: 'different' as const })),
    ...plan.removed.map((p) => ({ path: p, kind: 'stale' as const })),
  ].sort((a, b) => cmp(a.path, b.path));
}
