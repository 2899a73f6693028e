import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
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
}

/** Options of {@link acquireLock}. */
export interface LockOptions {
  /** How long to wait for another run before giving up (ms). @default 120000 */
  timeoutMs?: number | undefined;
  /** Called once when the lock is held by another live run and this one starts waiting. */
  onWait?: ((holder: LockHolder) => void) | undefined;
  /** When false, a lock that cannot be created (read-only folder) is skipped: nothing can write there either. @default true */
  required?: boolean | undefined;
}

/** A lock this process holds. */
export interface HeldLock {
  /** True while the lock file is still this run's. */
  held(): boolean;
  /** Removes the lock file if it is still this run's. Idempotent. */
  release(): void;
}

/** A lock file younger than this may still be being written by its holder (empty or torn). */
const TORN_GRACE_MS = 5_000;
const POLL_MS = 100;
/** Tokens of the locks this process holds: a lock file naming this pid but none of them is stale (a reused pid). */
const ownTokens = new Set<string>();

/**
 * Takes the lock of an output root: a file beside the root (never in it) created exclusively, holding the
 * holder's pid, host and a token. While another live process holds it, waits (polling), telling `onWait` once;
 * gives up after `timeoutMs`. A lock whose holder is gone (its pid no longer runs on this host, or an empty
 * lock file older than a few seconds) is stale: it is renamed away, checked to be the one found stale, and
 * removed, then taking is tried again.
 * @param lockPath the lock file (see `outputPaths`)
 * @param root the output root, for messages
 * @param options see {@link LockOptions}
 * @returns the held lock, or undefined when it is not required and its folder cannot be written
 * @throws GeneratorError `RSL_OUTPUT_LOCKED` after the timeout; `RSL_WRITE_FAILED` when the lock cannot be created
 */
export async function acquireLock(lockPath: string, root: string, options: LockOptions = {}): Promise<HeldLock | undefined> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const mine: LockHolder = { pid: process.pid, host: hostname(), at: Date.now(), token: randomUUID() };
  let told = false;
  for (;;) {
    const taken = tryCreate(lockPath, mine, options.required !== false);
    if (taken === 'created') return heldLock(lockPath, mine.token);
    if (taken === 'unwritable') return undefined;
    const found = readHolder(lockPath);
    if (found === 'missing') continue;
    if (found === 'torn' ? lockAge(lockPath) > TORN_GRACE_MS : !alive(found)) {
      breakStale(lockPath, found === 'torn' ? undefined : found.token);
      continue;
    }
    if (Date.now() >= deadline) throw lockedError(lockPath, root, found === 'torn' ? undefined : found, options.timeoutMs ?? 120_000);
    if (!told && found !== 'torn') options.onWait?.(found);
    told = true;
    await sleep(POLL_MS);
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
    if (!required && (code === 'EACCES' || code === 'EROFS' || code === 'EPERM')) return 'unwritable';
    throw new GeneratorError('RSL_WRITE_FAILED', `cannot create the lock ${lockPath}: ${(error as Error).message}`, { cause: error });
  }
}

/** The lock file's holder, `torn` when it is empty or not a holder (being written, or cut by a kill), `missing` when gone. */
function readHolder(lockPath: string): LockHolder | 'torn' | 'missing' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
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
 * which cannot be checked), and it is not this process holding none of its own locks (a reused pid).
 */
function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return ownTokens.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
      if (held()) fsw.unlink(lockPath);
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
