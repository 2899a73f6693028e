#!/usr/bin/env node
// Packs every package of packages/* with `pnpm pack` into installable tarballs (`workspace:*`
// dependencies become the real versions), after `pnpm build`. Until the packages are published, this is
// how a project outside the repository installs reslayer (README, "Use it in your own project").
//
//   node scripts/pack.mjs [--out <dir>] [--no-build] [--quiet]
//     --out       folder of the tarballs (default .packs/ at the repository root; its reslayer-*.tgz are replaced)
//     --no-build  pack the current dist/ folders without building first
//     --quiet     print nothing but errors
//
// Prints the tarballs and the commands that install them in another project. `packAll` is also used by
// scripts/lint.mjs (publint, attw) and scripts/install-test.mjs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT = path.join(ROOT, '.packs');
/** File beside the tarballs with the `pnpm.overrides` a pnpm project needs (see `pnpmOverrides`). */
export const PNPM_OVERRIDES = 'pnpm-overrides.json';

/** The workspace packages to pack: every packages/<dir>/package.json that is not private. */
export function publicPackages() {
  const dir = path.join(ROOT, 'packages');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'package.json')))
    .map((e) => {
      const pkgDir = path.join(dir, e.name);
      const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      return { dir: pkgDir, name: manifest.name, version: manifest.version, private: manifest.private === true };
    })
    .filter((p) => !p.private)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** File name `pnpm pack` gives a package's tarball: `@scope/name` 1.2.3 → `scope-name-1.2.3.tgz`. */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Builds (unless `build` is false) and packs every public package into `out`.
 * @returns {Promise<Array<{ name: string, version: string, tarball: string }>>} one entry per package, sorted by name
 */
export async function packAll({ out = DEFAULT_OUT, build = true, log = () => {} } = {}) {
  if (build) {
    log('pack: pnpm build');
    await run('pnpm', ['-s', 'build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  }
  const packages = publicPackages();
  for (const p of packages) {
    if (!existsSync(path.join(p.dir, 'dist', 'index.js'))) throw new Error(`${p.name}: ${path.relative(ROOT, p.dir)}/dist/index.js is missing; run \`pnpm build\` first`);
  }
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (/^reslayer-.*\.tgz$/.test(f)) rmSync(path.join(out, f));
  // pnpm pack replaces `workspace:*` with the packed version of the dependency.
  await Promise.all(packages.map((p) => run('pnpm', ['pack', '--pack-destination', out], { cwd: p.dir, maxBuffer: 16 * 1024 * 1024 })));
  const packs = packages.map((p) => {
    const tarball = path.join(out, tarballName(p.name, p.version));
    if (!existsSync(tarball)) throw new Error(`${p.name}: pnpm pack wrote no ${tarball}`);
    return { name: p.name, version: p.version, tarball };
  });
  writeFileSync(path.join(out, PNPM_OVERRIDES), JSON.stringify(pnpmOverrides(packs), null, 2) + '\n');
  return packs;
}

/**
 * The `pnpm.overrides` a pnpm project needs before it installs the tarballs: pnpm resolves a tarball's own
 * `@reslayer/*` dependencies from the registry otherwise (npm takes the tarballs installed beside it).
 * @param {Array<{ name: string, tarball: string }>} packs
 * @returns {Record<string, string>} package name → `file:<tarball>`
 */
export function pnpmOverrides(packs) {
  return Object.fromEntries(packs.map((p) => [p.name, `file:${p.tarball}`]));
}

/**
 * The install commands for a project outside the repository: the packages `reslayer init` and the README name
 * (packages/cli/src/installHint.ts, the one list; built into packages/cli/dist), each `@reslayer/*` one as its
 * tarball. Needs `pnpm build` first.
 * @param {Array<{ name: string, tarball: string }>} packs
 * @param {'npm' | 'pnpm'} pm
 * @returns {Promise<string[]>} the two command lines
 */
export async function installHint(packs, pm) {
  const { installLines } = await import(pathToFileURL(path.join(ROOT, 'packages/cli/dist/installHint.js')).href);
  const tarballs = new Map(packs.map((p) => [p.name, p.tarball]));
  return installLines(pm, (name) => tarballs.get(name) ?? name);
}

function parseArgs(argv) {
  const opts = { out: DEFAULT_OUT, build: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') opts.out = path.resolve(argv[++i] ?? '');
    else if (a === '--no-build') opts.build = false;
    else if (a === '--quiet') opts.quiet = true;
    else throw new Error(`pack: unknown argument ${a} (usage: node scripts/pack.mjs [--out <dir>] [--no-build] [--quiet])`);
  }
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const log = opts.quiet ? () => {} : (m) => console.log(m);
    const packs = await packAll({ out: opts.out, build: opts.build, log });
    log(`pack: ${packs.length} tarballs in ${opts.out}`);
    for (const p of packs) log(`  ${path.basename(p.tarball)}`);
    log('\nInstall them in your project (README, "Use it in your own project"):');
    for (const line of await installHint(packs, 'npm')) log(`  ${line}`);
    log('With pnpm:');
    log(`  npm pkg set --json "pnpm.overrides=$(cat ${path.join(opts.out, PNPM_OVERRIDES)})"`);
    for (const line of await installHint(packs, 'pnpm')) log(`  ${line}`);
  } catch (error) {
    console.error(error.stderr ? `${error.message}\n${error.stderr}` : (error.message ?? error));
    process.exit(1);
  }
}
