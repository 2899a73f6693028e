// Side-by-side timing for scripts/bench.mjs (`--only pairs`, docs/benchmark.md "Side by side"): two variants of a
// run, A and B (two builds' CLIs, or one CLI with and without a flag or an environment variable), timed in turn,
// A B A B …, on the same job, so a drift of the machine's speed hits both. Each side has its own output folder.
// Reports each side's median wall time and the median of the pair-by-pair ratios A/B.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WATCH_TIMING = path.join(path.dirname(fileURLToPath(import.meta.url)), 'watch-timing.mjs');

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The jobs a pair can be timed on, for one contract. Each job gives, for a side and the run's index, what to
 * prepare (untimed) and what to run; `setup` runs once per side before the first run.
 * @param {{ contract: string, changed: string, scratch: string }} o the contract (JSON), a copy with one
 *   operation's summary changed (see `writeOneOperationChange`), and a scratch folder
 */
export function contractJobs({ contract, changed, scratch }) {
  const out = (side) => path.join(scratch, side.key, 'out');
  const generate = (side, input) => ['generate', input, '--output', out(side), ...(side.args ?? [])];
  const fresh = (side) => generate(side, contract);
  const firstRun = (side) => {
    mkdirSync(path.join(scratch, side.key), { recursive: true });
    runSide(side, fresh(side));
  };
  return {
    'fresh generate': { prepare: (side) => emptied(out(side)), args: fresh },
    'no-change generate': { setup: firstRun, args: fresh },
    'no-change check': { setup: firstRun, args: (side) => ['check', contract, '--output', out(side), ...(side.args ?? [])] },
    // Every run is a one-operation change: the contract and its changed copy in turn.
    'one-operation change': { setup: firstRun, args: (side, i) => generate(side, i % 2 === 0 ? changed : contract) },
    'watch edit': {
      setup: (side) => mkdirSync(path.join(scratch, side.key), { recursive: true }),
      watch: (side) => {
        const copy = path.join(scratch, side.key, 'watch.json');
        return [WATCH_TIMING, side.cli, contract, path.join(scratch, side.key, 'watch-out'), '5', copy];
      },
    },
  };
}

/** Empties a folder and flushes the file system (untimed), so a run's writes do not spill into the next. */
function emptied(dir) {
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

/** Runs one side's CLI once, untimed; throws when it fails. */
function runSide(side, args) {
  const r = spawnSync(process.execPath, [side.cli, ...args], { env: { ...process.env, ...side.env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${side.name}: ${args.join(' ')} failed: ${(r.stderr || '').slice(-400)}`);
}

/**
 * Times one job on both sides, in turn.
 * @param {{ job: object, a: object, b: object, pairs: number, measure: Function }} o the job (from
 *   {@link contractJobs}), the two sides (`{ key, name, cli, env?, args? }`), the number of pairs, and bench.mjs's
 *   `measureProcess`
 * @returns {{ a: number, b: number, ratio: number, ratios: number[], aWalls: number[], bWalls: number[] } | { error: string }}
 *   median wall times (ms) and the median of the pairs' ratios A/B
 */
export function timePair({ job, a, b, pairs, measure }) {
  const walls = { a: [], b: [] };
  try {
    for (const side of [a, b]) job.setup?.(side);
    for (let i = 0; i < pairs; i++) {
      for (const [key, side] of [['a', a], ['b', b]]) {
        const ms = job.watch ? watchMs(side, job.watch(side)) : timedRun(side, job, i, measure);
        walls[key].push(ms);
      }
    }
  } catch (error) {
    return { error: error.message };
  }
  const ratios = walls.a.map((ms, i) => ms / walls.b[i]);
  return { a: median(walls.a), b: median(walls.b), ratio: median(ratios), ratios, aWalls: walls.a, bWalls: walls.b };
}

/** One timed run of a side: the job's preparation untimed, then the CLI's process timed whole. */
function timedRun(side, job, i, measure) {
  job.prepare?.(side);
  const r = measure(process.execPath, [side.cli, ...job.args(side, i)], { env: side.env ?? {} });
  if (r.code !== 0 && r.code !== 1) throw new Error(`${side.name}: exit ${r.code}: ${(r.stderr || r.stdout).slice(-400)}`);
  return r.wallMs;
}

/** One round of `watch-timing.mjs` for a side: the median of its edits (ms). */
function watchMs(side, args) {
  const r = spawnSync(process.execPath, args, { env: { ...process.env, ...side.env }, encoding: 'utf8' });
  const result = JSON.parse(r.stdout.trim().split('\n').pop() || '{}');
  if (!result.ok) throw new Error(`${side.name}: watch: ${result.error ?? r.stderr.slice(-400)}`);
  return result.medianMs;
}
