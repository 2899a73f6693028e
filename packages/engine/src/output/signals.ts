import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { recoverJournal } from './commit.js';
import type { HeldLock } from './lock.js';
import type { OutputPaths } from './paths.js';

/** The signals a run cleans up after: Ctrl-C and a polite kill. */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * While a run holds an output root, SIGINT and SIGTERM end it cleanly: the staging folder and what it staged are
 * removed, a commit caught halfway (it cannot be: its renames follow each other in one task) would be rolled
 * back, the lock is released, and the process exits with 128 + the signal's number (130, 143). The writer yields to the
 * event loop every few hundred calls, so a signal is handled within milliseconds of the write.
 * With `exit` false (a read-only run inside a process that stops itself on these signals, as `reslayer mock`'s
 * drift check) the lock is released and the process is left to its own handlers: no exit code of the run's.
 * @param paths the root and its siblings
 * @param lock the run's lock, when it holds one
 * @param exit whether a signal ends the process (default true)
 * @returns a function that removes the handlers (call it when the run ends)
 */
export function guardSignals(paths: OutputPaths, lock: HeldLock | undefined, exit = true): () => void {
  const handlers = SIGNALS.map((signal) => {
    const handler = () => {
      remove();
      try {
        if (existsSync(paths.staging)) recoverJournal(paths.staging);
      } finally {
        lock?.release();
        if (exit) process.exit(128 + constants.signals[signal]);
      }
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const remove = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  return remove;
}
