#!/usr/bin/env node
// Bundles each library package's compiled modules (dist/, from `tsc -b`) into a few files in lib/, which
// the package's `exports` point at (declarations stay in dist/). Node's ESM loader pays per module
// (resolve, read, link), and core alone is 66 modules. Measured with `farm-bench` on GitHub's contract
// (docs/benchmark.md, "Start-up"): a no-change `generate` or a `check` takes about 25–40 ms less.
//
// A package is bundled when its `exports` point into ./lib/: each such entry is built from the file of
// the same path in dist/, with code shared by several entries in chunks (esbuild's splitting, which also
// keeps each lazy `import()` a chunk of its own). Dependencies stay imports (`packages: 'external'`),
// so a third-party plugin and the CLI share one instance of `@reslayer/core`.
//
// Run by `pnpm build` after `tsc -b` (a bare `tsc -b` leaves lib/ as it was: run `pnpm build`).
// Usage: node scripts/bundle.mjs
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = path.join(ROOT, 'packages');


/** Options every build shares. */
const COMMON = { bundle: true, format: 'esm', platform: 'node', target: 'node22', packages: 'external', sourcemap: true, logLevel: 'warning', legalComments: 'none' };

/** The `default` targets under ./lib/ of a package's `exports` (conditions nested or not). */
function libTargets(exportsField) {
  const out = [];
  const visit = (v) => {
    if (typeof v === 'string') {
      if (v.startsWith('./lib/') && v.endsWith('.js')) out.push(v.slice('./lib/'.length));
    } else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  visit(exportsField);
  return [...new Set(out)].sort();
}

let bundled = 0;
for (const name of readdirSync(PACKAGES).sort()) {
  const dir = path.join(PACKAGES, name);
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) continue;
  const entries = libTargets(JSON.parse(readFileSync(manifest, 'utf8')).exports);
  if (entries.length === 0) continue;
  const dist = path.join(dir, 'dist');
  const lib = path.join(dir, 'lib');
  const missing = entries.filter((e) => !existsSync(path.join(dist, e)));
  if (missing.length > 0) {
    console.error(`bundle: ${name}: ${missing.map((e) => `dist/${e}`).join(', ')} missing: run tsc -b first (pnpm build)`);
    process.exit(1);
  }
  rmSync(lib, { recursive: true, force: true });
  await build({ ...COMMON, entryPoints: entries.map((e) => path.join(dist, e)), outdir: lib, outbase: dist, splitting: true });
  bundled++;
}
console.log(`bundle: ${bundled} packages → lib/`);
