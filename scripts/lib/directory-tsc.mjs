// `pnpm corpus:directory --tsc`: measures the contracts (scripts/lib/directory-pool.mjs, the workers write each
// output under .corpus-out/directory-tsc/<index>/src/), then type-checks the outputs several at a time
// (scripts/lib/directory-typecheck.mjs) and removes them. It goes a chunk of contracts at a time, and keeps each
// finished row in a cache outside the repository keyed by the contract's bytes and by a hash of everything the row
// depends on (the built packages, these scripts, both compilers), so a run that stops can be run again to continue
// and a run over a larger sample of the same seed redoes nothing. Rows that failed (crash, time limit) are not kept.
// A second cache keeps each type-check result by the output's bytes and what a check of them depends on (the
// runtime's declarations, the lockfile, the check scripts, both compilers): a new build re-measures every contract,
// which is cheap, but type-checks only the outputs it changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { directoryCacheDir } from './directory.mjs';
import { measureAll } from './directory-pool.mjs';
import { typecheckBatch } from './directory-typecheck.mjs';
import { ROOT, TSC_59, TSC_7 } from './typecheck.mjs';

/** Outputs checked in one compiler run: at most this many files together (a larger output goes alone). */
const BATCH_FILES = 4000;
/** …and at most this many contracts. */
const BATCH_CONTRACTS = 25;

/** The measuring scripts a row depends on (besides the built packages and the compilers). */
const SCRIPTS = ['directory-worker', 'directory-metrics', 'directory-behaviours'];
/** The scripts a type-check's result depends on. */
const CHECK_SCRIPTS = ['directory-typecheck', 'typecheck', 'neverTypes'];

/** The files under a folder, depth first, sorted by name. */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** The compilers' package.json files (their versions). */
const compilerFiles = () => [TSC_59, TSC_7].map((c) => path.join(path.dirname(c), '..', 'package.json')).filter(existsSync);

/** What a type-check of an output depends on besides its bytes: the runtime it imports, the lockfile, the checks. */
const checkFiles = () => [
  ...walk(path.join(ROOT, 'packages', 'runtime', 'dist')).filter((f) => f.endsWith('.d.ts')),
  ...['packages/runtime/package.json', 'pnpm-lock.yaml'].map((f) => path.join(ROOT, f)),
  ...CHECK_SCRIPTS.map((s) => path.join(ROOT, 'scripts', 'lib', `${s}.mjs`)),
  ...compilerFiles(),
];

/** Files whose bytes a row depends on: the built packages, the measuring scripts, what a check depends on. */
function keyFiles() {
  const packages = readdirSync(path.join(ROOT, 'packages')).sort().map((p) => path.join(ROOT, 'packages', p, 'lib'));
  const scripts = SCRIPTS.map((s) => path.join(ROOT, 'scripts', 'lib', `${s}.mjs`));
  return [...packages.filter(existsSync).flatMap(walk), ...scripts, ...checkFiles()];
}

/** sha256 over files' paths (relative to `from`) and bytes. */
function hashFiles(files, from, seed = '') {
  const hash = createHash('sha256').update(seed);
  for (const file of files) hash.update(`${path.relative(from, file)}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * The cache folder of this build's rows: `<cache>/directory-tsc/<hash>/`.
 * @param {string} [adapter] the `pluginHooks()` adapter the rows were generated with (`none` by default)
 * @returns {string} an absolute path outside the repository (not created)
 */
export function rowCacheDir(adapter = 'none') {
  return path.join(path.dirname(directoryCacheDir()), 'directory-tsc', hashFiles(keyFiles(), ROOT, `adapter ${adapter}\0`).slice(0, 16));
}

/**
 * The type-check results kept by output: `<cache>/directory-tsc-outputs/`, and a function giving the file of one
 * written output's result (its bytes and everything the check depends on, see {@link checkFiles}).
 * @returns {{ dir: string, fileOf: (outputDir: string) => string }} `dir` absolute, outside the repository
 */
export function outputCache() {
  const dir = path.join(path.dirname(directoryCacheDir()), 'directory-tsc-outputs');
  const seed = hashFiles(checkFiles(), ROOT);
  return { dir, fileOf: (outputDir) => path.join(dir, `${hashFiles(walk(outputDir), outputDir, seed).slice(0, 32)}.json`) };
}

/** Cache file of one contract's row: its id and bytes. */
const rowFile = (dir, task) =>
  path.join(dir, `${createHash('sha256').update(`${task.id}\0`).update(readFileSync(task.file)).digest('hex').slice(0, 24)}.json`);

/**
 * Groups measured rows whose outputs were written into batches for one compiler run each.
 * @param {any[]} rows rows with `written` ({ dir, files, augments })
 * @returns {any[][]} batches, largest outputs first
 */
export function batches(rows) {
  const out = [];
  let current = [];
  let files = 0;
  for (const row of [...rows].sort((a, b) => b.written.files - a.written.files)) {
    if (row.written.augments || row.written.files >= BATCH_FILES) {
      out.push([row]);
      continue;
    }
    if (current.length >= BATCH_CONTRACTS || files + row.written.files > BATCH_FILES) {
      out.push(current);
      current = [];
      files = 0;
    }
    current.push(row);
    files += row.written.files;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Writes a JSON file whole or not at all. */
function writeJson(file, value) {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(value)}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * Type-checks written rows, taking the result of an output already checked byte for byte from `outputs` (the row's
 * `typecheck.reused` is then true); the rest go in batches, and a batch whose findings cannot all be tied to one
 * output goes again one by one. Every output folder is removed.
 */
function typecheckRows(rows, base, outputs) {
  const keys = new Map(outputs ? rows.map((r) => [r, outputs.fileOf(r.written.dir)]) : []);
  const fresh = rows.filter((r) => {
    const file = keys.get(r);
    if (!file || !existsSync(file)) return true;
    r.typecheck = { ...JSON.parse(readFileSync(file, 'utf8')), reused: true };
    return false;
  });
  for (const batch of batches(fresh)) {
    const names = batch.map((r) => path.basename(r.written.dir));
    const results = typecheckBatch(base, names) ?? new Map(names.map((n) => [n, typecheckBatch(base, [n]).get(n)]));
    for (const [i, row] of batch.entries()) row.typecheck = { ...results.get(names[i]), batch: batch.length };
    for (const name of names) rmSync(path.join(base, `tsconfig.${name}.json`), { force: true });
    for (const row of outputs ? batch : []) if (row.typecheck.collapsed >= 0) writeJson(keys.get(row), row.typecheck);
  }
  for (const row of rows) {
    rmSync(row.written.dir, { recursive: true, force: true });
    delete row.written;
  }
}

/**
 * Measures and type-checks every task, reusing cached rows; rows come back in task order.
 * @param {{ id: string, file: string, index: number }[]} tasks
 * @param {{ jobs: number, timeoutMs: number, adapter?: string, chunk?: number, cache?: boolean, cachedOnly?: boolean, onRow?: (row: any, done: number) => void }} options
 *   `adapter`: the `pluginHooks()` adapter the outputs are generated with (part of the cache's key);
 *   `chunk`: contracts measured before their outputs are checked and cached; `cache: false` ignores and keeps no rows;
 *   `cachedOnly`: measures nothing, returns the cached rows alone (how far an unfinished run got)
 * @returns {Promise<any[]>} one row per task (undefined for a task left out by `cachedOnly`); a row from the cache
 *   has `cached: true`
 */
export async function measureWithTsc(tasks, { jobs, timeoutMs, adapter, chunk = 25, cache = true, cachedOnly = false, onRow = () => {} }) {
  const dir = rowCacheDir(adapter);
  const base = path.join(ROOT, '.corpus-out', 'directory-tsc');
  mkdirSync(base, { recursive: true });
  const outputs = cache ? outputCache() : undefined;
  for (const folder of cache ? [dir, outputs.dir] : []) mkdirSync(folder, { recursive: true });
  const rows = new Map();
  let done = 0;
  const record = (row) => {
    rows.set(row.id, row);
    onRow(row, ++done);
  };
  const pending = [];
  for (const task of tasks) {
    const file = cache ? rowFile(dir, task) : undefined;
    const row = file && existsSync(file) && statSync(file).size > 0 ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    // A row kept without its roles (a `--no-labels` run, CI's type-check sample) does not serve a labelled contract.
    if (row && (!task.keepRoles || row.roles)) record({ ...row, cached: true });
    else pending.push(task);
  }
  for (let i = 0; i < (cachedOnly ? 0 : pending.length); i += chunk) {
    const part = pending.slice(i, i + chunk);
    const measured = await measureAll(part, { jobs, timeoutMs, tsc: true, ...(adapter ? { adapter } : {}) });
    typecheckRows(measured.filter((r) => r.written), base, outputs);
    for (const [j, row] of measured.entries()) {
      rmSync(path.join(base, String(part[j].index)), { recursive: true, force: true });
      if (cache && row.status !== 'failed') writeJson(rowFile(dir, part[j]), row);
      record(row);
    }
  }
  return tasks.map((t) => rows.get(t.id));
}
