// Hostile-input cases about output roots a user really has: entries of another user in the root (as `docker run`
// leaves them, owned by root) met by a run of an ordinary user, and a commit that fails halfway.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { type HostileCase, type Project, petContract, put } from './harness.js';
import { runCli } from '../utils/cli.js';
import { CLI } from '../utils/paths.js';

/** The ordinary user the foreign-owner cases run as (`nobody`). */
const NOBODY = 65534;
const GENERATED = 'src/shared/api/generated';
/** The generated file whose text the changed contract changes (`extra` becomes a number). */
const TYPES = `${GENERATED}/components.types.ts`;

/** Why `nobody` cannot run the CLI of this checkout (a folder above it closed to other users, as `mktemp -d` makes one), or undefined. */
let nobodyProblem: string | undefined | null = null;
const nobodyCannotRun = (): string | undefined => {
  if (nobodyProblem !== null) return nobodyProblem;
  const run = spawnSync(process.execPath, [CLI, '--version'], { uid: NOBODY, gid: NOBODY, encoding: 'utf8', timeout: 30_000, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
  const failed = run.error?.message ?? (run.status === 0 ? undefined : `exit ${run.status}: ${run.stderr.trim().split('\n')[0] ?? ''}`);
  nobodyProblem = failed === undefined ? undefined : `user nobody cannot run ${CLI} (${failed}): a folder above the checkout is not open to other users`;
  return nobodyProblem;
};

const needsRoot = (): string | undefined =>
  process.getuid?.() === 0 ? nobodyCannotRun() : 'not running as root: cannot give entries to root and run as another user';

/** A case run by `nobody` in a case folder it owns, after `make` planted root's entries, with a changed contract. */
const asNobody = (name: string, make: (p: Project) => void, rest: Omit<HostileCase, 'name'>): HostileCase => ({
  name,
  user: NOBODY,
  skip: needsRoot,
  // Node's compile cache lives in the shared temporary folder, which belongs to root here.
  env: () => ({ NODE_DISABLE_COMPILE_CACHE: '1' }),
  setup: (p) => {
    put(p.contract, petContract('{ type: integer }'));
    make(p);
  },
  ...rest,
});

/** Gives an entry of the output root to root (uid 0) with this mode. */
const toRoot = (p: Project, rel: string, mode: number): void => {
  chownSync(path.join(p.out, rel), 0, 0);
  chmodSync(path.join(p.out, rel), mode);
};

const typesUpdated = (p: Project) => expect(readFileSync(path.join(p.out, TYPES), 'utf8')).toContain('extra?: number');

/**
 * The number of the writer's call (see `RESLAYER_WRITER_TRACE`) that is a rename halfway through the commit of
 * this case's write, found by tracing the same write into a copy of the root (then removed).
 */
function midCommitCall(p: Project): number {
  const copy = path.join(p.root, 'copy');
  const trace = path.join(p.root, 'trace.txt');
  cpSync(p.out, copy, { recursive: true });
  expect(runCli(['generate', p.contract, '--output', copy], { env: { HOME: p.home, RESLAYER_WRITER_TRACE: trace } }).status).toBe(0);
  const lines = readFileSync(trace, 'utf8').trim().split('\n');
  rmSync(copy, { recursive: true });
  rmSync(path.join(p.root, '.copy.reslayer-lock'), { force: true });
  rmSync(trace);
  const start = lines.findIndex((line) => line.endsWith('/committing') && line.includes(' create '));
  const renames = lines.slice(start).filter((line) => line.split(' ')[1] === 'rename');
  expect(renames.length).toBeGreaterThan(4);
  return Number((renames[Math.floor(renames.length / 2)] as string).split(' ')[0]);
}

/** The call each fault case fails, by case folder. */
const faultAt = new Map<string, number>();

/** Foreign-owned entries in the root and a commit that fails halfway. */
export const ROOT_CASES: HostileCase[] = [
  asNobody(
    'root-owned-folder-in-the-root',
    (p) => {
      put(path.join(p.out, 'data/db.json'), '{}\n');
      toRoot(p, 'data/db.json', 0o600);
      toRoot(p, 'data', 0o700);
    },
    {
      code: null,
      status: 0,
      after: (p) => {
        expect(statSync(path.join(p.out, 'data')).uid).toBe(0);
        typesUpdated(p);
      },
    },
  ),
  asNobody(
    'root-owned-read-only-file-in-the-root',
    (p) => {
      put(path.join(p.out, 'notes.txt'), 'mine\n');
      toRoot(p, 'notes.txt', 0o444);
    },
    { code: null, status: 0, after: (p) => [typesUpdated(p), expect(readFileSync(path.join(p.out, 'notes.txt'), 'utf8')).toBe('mine\n')] },
  ),
  asNobody('root-owned-generated-file-is-replaced', (p) => toRoot(p, TYPES, 0o644), {
    code: null,
    status: 0,
    after: (p) => [typesUpdated(p), expect(statSync(path.join(p.out, TYPES)).uid).toBe(NOBODY)],
  }),
  asNobody('root-owned-generated-folder-is-named-before-anything', (p) => toRoot(p, GENERATED, 0o755), {
    code: 'RSL_WRITE_FAILED',
    status: 2,
    says: /src\/shared\/api\/generated \(owner uid 0, mode 755\)[\s\S]*nothing was written[\s\S]*chown/,
  }),
  asNobody('root-owned-root-folder', (p) => toRoot(p, '', 0o755), {
    code: 'RSL_WRITE_FAILED',
    status: 2,
    says: /cannot write: \. \(owner uid 0, mode 755\)/,
  }),
  {
    name: 'commit-fails-halfway-root-byte-identical',
    setup: (p) => {
      put(p.contract, petContract('{ type: integer }'));
      faultAt.set(p.root, midCommitCall(p));
    },
    env: (p) => ({ RESLAYER_WRITER_FAULT: `fail:${faultAt.get(p.root)}` }),
    code: 'RSL_WRITE_FAILED',
    status: 2,
    says: /injected at writer call \d+\), rename/,
  },
  {
    name: 'new-folders-in-a-root-with-a-user-subtree',
    setup: (p) => {
      rmSync(path.join(p.out, 'src/shared/mocks'), { recursive: true });
      mkdirSync(path.join(p.out, 'src/mine'), { recursive: true });
      put(path.join(p.out, 'src/mine/a.ts'), 'export const a = 1;\n');
    },
    code: null,
    status: 0,
    after: (p) => expect(readFileSync(path.join(p.out, 'src/mine/a.ts'), 'utf8')).toBe('export const a = 1;\n'),
  },
];
