// The diff, write-path and side-by-side (pairs) inputs of the benchmark, and their targets.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchWritePath } from './bench-write.mjs';
import { contractJobs, timePair } from './bench-pairs.mjs';
import { writeOneOperationChange } from './bench-incremental.mjs';
import { BENCH, CLI, measureProcess, note, progress, results, status } from './bench-context.mjs';
import { lastLines } from './bench-ours.mjs';
import { mb, secs, target } from './bench-targets.mjs';
import { fetchGithubContract } from './bench-tools.mjs';

/** Target of `reslayer diff` on the GitHub contract against a copy with one operation removed. */
const DIFF_TARGET_MS = 15_000;

/**
 * `reslayer diff` on GitHub's contract and a copy (under .bench/) with one operation removed: two in-memory
 * generations, api-smart-diff, and the TypeScript checker over the affected symbols.
 */
export function benchDiff() {
  const contract = fetchGithubContract();
  if (!contract) return note('GitHub contract not available: the diff timing is skipped');
  const doc = JSON.parse(readFileSync(contract, 'utf8'));
  const [firstPath, item] = Object.entries(doc.paths).find(([, v]) => v && typeof v === 'object' && 'get' in v && 'operationId' in v.get);
  const removed = `GET ${firstPath}`;
  delete item.get;
  const copy = path.join(BENCH, 'github-one-operation-removed.json');
  writeFileSync(copy, JSON.stringify(doc));
  progress(`diff: reslayer diff on the GitHub contract, ${removed} removed`);
  const r = measureProcess(process.execPath, [CLI, 'diff', contract, copy, '--json', '--fail-on', 'never'], { cwd: BENCH });
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    // reported below
  }
  const ok = r.code === 0 && json !== null && json.changes.some((c) => c.code === 'RSL_DIFF_OPERATION_REMOVED');
  if (!ok) {
    status.ownFailure = true;
    process.stdout.write(`  diff FAILED (exit ${r.code}): ${lastLines(r.stderr || r.stdout)}\n`);
  }
  results.runs.push({ tool: 'reslayer', input: 'github', label: 'diff (one operation removed)', ok, exitCode: r.code, wallMs: r.wallMs, walls: [r.wallMs], rssKb: r.rssKb, rssSource: r.rssSource, timings: json?.timings ?? null, checkedSymbols: json?.checkedSymbols ?? null, removed });
}

export function evaluateDiffTarget(opts) {
  if (!opts.only.includes('diff')) return;
  const d = results.runs.find((r) => r.label === 'diff (one operation removed)');
  const t = d?.timings;
  target(
    `diff on the GitHub contract (one operation removed) < ${DIFF_TARGET_MS / 1000} s`,
    d?.ok,
    d?.ok && d.wallMs < DIFF_TARGET_MS,
    d ? `${secs(d.wallMs)}${t ? ` (generate ${secs(t.generateMs)}, contract ${secs(t.contractMs)}, impact ${secs(t.impactMs)}, ${d.checkedSymbols} symbols checked)` : ''}, peak RSS ${mb(d.rssKb)} (target < ${DIFF_TARGET_MS / 1000} s)` : 'did not run',
  );
}

/** The write path on GitHub's contract: generate killed during its write (the kill probe). */
export function benchWrite() {
  const contract = fetchGithubContract();
  if (!contract) return note('GitHub contract not available: the write-path measurements are skipped');
  progress('write: GitHub generate killed during its write');
  results.writePath = benchWritePath({ cli: CLI, contract, scratch: path.join(BENCH, 'write'), killPoints: 8 });
  if (!results.writePath.kill.ok) status.ownFailure = true;
}

/** Side-by-side rows (docs/benchmark.md, "Side by side"): the no-change cache on and off, and this build against another. */
const PAIR_ROWS = [
  ['no-change cache', 'no-change generate', { key: 'cache', name: 'with the cache' }, { key: 'nocache', name: '--no-cache', args: ['--no-cache'] }],
  ['no-change cache', 'no-change check', { key: 'cache', name: 'with the cache' }, { key: 'nocache', name: '--no-cache', args: ['--no-cache'] }],
];
/** The jobs timed against another build with --against. */
const AGAINST_JOBS = ['fresh generate', 'no-change generate', 'no-change check', 'one-operation change', 'watch edit'];

/** Times the side-by-side rows on GitHub's contract, A B A B …, and records each side's median and the median ratio. */
export function benchPairs(opts) {
  const contract = fetchGithubContract();
  if (!contract) return note('GitHub contract not available: the side-by-side rows are skipped');
  const changed = path.join(BENCH, 'github-pairs-changed.json');
  writeOneOperationChange(contract, changed);
  const scratch = path.join(BENCH, 'pairs');
  const jobs = contractJobs({ contract, changed, scratch });
  const pairs = Math.max(opts.repeat, 5);
  const rows = PAIR_ROWS.map(([what, job, a, b]) => ({ what, job, a: { ...a, cli: CLI }, b: { ...b, cli: CLI } }));
  if (opts.against) {
    const other = path.join(opts.against, 'packages/cli/dist/index.js');
    if (!existsSync(other)) note(`--against ${opts.against}: ${other} is missing (build that checkout first)`);
    else for (const job of AGAINST_JOBS) rows.push({ what: 'this build against --against', job, a: { key: 'this', name: 'this build', cli: CLI }, b: { key: 'other', name: 'the other build', cli: other } });
  }
  results.pairs = [];
  for (const row of rows) {
    progress(`pairs: ${row.what}, ${row.job}: ${row.a.name} against ${row.b.name}`);
    rmSync(scratch, { recursive: true, force: true });
    const r = timePair({ job: jobs[row.job], a: row.a, b: row.b, pairs: row.job === 'watch edit' ? 3 : pairs, measure: measureProcess });
    results.pairs.push(r.error ? { what: row.what, job: row.job, aName: row.a.name, bName: row.b.name, error: r.error } : { what: row.what, job: row.job, aName: row.a.name, bName: row.b.name, aMs: r.a, bMs: r.b, ratio: r.ratio, ratios: r.ratios, aWalls: r.aWalls, bWalls: r.bWalls });
    if (r.error) process.stdout.write(`  FAILED: ${row.what}, ${row.job}: ${r.error}\n`);
  }
}

/** The side-by-side targets: the cache earns its place (≥ 15 %), and this build's fresh generate is within 1.15× of the other's. */
export function pairTargets() {
  const row = (what, job) => (results.pairs ?? []).find((p) => p.what === what && p.job === job && !p.error);
  const show = (p) => `${p.aName} ${secs(p.aMs)} vs ${p.bName} ${secs(p.bMs)}: median ratio of the pairs ${p.ratio.toFixed(2)} (${p.ratios.map((x) => x.toFixed(2)).join(', ')})`;
  for (const job of ['no-change generate', 'no-change check']) {
    const p = row('no-change cache', job);
    target(`the no-change cache gains ≥ 15 % in a ${job} (side by side)`, p, p && p.ratio <= 0.85, p ? show(p) : 'did not run');
  }
  const fresh = row('this build against --against', 'fresh generate');
  target('fresh GitHub generate within 1.15× of the --against build (side by side)', fresh, fresh && fresh.ratio <= 1.15, fresh ? show(fresh) : 'did not run (pass --against <checkout>)');
}
