// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): the lock and system
// folders as output roots; and a full disk while the lock is created (where a tmpfs can be mounted).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cleanUp, describeCases, makeProject } from './harness.js';
import { LOCK_ROOT_CASES } from './lockRootCases.js';
import { CLI } from '../utils/cli.js';

describeCases('hostile input: the lock and the output root', LOCK_ROOT_CASES);

describe('hostile input: a full disk when the lock is created', () => {
  afterAll(cleanUp);

  it('ENOSPC while writing the lock: RSL_WRITE_FAILED and no lock file left (in a full 64 KB tmpfs)', () => {
    const p = makeProject('enospc');
    const mnt = path.join(p.root, 'full');
    const script = [
      `mkdir -p '${mnt}'`,
      `mount -t tmpfs -o size=64k tmpfs '${mnt}' || exit 77`,
      `dd if=/dev/zero of='${mnt}/fill' bs=4k >/dev/null 2>&1`,
      `'${process.execPath}' '${CLI}' generate '${p.contract}' --output '${mnt}/out' --json > '${p.root}/run.json'`,
      `echo "exit=$?"`,
      `ls -A '${mnt}'`,
    ].join('\n');
    const r = spawnSync('unshare', ['-rm', 'sh', '-c', script], { encoding: 'utf8', timeout: 60_000 });
    if (r.error || r.status === 77 || /unshare: /.test(r.stderr)) {
      console.warn(`hostile case enospc skipped: cannot mount a tmpfs here (${(r.error?.message ?? r.stderr).trim()})`);
      return;
    }
    expect(r.stdout.split('\n').filter(Boolean)).toEqual(['exit=2', 'fill']);
    const json = JSON.parse(spawnSync('cat', [path.join(p.root, 'run.json')], { encoding: 'utf8' }).stdout) as { error: { code: string; message: string } };
    expect(json.error.code).toBe('RSL_WRITE_FAILED');
    expect(json.error.message).toMatch(/cannot create the lock .*ENOSPC/);
  });
});
