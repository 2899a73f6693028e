import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST_NAME } from '../output/manifest.js';
import type { OutputPaths } from '../output/paths.js';
import type { Digests } from '../output/plan.js';
import { type CacheRecord, type RecordedInput, type Stamp, readRecord, sha256, stampMatches, stampOf } from './record.js';
import type { RunKey } from './runKey.js';

/** What the no-change cache says about a run: it hit (the output is what the record describes), or why not. */
/**
 * What the no-change probe found: a hit, or why it missed or was off. A miss because the contract, the config or the
 * build changed carries the root's record (`record`): its stamps and digests still describe the files on disk
 * wherever a file's stat equals its stamp, which spares the write plan reading them (see `recordedDigests`).
 */
export type CacheProbe = { status: 'hit'; record: CacheRecord; bytes: number; refreshed: CacheRecord | undefined } | { status: 'miss' | 'off'; reason: string; record?: CacheRecord | undefined };

/** The fingerprint of a run: its key plus every contract file's path and sha256. */
export function fingerprintOf(key: string, inputs: ReadonlyArray<Pick<RecordedInput, 'path' | 'sha256'>>): string {
  return sha256(JSON.stringify({ key, inputs: inputs.map((i) => [i.path, i.sha256]) }));
}

const isUrl = (f: string) => /^[a-z][a-z0-9+.-]+:/i.test(f) && !/^[a-z]:[\\/]/i.test(f);

/**
 * The contract files of a finished run as the record keeps them: each one's sha256 and stamp, read now. None
 * (no record) when a file is remote or unreadable, or may have changed since the run read it: its bytes now differ
 * from those the run read (`read`, by path), or, for a file the load did not digest, it was changed after the run
 * started (`startedAt`, within the racy margin). A file saved right before a run (a watch's edit) keeps its record.
 * @param contractFiles every contract file the run read (absolute paths; remote ones by URL)
 * @param read the sha256 of the bytes the run read from each local file (core's `contractDigests`)
 * @param startedAt `Date.now()` before the run read the contract
 */
export function recordInputs(contractFiles: readonly string[], read: ReadonlyMap<string, string>, startedAt: number): RecordedInput[] | undefined {
  if (contractFiles.length === 0 || contractFiles.some(isUrl)) return undefined;
  const inputs: RecordedInput[] = [];
  for (const file of contractFiles) {
    try {
      const digest = sha256(readFileSync(file));
      const known = read.get(file);
      if (known === undefined ? stampOf(statSync(file), startedAt).size < 0 : known !== digest) return undefined;
      inputs.push({ path: file, sha256: digest, stamp: stampOf(statSync(file), Date.now()) });
    } catch {
      return undefined;
    }
  }
  return inputs;
}

/**
 * The no-change probe, like git's stat cache. It hits when the root's cache record (see `cacheDirOf`) was made
 * with the same run key and the same bytes of every contract file (a contract file whose stat equals its stamp is
 * not read again), the manifest is the one written with it, and every recorded file is a regular file whose stat
 * equals its stamp or whose bytes still hash to the recorded sha256. Then nothing needs to run. Reads only.
 * @param paths the output root (the record's key) and its real folder (where the files are read)
 * @param cacheDir the root's cache folder
 * @param key the run key
 * @returns the hit (with a record whose stamps were refreshed, when a file had to be hashed), or why it missed
 */
export function probeCache(paths: Pick<OutputPaths, 'root' | 'real'>, cacheDir: string, key: RunKey): CacheProbe {
  if (!key.ok) return { status: 'off', reason: key.reason };
  const root = paths.real;
  const record = readRecord(cacheDir, paths.root);
  if (!record) return { status: 'miss', reason: 'no cache record for this output root' };
  let manifest: string;
  try {
    manifest = readFileSync(path.join(root, MANIFEST_NAME), 'utf8');
  } catch {
    return { status: 'miss', reason: 'the output root has no manifest' };
  }
  if (sha256(manifest) !== record.manifestSha256) return { status: 'miss', reason: 'the manifest is not the one the record was written with' };
  const inputs: Array<Pick<RecordedInput, 'path' | 'sha256'>> = [];
  for (const input of record.inputs) {
    const digest = currentDigest(input);
    if (digest === undefined) return { status: 'miss', reason: `the contract file ${input.path} cannot be read` };
    inputs.push({ path: input.path, sha256: digest });
  }
  if (fingerprintOf(key.key, inputs) !== record.fingerprint) return { status: 'miss', reason: 'the contract, the config, a plugin, the generator build or Node changed', record };
  const at = Date.now();
  const fresh = new Map<number, Stamp>();
  let bytes = 0;
  for (let i = 0; i < record.files.length; i++) {
    const rel = record.files[i] as string;
    const stats = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stats?.isFile()) return { status: 'miss', reason: `${rel} is missing` };
    bytes += stats.size;
    if (stampMatches(record.stamps[i] as Stamp, stats)) continue;
    // A racy stamp, or a stat that moved (a touch, a checkout): the bytes decide.
    if (!sameBytes(path.join(root, rel), record.sha256s[i] as string)) return { status: 'miss', reason: `${rel} was changed` };
    fresh.set(i, stampOf(stats, at));
  }
  const refreshed = fresh.size === 0 ? undefined : { ...record, stamps: record.stamps.map((s, i) => fresh.get(i) ?? s) };
  return { status: 'hit', record, bytes, refreshed };
}

/** The sha256 of a contract file now: the recorded one while its stat equals its stamp, else hashed. */
function currentDigest(input: RecordedInput): string | undefined {
  try {
    const stats = statSync(input.path);
    if (input.stamp && stampMatches(input.stamp, stats)) return input.sha256;
    return sha256(readFileSync(input.path));
  } catch {
    return undefined;
  }
}

function sameBytes(abs: string, digest: string): boolean {
  try {
    return sha256(readFileSync(abs)) === digest;
  } catch {
    return false;
  }
}

/** {@link Digests} from a record, which also give back the stamps the plan found unchanged. */
export interface RecordedDigests extends Digests {
  /** The recorded stamp of `rel` when the plan found the file's stat equal to it (the file was not read). */
  verified(rel: string): Stamp | undefined;
  /** The sha256 of this run's text for `rel`: the one {@link Digests.of} computed, else computed and not kept. */
  made(rel: string, text: string): string;
}

/**
 * The write plan's {@link Digests} after a miss: the files of the root's record (when the probe read one) by
 * root-relative path, trusted while a file's stat equals its stamp (a racy stamp never does), and this run's
 * digests, computed once for the plan and the next record.
 * @param record the record the probe read, if any
 */
export function recordedDigests(record: CacheRecord | undefined): RecordedDigests {
  const recorded = new Map<string, number>();
  record?.files.forEach((rel, i) => recorded.set(rel, i));
  const made = new Map<string, string>();
  const verified = new Map<string, Stamp>();
  return {
    onDisk(rel, stats) {
      const i = recorded.get(rel);
      const stamp = i === undefined ? undefined : record?.stamps[i];
      if (!stamp || !stampMatches(stamp, stats)) return undefined;
      verified.set(rel, stamp);
      return record?.sha256s[i as number];
    },
    of(rel, text) {
      let digest = made.get(rel);
      if (digest === undefined) made.set(rel, (digest = sha256(text)));
      return digest;
    },
    made: (rel, text) => made.get(rel) ?? sha256(text),
    verified: (rel) => verified.get(rel),
  };
}
