// Every call by which the engine changes the disk: the lock, the staging folder, the commit, the cleanup. They go
// through here, counted, so that a test can fail or kill the writer at any one of them (docs/engine.md, "Testing
// the writer"). Nothing here reads.
import { appendFileSync, linkSync, mkdirSync, renameSync, rmSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Test-only: `fail:<n>` makes the n-th call of this process throw an `EIO` error instead of acting;
 * `kill:<n>` kills the process (SIGKILL) right before it. Unset in normal use.
 */
export const FAULT_ENV = 'RESLAYER_WRITER_FAULT';
/** Test-only: a file that receives one line per call (`<n> <call> <path>`), so a test knows every step. */
export const TRACE_ENV = 'RESLAYER_WRITER_TRACE';

const fault = /^(fail|kill):(\d+)$/.exec(process.env[FAULT_ENV] ?? '');
const trace = process.env[TRACE_ENV];
let calls = 0;

/** Counts one call; injects the configured fault when it is the one. */
function step(call: string, target: string): void {
  calls++;
  if (trace) appendFileSync(trace, `${calls} ${call} ${target}\n`);
  if (!fault || Number(fault[2]) !== calls) return;
  if (fault[1] === 'kill') process.kill(process.pid, 'SIGKILL');
  throw Object.assign(new Error(`EIO: i/o error (injected at writer call ${calls}), ${call} '${target}'`), { code: 'EIO' });
}

/** The engine's changing file-system calls (synchronous; see the file's comment). */
export const fsw = {
  /** Creates one folder (its parent must exist). */
  mkdir(abs: string): void {
    step('mkdir', abs);
    mkdirSync(abs);
  },
  /** Creates a folder and its missing parents. */
  mkdirp(abs: string): void {
    step('mkdirp', abs);
    mkdirSync(abs, { recursive: true });
  },
  /** Creates a new file with this text; fails when something is at the path (`wx`). */
  create(abs: string, text: string): void {
    step('create', abs);
    writeFileSync(abs, text, { flag: 'wx' });
  },
  /** A second hard link to a file (or a FIFO, socket or device: `link` never opens it). */
  link(from: string, to: string): void {
    step('link', to);
    linkSync(from, to);
  },
  /** Renames (atomically, within one file system). */
  rename(from: string, to: string): void {
    step('rename', `${from} -> ${to}`);
    renameSync(from, to);
  },
  /** Removes a file (not a folder); a missing one is fine. */
  unlink(abs: string): void {
    step('unlink', abs);
    try {
      unlinkSync(abs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  },
  /** Removes an empty folder (fails when it holds anything). */
  rmdir(abs: string): void {
    step('rmdir', abs);
    rmdirSync(abs);
  },
  /** Removes a folder and everything in it; a missing one is fine. */
  removeTree(abs: string): void {
    step('rm', abs);
    rmSync(abs, { recursive: true, force: true });
  },
};
