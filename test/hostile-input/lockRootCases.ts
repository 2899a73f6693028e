// Hostile-input cases about the output root's lock (a lock path of every kind, stale locks) and output roots that
// are system folders.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { noFifo, type HostileCase, type Project } from './harness.js';

/** The lock of the output root `project/out`: `project/.out.reslayer-lock`. */
export const lockOf = (p: Project) => path.join(p.project, '.out.reslayer-lock');

const LOCKED = 'RSL_OUTPUT_LOCKED';
const UNSAFE = 'RSL_OUTPUT_ROOT_UNSAFE';

/** A lock-path case refused at once, naming the lock and what to remove. */
const badLock = (name: string, make: (p: Project) => void, skip?: () => string | undefined): HostileCase => ({
  name,
  setup: make,
  code: LOCKED,
  status: 2,
  says: /\.out\.reslayer-lock[\s\S]*Remove .*\.out\.reslayer-lock/,
  ...(skip ? { skip } : {}),
});

/** A stale-lock case: the run takes the lock over and succeeds; the lock is gone afterwards. */
const staleLock = (name: string, holder: (p: Project) => string, old = false): HostileCase => ({
  name,
  setup: (p) => {
    writeFileSync(lockOf(p), holder(p));
    if (old) utimesSync(lockOf(p), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  },
  code: null,
  status: 0,
  changes: (p) => [lockOf(p)],
  after: (p) => expect(spawnSync('test', ['-e', lockOf(p)]).status).not.toBe(0),
});

/** A pid no process has now: a child that has exited. */
const deadPid = (): number => Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));

/** `generate <contract> --output <root> --json`. */
const outputTo = (root: (p: Project) => string) => (p: Project) => ['generate', p.contract, '--output', root(p), '--json'];

/** Lock paths that are no readable regular file, stale locks, and system folders as output roots. */
export const LOCK_ROOT_CASES: HostileCase[] = [
  badLock('lock-path-is-a-folder', (p) => mkdirSync(lockOf(p))),
  badLock('lock-path-is-a-dangling-link', (p) => symlinkSync(path.join(p.root, 'nowhere'), lockOf(p))),
  badLock('lock-path-links-to-the-secret', (p) => symlinkSync(p.secretFile, lockOf(p))),
  badLock('lock-path-is-a-fifo', (p) => execFileSync('mkfifo', [lockOf(p)]), noFifo),
  staleLock('lock-left-by-a-dead-process', () => JSON.stringify({ pid: deadPid(), host: hostname(), at: Date.now(), token: 'dead' })),
  staleLock('lock-left-by-an-oom-killed-run-pid-reused', () => JSON.stringify({ pid: 1, host: hostname(), at: Date.now(), token: 'killed', start: -1 })),
  staleLock('lock-empty-and-old', () => '', true),
  { name: 'output-root-tmp', args: outputTo(() => '/tmp'), code: UNSAFE, status: 2, says: /system folder/ },
  { name: 'output-root-opt', args: outputTo(() => '/opt'), code: UNSAFE, status: 2, says: /system folder/ },
  { name: 'output-root-usr', args: outputTo(() => '/usr'), code: UNSAFE, status: 2, says: /system folder/ },
  { name: 'output-root-var', args: outputTo(() => '/var'), code: UNSAFE, status: 2, says: /system folder/ },
  { name: 'output-root-etc', args: outputTo(() => '/etc'), code: UNSAFE, status: 2, says: /system folder/ },
  { name: 'output-root-srv-not-existing-yet', args: outputTo(() => '/reslayer-no-such-top-level-folder'), code: UNSAFE, status: 2, says: /system folder/ },
  {
    name: 'output-root-is-the-temporary-folder',
    setup: (p) => mkdirSync(path.join(p.root, 'tmpdir')),
    env: (p) => ({ TMPDIR: path.join(p.root, 'tmpdir') }),
    // Node keeps its compile cache in the temporary folder: that is the one thing the refused run may write.
    changes: (p) => [path.join(p.root, 'tmpdir/node-compile-cache')],
    args: outputTo((p) => path.join(p.root, 'tmpdir')),
    code: UNSAFE,
    status: 2,
    says: /is the temporary folder/,
  },
  {
    name: 'output-root-links-to-tmp',
    setup: (p) => symlinkSync('/tmp', path.join(p.project, 'generated')),
    args: outputTo((p) => path.join(p.project, 'generated')),
    code: UNSAFE,
    status: 2,
    says: /system folder/,
  },
];
