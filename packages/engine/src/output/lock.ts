import { randomUUID } from 'node:crypto';
import { lstatSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GeneratorError } from '@reslayer/core';
import { fsw } from './fsOps.js';

/** What a lock file holds: who holds the output root, since when. */
export interface LockHolder {
  pid: number;
  host: string;
  /** `Date.now()` when it was taken. */
  at: number;
  /** Unique per taking, so a holder can tell its own lock from a later one. */
  token: string;
  /**
   * When the holding process started, in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22), where
   * known: a process of that pid that started at another time is not the holder (a reused pid, after a kill).
   */
  start?: number | undefined;
}

/** Options of {@link acquireLock}. */
export interface LockOptions {
  /** How long to wait for another run before giving up (ms). @default 120000 */
  timeoutMs?: number | undefined;
  /**
   * Called when the lock is held by another live run and this one starts waiting, then again every
   * {@link WAIT_NOTICE_MS} while it waits, with the milliseconds waited so far. `holder` is undefined while the
   * lock file is being written (empty).
   */
  onWait?: ((holder: LockHolder | undefined, waitedMs: number) => void) | undefined;
  /** When false, a lock that cannot be created (read-only folder) is skipped: nothing can write there either. @default true */
  required?: boolean | undefined;
}

/** A lock this process holds. */
export interface HeldLock {
  /** True while the lock file is still this run's. */
  held(): boolean;
  /** Removes the lock file if it is still this run's (best effort: a lock it fails to remove is stale once the process ends). Idempotent. */
  release(): void;
}

/** A lock file younger than this may still be being written by its holder (empty or torn). */
const TORN_GRACE_MS = 5_000;
const POLL_MS = 100;
/** How often a waiting run says that it still waits (ms). */
export const WAIT_NOTICE_MS = 5_000;
/** Tokens of the locks this process holds: a lock file naming this pid but none of them is stale (a reused pid). */
const ownTokens = new Set<string>();

/**
 * Takes the lock of an output root: a file beside the root (never in it) created exclusively, holding the
 * holder's pid, host, start time and a token. While another live process holds it, waits (polling), telling
 * `onWait` at once and every {@link WAIT_NOTICE_MS}; gives up after `timeoutMs`, whatever it finds meanwhile. A
 * lock whose holder is gone (its pid no longer runs on this host, or runs a process that started at another
 * time, as after an out-of-memory kill, or an empty lock file older than a few seconds) is stale: it is renamed
 * away, checked to be the one found stale, and removed, then taking is tried again. A lock path that is not a
 * regular file this run can read (a folder, a link, a FIFO, an unreadable file) is refused at once.
 * @param lockPath the lock file (see `outputPaths`)
 * @param root the output root, for messages
 * @param options see {@link LockOptions}
 * @returns the held lock, or undefined when it is not required and its folder cannot be written
 * @throws GeneratorError `RSL_OUTPUT_LOCKED` after the timeout, or at once for a lock path that is no readable
 *   regular file (naming it and what to remove); `RSL_WRITE_FAILED` when the lock cannot be created (no lock
 *   file is left behind)
 */
export async function acquireLock(lockPath: string, root: string, options: LockOptions = {}): Promise<HeldLock | undefined> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const started = Date.now();
  const mine: LockHolder = { pid: process.pid, host: hostname(), at: started, token: randomUUID(), start: processStart(process.pid) };
  let toldAt: number | undefined;
  for (;;) {
    assertLockFile(lockPath, root);
    const taken = tryCreate(lockPath, mine, options.required !== false);
    if (taken === 'created') return heldLock(lockPath, mine.token);
    if (taken === 'unwritable') return undefined;
    const found = readHolder(lockPath, root);
    const stale = found !== 'missing' && (found === 'torn' ? lockAge(lockPath) > TORN_GRACE_MS : !alive(found));
    if (stale) breakStale(lockPath, found === 'torn' ? undefined : found.token);
    const waited = Date.now() - started;
    if (waited >= timeoutMs) throw lockedError(lockPath, root, found === 'torn' || found === 'missing' ? undefined : found, timeoutMs);
    if (stale || found === 'missing') {
      await sleep(10);
      continue;
    }
    if (toldAt === undefined || waited - toldAt >= WAIT_NOTICE_MS) {
      toldAt = waited;
      options.onWait?.(found === 'torn' ? undefined : found, waited);
    }
    await sleep(POLL_MS);
  }
}

/**
 * Refuses a lock path that exists but is no regular file (a folder, a symbolic link, a FIFO, a socket, a device):
 * creating it exclusively would fail for ever, and reading it would block or fail.
 */
function assertLockFile(lockPath: string, root: string): void {
  const stats = lstatSync(lockPath, { throwIfNoEntry: false });
  if (!stats || stats.isFile()) return;
  const kind = stats.isSymbolicLink() ? 'a symbolic link' : stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a FIFO (named pipe)' : 'not a regular file';
  throw unusableLock(lockPath, root, `is ${kind}, not a lock file`);
}

function unusableLock(lockPath: string, root: string, what: string): GeneratorError {
  return new GeneratorError('RSL_OUTPUT_LOCKED', `the lock of the output root ${root}, ${lockPath}, ${what}`, {
    file: lockPath,
    hint: `reslayer keeps its lock in that file beside the output root. Remove ${lockPath} (no reslayer run left it there) and run again.`,
  });
}

/** When a process started, in clock ticks since boot (`/proc/<pid>/stat`, field 22), or undefined where unknown. */
function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file exclusively: `created`, `exists`, or `unwritable` (not required, and its folder cannot be written). */
function tryCreate(lockPath: string, mine: LockHolder, required: boolean): 'created' | 'exists' | 'unwritable' {
  try {
    fsw.mkdirp(path.dirname(lockPath));
    fsw.create(lockPath, `${JSON.stringify(mine)}\n`);
    ownTokens.add(mine.token);
    return 'created';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'exists';
    removePartial(lockPath, `${JSON.stringify(mine)}\n`);
    if (!required && (code === 'EACCES' || code === 'EROFS' || code === 'EPERM')) return 'unwritable';
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot create the lock ${lockPath}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Removes what a create that failed after opening the file left (ENOSPC or EIO while writing): a file holding
 * a beginning of this run's lock text, the empty file included. Another run's lock holds another token.
 */
function removePartial(lockPath: string, text: string): void {
  try {
    const left = readFileSync(lockPath, 'utf8');
    if (text.startsWith(left)) fsw.unlink(lockPath);
  } catch {
    // nothing was left
  }
}

/**
 * The lock file's holder, `torn` when it is empty or not a holder (being written, or cut by a kill), `missing` when gone.
 * @param root the output root, when a lock that cannot be read is refused (else it reads as `missing`)
 */
function readHolder(lockPath: string, root?: string): LockHolder | 'torn' | 'missing' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (root !== undefined && code !== 'ENOENT') throw unusableLock(lockPath, root, `cannot be read (${code ?? (error as Error).message})`);
    return 'missing';
  }
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.at === 'number' && typeof h.token === 'string') return h as LockHolder;
  } catch {
    // torn
  }
  return 'torn';
}

function lockAge(lockPath: string): number {
  const stats = statSync(lockPath, { throwIfNoEntry: false });
  return stats ? Date.now() - stats.mtimeMs : 0;
}

/**
 * True while the holder may still run: a process of that pid exists on this host (or the lock is another host's,
 * which cannot be checked), it started when the holder did (where both are known), and it is not this process
 * holding none of its own locks (a reused pid).
 */
function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return ownTokens.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = typeof holder.start === 'number' ? processStart(holder.pid) : undefined;
  return start === undefined || start === holder.start;
}

/**
 * Removes a stale lock without removing a live one taken meanwhile: the file is renamed away first (one run wins
 * the rename), then checked to hold the stale token (or, for a torn lock, to be torn still); a live lock taken in
 * between is put back.
 */
function breakStale(lockPath: string, staleToken: string | undefined): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID().slice(0, 8)}`;
  try {
    fsw.rename(lockPath, aside);
  } catch {
    return; // another run broke it first
  }
  const found = readHolder(aside);
  const wasStale = found === 'torn' ? staleToken === undefined : found !== 'missing' && found.token === staleToken;
  if (!wasStale) {
    try {
      fsw.link(aside, lockPath);
    } catch {
      // the root was locked again meanwhile: that run holds it; the one put aside learns it from held()
    }
  }
  fsw.unlink(aside);
}

function heldLock(lockPath: string, token: string): HeldLock {
  const held = () => {
    const h = readHolder(lockPath);
    return h !== 'torn' && h !== 'missing' && h.token === token;
  };
  let released = false;
  return {
    held,
    release() {
      if (released) return;
      released = true;
      ownTokens.delete(token);
      try {
        if (held()) fsw.unlink(lockPath);
      } catch {
        // left behind: its holder is gone once this process ends, so the next run finds it stale
      }
    },
  };
}

function lockedError(lockPath: string, root: string, holder: LockHolder | undefined, timeoutMs: number): GeneratorError {
  const who = holder ? `another reslayer run (pid ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, since ${new Date(holder.at).toISOString()})` : 'another reslayer run';
  return new GeneratorError('RSL_OUTPUT_LOCKED', `${who} holds the output root ${root}; gave up waiting after ${Math.round(timeoutMs / 1000)} s`, {
    file: lockPath,
    hint: `Let that run finish (or stop it) and run again. If no such run exists, remove ${lockPath}.`,
  });
}
