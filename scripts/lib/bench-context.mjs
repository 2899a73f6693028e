// Shared state of the benchmark (scripts/bench.mjs): paths and pins, the results being gathered, notes,
// and how a process is measured (wall time, peak RSS) and repeated.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(ROOT, 'packages/cli/dist/index.js');
export const BENCH = path.join(ROOT, '.bench');
export const OUT = path.join(BENCH, 'out');
export const CACHE = path.resolve(process.env.RESLAYER_BENCH_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'reslayer-bench'));
export const TOOLS = path.join(CACHE, 'tools');

/** Pinned versions of everything fetched from the npm registry. */
export const PINS = {
  orval: '8.38.0',
  'openapi-typescript': '7.13.0',
  // Dependencies of orval's output, only to type-check it (msw: the same major as the repository's).
  '@tanstack/react-query': '5.108.0',
  msw: '3.0.5',
  '@faker-js/faker': '10.6.0',
  '@types/react': '19.3.0',
};
export const OCTOKIT = { name: '@octokit/openapi', version: '23.0.2', member: 'package/generated/api.github.com.json' };
/**
 * Used only when the plain install fails: orval 8.38's parser (@scalar/openapi-parser@^0.29 → 0.29.22)
 * pins @scalar/openapi-validator@0.1.20, which a registry may not serve. 0.29.8 is the newest 0.29.x
 * whose own pins resolve there. The result records whether the override was needed.
 */
export const FALLBACK_OVERRIDES = { '@scalar/openapi-parser': '0.29.8' };
export const BUILTIN_PLUGINS = [
  ['plugin-client', 'pluginClient'],
  ['plugin-hooks', 'pluginHooks'],
  ['plugin-config-meta', 'pluginConfigMeta'],
  ['plugin-mocks', 'pluginMocks'],
];
export const KB_PER_MB = 1024;
/** A run longer than this is not repeated (keeps the full bench within its time budget). */
export const REPEAT_LIMIT_MS = 10_000;
export const DEFAULT_SIZES = [10, 100, 1000, 5000];

const hasTimeoutCmd = spawnSync('timeout', ['--version'], { encoding: 'utf8' }).status === 0;

export const hasGnuTime = (() => {
  if (!existsSync('/usr/bin/time')) return false;
  const probe = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && /^\d+\s*$/m.test(probe.stderr);
})();

/**
 * Runs a command once and measures it: wall time from spawn to exit (hrtime, includes Node start-up)
 * and peak RSS of the process from `/usr/bin/time -f %M` (kilobytes), when available.
 * With `timeoutS`, coreutils' `timeout` ends the command (and so its RSS is still reported) after that many seconds.
 */
export function measureProcess(command, args, { env = {}, cwd = ROOT, timeoutS = undefined } = {}) {
  const timeFile = path.join(os.tmpdir(), `reslayer-bench-time-${process.pid}.txt`);
  const limited = timeoutS !== undefined && hasTimeoutCmd ? ['timeout', ['--kill-after=10', String(timeoutS), command, ...args]] : [command, args];
  const [file, argv] = hasGnuTime ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, limited[0], ...limited[1]]] : limited;
  const timeoutMs = ((timeoutS ?? 15 * 60) + 30) * 1000;
  rmSync(timeFile, { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(file, argv, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  let rssKb = null;
  // CPU time (user + system, ms) of the process and the children it waited for: the cores it kept busy.
  let cpuMs = null;
  if (hasGnuTime && existsSync(timeFile)) {
    const last = readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '';
    const m = /^(\d+) ([\d.]+) ([\d.]+)$/.exec(last);
    rssKb = m ? Number(m[1]) : null;
    cpuMs = m ? (Number(m[2]) + Number(m[3])) * 1000 : null;
    rmSync(timeFile, { force: true });
  }
  let code = r.error ? (r.error.code === 'ETIMEDOUT' ? 'timeout' : r.error.message) : r.status ?? `signal ${r.signal}`;
  if (file !== command && timeoutS !== undefined && hasTimeoutCmd && (code === 124 || code === 137)) code = 'timeout';
  return { code, wallMs, rssKb, cpuMs, rssSource: rssKb === null ? null : '/usr/bin/time', stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Empties a folder before a fresh run and flushes the file system (untimed), so earlier writes do not spill into the next measurement. */
export function emptyDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Repeats a measurement (prepare() untimed before each run) and keeps the run with the median wall time.
 * Stops early after a failed run or a run over REPEAT_LIMIT_MS.
 */
export function repeated(times, prepare, once) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    prepare?.();
    const r = once(i);
    runs.push(r);
    if (r.code !== 0 || r.wallMs > REPEAT_LIMIT_MS) break;
  }
  const ok = runs.filter((r) => r.code === 0);
  if (ok.length < runs.length) return { ...runs[runs.length - 1], walls: runs.map((r) => r.wallMs) };
  const mid = median(ok.map((r) => r.wallMs));
  const pick = ok.reduce((best, r) => (Math.abs(r.wallMs - mid) < Math.abs(best.wallMs - mid) ? r : best));
  const rss = ok.map((r) => r.rssKb).filter((x) => x !== null);
  return { ...pick, wallMs: mid, rssKb: rss.length ? median(rss) : null, walls: runs.map((r) => r.wallMs) };
}

export const results = { runs: [], targets: [], notes: [] };
export const status = { ownFailure: false }; // set when a generate/check run of ours fails: the bench exits 1

export function note(text) {
  results.notes.push(text);
  process.stdout.write(`  note: ${text}\n`);
}

export function progress(text) {
  process.stdout.write(`· ${text}\n`);
}

/** Every file under dir (recursive) with its size and mtime (ns). */
export function listFiles(dir) {
  const out = new Map();
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const p = path.join(e.parentPath, e.name);
    const st = statSync(p, { bigint: true });
    out.set(p, { size: Number(st.size), mtimeNs: st.mtimeNs });
  }
  return out;
}

export const dirStats = (dir) => {
  let bytes = 0;
  const files = listFiles(dir);
  for (const f of files.values()) bytes += f.size;
  return { files: files.size, bytes };
};
