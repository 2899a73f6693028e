import { hash } from 'node:crypto';
import { type Stats, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@reslayer/core';
import type { ReportSection } from '@reslayer/core/host';
import { fsw } from '../output/fsOps.js';

/** Version of the record's format; a record of another format is ignored (a miss). */
const FORMAT = 1;
const RECORD_FILE = 'record.json';

/** What `check` reports without running the pipeline: the summary of the run that wrote the output. */
export interface RunSummary {
  /** The contract's title and version. */
  title: string;
  version: string;
  /** Number of detected resources. */
  resources: number;
  /** The run's diagnostics, in order. */
  diagnostics: Diagnostic[];
  /** Sections plugins added to the report. */
  sections: ReportSection[];
}

/** A file's stat as the cache keeps it: size (-1 when racy, see {@link stampOf}), times (ms) and inode. */
export interface Stamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A contract file the recorded run read: absolute path, sha256 of its bytes, and its stamp when not racy. */
export interface RecordedInput {
  path: string;
  sha256: string;
  stamp?: Stamp | undefined;
}

/** The no-change cache's record of an output root (kept in its cache folder, see `cacheDirOf`). */
export interface CacheRecord {
  /** sha256 over the run key and every contract file's path and sha256. */
  fingerprint: string;
  inputs: RecordedInput[];
  summary: RunSummary;
  /** sha256 of the manifest written with these files. */
  manifestSha256: string;
  /** Root-relative paths of the generated files, sorted (the manifest's list). */
  files: string[];
  /** One stamp per file, in the order of `files`. */
  stamps: Stamp[];
  /** sha256 of each file's text, in the order of `files`. */
  sha256s: string[];
}

/** sha256 (hex) of a string's UTF-8 bytes or of a buffer. */
export function sha256(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}

/** Within this margin before a stat, a change may leave a file's times as they were: 100 ms, or 2 s on a file system of whole seconds. */
function racyMarginMs(stats: Pick<Stats, 'mtimeMs' | 'ctimeMs'>): number {
  return stats.mtimeMs % 1000 === 0 && stats.ctimeMs % 1000 === 0 ? 2000 : 100;
}

/**
 * The stamp of a stat taken after `at`: its size, or -1 when the file was changed within the racy margin before
 * `at` (a later change in the same clock tick could leave the stat as it is), so it matches no later stat.
 */
export function stampOf(stats: Stats, at: number): Stamp {
  const racy = Math.max(stats.mtimeMs, stats.ctimeMs) >= at - racyMarginMs(stats);
  return { size: racy ? -1 : stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

/** True when a stat equals a (non-racy) stamp. */
export function stampMatches(stamp: Stamp, stats: Stats): boolean {
  return stamp.size === stats.size && stamp.mtimeMs === stats.mtimeMs && stamp.ctimeMs === stats.ctimeMs && stamp.ino === stats.ino;
}

/** The record of an output root; undefined when there is none, it is malformed, or it belongs to another root. */
export function readRecord(cacheDir: string, outputRoot: string): CacheRecord | undefined {
  try {
    const raw = JSON.parse(readFileSync(path.join(cacheDir, RECORD_FILE), 'utf8')) as Record<string, unknown>;
    if (raw['format'] !== FORMAT || raw['outputRoot'] !== outputRoot) return undefined;
    const files = raw['files'] as string[];
    const packed = raw['stamps'] as number[];
    const digests = raw['sha256s'] as string;
    if (!Array.isArray(files) || !Array.isArray(packed) || packed.length !== files.length * 4 || digests.length !== files.length * 64) return undefined;
    const stamps = files.map((_, i) => ({ size: packed[4 * i] as number, mtimeMs: packed[4 * i + 1] as number, ctimeMs: packed[4 * i + 2] as number, ino: packed[4 * i + 3] as number }));
    const sha256s = files.map((_, i) => digests.slice(64 * i, 64 * i + 64));
    const inputs = (raw['inputs'] as Array<[string, string, ...number[]]>).map(([p, sha, size, mtimeMs, ctimeMs, ino]) => ({
      path: p,
      sha256: sha,
      ...(size === undefined ? {} : { stamp: { size, mtimeMs: mtimeMs as number, ctimeMs: ctimeMs as number, ino: ino as number } }),
    }));
    const { fingerprint, summary, manifestSha256 } = raw as { fingerprint: string; summary: RunSummary; manifestSha256: string };
    if (typeof fingerprint !== 'string' || typeof manifestSha256 !== 'string' || typeof summary?.title !== 'string') return undefined;
    return { fingerprint, inputs, summary, manifestSha256, files, stamps, sha256s };
  } catch {
    return undefined;
  }
}

/**
 * Writes the record of an output root into its cache folder (a temporary file renamed over the old one).
 * @param cacheDir the root's cache folder (created when missing)
 * @param outputRoot the absolute output root the record belongs to
 * @param record the record
 */
export function writeRecord(cacheDir: string, outputRoot: string, record: CacheRecord): void {
  const inputs = record.inputs.map((i) => (i.stamp ? [i.path, i.sha256, i.stamp.size, i.stamp.mtimeMs, i.stamp.ctimeMs, i.stamp.ino] : [i.path, i.sha256]));
  const stamps = record.stamps.flatMap((s) => [s.size, s.mtimeMs, s.ctimeMs, s.ino]);
  const text = JSON.stringify({ format: FORMAT, outputRoot, fingerprint: record.fingerprint, inputs, summary: record.summary, manifestSha256: record.manifestSha256, files: record.files, stamps, sha256s: record.sha256s.join('') });
  fsw.mkdirp(cacheDir);
  const file = path.join(cacheDir, RECORD_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fsw.create(temp, text);
  fsw.rename(temp, file);
}

/** Removes the record of an output root (its cache folder), if any. */
export function removeRecord(cacheDir: string): void {
  fsw.removeTree(cacheDir);
}

/**
 * The stamps of the files a write left in the root, taken now (each stat after `Date.now()`), except those `kept`
 * gives: the stamps of files the write did not touch, whose stat the write plan found equal to them.
 * @param root absolute path of the root
 * @param files root-relative paths
 * @param kept a file's stamp the write plan verified, if any
 * @returns the stamps, or undefined when one of them is not a regular file
 */
export function stampFiles(root: string, files: readonly string[], kept: (rel: string) => Stamp | undefined = () => undefined): Stamp[] | undefined {
  const at = Date.now();
  const stamps: Stamp[] = [];
  for (const rel of files) {
    const known = kept(rel);
    if (known) {
      stamps.push(known);
      continue;
    }
    const stats = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    stamps.push(stampOf(stats, at));
  }
  return stamps;
}
