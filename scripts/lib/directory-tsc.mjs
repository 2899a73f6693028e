// `pnpm corpus:directory --tsc`: measures the contracts (scripts/lib/directory-pool.mjs, the workers write each
// output under .corpus-out/directory-tsc/<index>/src/), then type-checks the outputs several at a time
// (scripts/lib/directory-typecheck.mjs) and removes them. It goes a chunk of contracts at a time, and keeps each
// finished row in a cache outside the repository keyed by the contract's bytes and by a hash of everything the row
// depends on (the built packages, these scripts, both compilers), so a run that stops can be run again to continue
// and a run over a larger sample of the same seed redoes nothing. Rows that failed (crash, time limit) are not kept.
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
const SCRIPTS = ['directory-worker', 'directory-metrics', 'directory-behaviours', 'directory-typecheck', 'typecheck', 'neverTypes'];

/** Files whose bytes a row depends on: the built packages, the measuring scripts, the compilers' versions. */
function keyFiles() {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const packages = readdirSync(path.join(ROOT, 'packages')).sort().map((p) => path.join(ROOT, 'packages', p, 'lib'));
  const scripts = SCRIPTS.map((s) => path.join(ROOT, 'scripts', 'lib', `${s}.mjs`));
  const compilers = [TSC_59, TSC_7].map((c) => path.join(path.dirname(c), '..', 'package.json'));
  return [...packages.filter(existsSync).flatMap(walk), ...scripts, ...compilers.filter(existsSync)];
}

/**
 * The cache folder of this build's rows: `<cache>/directory-tsc/<hash>/`.
 * @param {string} [adapter] the `pluginHooks()` adapter the rows were generated with (`none` by default)
 * @returns {string} an absolute path outside the repository (not created)
 */
export function rowCacheDir(adapter = 'none') {
  const hash = createHash('sha256').update(`adapter ${adapter}\0`);
  for (const file of keyFiles()) hash.update(`${path.relative(ROOT, file)}\0`).update(readFileSync(file)).update('\0');
  return path.join(path.dirname(directoryCacheDir()), 'directory-tsc', hash.digest('hex').slice(0, 16));
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

/** Type-checks written rows in batches; a batch whose findings cannot all be tied to one output goes again one by one. */
function typecheckRows(rows, base) {
  for (const batch of batches(rows)) {
    const names = batch.map((r) => path.basename(r.written.dir));
    const results = typecheckBatch(base, names) ?? new Map(names.map((n) => [n, typecheckBatch(base, [n]).get(n)]));
    for (const [i, row] of batch.entries()) row.typecheck = { ...results.get(names[i]), batch: batch.length };
    for (const name of names) rmSync(path.join(base, `tsconfig.${name}.json`), { force: true });
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
  if (cache) mkdirSync(dir, { recursive: true });
  const rows = new Map();
  let done = 0;
  const record = (row) => {
    rows.set(row.id, row);
    onRow(row, ++done);
  };
  const pending = [];
  for (const task of tasks) {
    const file = cache ? rowFile(dir, task) : undefined;
    if (file && existsSync(file) && statSync(file).size > 0) record({ ...JSON.parse(readFileSync(file, 'utf8')), cached: true });
    else pending.push(task);
  }
  for (let i = 0; i < (cachedOnly ? 0 : pending.length); i += chunk) {
    const part = pending.slice(i, i + chunk);
    const measured = await measureAll(part, { jobs, timeoutMs, tsc: true, ...(adapter ? { adapter } : {}) });
    typecheckRows(measured.filter((r) => r.written), base);
    for (const [j, row] of measured.entries()) {
      rmSync(path.join(base, String(part[j].index)), { recursive: true, force: true });
      if (cache && row.status !== 'failed') {
        const file = rowFile(dir, part[j]);
        writeFileSync(`${file}.tmp`, `${JSON.stringify(row)}\n`);
        renameSync(`${file}.tmp`, file);
      }
      record(row);
    }
  }
  return tasks.map((t) => rows.get(t.id));
}
