import { statSync } from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { GeneratorError } from '@reslayer/core';
import { type ResolvedConfig, findConfig } from '@reslayer/core/host';
import { EXIT_OK, EXIT_USAGE, colorsFor, formatError } from '../format/formatError.js';
import { displayPath, resolveCliConfigs } from '../format/resolveCliConfig.js';
import { createIO } from './context.js';
import { type GenerateArgs, generateOnce } from './generate.js';

/** The hint of a watcher's ENOSPC: on Linux, the system's limit of inotify watches is reached. */
const WATCH_LIMIT_HINT =
  "The system's limit of file watchers is reached: raise it (on Linux, `sysctl fs.inotify.max_user_watches=524288`) or close other tools that watch files, then restart the watch.";

/** Options of {@link runWatch} (tests). */
export interface WatchOptions {
  /** Quiet time after the last change before regenerating, in milliseconds. @default 50 */
  debounceMs?: number | undefined;
  /** Stops watching when aborted (besides SIGINT and SIGTERM). */
  signal?: AbortSignal | undefined;
  /** Creates the file watcher (chokidar's `watch` when not given). */
  watch?: WatchFactory | undefined;
}

/** chokidar's `watch(paths, options)`, or a stand-in with the same events (`ready`, `all`, `error`) and `close()`. */
export type WatchFactory = (paths: string[], options: { ignoreInitial: boolean; awaitWriteFinish: boolean }) => FSWatcher;

/**
 * `reslayer generate --watch`: generates once, then watches the config file and every file of every
 * run's contract (a multi-file contract's `$ref`d files too, as core's generate reports them) with
 * chokidar, and regenerates after a change (debounced; changes during a run queue one more run). The engine's
 * write rewrites only files whose contents changed, and each run holds the output root like any `generate`. An
 * error (invalid contract, broken config, write failure) is printed and the watch goes on: the next save runs
 * again. A change to the config file reloads it. Stops on SIGINT or SIGTERM.
 * @param args parsed command-line arguments (`--json` and `--dry-run` are refused by the command line)
 * @param options see {@link WatchOptions}
 * @returns 0 when stopped after a clean last run, 2 when the last run failed to load or write
 */
export async function runWatch(args: GenerateArgs, options: WatchOptions = {}): Promise<number> {
  return new Watch(args, options).start();
}

/** The state of one `generate --watch` (see {@link runWatch}): the configs, the watched files, the debounced runs. */
class Watch {
  readonly io = createIO('generate', false, false);
  readonly errColors = colorsFor(process.stderr, false);
  readonly configFile: string | undefined;
  configs: ResolvedConfig[] | undefined;
  /** Contract files per run input, from the last run that got that far. */
  readonly contractFiles = new Map<string, string[]>();
  lastExit = EXIT_OK;
  /** Each watched file's stat as it was before the run that read it (undefined: missing); see {@link statOf}. */
  readonly before = new Map<string, FileStat | undefined>();
  watcher: FSWatcher | undefined;
  watched = new Set<string>();
  /** Set by Ctrl-C (or the abort signal): a run still under way then arms nothing more. */
  stopped = false;
  timer: NodeJS.Timeout | undefined;
  running = false;
  queued = false;
  changedConfig = false;
  readonly changed = new Set<string>();

  constructor(
    readonly args: GenerateArgs,
    readonly options: WatchOptions,
  ) {
    const { cwd } = this.io;
    this.configFile = args.config !== undefined ? path.resolve(cwd, args.config) : args.contract === undefined ? findConfig(cwd) : undefined;
  }

  /** Runs once, then watches until SIGINT, SIGTERM or the abort signal; resolves with the last run's exit code. */
  async start(): Promise<number> {
    await this.runAll(true);
    // Nothing to watch (no config found and no contract given): the error is printed; stop.
    if (this.watched.size === 0) return this.lastExit;
    this.waiting();
    return new Promise<number>((resolve) => {
      const stop = () => {
        this.stopped = true;
        clearTimeout(this.timer);
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void (this.watcher?.close() ?? Promise.resolve()).then(() => resolve(this.lastExit));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      this.options.signal?.addEventListener('abort', stop, { once: true });
    });
  }

  noteBefore(files: readonly string[]): void {
    for (const f of files) if (!this.before.has(f)) this.before.set(f, statOf(f));
  }

  filesToWatch(): Set<string> {
    const next = new Set<string>();
    if (this.configFile) next.add(this.configFile);
    for (const config of this.configs ?? []) {
      const files = this.contractFiles.get(config.input) ?? [config.input];
      for (const f of files) if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(f)) next.add(f);
    }
    return next;
  }

  /**
   * Watches the files of the last run: a new set gets a new chokidar watcher, awaited until it has armed
   * every file (its `ready` event), then the old one is closed. Then a file whose stat differs from the one
   * taken before the run read it changed while nothing watched it yet, and counts as changed.
   */
  async updateWatched(): Promise<void> {
    if (this.stopped) return;
    const next = this.filesToWatch();
    if (next.size !== this.watched.size || [...next].some((f) => !this.watched.has(f))) {
      const old = this.watcher;
      const armed = next.size === 0 ? undefined : await armedWatcher([...next], (file) => this.onChange(file), (e) => this.watchError(e), this.options.watch);
      if (this.stopped) {
        await armed?.close();
        return;
      }
      this.watcher = armed;
      await old?.close();
      this.watched = next;
    }
    for (const [f, was] of this.before) {
      const now = statOf(f);
      if (this.watched.has(f) && (was && now ? !sameStat(was, now) : was !== now)) this.onChange(f);
    }
    this.before.clear();
  }

  /** A watcher's error (e.g. the system's limit of file watchers): printed, and the watch goes on. */
  watchError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    // ENOSPC from inotify: the limit of file watchers, not the disk.
    const hint = (error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC' ? WATCH_LIMIT_HINT : undefined;
    process.stderr.write(`${formatError(new GeneratorError('RSL_WATCH_FAILED', `cannot watch for changes: ${message}`, { ...(hint ? { hint } : {}), cause: error }), this.errColors)}\n`);
  }

  /** One round: (re)loads the config when asked, generates every run, then watches the files they read. */
  async runAll(reloadConfig: boolean): Promise<void> {
    const { io, args } = this;
    if (this.configFile) this.noteBefore([this.configFile]);
    if (reloadConfig || this.configs === undefined) {
      try {
        this.configs = await resolveCliConfigs(args, io.cwd);
      } catch (error) {
        io.endProgress();
        process.stderr.write(`${formatError(error, this.errColors)}\n`);
        this.lastExit = EXIT_USAGE;
        await this.updateWatched();
        return;
      }
    }
    let exit = EXIT_OK;
    for (const [i, config] of this.configs.entries()) {
      if (this.configs.length > 1) io.out(`${io.colors.bold(`Run ${i + 1}/${this.configs.length}:`)} ${displayPath(config.input, io.cwd)} → ${io.colors.cyan(displayPath(config.outputRoot, io.cwd))}`);
      this.noteBefore(this.contractFiles.get(config.input) ?? [config.input]);
      try {
        const { code, result } = await generateOnce(io, config, { dryRun: false, cache: args.cache });
        if (result.contractFiles.length > 0) this.contractFiles.set(config.input, result.contractFiles);
        exit = Math.max(exit, code);
      } catch (error) {
        io.endProgress();
        process.stderr.write(`${formatError(error, this.errColors)}\n`);
        exit = EXIT_USAGE;
      }
    }
    this.lastExit = exit;
    await this.updateWatched();
  }

  waiting(): void {
    const n = this.watched.size;
    const fix = this.lastExit === EXIT_OK ? '' : ' (fix the error above and save)';
    this.io.out(this.io.colors.dim(`[${stamp()}] watching ${n} ${n === 1 ? 'file' : 'files'} for changes${fix}; Ctrl-C stops`));
  }

  /** Runs after the debounce: one round at a time, a change during a round queues one more. */
  async fire(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.queued = true;
      return;
    }
    this.running = true;
    const names = [...this.changed].map((f) => displayPath(f, this.io.cwd));
    const reload = this.changedConfig;
    this.changed.clear();
    this.changedConfig = false;
    this.io.out('', this.io.colors.dim(`[${stamp()}] changed: ${names.join(', ')}`));
    await this.runAll(reload);
    this.waiting();
    this.running = false;
    if (this.queued) {
      this.queued = false;
      void this.fire();
    }
  }

  onChange(file: string): void {
    if (this.stopped) return;
    const abs = path.resolve(file);
    this.changed.add(abs);
    if (this.configFile && abs === this.configFile) this.changedConfig = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fire(), this.options.debounceMs ?? 50);
  }
}

const stamp = () => new Date().toTimeString().slice(0, 8);

/** What a save changes of a file: its size, modification and change time and inode. */
type FileStat = { size: number; mtimeMs: number; ctimeMs: number; ino: number };

/**
 * A file's stat (size, modification and change time, inode), or undefined when it can't be stat'ed. A save,
 * in place or by rename, changes it.
 * @param file absolute path
 */
function statOf(file: string): FileStat | undefined {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats && { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
  } catch {
    return undefined;
  }
}

const sameStat = (a: FileStat, b: FileStat) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/**
 * A chokidar watcher over `files` that reports every event's file to `onEvent`, resolved once chokidar has
 * armed every file (its `ready` event: each file stat'ed and its `fs.watch` set up, a missing file's
 * folder watched instead). Printing "watching" before that would miss a save made right after it.
 * @param files absolute paths
 * @param onEvent called with the path chokidar reports
 * @param onError called with each error the watcher reports (without a listener it would end the process)
 * @param factory creates the watcher (chokidar's `watch` when undefined)
 */
async function armedWatcher(files: string[], onEvent: (file: string) => void, onError: (error: unknown) => void, factory: WatchFactory | undefined): Promise<FSWatcher> {
  const watch = factory ?? (await import('chokidar')).watch;
  const watcher = watch(files, { ignoreInitial: true, awaitWriteFinish: false });
  watcher.on('error', onError);
  watcher.on('all', (_event, file) => onEvent(file));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}
