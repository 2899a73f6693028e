// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): entries of another user in
// the output root and a commit that fails halfway; then a shell and a process whose folder is the root, and roots
// that are mount points or hold one (where a tmpfs can be mounted in a user namespace).
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cleanUp, describeCases, makeProject, petContract, put, treeState } from './harness.js';
import { ROOT_CASES } from './rootCases.js';
import { CLI, runCli } from '../utils/cli.js';

describeCases('hostile input: roots a user really has', ROOT_CASES);

describe('hostile input: the root is the working folder of a shell and of a running process', () => {
  afterAll(cleanUp);

  it('generate --output . from inside the root: the root keeps its inode, the shell and a waiting process still work there', async () => {
    const p = makeProject('cwd');
    expect(runCli(['generate', p.contract, '--output', p.out], { env: { HOME: p.home } }).status).toBe(0);
    const ino = lstatSync(p.out).ino;
    put(p.contract, petContract('{ type: integer }'));
    const outside = treeState(p.root, [p.out]);
    // A process whose folder is the root (a dev server, a watcher): it reads its folder after the write.
    const watcher = spawn(process.execPath, ['-e', "process.stdin.once('data', () => { console.log(JSON.stringify({ cwd: process.cwd(), ino: require('fs').statSync('.').ino, manifest: require('fs').existsSync('.reslayer-manifest.json') })); process.exit(0); })"], { cwd: p.out, stdio: ['pipe', 'pipe', 'inherit'] });
    let said = '';
    watcher.stdout.on('data', (d: Buffer) => (said += d.toString()));
    const script = `cd '${p.out}' && '${process.execPath}' '${CLI}' generate '${p.contract}' --output . --json > /dev/null; echo "exit=$?"; /bin/pwd -P; ls -A | head -1`;
    const shell = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, HOME: p.home, NO_COLOR: '1' } });
    expect(shell.stderr).not.toMatch(/getcwd|cannot access/);
    expect(shell.stdout.trim().split('\n')).toEqual(['exit=0', p.out, '.reslayer-manifest.json']);
    watcher.stdin.write('go\n');
    // 'close', not 'exit': the line it printed may still be in the pipe when 'exit' fires.
    await new Promise((resolve) => watcher.once('close', resolve));
    expect(JSON.parse(said)).toEqual({ cwd: p.out, ino, manifest: true });
    expect(lstatSync(p.out).ino).toBe(ino);
    expect(readFileSync(path.join(p.out, 'src/shared/api/generated/components.types.ts'), 'utf8')).toContain('extra?: number');
    expect(treeState(p.root, [p.out])).toBe(outside);
  });
});

/**
 * Runs a shell script as root of a new user and mount namespace (`unshare -rm`), where tmpfs can be mounted;
 * undefined (with a warning) where this machine cannot.
 */
function inMountNamespace(name: string, script: string): string[] | undefined {
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', `set -e\n${script}`], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  if (r.error || r.status === 77 || /unshare: /.test(r.stderr)) {
    console.warn(`hostile case ${name} skipped: cannot mount a tmpfs here (${(r.error?.message ?? r.stderr).trim()})`);
    return undefined;
  }
  expect([r.status, r.stderr]).toEqual([0, '']);
  return r.stdout.trim().split('\n');
}

describe('hostile input: mount points', () => {
  afterAll(cleanUp);
  const gen = (p: ReturnType<typeof makeProject>, contract: string, root: string) => `'${process.execPath}' '${CLI}' generate '${contract}' --output '${root}' --json > /dev/null 2>>'${p.root}/err.txt'; echo "exit=$?"`;

  it('a root that is a mount point (a Docker volume, a tmpfs): written twice, still the same mounted folder, nothing left in it', () => {
    const p = makeProject('mount-root');
    const mnt = path.join(p.project, 'vol');
    const v2 = path.join(p.api, 'v2.yaml');
    put(v2, petContract('{ type: integer }'));
    const outside = treeState(p.root, [mnt]);
    const lines = inMountNamespace('mount-root', [
      `mkdir -p '${mnt}'`,
      `mount -t tmpfs tmpfs '${mnt}' || exit 77`,
      `before=$(stat -c '%d %i' '${mnt}')`,
      gen(p, p.contract, mnt),
      gen(p, v2, mnt),
      `[ "$(stat -c '%d %i' '${mnt}')" = "$before" ] && echo same-mount`,
      `ls -A '${mnt}'`,
      `grep -c 'extra?: number' '${mnt}/src/shared/api/generated/components.types.ts'`,
    ].join('\n'));
    if (!lines) return;
    expect(lines).toEqual(['exit=0', 'exit=0', 'same-mount', '.reslayer-manifest.json', 'src', '1']);
    expect(treeState(p.root, [mnt, path.join(p.root, 'err.txt')])).toBe(outside);
  });

  it('a mount point inside the root stays where it is: user files on it are kept, generated files on it are written', () => {
    const p = makeProject('mount-inside');
    expect(runCli(['generate', p.contract, '--output', p.out], { env: { HOME: p.home } }).status).toBe(0);
    put(p.contract, petContract('{ type: integer }'));
    const data = path.join(p.out, 'data');
    // A mount over a generated folder hides its files: the run writes them anew into the mounted folder.
    const mocks = path.join(p.out, 'src/shared/mocks/pets');
    put(path.join(data, '.keep'), '');
    const lines = inMountNamespace('mount-inside', [
      `mount -t tmpfs tmpfs '${data}' || exit 77`,
      `mount -t tmpfs tmpfs '${mocks}' || exit 77`,
      `echo mine > '${data}/db.json'`,
      `dev=$(stat -c %d '${data}')`,
      gen(p, p.contract, p.out),
      `[ "$(stat -c %d '${data}')" = "$dev" ] && echo still-mounted`,
      `cat '${data}/db.json'`,
      `echo $(ls -A '${mocks}')`,
      `'${process.execPath}' '${CLI}' check '${p.contract}' --output '${p.out}' > /dev/null; echo "check=$?"`,
    ].join('\n'));
    if (!lines) return;
    expect(lines).toEqual(['exit=0', 'still-mounted', 'mine', 'index.ts pets.fixtures.ts pets.handlers.ts pets.scenarios.ts', 'check=0']);
    expect(readdirSync(p.project).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });
});
