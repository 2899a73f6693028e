import { readFileSync, statSync } from 'node:fs';
import { findInterruptedWrite } from '../emit/journal.js';
import { findInterruptedSwap, mergeInterrupted } from '../emit/swap.js';
import { readManifest } from '../emit/manifest.js';
import { type CacheRecord, type FileStamp, type RunSummary, type StoredRecord, racyMarginMs, readRecord, sha256, stampOf, statMatches, writeRecord } from '../emit/cacheRecord.js';
import { type OutputLocation, resolveInside, scanOutput, srcPrefix, startsWithMarker } from '../emit/outputTree.js';
import type { RunResult } from './createGenerator.js';
import type { RunKey } from './runKey.js';

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
  /** The record and the fresh stamps of the files verified by hash (see {@link refreshRecord}). */
  record: StoredRecord;
  freshStamps: Map<string, FileStamp>;
}

/** The result of {@link probeNoChangeCache}. */
export type CacheProbe = CacheHit | { status: 'miss' | 'off'; reason: string };

const isUrl = (f: string) => /^[a-z][a-z0-9+.-]+:/i.test(f) && !/^[a-z]:[\\/]/i.test(f);

/** The fingerprint of a run: its key plus every contract file (absolute path) and the sha256 of its bytes. */
function fingerprintOf(key: string, inputs: ReadonlyArray<{ abs: string; sha256: string }>): string {
  return sha256(JSON.stringify({ key, inputs: inputs.map((i) => [i.abs, i.sha256]) }));
}

/**
 * The cache record of a full run, for `writeFileSet`'s `cache` option: the fingerprint (run key plus
 * the sha256 of every contract file the run read) and the summary `check` needs.
 * Gives none when the key is off, when a contract file is remote, or when a contract file changed
 * during the run (its modification or change time is not clearly older than `startedAt`).
 * @param key the run key
 * @param result the full run
 * @param startedAt `Date.now()` taken before the run read the contract
 */
export async function cacheRecordFor(key: RunKey, result: RunResult, startedAt: number): Promise<CacheRecord | undefined> {
  if (!key.ok || result.contractFiles.length === 0 || result.contractFiles.some(isUrl)) return undefined;
  const inputs: Array<{ abs: string; sha256: string }> = [];
  for (const abs of result.contractFiles) {
    try {
      // Read, then stat: a file untouched since before the run started was read unchanged by the run and by us.
      const digest = sha256(readFileSync(abs));
      const stats = statSync(abs);
      if (Math.max(stats.mtimeMs, stats.ctimeMs) >= startedAt - racyMarginMs(stats)) return undefined;
      inputs.push({ abs, sha256: digest });
    } catch {
      return undefined;
    }
  }
  return {
    fingerprint: fingerprintOf(key.key, inputs),
    inputs: inputs.map((i) => ({ path: i.abs, sha256: i.sha256 })),
    summary: {
      title: result.model.meta.title,
      version: result.model.meta.version,
      resources: result.model.resources.length,
      diagnostics: result.diagnostics.list(),
      sections: result.report.sections,
    },
  };
}

/**
 * The no-change fast path, like git's stat cache. It hits when:
 * 1. the output root has a manifest and a cache record (`recordPathFor`) listing the same files, whose
 *    fingerprint equals the one recomputed from `key` and the current bytes of every contract file the
 *    recorded run read;
 * 2. nothing of an interrupted write (journal, backups, temporary files) is left in the output root;
 * 3. every recorded file exists and its stat (size, modification and change time, inode) equals its
 *    stamp, or, when it does not or the stamp is racy, its contents still hash to the recorded sha256;
 * 4. no other `.ts` file in the source folder starts with the generated-file marker (a stale file).
 * Nothing is written (see {@link refreshRecord} for `generate`).
 * @param location output root and source folder
 * @param key the run key ({@link computeRunKey}); when off, the probe is off
 */
export async function probeNoChangeCache(location: OutputLocation, key: RunKey): Promise<CacheProbe> {
  if (!key.ok) return { status: 'off', reason: key.reason };
  const manifest = await readManifest(location);
  if (manifest.text === undefined) return miss('the output root has no manifest');
  const record = await readRecord(location);
  if (!record) return miss('no cache record for this output root');
  if (record.files.join('\n') !== manifest.files.join('\n')) return miss('the manifest lists other files than the cache record');
  const inputs: Array<{ abs: string; sha256: string }> = [];
  for (const input of record.inputs) {
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(input.path);
    } catch {
      bytes = undefined;
    }
    if (bytes === undefined) return miss(`the contract file ${input.path} cannot be read`);
    inputs.push({ abs: input.path, sha256: sha256(bytes) });
    if (inputs.at(-1)?.sha256 !== input.sha256) return miss(`the contract file ${input.path} changed`);
  }
  if (fingerprintOf(key.key, inputs) !== record.fingerprint) return miss('the config, a plugin, the generator build or Node changed');

  const scan = await scanOutput(location);
  const interrupted = mergeInterrupted(findInterruptedWrite(scan), findInterruptedSwap(location));
  if (interrupted?.journal) return miss('an interrupted write is pending');
  if (interrupted) return miss(`files of an interrupted write are left (${interrupted.leftovers[0]})`);
  const recorded = new Set(record.files);
  const prefix = srcPrefix(location);
  const candidates = [...scan.files].filter((rel) => rel.startsWith(prefix) && rel.endsWith('.ts') && !recorded.has(rel) && !rel.startsWith('.reslayer-backup/'));
  const stale = candidates.find((rel) => startsWithMarker(resolveInside(location, rel)));
  if (stale !== undefined) return miss(`${stale} is a stale generated file`);

  const freshStamps = new Map<string, FileStamp>();
  let drifted: string | undefined;
  let bytes = 0;
  const at = Date.now();
  // Synchronous stats and reads: several times faster than the thread pool's for thousands of small files.
  for (const rel of record.files) {
    const stamp = record.stamps.get(rel);
    const abs = resolveInside(location, rel);
    const stats = scan.files.has(rel) ? statSync(abs, { throwIfNoEntry: false }) : undefined;
    if (!stamp || !stats?.isFile()) {
      drifted = rel;
      break;
    }
    bytes += stats.size;
    if (statMatches(stamp, stats)) continue;
    // Racy stamp, or stat data that moved (a touch, a copy, a checkout): the contents decide.
    let text: Buffer | undefined;
    try {
      text = readFileSync(abs);
    } catch {
      text = undefined;
    }
    if (text === undefined || sha256(text) !== stamp.sha256) {
      drifted = rel;
      break;
    }
    freshStamps.set(rel, stampOf(stats, stamp.sha256, at));
  }
  if (drifted !== undefined) return miss(`${drifted} is missing or was changed`);
  return { status: 'hit', files: record.files, summary: record.summary, bytes, hashed: freshStamps.size, record, freshStamps };
}

function miss(reason: string): CacheProbe {
  return { status: 'miss', reason };
}

/**
 * After a hit of `generate`, records fresh stamps for the files that were verified by their hash (stat
 * data moved, or a racy stamp that is no longer racy), so later probes need not hash them again. Writes
 * only the record, outside the output root (like `git status` refreshing the index); `check` does not call it.
 * @param location output root
 * @param hit the probe's hit
 * @returns true when the record was rewritten
 */
export async function refreshRecord(location: OutputLocation, hit: CacheHit): Promise<boolean> {
  if (hit.freshStamps.size === 0) return false;
  const stamps = new Map(hit.record.stamps);
  for (const [rel, stamp] of hit.freshStamps) stamps.set(rel, stamp);
  return writeRecord(location, { ...hit.record, stamps }, hit.record.text);
}
