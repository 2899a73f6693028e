// Types of runtime-server.mjs (starts and stops `reslayer mock`).
import type { ChildProcess } from 'node:child_process';

/** The built CLI entry. */
export declare const CLI: string;

/** A running `reslayer mock`. */
export interface RunningMock {
  /** The URL it listens on, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Milliseconds from the spawn to its first line. */
  startMs: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  output: { stdout: string; stderr: string };
  /** Sends SIGTERM and resolves with how it exited. */
  stop(): Promise<{ code: number | null; signal: string | null }>;
}

/** Starts `reslayer mock <args> --port 0 --json` and waits until it listens. */
export declare function startMock(args: string[], options?: { cwd?: string; timeoutMs?: number }): Promise<RunningMock>;
