import type { ResolvedConfig } from '../config/types.js';
import type { ModelReuseOutcome } from '../contract/modelReuse.js';
import type { HookTiming } from '../hooks/types.js';
import type { OutputLocation } from '../emit/outputTree.js';
import type { RunOptions, RunResult } from './createGenerator.js';
import { type CacheHit, type CacheProbe, type CacheStatus, probeNoChangeCache } from './noChangeCache.js';
import { type BuiltinPlugin, type RunKey, computeRunKey } from './runKey.js';

/** A phase of `generate` or `check`, for progress output: the pipeline's phases plus the protocol's own. */
export type ProtocolPhase = Parameters<NonNullable<RunOptions['onPhase']>>[0] | 'cache' | 'write' | 'diff';

/** Options shared by `generate` and `check`. */
export interface ProtocolOptions {
  /**
   * Why the no-change cache must not answer this run (e.g. `'--no-cache'`), if it must not: then the
   * pipeline always runs and the result's cache is `off` with this reason. `generate` still records the
   * cache for later runs.
   */
  skipCache?: string | undefined;
  /** The built-in plugins by package (see {@link BuiltinPlugin}); without them, every plugin must declare a `version` for the cache. */
  builtins?: readonly BuiltinPlugin[] | undefined;
  /** Called when a phase starts, for progress output. */
  onPhase?: ((phase: ProtocolPhase) => void) | undefined;
  /** The generator-build hash to use instead of `buildInfo.json` (tests). */
  buildHash?: string | undefined;
}

/** What a run says about the no-change cache: it hit, or why it missed or was off. */
export type CacheOutcome = { status: 'hit' } | { status: 'miss' | 'off'; reason: string };

/**
 * Profile data of one `generate` or `check` run (the CLI writes it to `$RESLAYER_PROFILE`, adding the
 * process's peak memory; `scripts/bench.mjs` reads it).
 */
export interface RunProfileData {
  /**
   * The run report's timings, in the order recorded: `load` and `normalize` (plugin `core`), then every
   * tap of `detect`, `emit` and `report`; on a cache hit, one `cache` entry.
   */
  phases: Array<Omit<HookTiming, 'hook'> & { hook: HookTiming['hook'] | 'cache' }>;
  /**
   * Milliseconds writing (`generate`), planning (`generate` with `dryRun`) or diffing (`check`) the
   * files; 0 when generate wrote nothing because of error diagnostics. On a cache hit: the time of the
   * probe (key, contract hashes, stat of every generated file), which replaces pipeline and write.
   */
  writeMs: number;
  /** The no-change cache: `hit` (the pipeline did not run), `miss` or `off`. */
  cache: CacheStatus;
  /** Number of generated files. */
  files: number;
  /** Their total size, in UTF-8 bytes. */
  bytes: number;
  /** `generate` with the per-resource cache (see `EmitUnits`): emit units kept from the record, and units emitted. */
  units?: { reused: number; emitted: number };
  /** `generate` with a `ModelReuse` (watch mode): whether `normalize` reused the last run's model or normalized the contract. */
  model?: ModelReuseOutcome;
  /**
   * `generate` with a `ModelReuse` (watch mode): whether the load parsed the contract by difference from the last
   * run's JSON text (`difference`) or whole (`whole`; see `JsonReparse`).
   */
  parse?: 'difference' | 'whole';
}

/** The run key and the probe of one run (internal to the protocols). */
export interface OpenedCache {
  key: RunKey;
  probe: CacheProbe;
  /** Milliseconds spent computing the key and probing. */
  ms: number;
}

/** Output root and source folder of a config. */
export function locationOf(config: ResolvedConfig): OutputLocation {
  return { outputRoot: config.outputRoot, srcDir: config.srcDir };
}

/**
 * Computes the run key and, unless `options.skipCache` names a reason, probes the no-change cache.
 * @param config the resolved config
 * @param options the protocol's options
 */
export async function openCache(config: ResolvedConfig, options: ProtocolOptions): Promise<OpenedCache> {
  options.onPhase?.('cache');
  const start = performance.now();
  const key = await computeRunKey(config, {
    ...(options.builtins !== undefined ? { builtins: options.builtins } : {}),
    ...(options.buildHash !== undefined ? { buildHash: options.buildHash } : {}),
  });
  const probe: CacheProbe = options.skipCache !== undefined ? { status: 'off', reason: options.skipCache } : await probeNoChangeCache(locationOf(config), key);
  return { key, probe, ms: performance.now() - start };
}

/** The cache outcome of a probe, without the hit's internals. */
export function outcomeOf(probe: CacheProbe): CacheOutcome {
  return probe.status === 'hit' ? { status: 'hit' } : { status: probe.status, reason: probe.reason };
}

/** The profile of a cache hit: one `cache` phase that took the probe's time. */
export function hitProfile(hit: CacheHit, ms: number): RunProfileData {
  return { phases: [{ hook: 'cache', plugin: 'core', ms }], writeMs: ms, cache: 'hit', files: hit.files.length, bytes: hit.bytes };
}

/**
 * The profile of a full run: the pipeline's timings, the write or diff time, and the files' size.
 * @param run the run's files (empty when it streamed them) and its report's timings
 * @param sizes the files' number and bytes when the run streamed them (its `files` is then empty)
 */
export function runProfile(run: Pick<RunResult, 'files'> & { report: Pick<RunResult['report'], 'timings'> }, writeMs: number, cache: CacheStatus, sizes?: { count: number; bytes: number }): RunProfileData {
  return {
    phases: run.report.timings.map(({ hook, plugin, ms }) => ({ hook, plugin, ms })),
    writeMs,
    cache,
    files: sizes?.count ?? run.files.length,
    bytes: sizes?.bytes ?? run.files.reduce((sum, f) => sum + Buffer.byteLength(f.contents, 'utf8'), 0),
  };
}
