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
// Prints the tarballs and the commands that install them in another project (`reslayer init --packs`). `packAll` is also used by
// scripts/lint.mjs (publint, attw) and scripts/install-test.mjs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT = path.join(ROOT, '.packs');

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
  return packs;
}

/**
 * The route that installs the tarballs in a project outside the repository (`reslayer init --packs`, then the
 * registry packages): packages/cli/src/installHint.ts's `packRoute`, the one source `reslayer init` and the README
 * follow (built into packages/cli/dist). Needs `pnpm build` first.
 * @param {string} out the tarballs' folder (`<clone>/.packs`)
 * @param {'npm' | 'pnpm'} pm
 * @returns {Promise<string[]>} the command lines, run in the project's folder
 */
export async function installHint(out, pm) {
  const { packRoute } = await import(pathToFileURL(path.join(ROOT, 'packages/cli/dist/installHint.js')).href);
  const quote = (p) => (/^[\w./-]+$/.test(p) ? p : JSON.stringify(p));
  const lines = packRoute(pm, quote(ROOT));
  // A --out folder elsewhere: init takes the tarballs from there.
  return out === DEFAULT_OUT ? lines : [lines[0].replace(/--packs \S+$/, `--packs ${quote(out)}`), ...lines.slice(1)];
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
    log('\nIn your project\'s folder (README, "Use it in your own project"; init --packs copies the tarballs into it):');
    for (const line of await installHint(opts.out, 'npm')) log(`  ${line}`);
    log('With pnpm, the same init, then:');
    for (const line of (await installHint(opts.out, 'pnpm')).slice(1)) log(`  ${line}`);
  } catch (error) {
    console.error(error.stderr ? `${error.message}\n${error.stderr}` : (error.message ?? error));
    process.exit(1);
  }
}
