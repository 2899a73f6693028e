import { statSync } from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { GeneratorError, type ResolvedConfig, findConfig } from '@reslayer/core';
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
  const io = createIO('generate', false);
  const errColors = colorsFor(process.stderr, false);
  const debounceMs = options.debounceMs ?? 50;
  const configFile = args.config !== undefined ? path.resolve(io.cwd, args.config) : args.contract === undefined ? findConfig(io.cwd) : undefined;
  let configs: ResolvedConfig[] | undefined;
  /** Contract files per run input, from the last run that got that far. */
  const contractFiles = new Map<string, string[]>();
  let lastExit = EXIT_OK;

  /** Each watched file's stat as it was before the run that read it (undefined: missing); see {@link statOf}. */
  const before = new Map<string, FileStat | undefined>();
  const noteBefore = (files: readonly string[]) => {
    for (const f of files) if (!before.has(f)) before.set(f, statOf(f));
  };
  let watcher: FSWatcher | undefined;
  let watched = new Set<string>();
  /** Set by Ctrl-C (or the abort signal): a run still under way then arms nothing more. */
  let stopped = false;
  let onChange: (file: string) => void = () => {};
  const filesToWatch = (): Set<string> => {
    const next = new Set<string>();
    if (configFile) next.add(configFile);
    for (const config of configs ?? []) {
      const files = contractFiles.get(config.input) ?? [config.input];
      for (const f of files) if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(f)) next.add(f);
    }
    return next;
  };
  /**
   * Watches the files of the last run: a new set gets a new chokidar watcher, awaited until it has armed
   * every file (its `ready` event), then the old one is closed. Then a file whose stat differs from the one
   * taken before the run read it changed while nothing watched it yet, and counts as changed.
   */
  const updateWatched = async () => {
    if (stopped) return;
    const next = filesToWatch();
    if (next.size !== watched.size || [...next].some((f) => !watched.has(f))) {
      const old = watcher;
      const armed = next.size === 0 ? undefined : await armedWatcher([...next], (file) => onChange(file), watchError, options.watch);
      if (stopped) {
        await armed?.close();
        return;
      }
      watcher = armed;
      await old?.close();
      watched = next;
    }
    for (const [f, was] of before) {
      const now = statOf(f);
      if (watched.has(f) && (was && now ? !sameStat(was, now) : was !== now)) onChange(f);
    }
    before.clear();
  };

  /** A watcher's error (e.g. the system's limit of file watchers): printed, and the watch goes on. */
  const watchError = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    // ENOSPC from inotify: the limit of file watchers, not the disk.
    const hint = (error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC' ? WATCH_LIMIT_HINT : undefined;
    process.stderr.write(`${formatError(new GeneratorError('RSL_WATCH_FAILED', `cannot watch for changes: ${message}`, { ...(hint ? { hint } : {}), cause: error }), errColors)}\n`);
  };

  const runAll = async (reloadConfig: boolean): Promise<void> => {
    let exit = EXIT_OK;
    if (configFile) noteBefore([configFile]);
    if (reloadConfig || configs === undefined) {
      try {
        configs = await resolveCliConfigs(args, io.cwd);
      } catch (error) {
        io.endProgress();
        process.stderr.write(`${formatError(error, errColors)}\n`);
        lastExit = EXIT_USAGE;
        await updateWatched();
        return;
      }
    }
    for (const [i, config] of configs.entries()) {
      if (configs.length > 1) io.out(`${io.colors.bold(`Run ${i + 1}/${configs.length}:`)} ${displayPath(config.input, io.cwd)} → ${io.colors.cyan(displayPath(config.outputRoot, io.cwd))}`);
      noteBefore(contractFiles.get(config.input) ?? [config.input]);
      try {
        const { code, result } = await generateOnce(io, config, { dryRun: false, cache: args.cache });
        if (result.contractFiles.length > 0) contractFiles.set(config.input, result.contractFiles);
        exit = Math.max(exit, code);
      } catch (error) {
        io.endProgress();
        process.stderr.write(`${formatError(error, errColors)}\n`);
        exit = EXIT_USAGE;
      }
    }
    lastExit = exit;
    await updateWatched();
  };

  const stamp = () => new Date().toTimeString().slice(0, 8);
  const waiting = () => {
    const n = watched.size;
    io.out(io.colors.dim(`[${stamp()}] watching ${n} ${n === 1 ? 'file' : 'files'} for changes${lastExit === EXIT_OK ? '' : ' (fix the error above and save)'}; Ctrl-C stops`));
  };

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let queued = false;
  let changedConfig = false;
  const changed = new Set<string>();
  const fire = async () => {
    if (stopped) return;
    if (running) {
      queued = true;
      return;
    }
    running = true;
    const names = [...changed].map((f) => displayPath(f, io.cwd));
    const reload = changedConfig;
    changed.clear();
    changedConfig = false;
    io.out('', io.colors.dim(`[${stamp()}] changed: ${names.join(', ')}`));
    await runAll(reload);
    waiting();
    running = false;
    if (queued) {
      queued = false;
      void fire();
    }
  };
  onChange = (file) => {
    if (stopped) return;
    const abs = path.resolve(file);
    changed.add(abs);
    if (configFile && abs === configFile) changedConfig = true;
    clearTimeout(timer);
    timer = setTimeout(() => void fire(), debounceMs);
  };

  await runAll(true);
  if (watched.size === 0) {
    // Nothing to watch (no config found and no contract given): the error is printed; stop.
    return lastExit;
  }
  waiting();

  return new Promise<number>((resolve) => {
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void (watcher?.close() ?? Promise.resolve()).then(() => resolve(lastExit));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    options.signal?.addEventListener('abort', stop, { once: true });
  });
}

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
