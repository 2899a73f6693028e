import type { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from 'tapable';
import type { ApiModel } from '../model/types.js';
import type { Diagnostic, Diagnostics } from '../diagnostics/Diagnostics.js';
import type { FileSet } from '../emit/FileSet.js';

/** Facts about the run that every hook context carries. */
export interface RunInfo {
  /** Absolute path of the contract. */
  input: string;
  /** Absolute path of the output root. */
  outputRoot: string;
  /** Folder under the output root that generated paths are relative to (default `src`). */
  srcDir: string;
  /** Names of the configured plugins, sorted. */
  plugins: readonly string[];
}

/** Context of a `detect` tap. */
export interface DetectContext {
  run: RunInfo;
  /** Adds a diagnostic; the tap's plugin name is filled in when missing. */
  report(diagnostic: Diagnostic): void;
}

/** Context of an `emit` tap. */
export interface EmitContext {
  run: RunInfo;
  /** The final model after `detect`. Read-only by convention. */
  model: ApiModel;
  /** Where taps add generated files; it answers the same in every run (generate, check, a dry run). */
  files: FileSet;
  /** Adds a diagnostic. */
  report(diagnostic: Diagnostic): void;
}

/** A section a plugin adds to the run report (printed by `inspect`/`check`, and in the HTML report). */
export interface ReportSection {
  /** Plugin that added it. */
  plugin: string;
  title: string;
  /** Lines of plain text. */
  lines: string[];
}

/** Time one plugin's tap spent in one hook. */
export interface HookTiming {
  hook: keyof GeneratorHooks | 'load' | 'normalize';
  /** Plugin name, or `core`. */
  plugin: string;
  /** Milliseconds (fractional). */
  ms: number;
  /**
   * CPU milliseconds of the whole process meanwhile (user + system, `process.cpuUsage()`): on a busy machine the
   * wall time `ms` includes the time others ran, this does not. An async tap's figure includes whatever else the
   * process ran while it waited.
   */
  cpuMs: number;
}

/** The report of a run, passed to the `report` hook and returned by the generator. */
export interface RunReport {
  model: ApiModel;
  diagnostics: Diagnostics;
  sections: ReportSection[];
  /** Per-hook, per-plugin timings collected by core's interceptors. */
  timings: HookTiming[];
  /** Number of generated files. */
  fileCount: number;
}

/** The tapable hook classes the bus uses, by class name (the name `createHooks` looks the constructor up by). */
interface HookClasses<A> {
  SyncHook: SyncHook<A>;
  AsyncSeriesHook: AsyncSeriesHook<A>;
  AsyncSeriesWaterfallHook: AsyncSeriesWaterfallHook<A>;
}

/** Name of a tapable hook class the bus may use. */
export type HookKind = keyof HookClasses<unknown>;

/** Compile-time-only tag of a hook's declared kind; no hook object has this property at run time. */
declare const hookKind: unique symbol;

/**
 * A tapable hook of class `K` with arguments `A`, tagged with `K`. tapable's classes are structurally
 * identical (an `AsyncParallelHook<A>` is assignable to an `AsyncSeriesHook<A>`, an `AsyncSeriesBailHook`
 * to an `AsyncSeriesWaterfallHook`), so without the tag a hook of the wrong kind would type-check. A bare
 * `new AsyncSeriesHook(…)` lacks the tag too: the only way to get one is `createHooks`, which picks the
 * constructor by the tag's name.
 */
export type KindedHook<K extends HookKind, A extends unknown[]> = HookClasses<A>[K] & { readonly [hookKind]: K };

/** The declared kind of a hook of the bus. */
export type HookKindOf<H> = H extends { readonly [hookKind]: infer K extends HookKind } ? K : never;

/**
 * The hook bus. Declared once here, kind included; `createHooks()` builds each hook with the constructor
 * its declared kind names, and a hook of another kind does not compile (see {@link KindedHook}).
 * Plugins only tap; core calls.
 */
export interface GeneratorHooks {
  /**
   * **Kind:** async series waterfall.
   * **When:** after the contract is loaded and normalized.
   * **Args:** `model` (the {@link ApiModel}; `resources` is empty before core's own tap), `ctx` ({@link DetectContext}).
   * **Return:** the (possibly refined) model; a tap that changes nothing returns the model it got.
   * **Previous:** load, normalize. **Next:** `emit`.
   * Core's resource detector taps it first, at `DetectStage.Core`.
   */
  detect: KindedHook<'AsyncSeriesWaterfallHook', [model: ApiModel, ctx: DetectContext]>;
  /**
   * **Kind:** async series.
   * **When:** after `detect`, once.
   * **Args:** `ctx` ({@link EmitContext}): the final model and the {@link FileSet}.
   * **Return:** nothing; taps add files with `ctx.files.add()`. Order comes from `EmitStage`.
   * **Previous:** `detect`. **Next:** `report`.
   */
  emit: KindedHook<'AsyncSeriesHook', [ctx: EmitContext]>;
  /**
   * **Kind:** sync.
   * **When:** last, after `emit`.
   * **Args:** `report` ({@link RunReport}).
   * **Return:** nothing; taps add diagnostics or `report.sections`.
   * **Previous:** `emit`. **Next:** none (the CLI writes, diffs or prints).
   */
  report: KindedHook<'SyncHook', [report: RunReport]>;
}

/** A hook as plugins see it: tap methods only, no `call`, `promise` or `intercept` (and no kind tag). */
export type TapOnly<H> = Omit<H, 'call' | 'callAsync' | 'promise' | 'intercept' | 'taps' | 'interceptors' | typeof hookKind>;

/** The tap-only view of the hook bus given to `Plugin.apply`. */
export type PluginHooks = { readonly [K in keyof GeneratorHooks]: TapOnly<GeneratorHooks[K]> };
