import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from './GeneratedFile.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';
import { findInterruptedWrite } from './journal.js';
import { readManifest } from './manifest.js';
import { type SwapPaths, findInterruptedSwap, openStaging, swapPaths } from './swap.js';
import { shelveStaging } from './spare.js';
import { StagingWriter } from './stagingWriter.js';
import { type FileStamp, checkStamp, fileStatOf, sha256, statMatches } from './cacheRecord.js';
import { type LookaheadHost, OutputLookahead } from './lookahead.js';
import type { ReusingSink, VerifiedFile } from './units.js';
import { type OutputLocation, type OutputScan, resolveInside, scanOutput } from './outputTree.js';
import { type PlanState, type WritePlan, comparePlanned, removedFiles, rootRelative } from './planFileSet.js';
import { type OutputContent, type WriteOptions, commitPlan } from './writeFileSet.js';

/** Options of {@link openOutputStream}. */
export interface OutputStreamOptions {
  /** Write created and updated files into the staging folder (else only plan, as a dry run). */
  write: boolean;
  /** Keep each file's sha256 and each unchanged file's stat (for the no-change cache's stamps). */
  withStats: boolean;
  /**
   * With `withStats`: the file stamps of the output root's cache record (from a missed probe). A file whose
   * stat still equals its stamp is compared by sha256 instead of being read.
   */
  stamps?: ReadonlyMap<string, FileStamp> | undefined;
  /** With `stamps`: what a look-ahead found of the recorded files (see {@link OutputLookahead}). */
  lookahead?: OutputLookahead | undefined;
  /** The look-ahead's worker thread kept across runs (`generate --watch`), instead of one started for this run. */
  lookaheadHost?: LookaheadHost | undefined;
}

/**
 * A {@link ReusingSink} that compares each generated file with the disk as it is emitted and, when writing,
 * puts its new text straight into the sibling staging folder (see `swap.ts`), keeping only its path,
 * size and digest. So a run never holds the text of all its files at once: its memory does not grow
 * with the output. {@link commitStream} then completes the staging folder and swaps it in (or, when the
 * root cannot be swapped, reads the staged texts back for the journaled commit).
 */
export class OutputStream implements ReusingSink {
  readonly plan: WritePlan = { created: [], updated: [], unchanged: [], removed: [] };
  /** Root-relative path of every accepted file, with its UTF-8 size and (when `withStats`) its sha256; empty for a file the writer writes, which hashes it (`StagingWriter.written`). */
  readonly entries = new Map<string, { size: number; sha256: string }>();
  readonly unchangedStats: PlanState['unchangedStats'] = new Map();
  readonly paths: SwapPaths;
  /** Writes new files into the staging folder (when writing); keeps the first error for the commit. */
  readonly writer: StagingWriter | undefined;
  /** True when the staging folder is the root's recycled spare folder (see `openStaging`). */
  readonly recycled: boolean = false;

  /**
   * @param location output root and source folder
   * @param scan a listing of the output root, without leftovers of an interrupted write
   * @param options see {@link OutputStreamOptions}
   */
  constructor(
    readonly location: OutputLocation,
    readonly scan: OutputScan,
    readonly options: OutputStreamOptions,
  ) {
    this.paths = swapPaths(location);
    if (options.write) {
      this.recycled = openStaging(this.paths, true);
      const { lookahead } = options;
      if (this.recycled) lookahead?.listStaging(this.paths.staging);
      const listing = this.recycled && lookahead ? { ready: () => lookahead.listingReady(), ino: (rel: string) => lookahead.stagingIno(rel) } : undefined;
      this.writer = new StagingWriter(this.paths, options.withStats, this.recycled, listing);
    }
  }

  /**
   * Compares a file with the disk and, when writing and it differs, writes it into the staging folder.
   * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT`; the file system's error when staging fails
   */
  accept(file: GeneratedFile): void {
    const rel = rootRelative(this.location, file);
    const { withStats, stamps } = this.options;
    const known = withStats && stamps ? { stamps, digest: sha256(file.contents) } : undefined;
    const kind = comparePlanned(this.location, this.scan, rel, file.contents, this.plan, withStats ? this.unchangedStats : undefined, known && { ...known, looked: this.options.lookahead?.stat(rel) });
    // The writer hashes the texts it writes (its worker thread, mostly); the commit takes their digests from it.
    const digest = !withStats ? '' : known ? known.digest : kind !== 'unchanged' && this.writer ? '' : sha256(file.contents);
    this.entries.set(rel, { size: Buffer.byteLength(file.contents, 'utf8'), sha256: digest });
    // A write error belongs to the write, not to the plugin adding the file: kept for the commit.
    if (kind !== 'unchanged') this.writer?.write(rel, file.contents);
    else this.writer?.link(rel, this.unchangedStats.get(rel)?.stats.ino);
  }

  /**
   * Checks that a listed file of the output root holds the text its stamp records: its stat equals the
   * stamp, or (a racy stamp, moved stat data) its bytes hash to the stamp's sha256. The stat is taken first.
   * @param rel root-relative path
   * @param stamp the file's stamp in the cache record
   * @returns the stat and digest, or undefined when the file is not listed, missing or changed
   */
  verify(rel: string, stamp: FileStamp): VerifiedFile | undefined {
    if (!this.scan.files.has(rel)) return undefined;
    const looked = this.options.lookahead?.stat(rel);
    if (looked && statMatches(stamp, looked.stats)) return { stats: looked.stats, at: looked.at, sha256: stamp.sha256 };
    const at = Date.now();
    const held = checkStamp(resolveInside(this.location, rel), stamp);
    return held && { stats: fileStatOf(held.stats), at, sha256: stamp.sha256 };
  }

  /**
   * Takes a verified file as generated and unchanged without its text: planned unchanged, and (when
   * writing) hard-linked into the staging folder like any unchanged file.
   * @param rel root-relative path
   * @param file what {@link verify} returned
   */
  adopt(rel: string, file: VerifiedFile): void {
    this.plan.unchanged.push(rel);
    this.entries.set(rel, { size: file.stats.size, sha256: file.sha256 });
    if (this.options.withStats) this.unchangedStats.set(rel, { stats: file.stats, at: file.at });
    this.writer?.link(rel, file.stats.ino);
  }

  /** Root-relative path of a generated path (relative to the source folder). */
  rootRelative(file: Pick<GeneratedFile, 'path'>): string {
    return rootRelative(this.location, file);
  }

  /**
   * Stops the writes and gives a recycled staging folder back to the root as its spare folder, or removes
   * the staging folder (a failed run, or one that changed nothing; see `shelveStaging`).
   */
  async discard(): Promise<void> {
    this.options.lookahead?.close();
    if (!this.writer) return;
    await this.writer.abort();
    shelveStaging(this.paths, this.recycled);
  }

  /** The complete plan: the files to remove added, every list sorted. */
  async finish(): Promise<PlanState> {
    const manifest = await readManifest(this.location);
    this.plan.removed = removedFiles(this.location, this.scan, manifest, this.entries);
    for (const list of Object.values(this.plan)) (list as string[]).sort(cmp);
    return { plan: this.plan, scan: this.scan, manifest, unchangedStats: this.unchangedStats };
  }
}

/**
 * Opens an {@link OutputStream} for the output root, or gives none when an interrupted earlier write left
 * something behind (a staging or previous root beside it, a journal, backups, temporary files): then
 * the caller keeps the files in memory and writes them with `writeOutput`, which repairs that first.
 * @param location output root and source folder
 * @param options see {@link OutputStreamOptions}
 * @throws GeneratorError `RSL_PATH_OUTSIDE_ROOT` when the source folder leaves the output root, `RSL_WRITE_FAILED` when the
 *   output root or its sibling folders cannot be read (a name too long, no permission)
 */
export async function openOutputStream(location: OutputLocation, options: OutputStreamOptions): Promise<OutputStream | undefined> {
  resolveInside(location, location.srcDir || '.');
  let lookahead: OutputLookahead | undefined;
  try {
    if (findInterruptedSwap(location)) return undefined;
    // Started first: its worker stats the recorded files while this thread lists the root and runs the pipeline.
    const { write, withStats, stamps, lookaheadHost } = options;
    if (write && withStats && stamps && stamps.size > 0) lookahead = new OutputLookahead(path.resolve(location.outputRoot), [...stamps.keys()], lookaheadHost);
    const scan = await scanOutput(location, { stamps: write });
    if (findInterruptedWrite(scan)) {
      lookahead?.close();
      return undefined;
    }
    return new OutputStream(location, scan, { ...options, lookahead });
  } catch (error) {
    lookahead?.close();
    // The output root or its sibling folders cannot even be looked at (a name too long, no permission).
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${location.outputRoot}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Commits what an {@link OutputStream} staged, with the guarantees of `writeFileSet`: the swap of a
 * complete new root (or the journaled commit when the root cannot be swapped), then the no-change
 * cache's record. Unchanged output removes the staging folder and writes nothing but the record.
 * @param stream the stream, after the run emitted every file into it
 * @param options see {@link WriteOptions}
 * @returns the plan
 * @throws GeneratorError `RSL_WRITE_FAILED` or `RSL_PATH_OUTSIDE_ROOT` (the staging folder is removed)
 */
export async function commitStream(stream: OutputStream, options: WriteOptions): Promise<WritePlan> {
  try {
    await stream.writer?.close();
    const failure = stream.writer?.failure;
    if (failure) throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${stream.location.outputRoot}: ${failure.message}`, { cause: failure });
    const state = await stream.finish();
    const { staging } = stream.paths;
    // Only created and updated texts are ever read, from the staging folder, when the journaled commit needs them.
    const byRel = new Map<string, { readonly contents: string }>();
    for (const rel of stream.entries.keys()) byRel.set(rel, { get contents() { return readFileSync(resolveStaged(staging, rel), 'utf8'); } });
    const { writer } = stream;
    const listing = stream.recycled ? stream.options.lookahead?.stagingListing() : undefined;
    const staged = writer && { made: writer.made, written: writer.written ?? new Map(), linked: writer.linked, kept: writer.kept, recycled: stream.recycled, ...(listing ? { listing } : {}) };
    const content: OutputContent = { byRel, digest: (rel) => stream.entries.get(rel)?.sha256 || writer?.written?.get(rel)?.sha256 || '', ...(staged ? { staged } : {}) };
    const changed = state.plan.created.length + state.plan.updated.length + state.plan.removed.length > 0;
    if (!changed) await stream.discard();
    await commitPlan(stream.location, state, content, options);
    return state.plan;
  } finally {
    await stream.discard();
  }
}

/** Absolute path of a root-relative path inside the staging folder. */
function resolveStaged(staging: string, rel: string): string {
  return path.join(staging, ...rel.split('/'));
}
