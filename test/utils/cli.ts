// Runs the built CLI (`pnpm build` first) as a child process: colors off, a clean RESLAYER_* environment,
// and a timeout so a hang fails the test instead of blocking it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI, ROOT } from './paths.js';

export { CLI } from './paths.js';

/** What one CLI run produced. */
export interface CliRun {
  /** Exit code; null when the process was killed (e.g. by the timeout). */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the run hit the timeout. */
  timedOut: boolean;
}

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** Working directory (default: the repository root). */
  cwd?: string;
  /** Environment variables to add (e.g. `RESLAYER_PROFILE`). */
  env?: Record<string, string>;
  /** Milliseconds before the run is killed (default 60 s). */
  timeoutMs?: number;
  /** Run as this user id (and the group of the same number); needs root. */
  uid?: number;
}

/**
 * Runs the built CLI synchronously.
 * @param args command-line arguments
 * @param options working directory, extra environment, timeout, user
 */
export function runCli(args: readonly string[], options: RunCliOptions = {}): CliRun {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`pnpm build\` before these tests`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  // Hints name the command as it was run (npm's and pnpm's exec and scripts set these): run it as from a shell.
  for (const name of ['FORCE_COLOR', 'RESLAYER_DEBUG', 'RESLAYER_PROFILE', 'RESLAYER_WRITER_FAULT', 'RESLAYER_WRITER_TRACE', 'npm_command', 'npm_config_user_agent']) delete env[name];
  Object.assign(env, options.env);
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    env,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', timedOut };
}

/**
 * Runs the CLI with `--json` and parses stdout; a run that printed no JSON throws with its stderr.
 * @param args command-line arguments (without `--json`)
 * @param options as for {@link runCli}
 */
export function runCliJson<T = Record<string, unknown>>(args: readonly string[], options: RunCliOptions = {}): CliRun & { json: T } {
  const run = runCli([...args, '--json'], options);
  try {
    return { ...run, json: JSON.parse(run.stdout) as T };
  } catch {
    throw new Error(`reslayer ${args.join(' ')} --json printed no JSON (exit ${String(run.status)}): ${run.stderr.slice(0, 1000)}`);
  }
}
