// What `generate` and `check` share: their options, the profile of a run, the summary kept by the cache, and the
// steps every run takes before its pipeline (checking the root, taking its lock, probing the cache).
import { statSync } from 'node:fs';
import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import type { HookTiming, ResolvedConfig, RunReport, RunResult } from '@reslayer/core/host';
import { cacheDirOf } from './cache/cacheDir.js';
import { type CacheProbe, probeCache } from './cache/probe.js';
import type { RunSummary } from './cache/record.js';
import { type RunKey, computeRunKey } from './cache/runKey.js';
import { type HeldLock, type LockHolder, acquireLock } from './output/lock.js';
import { type OutputPaths, outputPaths } from './output/paths.js';
import { guardSignals } from './output/signals.js';

/** A phase of `generate` or `check`, for progress output: the pipeline's phases and the run's own. */
export type RunPhase = 'lock' | 'cache' | 'load' | 'normalize' | 'detect' | 'emit' | 'report' | 'write' | 'diff';

/** Options of `generate` and `check`. */
export interface RunOptions {
  /** Why the no-change cache must not answer (e.g. `'--no-cache'`): the pipeline runs; `generate` still records. */
  skipCache?: string | undefined;
  /** Called when a phase starts. */
  onPhase?: ((phase: RunPhase) => void) | undefined;
  /** Called when another run holds the output root and this one starts waiting for it, then every few seconds (see `acquireLock`). */
  onWait?: ((holder: LockHolder | undefined, waitedMs: number) => void) | undefined;
  /** How long to wait for another run that holds the output root (ms). @default 120000 */
  lockTimeoutMs?: number | undefined;
  /** The build identity to use instead of `buildInfo.json` (tests). */
  buildHash?: string | undefined;
  /**
   * The modules that make the config's plugins, when it has no config file (absolute paths): the no-change cache
   * keys on their module graph. `[]` says the plugins are this build's own (the CLI's defaults). Without a config
   * file and without this the cache is off. @default the config file
   */
  pluginModules?: readonly string[] | undefined;
  /**
   * Whether SIGINT and SIGTERM end the process while the run holds the root (exit 130, 143; see `guardSignals`).
   * `false` for a read-only run (`check`) in a process that stops itself on them (`reslayer mock`): the run then
   * only releases its lock. Ignored by runs that write. @default true
   */
  exitOnSignal?: boolean | undefined;
}

/** What a run says about the no-change cache: it hit, or why it missed or was off. */
export type CacheOutcome = { status: 'hit' } | { status: 'miss' | 'off'; reason: string };

/** Timings and sizes of one run, for `$RESLAYER_PROFILE` (the CLI adds the peak memory; `scripts/bench.mjs` reads it). */
export interface RunProfileData {
  /** The run report's timings (`load`, `normalize`, then every tap); on a cache hit one `cache` entry. */
  phases: Array<Omit<HookTiming, 'hook'> & { hook: HookTiming['hook'] | 'cache' }>;
  /** Milliseconds writing (generate), planning (dry run) or diffing (check); on a hit, the probe's. */
  writeMs: number;
  /** The process's CPU milliseconds (user + system) meanwhile. */
  writeCpuMs: number;
  /** `hit`, `miss` or `off`. */
  cache: CacheOutcome['status'];
  /** Number of generated files, and their UTF-8 bytes. */
  files: number;
  bytes: number;
}

/** A run's root, lock, key and probe, once it holds the root. */
export interface Opened {
  paths: OutputPaths;
  lock: HeldLock | undefined;
  cacheDir: string;
  key: RunKey;
  probe: CacheProbe;
  /** Wall and CPU milliseconds the key and the probe took. */
  took: Took;
}

/** Wall milliseconds and the process's CPU milliseconds (user + system) of a step. */
export interface Took {
  ms: number;
  cpuMs: number;
}

/**
 * Starts timing a step.
 * @returns a function that gives the step's {@link Took} so far
 */
export function startTiming(): () => Took {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpuMs: (user + system) / 1000 };
  };
}

/**
 * Checks the root, takes its lock (waiting for another run), guards SIGINT and SIGTERM, computes the run key and
 * probes the cache; runs `body` and then releases everything, whatever happens.
 * @param config the resolved config
 * @param options the run's options
 * @param writing true for a run that writes (its lock is required; a read-only one is skipped where it cannot be made)
 * @param body the rest of the run
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY`, `RSL_OUTPUT_LOCKED`, and what `body` throws
 */
export async function withOpenRoot<T>(config: ResolvedConfig, options: RunOptions, writing: boolean, body: (opened: Opened) => Promise<T>): Promise<T> {
  const paths = outputPaths(config);
  assertRootFolders(paths.real);
  options.onPhase?.('lock');
  const lock = await acquireLock(paths.lock, paths.root, { timeoutMs: options.lockTimeoutMs, onWait: options.onWait, required: writing });
  const unguard = guardSignals(paths, lock, writing || options.exitOnSignal !== false);
  try {
    options.onPhase?.('cache');
    const took = startTiming();
    const key = await computeRunKey(config, options.buildHash, options.pluginModules);
    const cacheDir = cacheDirOf(paths.root);
    const probe: CacheProbe = options.skipCache !== undefined ? { status: 'off', reason: options.skipCache } : probeCache(paths, cacheDir, key);
    return await body({ paths, lock, cacheDir, key, probe, took: took() });
  } finally {
    unguard();
    lock?.release();
  }
}

/** Refuses an output root that is a file, or that cannot be created because a folder above it is a file. */
function assertRootFolders(root: string): void {
  const hint = 'Choose another output root (--output or `output` in the config), or move the file out of the way.';
  for (let dir = root; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    let stats;
    try {
      stats = statSync(dir, { throwIfNoEntry: false });
    } catch (error) {
      throw new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${root}: ${(error as Error).message}`, { cause: error });
    }
    if (stats?.isDirectory()) return;
    if (stats) {
      const message = dir === root ? `the output root ${root} is a file, not a folder` : `${dir} is a file, so the output root ${root} cannot be created inside it`;
      throw new GeneratorError('RSL_OUTPUT_NOT_DIRECTORY', message, { hint });
    }
  }
}

/** The cache outcome of a probe. */
export function outcomeOf(probe: CacheProbe): CacheOutcome {
  return probe.status === 'hit' ? { status: 'hit' } : { status: probe.status, reason: probe.reason };
}

/** What `check` reports of a full run without running it again. */
export function summaryOf(run: Pick<RunResult, 'model' | 'diagnostics' | 'report'>): RunSummary {
  const { meta, resources } = run.model;
  return { title: meta.title, version: meta.version, resources: resources.length, diagnostics: run.diagnostics.list(), sections: run.report.sections };
}

/** The profile of a cache hit: one `cache` phase. */
export function hitProfile(files: number, bytes: number, { ms, cpuMs }: Took): RunProfileData {
  return { phases: [{ hook: 'cache', plugin: 'core', ms, cpuMs }], writeMs: ms, writeCpuMs: cpuMs, cache: 'hit', files, bytes };
}

/** The profile of a full run. */
export function runProfile(report: Pick<RunReport, 'timings'>, files: ReadonlyMap<string, string>, write: Took, cache: CacheOutcome['status']): RunProfileData {
  let bytes = 0;
  for (const text of files.values()) bytes += Buffer.byteLength(text, 'utf8');
  const phases = report.timings.map(({ hook, plugin, ms, cpuMs }) => ({ hook, plugin, ms, cpuMs }));
  return { phases, writeMs: write.ms, writeCpuMs: write.cpuMs, cache, files: files.size, bytes };
}
