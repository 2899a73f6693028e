#!/usr/bin/env node
// Writes packages/engine/dist/buildInfo.json (and the same file into the engine's bundle folder, lib/), the identity
// of this build of reslayer, after `tsc -b` and scripts/bundle.mjs (the root `build` script runs it).
// The engine reads it at run time for the no-change cache of `generate` and `check` (docs/engine.md, "The no-change cache"): the
// cache is keyed on this hash, so any change to the code of a reslayer package, to a package manifest, to
// the locked dependency versions or to the bundling makes every cached output a miss.
//
//   hash   = sha256 over, sorted by path: packages/*/src/**/*.ts, packages/*/package.json, pnpm-lock.yaml,
//            scripts/bundle.mjs
//            (each as "<path>\0<sha256 of its bytes>\n")
//   builds = every packages/*/dist/.tsbuildinfo, relative to packages/engine/dist: when one of them is newer
//            than buildInfo.json (a `tsc -b` or `tsc -w` after `pnpm build`), the engine turns the cache off.
//
// Usage: node scripts/build-info.mjs
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = path.join(ROOT, 'packages');
const OUT_DIR = path.join(PACKAGES, 'engine', 'dist');
const OUT = path.join(OUT_DIR, 'buildInfo.json');

const posix = (p) => p.split(path.sep).join('/');
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

const files = [];
const builds = [];
for (const pkg of readdirSync(PACKAGES, { withFileTypes: true })) {
  if (!pkg.isDirectory()) continue;
  const dir = path.join(PACKAGES, pkg.name);
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) continue;
  files.push(manifest);
  const src = path.join(dir, 'src');
  if (existsSync(src)) {
    for (const e of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (e.isFile() && e.name.endsWith('.ts')) files.push(path.join(e.parentPath, e.name));
    }
  }
  builds.push(posix(path.relative(OUT_DIR, path.join(dir, 'dist', '.tsbuildinfo'))));
}
for (const f of [path.join(ROOT, 'pnpm-lock.yaml'), path.join(ROOT, 'scripts', 'bundle.mjs')]) if (existsSync(f)) files.push(f);

const entries = files.map((f) => [posix(path.relative(ROOT, f)), sha256(readFileSync(f))]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const hash = sha256(entries.map(([p, h]) => `${p}\0${h}\n`).join(''));
const info = { format: 1, hash, files: entries.length, builds: builds.sort() };

// The bundle (lib/) sits at the same depth as dist/, so the relative paths of `builds` hold from both.
const outs = [OUT, ...(existsSync(path.join(PACKAGES, 'engine', 'lib')) ? [path.join(PACKAGES, 'engine', 'lib', 'buildInfo.json')] : [])];
mkdirSync(OUT_DIR, { recursive: true });
for (const out of outs) {
  // Always rewritten (even when equal), so its time is later than every .tsbuildinfo of this build.
  writeFileSync(`${out}.tmp`, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(`${out}.tmp`, out);
}
process.stdout.write(`build-info: ${entries.length} files, sha256 ${hash.slice(0, 12)}… → ${outs.map((o) => posix(path.relative(ROOT, o))).join(', ')}\n`);
