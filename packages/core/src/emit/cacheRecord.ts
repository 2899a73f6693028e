import { hash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import type { ReportSection } from '../hooks/types.js';
import type { OutputLocation } from './outputTree.js';
import type { UnitRecord } from './units.js';
import { PackedStamps, isNumber, isString } from './packedStamps.js';

/** Version of the record format; another value is ignored (a cache miss). */
const RECORD_FORMAT = 5;

/**
 * Stat data and content hash of one generated file, taken when it was written or found unchanged (the
 * stat cache). A stamp whose file was modified less than the racy margin before the stat was taken is
 * "smudged" (size -1): it never matches a stat, so its file is always verified by its hash.
 */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** sha256 (hex) of the generated contents. */
  sha256: string;
}

/** What `check` reports without running the pipeline: the summary of the run that wrote the output. */
export interface RunSummary {
  /** The contract's title and version (the check header). */
  title: string;
  version: string;
  /** Number of detected resources. */
  resources: number;
  /** The run's diagnostics, in order. */
  diagnostics: Diagnostic[];
  /** Sections plugins added to the report. */
  sections: ReportSection[];
}

/** The input side of a cache record: what the run that wrote the output was generated from. */
export interface CacheRecord {
  /** sha256 over the run key (build, plugins, config) and every contract file's path and hash. */
  fingerprint: string;
  /**
   * Every contract file the run read: absolute path and sha256 of its bytes, and the file's stat when it
   * was hashed (a later probe whose stat equals it reuses the hash instead of reading the file again).
   */
  inputs: Array<{ path: string; sha256: string; stat?: FileStat }>;
  summary: RunSummary;
  /** The run's emit units (see `EmitUnits`): what a later run with another contract may reuse. */
  units?: UnitRecord[];
}

/** Stat data of a folder of the output root: an entry added, removed or renamed in it changes them. */
export type FolderStamp = Pick<Stats, 'mtimeMs' | 'ctimeMs' | 'ino'>;

/** A stored record: the cache record plus the output it describes (files and their stamps). */
export interface StoredRecord extends CacheRecord {
  /** Absolute output root the record belongs to. */
  outputRoot: string;
  /** Root-relative paths of the generated files, sorted (equal to the manifest's list). */
  files: string[];
  /** The stamp of each file. Of a record read from disk, built on first use from {@link packed}. */
  stamps: Map<string, FileStamp>;
  /**
   * Of a record read from disk: the stamps as stored, one per file of {@link files} in order, read by
   * index ({@link PackedStamps.at}) without building {@link stamps} (a no-change probe that hits never does).
   */
  packed?: PackedStamps;
  /** sha256 of the manifest's text written with these files (equal text: the same list of files). */
  manifestSha256?: string;
  /**
   * Stamps of every folder below the output root (root-relative), taken after a full listing found the
   * output unchanged, none of them modified within the racy margin: while all still match, a probe need
   * not list the root again (see `probeNoChangeCache`).
   */
  folders?: Map<string, FolderStamp>;
  /** With {@link folders}: the `.ts` files of the source folder that are not generated, then (re-read for the marker). */
  others?: string[];
  /** The record file's text, when read from disk. */
  text?: string;
}

/** The stat data a stamp keeps: a plain record, much smaller than a `Stats` (whose times are also `Date` objects). */
export type FileStat = Pick<Stats, 'size' | 'mtimeMs' | 'ctimeMs' | 'ino'>;

/**
 * The {@link FileStat} of a stat, for keeping many of them (e.g. one per generated file) until the commit.
 * @param stats a `fs.Stats`
 * @returns its size (bytes), modification and change times (ms) and inode
 */
export function fileStatOf(stats: Stats): FileStat {
  return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

/** sha256 (hex) of a string's UTF-8 bytes or of a buffer. */
export function sha256(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}

/**
 * The margin within which a file's times cannot be trusted to reveal a later change: 100 ms (coarse
 * kernel clocks, file systems with 10 ms times), 2 s when both times are whole seconds (FAT, HFS+).
 */
export function racyMarginMs(stats: Pick<Stats, 'mtimeMs' | 'ctimeMs'>): number {
  return stats.mtimeMs % 1000 === 0 && stats.ctimeMs % 1000 === 0 ? 2000 : 100;
}

/**
 * True when a file's or folder's modification or change time is within the racy margin before `at` (or
 * later): a change made after `at` in the same clock tick could leave those times as they are.
 * @param stats the times (ms)
 * @param at `Date.now()` taken before the stat or the listing the times stand for
 */
export function changedSince(stats: Pick<Stats, 'mtimeMs' | 'ctimeMs'>, at: number): boolean {
  return Math.max(stats.mtimeMs, stats.ctimeMs) >= at - racyMarginMs(stats);
}

/**
 * The stamp of a file whose contents hash to `digest`, from a stat taken after `statStartedAt`.
 * @param stats the stat (taken before the contents were compared, or after they were written)
 * @param digest sha256 of the contents
 * @param statStartedAt `Date.now()` before the stat
 */
export function stampOf(stats: FileStat, digest: string, statStartedAt: number): FileStamp {
  // An edit after the stat sets the modification time to "now": it shows unless the recorded time is that recent.
  const racy = stats.mtimeMs >= statStartedAt - racyMarginMs(stats);
  return { size: racy ? -1 : stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, sha256: digest };
}

/**
 * True when a stat matches a (non-smudged) stamp: the same size, modification and change time and inode.
 * @param stamp the recorded stat (a smudged stamp, size -1, matches nothing)
 * @param stats the stat now
 */
export function statMatches(stamp: FileStat, stats: FileStat): boolean {
  return stamp.size === stats.size && folderMatches(stamp, stats);
}

/**
 * Whether the file at `abs` still holds the text its stamp records: its stat equals the stamp, or else (a
 * racy stamp, moved stat data) its bytes hash to the stamp's sha256. The stat is taken before any read.
 * @param abs absolute path of the file
 * @param stamp its stamp in a cache record
 * @returns the stat, and whether the bytes had to be hashed; undefined when the file is missing, not a
 *   regular file, unreadable, or holds other text
 */
export function checkStamp(abs: string, stamp: FileStamp): { stats: Stats; hashed: boolean } | undefined {
  const stats = statSync(abs, { throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  if (statMatches(stamp, stats)) return { stats, hashed: false };
  try {
    return sha256(readFileSync(abs)) === stamp.sha256 ? { stats, hashed: true } : undefined;
  } catch {
    return undefined;
  }
}

/** The {@link FolderStamp} of a folder's stat. */
export function folderStampOf(stats: FolderStamp): FolderStamp {
  return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

/**
 * The stamp of a folder that was modified within the racy margin when it was stamped: it matches no stat, so
 * a probe reads that folder instead (see `probeNoChangeCache`).
 */
export const UNSTAMPED: FolderStamp = Object.freeze({ mtimeMs: -1, ctimeMs: -1, ino: -1 });

/**
 * The stamp a record keeps of a folder: its {@link folderStampOf}, or {@link UNSTAMPED} when it was modified
 * within the racy margin before `at` (a change made later in the same clock tick could leave it as it is).
 * @param stats the folder's stat, taken after `at`
 * @param at `Date.now()` when the listing the stamp stands for was complete (or before the stat)
 */
export function recordedFolderStamp(stats: FolderStamp, at: number): FolderStamp {
  return changedSince(stats, at) ? UNSTAMPED : folderStampOf(stats);
}

/**
 * Stamps of folders, for a record whose listing of them is known (see `StoredRecord.folders`). A folder
 * modified within the racy margin before `at` (a change made later in the same clock tick could leave its
 * stamp as it is) gets {@link UNSTAMPED}.
 * @param base absolute folder the paths are relative to
 * @param rels the folders (POSIX, relative to `base`)
 * @param at `Date.now()` when the listing the stamps stand for was complete
 * @returns the stamps by folder, or undefined when one of them is gone or is not a real folder
 */
export function stampFolders(base: string, rels: Iterable<string>, at: number): Map<string, FolderStamp> | undefined {
  const folders = new Map<string, FolderStamp>();
  for (const rel of rels) {
    const stats = lstatSync(path.join(base, rel), { throwIfNoEntry: false });
    if (!stats?.isDirectory()) return undefined;
    folders.set(rel, recordedFolderStamp(stats, at));
  }
  return folders;
}

/** True when a stat has a stamp's modification and change times and inode (a folder's stamp; with the size, a file's). */
export function folderMatches(stamp: FolderStamp, stats: FolderStamp): boolean {
  return stamp.mtimeMs === stats.mtimeMs && stamp.ctimeMs === stats.ctimeMs && stamp.ino === stats.ino;
}

/** Name of the no-change cache record in the output root (machine-local: keep it out of version control). */
export const CACHE_RECORD_NAME = '.reslayer-cache.json';

/**
 * Where the record of an output root is kept: `<output root>/.reslayer-cache.json`, so a run never
 * writes outside its output root. It is machine-local state (stat stamps), like git's index: add it to
 * `.gitignore`; a clone without it simply runs the full pipeline once.
 * @param location output root
 */
export function recordPathFor(location: OutputLocation): string {
  return path.join(path.resolve(location.outputRoot), CACHE_RECORD_NAME);
}

/**
 * Reads the record of an output root; undefined when there is none, it is malformed, or it belongs to
 * another root.
 * @param location output root
 */
export async function readRecord(location: OutputLocation): Promise<StoredRecord | undefined> {
  let text: string;
  let raw: Record<string, unknown>;
  try {
    text = await readFile(recordPathFor(location), 'utf8');
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { format, outputRoot, files, fingerprint, inputs, summary, stamps, manifestSha256, folders, others } = raw;
  if (format !== RECORD_FORMAT || outputRoot !== path.resolve(location.outputRoot) || !isString(fingerprint)) return undefined;
  if (!Array.isArray(files) || !files.every(isString) || !Array.isArray(inputs) || summary === null || typeof summary !== 'object') return undefined;
  if (!inputs.every((i) => Array.isArray(i) && (i.length === 2 || (i.length === 6 && i.slice(2).every(isNumber))) && isString(i[0]) && isString(i[1]))) return undefined;
  const s = summary as RunSummary;
  if (!isString(s.title) || !isString(s.version) || typeof s.resources !== 'number' || !Array.isArray(s.diagnostics) || !Array.isArray(s.sections)) return undefined;
  // Stamps are stored in the order of `files`: four numbers each in one array (a packed array of doubles to
  // V8, no object per number), and the sha256s end to end in one string.
  const packed = PackedStamps.read(files, stamps, raw.sha256s);
  if (!packed) return undefined;
  const record = { outputRoot, files, fingerprint, inputs: (inputs as InputEntry[]).map(readInput), summary: s, packed, text } as StoredRecord;
  let map: Map<string, FileStamp> | undefined;
  Object.defineProperty(record, 'stamps', { get: () => (map ??= packed.map()), enumerable: true, configurable: true });
  const units = readUnits(raw.units, files);
  if (units) record.units = units;
  if (isString(manifestSha256)) record.manifestSha256 = manifestSha256;
  const folderMap = readFolders(folders);
  if (folderMap && Array.isArray(others) && others.every(isString)) Object.assign(record, { folders: folderMap, others });
  return record;
}

/** A unit as stored: `[key, indexes into the record's files, diagnostics]`. */
type UnitEntry = [string, number[], Diagnostic[]];

/** The units as stored (see {@link UnitEntry}), or undefined when absent or malformed (then none is reused). */
function readUnits(raw: unknown, files: readonly string[]): UnitRecord[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const units: UnitRecord[] = [];
  for (const entry of raw as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return undefined;
    const [key, indexes, diagnostics] = entry as unknown[];
    if (!isString(key) || !Array.isArray(indexes) || !Array.isArray(diagnostics)) return undefined;
    const paths: string[] = [];
    for (const i of indexes) {
      const file = Number.isInteger(i) ? files[i as number] : undefined;
      if (file === undefined) return undefined;
      paths.push(file);
    }
    if (!diagnostics.every(isDiagnostic)) return undefined;
    units.push({ key, files: paths, diagnostics });
  }
  return units;
}

/** True for a stored diagnostic: an object with a string code, severity and message. */
function isDiagnostic(value: unknown): value is Diagnostic {
  if (value === null || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return isString(d.code) && isString(d.severity) && isString(d.message);
}

/** The units of a record as stored: each file as its index in `files`; a unit with a file not in `files` is left out. */
function writeUnits(units: readonly UnitRecord[], files: readonly string[]): UnitEntry[] {
  const index = new Map(files.map((f, i) => [f, i] as const));
  const out: UnitEntry[] = [];
  for (const u of units) {
    const indexes = u.files.map((f) => index.get(f));
    if (indexes.every((i) => i !== undefined)) out.push([u.key, indexes as number[], u.diagnostics]);
  }
  return out;
}

/** An input as stored: path and sha256, and its stat (size, modification and change time, inode) when known. */
type InputEntry = [string, string] | [string, string, number, number, number, number];

function readInput(entry: InputEntry): CacheRecord['inputs'][number] {
  const [p, h, size, mtimeMs, ctimeMs, ino] = entry;
  return size === undefined ? { path: p, sha256: h } : { path: p, sha256: h, stat: { size, mtimeMs: mtimeMs as number, ctimeMs: ctimeMs as number, ino: ino as number } };
}

/** The folder stamps as stored (`{ names: [rel, …], stamps: [mtimeMs, ctimeMs, ino, …] }`), or undefined when absent or malformed. */
function readFolders(raw: unknown): Map<string, FolderStamp> | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { names, stamps } = raw as { names?: unknown; stamps?: unknown };
  if (!Array.isArray(names) || !Array.isArray(stamps) || stamps.length !== 3 * names.length || !stamps.every(isNumber)) return undefined;
  const map = new Map<string, FolderStamp>();
  for (let i = 0; i < names.length; i++) {
    const rel: unknown = names[i];
    if (!isString(rel)) return undefined;
    map.set(rel, { mtimeMs: stamps[3 * i] as number, ctimeMs: stamps[3 * i + 1] as number, ino: stamps[3 * i + 2] as number });
  }
  return map;
}

/**
 * Writes the record of an output root (temporary file, then rename). Best effort: a cache folder that
 * cannot be written only means no cache; then an older record is removed so it cannot describe this output.
 * @param location output root
 * @param record the record
 * @param previousText the text of the record on disk, when known (an equal text is not rewritten)
 * @returns true when it was written
 */
export async function writeRecord(location: OutputLocation, record: StoredRecord, previousText?: string): Promise<boolean> {
  const file = recordPathFor(location);
  // A file without a stamp leaves the stamps out, which makes the record unreadable (a miss), as it should.
  const packed = PackedStamps.pack(record.files, record.stamps);
  const text = JSON.stringify({
    format: RECORD_FORMAT,
    outputRoot: path.resolve(location.outputRoot),
    files: record.files,
    fingerprint: record.fingerprint,
    inputs: record.inputs.map((i) => (i.stat ? [i.path, i.sha256, i.stat.size, i.stat.mtimeMs, i.stat.ctimeMs, i.stat.ino] : [i.path, i.sha256])),
    summary: record.summary,
    ...packed,
    ...(record.manifestSha256 ? { manifestSha256: record.manifestSha256 } : {}),
    ...(record.units ? { units: writeUnits(record.units, record.files) } : {}),
    ...(record.folders && record.others
      ? { folders: { names: [...record.folders.keys()], stamps: [...record.folders.values()].flatMap((f) => [f.mtimeMs, f.ctimeMs, f.ino]) }, others: record.others }
      : {}),
  });
  if (text === previousText) return false;
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, text, 'utf8');
    await rename(temp, file);
    return true;
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    await removeRecord(location);
    return false;
  }
}

/**
 * Removes the record of an output root, if any (best effort).
 * @param location output root
 */
export async function removeRecord(location: OutputLocation): Promise<void> {
  await rm(recordPathFor(location), { force: true }).catch(() => undefined);
}
