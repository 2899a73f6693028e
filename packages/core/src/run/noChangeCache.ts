import { lstatSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { cmp } from '../diagnostics/Diagnostics.js';
import { BACKUP_DIR, JOURNAL_NAME, findInterruptedWrite } from '../emit/journal.js';
import { findInterruptedSwap, mergeInterrupted } from '../emit/swap.js';
import { parseManifest, readManifestText } from '../emit/manifest.js';
import { type CacheRecord, type FileStamp, type FileStat, type FolderStamp, type RunSummary, type StoredRecord, UNSTAMPED, changedSince, checkStamp, fileStatOf, folderMatches, readRecord, recordedFolderStamp, sha256, stampOf, statMatches, writeRecord } from '../emit/cacheRecord.js';
import { type OutputLocation, type OutputScan, SPARE_DIR, TEMP_SUFFIX, isSourceModule, resolveInside, scanOutput, srcPrefix, startsWithMarker } from '../emit/outputTree.js';
import type { RunResult } from './createGenerator.js';
import type { UnitRecord } from '../emit/units.js';
import type { RunKey } from './runKey.js';
import { type EntryRead, readEntry } from '../contract/loadContract.js';

/** `hit`: the output is known to be what a run would produce; `miss`: run the pipeline; `off`: the cache cannot be used this run. */
export type CacheStatus = 'hit' | 'miss' | 'off';

/** A cache hit: what the run that wrote the output reported, and the output's files. */
export interface CacheHit {
  status: 'hit';
  /** Root-relative paths of the generated files (sorted), as a full run would list them. */
  files: string[];
  summary: RunSummary;
  /** Total size of the generated files, in bytes. */
  bytes: number;
  /** Files whose stat data no longer matched their stamp (or whose stamp was racy) and were verified by their sha256. */
  hashed: number;
  /** True when the output root was listed (the record's folder stamps were missing or did not match). */
  listed: boolean;
  /** The record and the fresh stamps of the files verified by hash (see {@link refreshRecord}). */
  record: StoredRecord;
  freshStamps: Map<string, FileStamp>;
  /** sha256 of the manifest's current text. */
  manifestSha256: string;
  /** After a listing: stamps of every folder below the root, when none was modified within the racy margin. */
  folders?: Map<string, FolderStamp>;
  /** After a listing: the `.ts` files of the source folder that are not generated. */
  others?: string[];
}

/** The result of {@link probeNoChangeCache}. */
export type CacheProbe = CacheHit | CacheMiss | { status: 'off'; reason: string };

/**
 * A miss, with the record's file stamps when the output root has a record: the write then trusts a file
 * whose stat equals its stamp to hold the recorded sha256, instead of reading it to compare (see `comparePlanned`).
 */
export interface CacheMiss {
  status: 'miss';
  reason: string;
  stamps?: ReadonlyMap<string, FileStamp> | undefined;
  /** With `stamps`: the record's emit units by key, which the run may reuse (see `EmitUnits`). */
  units?: ReadonlyMap<string, UnitRecord> | undefined;
  /** The recorded entry file's bytes, when the probe read them (its stat had moved): the load reads them from here. */
  entryRead?: EntryRead | undefined;
}

const isUrl = (f: string) => /^[a-z][a-z0-9+.-]+:/i.test(f) && !/^[a-z]:[\\/]/i.test(f);

/** The fingerprint of a run: its key plus every contract file (absolute path) and the sha256 of its bytes. */
function fingerprintOf(key: string, inputs: ReadonlyArray<{ abs: string; sha256: string }>): string {
  return sha256(JSON.stringify({ key, inputs: inputs.map((i) => [i.abs, i.sha256]) }));
}

/**
 * What `check` reports of a full run without running the pipeline again (see {@link RunSummary}).
 * @param result the full run
 * @returns the contract's title and version, the number of resources, the diagnostics and the plugins' report sections
 */
export function summaryOf(result: Pick<RunResult, 'model' | 'diagnostics' | 'report'>): RunSummary {
  return {
    title: result.model.meta.title,
    version: result.model.meta.version,
    resources: result.model.resources.length,
    diagnostics: result.diagnostics.list(),
    sections: result.report.sections,
  };
}

/**
 * The cache record of a full run, for `writeFileSet`'s `cache` option: the fingerprint (run key plus
 * the sha256 of every contract file the run read) and the summary `check` needs.
 * The entry file's sha256 is the one of the bytes the run read (`contractEntry`), recorded with the stat
 * taken before that read unless the file was modified within the racy margin before that stat (then the
 * next probe hashes it again). Every other contract file is read again and hashed; the record is left out
 * when one of them changed during the run (its modification or change time is not clearly older than
 * `startedAt`), when the key is off, or when a contract file is remote.
 * @param key the run key
 * @param result the full run
 * @param startedAt `Date.now()` taken before the run read the contract
 */
export async function cacheRecordFor(
  key: RunKey,
  result: Pick<RunResult, 'contractFiles' | 'contractEntry' | 'model' | 'diagnostics' | 'report'>,
  startedAt: number,
): Promise<CacheRecord | undefined> {
  if (!key.ok || result.contractFiles.length === 0 || result.contractFiles.some(isUrl)) return undefined;
  const inputs: Array<{ abs: string; sha256: string; stat?: FileStat }> = [];
  for (const [i, abs] of result.contractFiles.entries()) {
    const entry = i === 0 ? result.contractEntry : undefined;
    if (entry) {
      // A stat within the racy margin of the file's last change may not show a change made right after it.
      const racy = changedSince(entry.stat, entry.statAt);
      inputs.push({ abs, sha256: entry.sha256, ...(racy ? {} : { stat: entry.stat }) });
      continue;
    }
    try {
      // Read, then stat: a file untouched since before the run started was read unchanged by the run and by us.
      const digest = sha256(readFileSync(abs));
      const stats = statSync(abs);
      if (changedSince(stats, startedAt)) return undefined;
      inputs.push({ abs, sha256: digest, stat: fileStatOf(stats) });
    } catch {
      return undefined;
    }
  }
  return {
    fingerprint: fingerprintOf(key.key, inputs),
    inputs: inputs.map((i) => ({ path: i.abs, sha256: i.sha256, ...(i.stat ? { stat: i.stat } : {}) })),
    summary: summaryOf(result),
  };
}

/**
 * The no-change fast path, like git's stat cache. It hits when:
 * 1. the output root has a manifest and a cache record (`recordPathFor`) listing the same files, whose
 *    fingerprint equals the one recomputed from `key` and the current bytes of every contract file the
 *    recorded run read (a contract file whose stat equals the one recorded with its hash is not read again);
 * 2. nothing of an interrupted write (journal, backups, temporary files) is left in the output root;
 * 3. every recorded file exists and its stat (size, modification and change time, inode) equals its
 *    stamp, or, when it does not or the stamp is racy, its contents still hash to the recorded sha256;
 * 4. no other `.ts` file in the source folder starts with the generated-file marker (a stale file).
 * Points 2 and 4 need a listing of the output root, unless the record holds folder stamps (see
 * {@link refreshRecord}) that all still match: no entry was added, removed or renamed in any folder below
 * the root since a listing found it clean (or since a write placed them), so only the root itself and the
 * folders recorded unstamped (modified within the racy margin when stamped) are read, and the `.ts` files
 * that were not generated then are read again for the marker, like git's untracked cache.
 * Nothing is written (see {@link refreshRecord} for `generate`).
 * @param location output root and source folder
 * @param key the run key ({@link computeRunKey}); when off, the probe is off
 */
export async function probeNoChangeCache(location: OutputLocation, key: RunKey): Promise<CacheProbe> {
  if (!key.ok) return { status: 'off', reason: key.reason };
  const manifestText = await readManifestText(location);
  if (manifestText === undefined) return miss('the output root has no manifest');
  const record = await readRecord(location);
  if (!record) return miss('no cache record for this output root');
  // From here every miss hands the record's stamps to the write (see `CacheMiss`).
  const missed = (reason: string) => miss(reason, record.stamps, record.units);
  const manifestSha256 = sha256(manifestText);
  if (record.manifestSha256 !== manifestSha256 && record.files.join('\n') !== parseManifest(location, manifestText).files.join('\n')) {
    return missed('the manifest lists other files than the cache record');
  }
  const inputs: Array<{ abs: string; sha256: string }> = [];
  let entryRead: EntryRead | undefined;
  const missedRead = (reason: string) => {
    const probe = missed(reason);
    return entryRead && probe.status === 'miss' ? { ...probe, entryRead } : probe;
  };
  for (const [i, input] of record.inputs.entries()) {
    const digest = inputDigest(input);
    if (digest === undefined) return missedRead(`the contract file ${input.path} cannot be read`);
    if (i === 0 && typeof digest !== 'string') entryRead = digest;
    const sha = typeof digest === 'string' ? digest : digest.entry.sha256;
    inputs.push({ abs: input.path, sha256: sha });
    if (sha !== input.sha256) return missedRead(`the contract file ${input.path} changed`);
  }
  if (fingerprintOf(key.key, inputs) !== record.fingerprint) return missedRead('the config, a plugin, the generator build or Node changed');

  const listing = cleanWithoutListing(location, record) ? undefined : await listClean(location, record);
  if (listing && 'reason' in listing) return missed(listing.reason);

  const freshStamps = new Map<string, FileStamp>();
  let drifted: string | undefined;
  let bytes = 0;
  const at = Date.now();
  // Synchronous stats and reads: several times faster than the thread pool's for thousands of small files.
  const { files, packed } = record;
  for (let i = 0; i < files.length; i++) {
    const rel = files[i] as string;
    const stamp = packed ? packed.at(i) : record.stamps.get(rel);
    // A racy stamp, or stat data that moved (a touch, a copy, a checkout): the contents decide.
    const held = stamp && (!listing || listing.scan.files.has(rel)) ? checkStamp(resolveInside(location, rel), stamp) : undefined;
    if (!stamp || !held) {
      drifted = rel;
      break;
    }
    bytes += held.stats.size;
    if (held.hashed) freshStamps.set(rel, stampOf(held.stats, stamp.sha256, at));
  }
  if (drifted !== undefined) return missed(`${drifted} is missing or was changed`);
  return {
    status: 'hit',
    files: record.files,
    summary: record.summary,
    bytes,
    hashed: freshStamps.size,
    listed: listing !== undefined,
    record,
    freshStamps,
    manifestSha256,
    ...(listing?.folders ? { folders: listing.folders, others: listing.others } : {}),
  };
}

/**
 * The sha256 of a contract file: the recorded one while its stat equals the recorded stat, else the file is
 * read (its stat taken before the read, as the load does) and the bytes are returned with their sha256.
 */
function inputDigest(input: StoredRecord['inputs'][number]): string | EntryRead | undefined {
  try {
    if (input.stat && statMatches(input.stat, statSync(input.path))) return input.sha256;
    return readEntry(input.path);
  } catch {
    return undefined;
  }
}

/**
 * True when the record's folder stamps show that no folder below the root changed since a listing found
 * the output clean: every stamped folder still has its stamp, the root holds no folder without one and no
 * leftover of an interrupted write, no file that was not generated then starts with the marker now, and no
 * swap left anything beside the root. The source folder must be below the root (the root's own entries change
 * with every record written, so it has no stamp).
 */
function cleanWithoutListing(location: OutputLocation, record: StoredRecord): boolean {
  const { folders, others } = record;
  if (!folders || !others || srcPrefix(location) === '' || findInterruptedSwap(location)) return false;
  const root = path.resolve(location.outputRoot);
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const e of entries) {
    if (e.name === JOURNAL_NAME || e.name === BACKUP_DIR || e.name.endsWith(TEMP_SUFFIX)) return false;
    if (e.isDirectory() && !folders.has(e.name) && e.name !== SPARE_DIR) return false;
  }
  let known: { files: Set<string>; others: Set<string> } | undefined;
  for (const [rel, stamp] of folders) {
    if (stamp === UNSTAMPED || folderMatches(stamp, UNSTAMPED)) {
      known ??= { files: new Set(record.files), others: new Set(others) };
      if (!holdsOnlyKnown(location, rel, folders, known)) return false;
      continue;
    }
    const stats = lstatSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stats?.isDirectory() || !folderMatches(stamp, stats)) return false;
  }
  return !others.some((rel) => startsWithMarker(resolveInside(location, rel)));
}

/**
 * For a folder the record could not stamp ({@link UNSTAMPED}): true when it holds nothing the record does not
 * account for, read now: every folder in it has a stamp, no temporary file of a killed write is in it, and
 * every `.ts` file of the source folder in it is generated or one of the record's `others`.
 */
function holdsOnlyKnown(location: OutputLocation, rel: string, folders: ReadonlyMap<string, FolderStamp>, known: { files: ReadonlySet<string>; others: ReadonlySet<string> }): boolean {
  let entries;
  try {
    entries = readdirSync(resolveInside(location, rel), { withFileTypes: true });
  } catch {
    return false;
  }
  const prefix = srcPrefix(location);
  for (const e of entries) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!folders.has(child)) return false;
    } else if (e.name.endsWith(TEMP_SUFFIX)) return false;
    else if (isSourceModule(prefix, child) && !known.files.has(child) && !known.others.has(child)) return false;
  }
  return true;
}

/** What a full listing found: the listing, and folder stamps for the record when none was modified within the racy margin. */
interface CleanListing {
  scan: OutputScan;
  folders?: Map<string, FolderStamp>;
  others: string[];
}

/** Lists the output root and checks points 2 and 4 of {@link probeNoChangeCache}; a reason when one fails. */
async function listClean(location: OutputLocation, record: StoredRecord): Promise<CleanListing | { reason: string }> {
  const scan = await scanOutput(location, { stamps: true });
  const interrupted = mergeInterrupted(findInterruptedWrite(scan), findInterruptedSwap(location));
  if (interrupted?.journal) return { reason: 'an interrupted write is pending' };
  if (interrupted) return { reason: `files of an interrupted write are left (${interrupted.leftovers[0]})` };
  const recorded = new Set(record.files);
  const prefix = srcPrefix(location);
  const others = [...scan.files].filter((rel) => isSourceModule(prefix, rel) && !recorded.has(rel) && !rel.startsWith(`${BACKUP_DIR}/`)).sort(cmp);
  const stale = others.find((rel) => startsWithMarker(resolveInside(location, rel)));
  if (stale !== undefined) return { reason: `${stale} is a stale generated file` };
  return { scan, others, ...folderStamps(scan) };
}

/**
 * The record's stamps of every folder of a listing, from the stamps the listing took (each before the folder
 * was read), or none when a folder has none (it could not be read). A folder modified within the racy margin
 * before the listing started (a later change in the same clock tick could leave its stamp as it is) is
 * {@link UNSTAMPED}: the next probe reads it.
 */
function folderStamps(scan: OutputScan): { folders?: Map<string, FolderStamp> } {
  const taken = scan.folders;
  if (!taken) return {};
  const folders = new Map<string, FolderStamp>();
  for (const rel of scan.dirs) {
    const stamp = taken.stamps.get(rel);
    if (!stamp) return {};
    folders.set(rel, recordedFolderStamp(stamp, taken.at));
  }
  return { folders };
}

function miss(reason: string, stamps?: ReadonlyMap<string, FileStamp>, units?: readonly UnitRecord[]): CacheProbe {
  if (!stamps) return { status: 'miss', reason };
  return units ? { status: 'miss', reason, stamps, units: new Map(units.map((u) => [u.key, u] as const)) } : { status: 'miss', reason, stamps };
}

/**
 * After a hit of `generate`, records fresh stamps for the files that were verified by their hash (stat
 * data moved, or a racy stamp that is no longer racy), the manifest's hash, and, after a full listing, the
 * folder stamps that let later probes skip it; so later probes need not hash or list again. Writes only the
 * record, in the output root (like `git status` refreshing the index); `check` does not call it.
 * @param location output root
 * @param hit the probe's hit
 * @returns true when the record was rewritten
 */
export async function refreshRecord(location: OutputLocation, hit: CacheHit): Promise<boolean> {
  const { record } = hit;
  if (hit.freshStamps.size === 0 && !hit.folders && record.manifestSha256 === hit.manifestSha256) return false;
  const { packed: _packed, ...rest } = record;
  const stamps = new Map(record.stamps);
  for (const [rel, stamp] of hit.freshStamps) stamps.set(rel, stamp);
  const refreshed: StoredRecord = { ...rest, stamps, manifestSha256: hit.manifestSha256 };
  if (hit.folders && hit.others) Object.assign(refreshed, { folders: hit.folders, others: hit.others });
  return writeRecord(location, refreshed, record.text);
}
