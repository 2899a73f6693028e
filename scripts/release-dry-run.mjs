#!/usr/bin/env node
// lerna's release flow as a dry run (`pnpm release:dry-run`, run by CI): in a throwaway clone of this
// repository under os.tmpdir() (the working tree here is never touched), with the uncommitted changes of the
// working tree committed on top, it runs
//
//   lerna version --conventional-commits --no-git-tag-version --no-push --yes
//
// which picks the next version from the conventional commits since the last release tag (every commit while
// there is none), writes it to every package.json and lerna.json, prepends the release notes to each package's
// CHANGELOG.md and updates pnpm-lock.yaml. The script then checks the result (one version for every
// package, a new CHANGELOG section each, `workspace:*` ranges kept for pnpm pack to replace), prints the
// versions and the notes of one package, and removes the clone.
//
// Usage: node scripts/release-dry-run.mjs [--keep]   (--keep leaves the clone for inspection)
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LERNA = path.join(ROOT, 'node_modules', 'lerna', 'dist', 'cli.js');
const keep = process.argv.includes('--keep');
const started = performance.now();

const git = async (cwd, ...args) => (await exec('git', ['-c', 'user.name=reslayer release dry run', '-c', 'user.email=release-dry-run@reslayer.invalid', ...args], { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;

/** name → { version, dependencies, changelog } of every packages/* package in `root`. */
function readPackages(root) {
  const out = new Map();
  for (const dir of readdirSync(path.join(root, 'packages')).sort()) {
    const file = path.join(root, 'packages', dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    const changelogFile = path.join(root, 'packages', dir, 'CHANGELOG.md');
    out.set(pkg.name, { version: pkg.version, dependencies: pkg.dependencies ?? {}, changelog: existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : '' });
  }
  return out;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'reslayer-release-'));
const clone = path.join(tmp, 'repo');
let failed = false;
try {
  if (!existsSync(LERNA)) throw new Error(`lerna is not installed (${LERNA}); run pnpm install`);
  await git(tmp, 'clone', '--quiet', '--no-checkout', ROOT, clone);
  await git(clone, 'fetch', '--quiet', ROOT, 'HEAD');
  await git(clone, 'checkout', '--quiet', '-B', 'release-dry-run', 'FETCH_HEAD');

  // The working tree's uncommitted changes, tracked and untracked (not ignored), as one commit on top.
  const diff = await git(ROOT, 'diff', '--binary', 'HEAD');
  if (diff.trim() !== '') {
    const patch = path.join(tmp, 'worktree.patch');
    writeFileSync(patch, diff);
    await git(clone, 'apply', '--binary', '--whitespace=nowarn', patch);
  }
  const untracked = (await git(ROOT, 'ls-files', '--others', '--exclude-standard', '-z')).split('\0').filter(Boolean);
  for (const rel of untracked) {
    mkdirSync(path.dirname(path.join(clone, rel)), { recursive: true });
    copyFileSync(path.join(ROOT, rel), path.join(clone, rel));
  }
  if ((await git(clone, 'status', '--porcelain')).trim() !== '') {
    await git(clone, 'add', '-A');
    await git(clone, 'commit', '--quiet', '--no-verify', '-m', 'chore: uncommitted changes of the working tree (release dry run)');
    console.log(`release:dry-run: the working tree's uncommitted changes (${untracked.length} untracked files) are committed in the clone`);
  }

  const before = readPackages(clone);
  const t = performance.now();
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', LERNA_SKIP_UPDATE_CHECK: '1' };
  try {
    await exec(process.execPath, [LERNA, 'version', '--conventional-commits', '--no-git-tag-version', '--no-push', '--yes', '--loglevel', 'warn'], { cwd: clone, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`lerna version failed (exit ${error.code}):\n${`${error.stdout ?? ''}${error.stderr ?? ''}`.trim()}`);
  }
  console.log(`release:dry-run: lerna version --conventional-commits --no-git-tag-version --no-push --yes (${((performance.now() - t) / 1000).toFixed(1)} s)`);

  const after = readPackages(clone);
  const problems = [];
  const versions = new Set([...after.values()].map((p) => p.version));
  const lernaVersion = JSON.parse(readFileSync(path.join(clone, 'lerna.json'), 'utf8')).version;
  if (versions.size !== 1 || !versions.has(lernaVersion)) problems.push(`packages and lerna.json disagree on the version: ${[...versions].join(', ')} / lerna.json ${lernaVersion}`);
  for (const [name, p] of after) {
    const old = before.get(name);
    if (!old) continue;
    if (p.version === old.version) problems.push(`${name}: version not bumped (${old.version})`);
    if (!p.changelog.includes(`# [${p.version}]`) && !p.changelog.includes(`## [${p.version}]`) && !p.changelog.includes(`## ${p.version}`)) {
      problems.push(`${name}: CHANGELOG.md has no section for ${p.version}`);
    }
    if (!p.changelog.startsWith(old.changelog.split('\n## ')[0] ?? '')) problems.push(`${name}: CHANGELOG.md lost its header`);
    for (const [dep, range] of Object.entries(p.dependencies)) {
      if (after.has(dep) && range !== 'workspace:*') problems.push(`${name}: dependency ${dep} became ${range} (workspace:* expected; pnpm pack writes the version)`);
    }
    console.log(`  ${name}: ${old.version} → ${p.version}`);
  }
  const sample = after.get('@reslayer/runtime') ?? [...after.values()][0];
  if (sample) {
    const section = sample.changelog.split('\n').slice(0, 40).join('\n');
    console.log(`\n@reslayer/runtime CHANGELOG.md (head):\n${section}\n`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  console.log(`release:dry-run: ok, ${after.size} packages → ${lernaVersion}; nothing tagged, committed or pushed; this working tree is untouched (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  failed = true;
  console.error(`release:dry-run: FAILED\n${error.message}`);
} finally {
  if (keep || failed) console.log(`release:dry-run: clone kept at ${clone}`);
  else rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
