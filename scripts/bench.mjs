#!/usr/bin/env node
// Benchmark of the built CLI (docs/benchmark.md): the demo contract, synthetic contracts of N CRUD
// resources (scripts/synth.mjs) and GitHub's REST contract, with orval and openapi-typescript on the
// GitHub contract for comparison, and `tsc --noEmit` over both outputs. Prints tables and PASS/FAIL
// lines for the targets, and writes the same figures as JSON.
//
// Usage: node scripts/bench.mjs [--smoke] [--only demo,synthetic,github,diff,write,pairs,fanout] [--sizes 10,100,1000,5000]
//                               [--no-compare] [--repeat 3] [--against <checkout>] [--out .bench/results.json]
// Exit code: 0 unless one of our own generate/check runs fails (1), or a usage/build problem (2).
// The comparison tools are installed with npm into a cache folder outside the repository
// ($RESLAYER_BENCH_CACHE, default ${XDG_CACHE_HOME:-~/.cache}/reslayer-bench); nothing is added to
// any package.json. Everything the bench writes in the repository goes under the gitignored .bench/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { synthesize } from './synth.mjs';
import { errorLines, generatedTsconfig, TSC_59, tscArgs, writeTsconfig } from './lib/typecheck.mjs';
import { benchWritePath, writePathTargets } from './lib/bench-write.mjs';
import { contractJobs, timePair } from './lib/bench-pairs.mjs';
import { writeOneOperationChange } from './lib/bench-incremental.mjs';
import { benchFanOut, fanOutTargets } from './lib/bench-fanout.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'packages/cli/dist/index.js');
const BENCH = path.join(ROOT, '.bench');
const OUT = path.join(BENCH, 'out');
const CACHE = path.resolve(process.env.RESLAYER_BENCH_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'reslayer-bench'));
const TOOLS = path.join(CACHE, 'tools');

/** Pinned versions of everything fetched from the npm registry. */
const PINS = {
  orval: '8.38.0',
  'openapi-typescript': '7.13.0',
  // Dependencies of orval's output, only to type-check it (msw: the same major as the repository's).
  '@tanstack/react-query': '5.108.0',
  msw: '3.0.5',
  '@faker-js/faker': '10.6.0',
  '@types/react': '19.3.0',
};
const OCTOKIT = { name: '@octokit/openapi', version: '23.0.2', member: 'package/generated/api.github.com.json' };
/**
 * Used only when the plain install fails: orval 8.38's parser (@scalar/openapi-parser@^0.29 → 0.29.22)
 * pins @scalar/openapi-validator@0.1.20, which a registry may not serve. 0.29.8 is the newest 0.29.x
 * whose own pins resolve there. The result records whether the override was needed.
 */
const FALLBACK_OVERRIDES = { '@scalar/openapi-parser': '0.29.8' };
const BUILTIN_PLUGINS = [
  ['plugin-client', 'pluginClient'],
  ['plugin-hooks', 'pluginHooks'],
  ['plugin-config-meta', 'pluginConfigMeta'],
  ['plugin-mocks', 'pluginMocks'],
];
const KB_PER_MB = 1024;
/** A run longer than this is not repeated (keeps the full bench within its time budget). */
const REPEAT_LIMIT_MS = 10_000;
const DEFAULT_SIZES = [10, 100, 1000, 5000];

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const opts = { smoke: false, only: ['demo', 'synthetic', 'github', 'diff', 'write', 'pairs', 'fanout'], sizes: DEFAULT_SIZES, compare: true, repeat: 3, tscTimeout: 300, out: undefined, against: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--smoke') opts.smoke = true;
    else if (a === '--no-compare') opts.compare = false;
    else if (a === '--only') opts.only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--sizes') opts.sizes = value().split(',').map((s) => Number(s.trim().replace(/_/g, '')));
    else if (a === '--repeat') opts.repeat = Number(value());
    else if (a === '--tsc-timeout') opts.tscTimeout = Number(value());
    else if (a === '--out') opts.out = value();
    else if (a === '--against') opts.against = path.resolve(value());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  for (const o of opts.only) if (!['demo', 'synthetic', 'github', 'diff', 'write', 'pairs', 'fanout'].includes(o)) usage(`--only takes demo, synthetic, github, diff, write, pairs, fanout; got ${o}`);
  for (const n of opts.sizes) if (!Number.isInteger(n) || n < 1) usage(`--sizes takes positive integers; got ${n}`);
  if (!Number.isInteger(opts.repeat) || opts.repeat < 1) usage('--repeat takes a positive integer');
  if (!(opts.tscTimeout > 0)) usage('--tsc-timeout takes a number of seconds');
  if (opts.smoke) Object.assign(opts, { only: ['demo', 'synthetic'], sizes: [100], compare: false, repeat: 1 });
  opts.out = path.resolve(opts.out ?? path.join(BENCH, opts.smoke ? 'results.smoke.json' : 'results.json'));
  return opts;
}

function usage(error) {
  const text = [
    'usage: node scripts/bench.mjs [--smoke] [--only demo,synthetic,github] [--sizes 10,100,1000,5000]',
    '                              [--no-compare] [--repeat N] [--tsc-timeout S] [--against <checkout>] [--out file.json]',
    '  --smoke       the demo (with its < 0.5 s targets) and the synthetic N=100 input, no network, no comparison tools (CI)',
    '  --only        inputs to run (default: all seven; diff: reslayer diff on the GitHub contract with one operation removed;',
    '                fanout: $ref fan-out contracts W × W for W up to 12, each ≤ 5 s and ≤ 300 MB;',
    '                write: generate killed during its write on GitHub\'s contract;',
    '                pairs: side by side on GitHub\'s contract, this build with and without the no-change cache,',
    '                and with --against, this build against another checkout\'s build)',
    '  --against     a checkout (its packages/cli/dist built) to time side by side with this build (pairs)',
    '  --sizes       synthetic sizes (default: 10,100,1000,5000)',
    '  --no-compare  skip orval, openapi-typescript and the tsc runs over orval\'s output',
    `  --repeat      runs per measurement, the median is reported (default 3; runs over ${REPEAT_LIMIT_MS / 1000} s are not repeated)`,
    '  --tsc-timeout seconds after which a tsc run is stopped and reported as timed out (default 300)',
    '  --out         where the JSON goes (default .bench/results.json, .bench/results.smoke.json with --smoke)',
  ].join('\n');
  if (error) {
    process.stderr.write(`bench: ${error}\n${text}\n`);
    process.exit(2);
  }
  process.stdout.write(`${text}\n`);
  process.exit(0);
}

// ---------------------------------------------------------------- process measurement

const hasTimeoutCmd = spawnSync('timeout', ['--version'], { encoding: 'utf8' }).status === 0;

const hasGnuTime = (() => {
  if (!existsSync('/usr/bin/time')) return false;
  const probe = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && /^\d+\s*$/m.test(probe.stderr);
})();

/**
 * Runs a command once and measures it: wall time from spawn to exit (hrtime, includes Node start-up)
 * and peak RSS of the process from `/usr/bin/time -f %M` (kilobytes), when available.
 * With `timeoutS`, coreutils' `timeout` ends the command (and so its RSS is still reported) after that many seconds.
 */
function measureProcess(command, args, { env = {}, cwd = ROOT, timeoutS = undefined } = {}) {
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
function emptyDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Repeats a measurement (prepare() untimed before each run) and keeps the run with the median wall time.
 * Stops early after a failed run or a run over REPEAT_LIMIT_MS.
 */
function repeated(times, prepare, once) {
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

// ---------------------------------------------------------------- our CLI

const results = { runs: [], targets: [], notes: [] };
let ownFailure = false;

function note(text) {
  results.notes.push(text);
  process.stdout.write(`  note: ${text}\n`);
}

function progress(text) {
  process.stdout.write(`· ${text}\n`);
}

/** Sums the profile's timings into columns: load, normalize, detect, emit per plugin, report, write. */
function phaseColumns(profile) {
  if (!profile) return null;
  const cols = { load: 0, normalize: 0, detect: 0, emit: {}, report: 0, write: profile.writeMs };
  for (const t of profile.phases) {
    if (t.hook === 'emit') cols.emit[t.plugin] = (cols.emit[t.plugin] ?? 0) + t.ms;
    else if (t.hook in cols) cols[t.hook] += t.ms;
  }
  return cols;
}

/** The import specifier (a quoted file URL) of a workspace package's bundle (lib/index.js), for the configs the bench writes. */
const packageImport = (pkg) => JSON.stringify(pathToFileURL(path.join(ROOT, 'packages', pkg, 'lib/index.js')).href);

/**
 * Writes an .mjs config that runs the built-in plugins minus `skip` (used when a plugin fails). A skipped
 * plugin's package is not even imported (plugin names are their package folder names), so a plugin that
 * fails to load is left out too.
 */
function writeFallbackConfig(label, input, output, skip) {
  const dir = path.join(BENCH, 'configs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label}.without-${skip.join('+')}.mjs`);
  const kept = BUILTIN_PLUGINS.filter(([pkg]) => !skip.includes(pkg));
  const lines = [
    '// Written by scripts/bench.mjs: the built-in plugins minus the ones that failed.',
    `import { defineConfig } from ${packageImport('core')};`,
    ...kept.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
    `const skip = ${JSON.stringify(skip)};`,
    'export default defineConfig({',
    `  input: ${JSON.stringify(input)},`,
    `  output: ${JSON.stringify(output)},`,
    `  plugins: [${kept.map(([, fn]) => `${fn}()`).join(', ')}].filter((p) => !skip.includes(p.name)),`,
    '});',
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** The plugin a failed run names: a tap that threw (PluginError), or a plugin package that failed to load. */
const failedPluginOf = (stderr) => /plugin "([^"]+)" failed in hook/.exec(stderr)?.[1] ?? /packages\/(plugin-[a-z-]+)\//.exec(stderr)?.[1];

/**
 * Runs our CLI once with RESLAYER_PROFILE and --json; returns the measurement plus the profile and the JSON output.
 * `source` is `{ contract, output }` or `{ config }`.
 */
function runOurs(command, source, extra = []) {
  const profileFile = path.join(BENCH, `profile-${process.pid}.json`);
  rmSync(profileFile, { force: true });
  const sourceArgs = source.config ? ['--config', source.config] : [source.contract, '--output', source.output];
  const r = measureProcess(process.execPath, [CLI, command, ...sourceArgs, '--json', ...extra], { env: { RESLAYER_PROFILE: profileFile } });
  let profile = null;
  try {
    profile = JSON.parse(readFileSync(profileFile, 'utf8'));
    rmSync(profileFile, { force: true });
  } catch {
    // no profile: the run failed before the end of the pipeline, or this CLI build predates RESLAYER_PROFILE
  }
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    // not JSON (an error): stderr says why
  }
  if (r.rssKb === null && profile) Object.assign(r, { rssKb: profile.maxRssKb, rssSource: 'RESLAYER_PROFILE maxRssKb' });
  return { ...r, profile, json };
}

/** Records a run of ours in the results. */
function recordOurs(input, label, r, extra = {}) {
  const failed = r.code !== 0;
  const row = {
    tool: 'reslayer',
    input,
    label,
    ok: !failed,
    exitCode: r.code,
    wallMs: r.wallMs,
    walls: r.walls ?? [r.wallMs],
    rssKb: r.rssKb,
    rssSource: r.rssSource,
    files: r.profile?.files ?? null,
    bytes: r.profile?.bytes ?? null,
    phases: phaseColumns(r.profile),
    ...extra,
  };
  if (failed) row.error = lastLines(r.stderr || r.stdout);
  results.runs.push(row);
  return row;
}

const lastLines = (text, n = 3) => text.trim().split('\n').slice(-n).join(' | ').slice(0, 600);

/**
 * A fresh `generate` of one contract into an emptied output folder, repeated; when a plugin fails, the
 * run is redone without it (through a generated config) so the rest is still measured.
 * @returns {{ row, source }} the recorded row and the source (contract or fallback config) that worked
 */
function freshGenerate(input, label, contract, output, repeat) {
  let source = { contract, output };
  const skipped = [];
  for (;;) {
    const r = repeated(repeat, () => emptyDir(output), () => runOurs('generate', source));
    const failedPlugin = failedPluginOf(r.stderr);
    if (r.code !== 0) {
      ownFailure = true;
      recordOurs(input, label + (skipped.length ? ` without ${skipped.join(', ')}` : ''), r, { pluginsSkipped: [...skipped] });
      process.stdout.write(`  FAILED: reslayer generate ${input}${skipped.length ? ` (without ${skipped.join(', ')})` : ''}: exit ${r.code}: ${lastLines(r.stderr || r.stdout)}\n`);
      if (failedPlugin && !skipped.includes(failedPlugin) && skipped.length < BUILTIN_PLUGINS.length - 1) {
        skipped.push(failedPlugin);
        note(`${input}: plugin ${failedPlugin} failed; measuring again without it (the row is marked "without ${skipped.join(', ')}")`);
        source = { config: writeFallbackConfig(input, contract, output, skipped) };
        continue;
      }
      return { row: null, source };
    }
    const row = recordOurs(input, label + (skipped.length ? ` without ${skipped.join(', ')}` : ''), r, { pluginsSkipped: [...skipped] });
    return { row, source };
  }
}

// ---------------------------------------------------------------- file helpers

/** Every file under dir (recursive) with its size and mtime (ns). */
function listFiles(dir) {
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

const dirStats = (dir) => {
  let bytes = 0;
  const files = listFiles(dir);
  for (const f of files.values()) bytes += f.size;
  return { files: files.size, bytes };
};

// ---------------------------------------------------------------- inputs

function benchDemo(opts) {
  progress('demo: examples/public-crm/openapi.yaml');
  for (const flag of ['--version', '--help']) {
    const r = repeated(Math.max(opts.repeat, 5), null, () => measureProcess(process.execPath, [CLI, flag]));
    if (r.code !== 0) ownFailure = true;
    recordOurs('cli', `reslayer ${flag}`, r);
  }
  const contract = path.join(ROOT, 'examples/public-crm/openapi.yaml');
  const output = path.join(OUT, 'demo');
  freshGenerate('demo', 'generate (contract)', contract, output, Math.max(opts.repeat, 5));
  // The same with a generator.config.ts, as `pnpm demo` runs it (adds the TypeScript config loader).
  const config = path.join(BENCH, 'configs', 'demo.config.ts');
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(
    config,
    [
      '// Written by scripts/bench.mjs: examples/public-crm/generator.config.ts with the output in .bench/.',
      `import { defineConfig } from ${packageImport('core')};`,
      ...BUILTIN_PLUGINS.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
      'export default defineConfig({',
      `  input: ${JSON.stringify(contract)},`,
      `  output: ${JSON.stringify(path.join(OUT, 'demo-config'))},`,
      `  plugins: [${BUILTIN_PLUGINS.map(([, fn]) => `${fn}()`).join(', ')}],`,
      '});',
      '',
    ].join('\n'),
  );
  const r = repeated(Math.max(opts.repeat, 5), () => emptyDir(path.join(OUT, 'demo-config')), () => runOurs('generate', { config }));
  if (r.code !== 0) ownFailure = true;
  recordOurs('demo', 'generate (config .ts)', r);
  benchMockStart(opts);
}

/** Target: `reslayer mock` answers the demo's contact list within 1 s of being started (scripts/lib/bench-mock.mjs). */
function benchMockStart(opts) {
  progress('demo: reslayer mock start-up');
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/bench-mock.mjs'), String(Math.max(opts.repeat, 5))], { encoding: 'utf8', timeout: 120_000 });
  const r = JSON.parse(run.stdout.trim().split('\n').at(-1) || '{"ok":false,"error":"no output"}');
  if (!r.ok) ownFailure = true;
  const detail = r.ok ? `median ${secs(r.medianMs)} from spawn to the first answer (runs ${r.runs.map(secs).join(', ')}; listening after ${r.listenMs.map(secs).join(', ')})` : `FAILED: ${r.error}`;
  target('reslayer mock serves the demo within 1 s of starting', r.ok, r.ok && r.medianMs < 1000, detail);
}

/**
 * Times `generate --watch` on a contract (scripts/lib/watch-timing.mjs): from saving an edit of one
 * operation's summary in a working copy (`copy`, else beside the contract) to the files being written, the
 * debounce included. Recorded as a row `watch: 1-operation edit → written` (wall = median over the edits).
 */
function benchWatch(input, contract, output, opts, copy) {
  // Seven edits by default: the first one after start-up runs cold (the JIT, the first look at the output),
  // so the median of three was often the second edit alone. The first edit is reported beside the median.
  const edits = Math.max(opts.repeat, 3) * 2 + 1;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/watch-timing.mjs'), CLI, contract, output, String(edits), ...(copy ? [copy] : [])], { cwd: ROOT, encoding: 'utf8', timeout: 15 * 60_000 });
  let out;
  try {
    out = JSON.parse((r.stdout ?? '').trim().split('\n').pop() ?? '');
  } catch {
    out = { ok: false, error: lastLines(r.stderr || r.stdout || String(r.error?.message ?? 'no output')) };
  }
  if (!out.ok) {
    ownFailure = true;
    process.stdout.write(`  FAILED: reslayer generate --watch ${input}: ${out.error}\n`);
  }
  results.runs.push({
    tool: 'reslayer',
    input,
    label: 'watch: 1-operation edit → written',
    ok: out.ok === true,
    exitCode: out.ok ? 0 : 1,
    wallMs: out.medianMs ?? null,
    walls: out.edits ?? [],
    rssKb: null,
    rssSource: null,
    files: null,
    bytes: null,
    phases: null,
    watch: out,
  });
  emptyDir(output);
}

function benchSynthetic(opts) {
  // The watch timing runs on the largest size up to 1,000 (the smallest when all are larger).
  const watchSize = Math.max(...opts.sizes.filter((n) => n <= 1000), 0) || Math.min(...opts.sizes);
  for (const n of opts.sizes) {
    progress(`synthetic N=${n}`);
    const contract = path.join(BENCH, 'contracts', `synthetic-${n}.json`);
    mkdirSync(path.dirname(contract), { recursive: true });
    const text = `${JSON.stringify(synthesize(n))}\n`;
    writeFileSync(contract, text);
    const output = path.join(OUT, `synthetic-${n}`);
    const { row } = freshGenerate(`synthetic-${n}`, 'generate', contract, output, opts.repeat);
    if (row) row.contractBytes = Buffer.byteLength(text);
    if (n === watchSize) benchWatch(`synthetic-${n}`, contract, path.join(OUT, `synthetic-${n}-watch`), opts);
    // Free the disk: N=5000 writes hundreds of MB.
    if (n >= 1000) emptyDir(output);
  }
}

/** Runs a command, prints a clear message when it fails; returns true on success. */
function runTool(what, command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000, ...options });
  if (r.error || r.status !== 0) {
    const why = r.error ? r.error.message : lastLines((r.stderr ?? '').split('\n').filter((l) => !/Unknown user config/.test(l)).join('\n') || r.stdout || '');
    process.stdout.write(`  ${what} failed: ${why}\n`);
    return { ok: false, why, r };
  }
  return { ok: true, r };
}

/** Fetches the GitHub contract into the cache (npm pack + tar); returns its path or null. */
function fetchGithubContract() {
  const dir = path.join(CACHE, `octokit-openapi-${OCTOKIT.version}`);
  const file = path.join(dir, OCTOKIT.member);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  progress(`fetching ${OCTOKIT.name}@${OCTOKIT.version} with npm pack into ${dir}`);
  const pack = runTool('npm pack', 'npm', ['pack', `${OCTOKIT.name}@${OCTOKIT.version}`, '--pack-destination', dir, '--json', '--loglevel=error'], { cwd: dir });
  if (!pack.ok) return null;
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) return (process.stdout.write('  npm pack wrote no tarball\n'), null);
  const list = runTool('tar tzf', 'tar', ['tzf', path.join(dir, tgz)]);
  if (!list.ok) return null;
  if (!list.r.stdout.split('\n').includes(OCTOKIT.member)) {
    process.stdout.write(`  ${tgz} has no ${OCTOKIT.member}; its layout changed\n`);
    return null;
  }
  const x = runTool('tar xzf', 'tar', ['xzf', path.join(dir, tgz), '-C', dir, OCTOKIT.member]);
  rmSync(path.join(dir, tgz), { force: true });
  return x.ok && existsSync(file) ? file : null;
}

/** Installs the pinned comparison tools into the cache; returns { ok, overrides } . */
function installTools() {
  const installed = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(TOOLS, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  const manifest = path.join(TOOLS, 'package.json');
  const current = () => {
    try {
      return JSON.parse(readFileSync(manifest, 'utf8')).overrides ?? null;
    } catch {
      return null;
    }
  };
  if (Object.entries(PINS).every(([n, v]) => installed(n) === v)) return { ok: true, overrides: current() };
  mkdirSync(TOOLS, { recursive: true });
  const specs = Object.entries(PINS).map(([n, v]) => `${n}@${v}`);
  const npmArgs = ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...specs];
  for (const overrides of [null, FALLBACK_OVERRIDES]) {
    writeFileSync(manifest, `${JSON.stringify({ private: true, description: 'reslayer benchmark comparison tools (scripts/bench.mjs)', ...(overrides ? { overrides } : {}) }, null, 2)}\n`);
    progress(`installing ${specs.join(' ')} into ${TOOLS}${overrides ? ` with overrides ${JSON.stringify(overrides)}` : ''}`);
    const r = runTool('npm install', 'npm', npmArgs, { cwd: TOOLS });
    if (r.ok && Object.entries(PINS).every(([n, v]) => installed(n) === v)) return { ok: true, overrides };
  }
  return { ok: false };
}

/** The tsconfig of the shared type-check harness (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes). */
const tsconfigFor = (include, exclude, resolution) => generatedTsconfig({ include, ...(exclude ? { exclude } : {}), resolution });

/** `tsc --noEmit --extendedDiagnostics -p <tsconfig>`, measured; parses tsc's own figures too. */
function runTsc(of, label, tsconfig, opts) {
  const r = measureProcess(process.execPath, [TSC_59, ...tscArgs(tsconfig, ['--noEmit', '--extendedDiagnostics'])], { timeoutS: opts.tscTimeout });
  const out = `${r.stdout}\n${r.stderr}`;
  const field = (name) => new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(out)?.[1];
  const errors = errorLines(out);
  const syntaxErrors = errors.filter((l) => /error TS1\d{3}:/.test(l));
  const row = {
    tool: 'tsc',
    of,
    input: 'github',
    label,
    // tsc exits non-zero when it reports errors; the run counts when it got to the end (its totals are printed).
    ok: field('Total time') !== undefined,
    exitCode: r.code,
    wallMs: r.wallMs,
    walls: [r.wallMs],
    rssKb: r.rssKb,
    rssSource: r.rssSource,
    timedOut: r.code === 'timeout',
    tsc: {
      files: Number(field('Files') ?? NaN),
      errors: errors.length,
      syntaxErrors: syntaxErrors.length,
      checked: field('Check time') !== undefined,
      checkS: Number(field('Check time') ?? NaN),
      totalS: Number(field('Total time') ?? NaN),
      memoryUsedKb: Number(/^Memory used:\s+(\d+)K/m.exec(out)?.[1] ?? NaN),
      firstErrors: errors.slice(0, 3),
    },
  };
  if (row.timedOut) note(`${label}: stopped after ${opts.tscTimeout} s (--tsc-timeout)`);
  results.runs.push(row);
  return row;
}

/**
 * The cost of plugin-validators on the GitHub contract: a fresh generate with the four built-in plugins plus
 * `pluginValidators({ library })`, for zod and valibot, recorded with the files and wall time it adds to `base`,
 * then `tsc --noEmit` over that output (TypeScript 5.9, `--tsc-timeout`).
 */
function benchValidators(contract, base, opts) {
  for (const library of ['zod', 'valibot']) {
    progress(`github: reslayer generate with plugin-validators (${library})`);
    const output = path.join(OUT, `github-validators-${library}`);
    const r = generateWithValidators(contract, output, library, opts);
    const row = recordOurs('github', `generate with plugin-validators (${library})`, r, { validators: library });
    if (row.ok && base.files !== null && row.files !== null) {
      row.validatorsCost = { extraFiles: row.files - base.files, extraMs: row.wallMs - base.wallMs, extraBytes: (row.bytes ?? 0) - (base.bytes ?? 0) };
      note(`plugin-validators (${library}) on GitHub: +${row.validatorsCost.extraFiles} files, +${(row.validatorsCost.extraBytes / 1024 / 1024).toFixed(1)} MB, ${row.validatorsCost.extraMs < 0 ? '−' : '+'}${secs(Math.abs(row.validatorsCost.extraMs))} generate (${secs(row.wallMs)} vs ${secs(base.wallMs)} without it)`);
    }
    if (!row.ok) continue;
    // The application's type-check of that output (the schemas are annotated with the client's types).
    progress(`github: tsc --noEmit over reslayer's output with plugin-validators (${library})`);
    const tsconfig = path.join(BENCH, `tsconfig.reslayer-github-validators-${library}.json`);
    writeTsconfig(tsconfig, tsconfigFor([path.relative(BENCH, path.join(output, 'src')) + '/**/*.ts'], null, 'NodeNext'));
    const tsc = runTsc('reslayer-validators', `tsc --noEmit over our output with plugin-validators (${library})`, tsconfig, opts);
    if (!tsc.ok && !tsc.timedOut) note(`tsc over the output with plugin-validators (${library}) did not finish: exit ${tsc.exitCode} (${tsc.rssKb ? `${mb(tsc.rssKb)} peak` : 'no RSS'})`);
  }
  // The largest layer: plugin-validators (zod) with real hooks, once per hooks adapter (compared with orval's wall time).
  for (const adapter of HOOK_ADAPTERS) {
    progress(`github: reslayer generate with plugin-validators (zod) and the ${adapter} adapter`);
    const output = path.join(OUT, `github-validators-${adapter}`);
    const r = generateWithValidators(contract, output, 'zod', opts, adapter);
    recordOurs('github', `generate with plugin-validators (zod) and the ${adapter} adapter`, r, { validators: 'zod', adapter });
    emptyDir(output);
  }
}

/**
 * Fresh `generate --no-cache` runs of the built-in plugins plus `pluginValidators({ library })`, through a
 * config written to `.bench/configs/` (with `adapter`, plugin-hooks gets `{ adapter }`).
 * @returns the repeated run (see `repeated`); a failure marks the bench as failed
 */
function generateWithValidators(contract, output, library, opts, adapter) {
  const config = path.join(BENCH, 'configs', `github.validators-${adapter ?? library}.mjs`);
  const call = (fn) => (fn === 'pluginHooks' && adapter ? `${fn}({ adapter: '${adapter}' })` : `${fn}()`);
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(
    config,
    [
      `// Written by scripts/bench.mjs: the built-in plugins${adapter ? ` (hooks with the ${adapter} adapter)` : ''} plus plugin-validators (${library}).`,
      ...BUILTIN_PLUGINS.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
      `import { pluginValidators } from ${packageImport('plugin-validators')};`,
      `export default { input: ${JSON.stringify(contract)}, output: ${JSON.stringify(output)}, plugins: [${BUILTIN_PLUGINS.map(([, fn]) => call(fn)).join(', ')}, pluginValidators({ library: '${library}' })] };`,
      '',
    ].join('\n'),
  );
  const r = repeated(opts.repeat, () => emptyDir(output), () => runOurs('generate', { config }, ['--no-cache']));
  if (r.code !== 0) ownFailure = true;
  return r;
}

/** The hooks adapters with real hooks (plugin-hooks' `adapter` option), each measured with plugin-validators. */
const HOOK_ADAPTERS = ['react-query', 'vue-query'];

function benchGithub(opts) {
  progress(`github: ${OCTOKIT.name}@${OCTOKIT.version} ${OCTOKIT.member}`);
  const contract = fetchGithubContract();
  if (!contract) {
    note('GitHub contract not available (npm pack or tar failed, see above): GitHub rows and targets skipped');
    return;
  }
  results.github = { contract, bytes: statSync(contract).size };
  const output = path.join(OUT, 'github');

  // 1. fresh generate
  progress('github: reslayer generate (fresh output folder)');
  const { row: first, source } = freshGenerate('github', 'generate', contract, output, opts.repeat);
  if (first) {
    // 2. generate again, nothing changed: no file rewritten, faster
    progress('github: reslayer generate (no change)');
    const before = listFiles(output);
    const again = repeated(opts.repeat, null, () => runOurs('generate', source));
    const after = listFiles(output);
    let touched = 0;
    for (const [p, f] of after) if (before.get(p)?.mtimeNs !== f.mtimeNs) touched++;
    for (const p of before.keys()) if (!after.has(p)) touched++;
    const plan = again.json ?? {};
    if (again.code !== 0) ownFailure = true;
    recordOurs('github', `generate (no change)${first.pluginsSkipped.length ? ` without ${first.pluginsSkipped.join(', ')}` : ''}`, again, {
      noChange: {
        filesTouched: touched,
        created: plan.created?.length ?? null,
        updated: plan.updated?.length ?? null,
        removed: plan.removed?.length ?? null,
        unchanged: plan.unchanged?.length ?? null,
      },
    });
    // 3. check on the unchanged output
    progress('github: reslayer check (unchanged output)');
    const check = repeated(opts.repeat, null, () => runOurs('check', source));
    if (check.code !== 0 && check.code !== 1) ownFailure = true;
    recordOurs('github', `check (unchanged)${first.pluginsSkipped.length ? ` without ${first.pluginsSkipped.join(', ')}` : ''}`, check, {
      ok: check.code === 0,
      drift: check.json?.drift ?? null,
    });
    // 3b. a one-operation change: a second generate into the same output, from a copy with one summary changed
    // and back (each run changes one operation); the output ends as the original contract's.
    if (!source.config) {
      progress('github: reslayer generate (one operation changed)');
      const copy = path.join(BENCH, 'github-one-operation-changed.json');
      const { operation } = writeOneOperationChange(contract, copy);
      const incr = repeated(Math.max(opts.repeat, 2), null, (i) => runOurs('generate', { contract: i % 2 === 0 ? copy : contract, output }));
      if (incr.code !== 0) ownFailure = true;
      recordOurs('github', 'generate (one operation changed)', incr, { changed: operation, plan: incr.json ? { created: incr.json.created?.length ?? null, updated: incr.json.updated?.length ?? null, removed: incr.json.removed?.length ?? null } : null });
      if (incr.walls.length % 2 === 1) runOurs('generate', source);
      // 3c. the same kind of change in watch mode: `generate --watch` on a copy, one summary edited per save
      progress('github: reslayer generate --watch (one operation edited per save)');
      benchWatch('github', contract, path.join(OUT, 'github-watch'), opts, path.join(BENCH, 'github-watch.json'));
    }
    // 4. the user's type-check of our output
    progress('github: tsc --noEmit over reslayer\'s output');
    const tsconfig = path.join(BENCH, 'tsconfig.reslayer-github.json');
    writeTsconfig(tsconfig, tsconfigFor([path.relative(BENCH, path.join(output, 'src')) + '/**/*.ts'], null, 'NodeNext'));
    const full = runTsc('reslayer', 'tsc --noEmit over our output (NodeNext)', tsconfig, opts);
    if (!full.ok) {
      progress('github: tsc --noEmit over reslayer\'s output without its mocks (to locate the cost)');
      tscWithoutMocks(output, opts);
    }
  }
  // 4b. the cost of the experimental plugin-validators (not a default plugin): the four built-in plugins plus it
  if (first && first.pluginsSkipped.length === 0) benchValidators(contract, first, opts);

  if (!opts.compare) return;
  const tools = installTools();
  if (!tools.ok) {
    note('the comparison tools could not be installed (see above): orval and openapi-typescript rows skipped');
    return;
  }
  results.toolsOverrides = tools.overrides;
  if (tools.overrides) note(`comparison tools installed with npm overrides ${JSON.stringify(tools.overrides)} (a pinned dependency of orval is missing from the registry)`);
  const nm = path.join(TOOLS, 'node_modules');

  // 5. openapi-typescript, types only
  progress(`github: openapi-typescript ${PINS['openapi-typescript']} (types only)`);
  const oatOut = path.join(OUT, 'openapi-typescript-github');
  const oat = repeated(
    opts.repeat,
    () => {
      emptyDir(oatOut);
      mkdirSync(oatOut, { recursive: true });
    },
    () => measureProcess(process.execPath, [path.join(nm, 'openapi-typescript/bin/cli.js'), contract, '-o', path.join(oatOut, 'schema.ts')]),
  );
  const oatRow = recordTool('openapi-typescript', `openapi-typescript ${PINS['openapi-typescript']} (types only)`, oat, oatOut);
  if (oatRow.ok) {
    // 5b. the type-check of those types alone: the yardstick of the type-check of our whole layer
    progress('github: tsc --noEmit over openapi-typescript\'s output');
    const tsOat = path.join(BENCH, 'tsconfig.openapi-typescript-github.json');
    writeTsconfig(tsOat, tsconfigFor([path.relative(BENCH, path.join(oatOut, 'schema.ts'))], null, 'NodeNext'));
    runTsc('openapi-typescript', 'tsc --noEmit over openapi-typescript output (types only)', tsOat, opts);
  }

  // 6. orval: types, fetch client, react-query hooks, MSW mocks, split by tag
  progress(`github: orval ${PINS.orval} (react-query + fetch + msw mocks, tags-split)`);
  const orvalOut = path.join(OUT, 'orval-github');
  const orvalConfig = path.join(BENCH, 'configs', 'orval.config.mjs');
  mkdirSync(path.dirname(orvalConfig), { recursive: true });
  const orvalOptions = {
    github: {
      input: { target: contract },
      output: {
        target: path.join(orvalOut, 'src/api.ts'),
        schemas: path.join(orvalOut, 'src/model'),
        client: 'react-query',
        httpClient: 'fetch',
        mode: 'tags-split',
        mock: true,
        clean: true,
        override: { query: { version: 5 } },
      },
    },
  };
  writeFileSync(orvalConfig, `// Written by scripts/bench.mjs\nexport default ${JSON.stringify(orvalOptions, null, 2)};\n`);
  const orval = repeated(opts.repeat, () => emptyDir(orvalOut), () =>
    measureProcess(process.execPath, [path.join(nm, 'orval/dist/bin/orval.mjs'), '--config', orvalConfig], { cwd: path.dirname(orvalConfig) }),
  );
  const orvalRow = recordTool('orval', `orval ${PINS.orval} (react-query, fetch, msw, tags-split)`, orval, orvalOut);
  if (!orvalRow.ok) return;

  // 7. tsc over orval's output: its imports resolve from the cache through a node_modules link.
  // orval writes extensionless relative imports, which NodeNext rejects: Bundler resolution instead.
  progress('github: tsc --noEmit over orval\'s output');
  symlinkSync(nm, path.join(orvalOut, 'node_modules'), 'dir');
  const include = [path.relative(BENCH, path.join(orvalOut, 'src')) + '/**/*.ts'];
  const tsAll = path.join(BENCH, 'tsconfig.orval-github.json');
  writeTsconfig(tsAll, tsconfigFor(include, null, 'Bundler'));
  const all = runTsc('orval', 'tsc --noEmit over orval output (Bundler)', tsAll, opts);
  if (!all.tsc.checked) {
    all.comparable = false;
    note(`tsc stopped before type-checking orval's output: ${all.tsc.syntaxErrors} syntax error(s), e.g. ${all.tsc.firstErrors[0] ?? '?'}`);
    const tsNoMocks = path.join(BENCH, 'tsconfig.orval-github.no-mocks.json');
    const rel = path.relative(BENCH, path.join(orvalOut, 'src'));
    writeTsconfig(tsNoMocks, tsconfigFor(include, [`${rel}/**/*.msw.ts`, `${rel}/**/*.faker.ts`], 'Bundler'));
    note('measuring tsc again over orval\'s output without its mock files (*.msw.ts, *.faker.ts): less code than ours, so the comparison favours orval');
    const noMocks = runTsc('orval', 'tsc --noEmit over orval output without mocks (Bundler)', tsNoMocks, opts);
    noMocks.comparable = noMocks.tsc.checked;
    // The like-for-like figure: both outputs without their mocks.
    if (existsSync(path.join(output, 'src'))) {
      const ours = results.runs.find((r) => r.tool === 'tsc' && r.of === 'reslayer' && r.withoutMocks) ?? tscWithoutMocks(output, opts);
      if (ours.ok && noMocks.ok) {
        note(`tsc without mocks on both sides: ours ${secs(ours.wallMs)} (${mb(ours.rssKb)}) vs orval ${secs(noMocks.wallMs)} (${mb(noMocks.rssKb)}): ratio ${(ours.wallMs / noMocks.wallMs).toFixed(2)}`);
      }
    }
  } else all.comparable = true;
}

/** tsc over our GitHub output minus the mocks plugin's folders (`**\/mocks/**`). */
function tscWithoutMocks(output, opts) {
  const rel = path.relative(BENCH, path.join(output, 'src'));
  const tsconfig = path.join(BENCH, 'tsconfig.reslayer-github.no-mocks.json');
  writeTsconfig(tsconfig, tsconfigFor([`${rel}/**/*.ts`], [`${rel}/**/mocks/**`], 'NodeNext'));
  const row = runTsc('reslayer', 'tsc --noEmit over our output without mocks (NodeNext)', tsconfig, opts);
  row.withoutMocks = true;
  return row;
}

function recordTool(tool, label, r, outDir) {
  const ok = r.code === 0;
  const stats = ok ? dirStats(outDir) : { files: null, bytes: null };
  const row = { tool, input: 'github', label, ok, exitCode: r.code, wallMs: r.wallMs, walls: r.walls, rssKb: r.rssKb, rssSource: r.rssSource, ...stats };
  if (!ok) {
    row.error = lastLines(r.stderr || r.stdout);
    process.stdout.write(`  ${tool} failed (exit ${r.code}): ${row.error}\n`);
    note(`${tool} failed on the GitHub contract; its comparisons are skipped`);
  }
  results.runs.push(row);
  return row;
}

// ---------------------------------------------------------------- diff

/** Target of `reslayer diff` on the GitHub contract against a copy with one operation removed. */
const DIFF_TARGET_MS = 15_000;

/**
 * `reslayer diff` on GitHub's contract and a copy (under .bench/) with one operation removed: two in-memory
 * generations, api-smart-diff, and the TypeScript checker over the affected symbols.
 */
function benchDiff() {
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
    ownFailure = true;
    process.stdout.write(`  diff FAILED (exit ${r.code}): ${lastLines(r.stderr || r.stdout)}\n`);
  }
  results.runs.push({ tool: 'reslayer', input: 'github', label: 'diff (one operation removed)', ok, exitCode: r.code, wallMs: r.wallMs, walls: [r.wallMs], rssKb: r.rssKb, rssSource: r.rssSource, timings: json?.timings ?? null, checkedSymbols: json?.checkedSymbols ?? null, removed });
}

function evaluateDiffTarget(opts) {
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
function benchWrite() {
  const contract = fetchGithubContract();
  if (!contract) return note('GitHub contract not available: the write-path measurements are skipped');
  progress('write: GitHub generate killed during its write');
  results.writePath = benchWritePath({ cli: CLI, contract, scratch: path.join(BENCH, 'write'), killPoints: 8 });
  if (!results.writePath.kill.ok) ownFailure = true;
}

/** Side-by-side rows (docs/benchmark.md, "Side by side"): the no-change cache on and off, and this build against another. */
const PAIR_ROWS = [
  ['no-change cache', 'no-change generate', { key: 'cache', name: 'with the cache' }, { key: 'nocache', name: '--no-cache', args: ['--no-cache'] }],
  ['no-change cache', 'no-change check', { key: 'cache', name: 'with the cache' }, { key: 'nocache', name: '--no-cache', args: ['--no-cache'] }],
];
/** The jobs timed against another build with --against. */
const AGAINST_JOBS = ['fresh generate', 'no-change generate', 'no-change check', 'one-operation change', 'watch edit'];

/** Times the side-by-side rows on GitHub's contract, A B A B …, and records each side's median and the median ratio. */
function benchPairs(opts) {
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
function pairTargets() {
  const row = (what, job) => (results.pairs ?? []).find((p) => p.what === what && p.job === job && !p.error);
  const show = (p) => `${p.aName} ${secs(p.aMs)} vs ${p.bName} ${secs(p.bMs)}: median ratio of the pairs ${p.ratio.toFixed(2)} (${p.ratios.map((x) => x.toFixed(2)).join(', ')})`;
  for (const job of ['no-change generate', 'no-change check']) {
    const p = row('no-change cache', job);
    target(`the no-change cache gains ≥ 15 % in a ${job} (side by side)`, p, p && p.ratio <= 0.85, p ? show(p) : 'did not run');
  }
  const fresh = row('this build against --against', 'fresh generate');
  target('fresh GitHub generate within 1.15× of the --against build (side by side)', fresh, fresh && fresh.ratio <= 1.15, fresh ? show(fresh) : 'did not run (pass --against <checkout>)');
}

// ---------------------------------------------------------------- targets

/** The successful run of `tool` on `input` labelled `label` (or `label without …`, after a plugin failed). */
const find = (input, label, tool = 'reslayer') =>
  results.runs.find((r) => r.tool === tool && r.input === input && (r.label === label || r.label.startsWith(`${label} without `)) && r.ok);
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb) => (kb === null || kb === undefined ? 'n/a' : `${(kb / KB_PER_MB).toFixed(0)} MB`);

function target(name, measured, pass, detail) {
  const status = measured ? (pass ? 'PASS' : 'FAIL') : 'SKIP';
  results.targets.push({ name, status, detail });
  return status;
}

function evaluateTargets(opts) {
  const ran = (i) => opts.only.includes(i);
  if (ran('github')) {
    const gh = find('github', 'generate');
    const fullGh = gh && gh.pluginsSkipped.length === 0;
    const orval = results.runs.find((r) => r.tool === 'orval' && r.ok);
    const oat = results.runs.find((r) => r.tool === 'openapi-typescript' && r.ok);
    const pluginsNote = gh && !fullGh ? ` [without ${gh.pluginsSkipped.join(', ')}]` : '';
    target(
      'GitHub generate (all four plugins) ≤ 1/4 of orval\'s wall time',
      gh && orval && fullGh,
      gh && orval && gh.wallMs <= orval.wallMs / 4,
      gh && orval ? `${secs(gh.wallMs)} vs orval ${secs(orval.wallMs)}: ratio ${(gh.wallMs / orval.wallMs).toFixed(2)} (target ≤ 0.25)${pluginsNote}` : why(gh, orval, opts, 'orval'),
    );
    target(
      'GitHub generate faster than openapi-typescript (types only)',
      gh && oat && fullGh,
      gh && oat && gh.wallMs < oat.wallMs,
      gh && oat ? `${secs(gh.wallMs)} vs openapi-typescript ${secs(oat.wallMs)}: ratio ${(gh.wallMs / oat.wallMs).toFixed(2)} (target < 1)${pluginsNote}` : why(gh, oat, opts, 'openapi-typescript'),
    );
    target('GitHub generate peak RSS ≤ 400 MB', gh?.rssKb != null && fullGh, gh?.rssKb <= 400 * KB_PER_MB, gh ? `${mb(gh.rssKb)} (target ≤ 400 MB)${pluginsNote}` : 'our GitHub generate did not run');
    const check = results.runs.find((r) => r.input === 'github' && r.label.startsWith('check (unchanged)'));
    target(
      'check on an unchanged GitHub output < 1.5 s',
      check && check.exitCode !== 'timeout' && typeof check.exitCode === 'number' && check.exitCode <= 1,
      check?.ok && check.wallMs < 1500,
      check ? `${secs(check.wallMs)}, drift ${check.drift ?? '?'}, exit ${check.exitCode} (target < 1.50 s, drift 0)` : 'did not run',
    );
    const again = results.runs.find((r) => r.input === 'github' && r.label.startsWith('generate (no change)'));
    target(
      'second generate with no change rewrites no file',
      again?.ok,
      again?.noChange.filesTouched === 0 && !again.noChange.created && !again.noChange.updated && !again.noChange.removed,
      again ? `${again.noChange.filesTouched} file(s) with a new mtime; created ${again.noChange.created}, updated ${again.noChange.updated}, removed ${again.noChange.removed}, unchanged ${again.noChange.unchanged}` : 'did not run',
    );
    target('no-change generate ≤ 0.3 s', again?.ok, again?.wallMs <= 300, again ? `${secs(again.wallMs)} median of ${again.walls.length} (target ≤ 0.30 s)` : 'did not run');
    const unchangedCheck = results.runs.find((r) => r.input === 'github' && r.label.startsWith('check (unchanged)'));
    target('no-change check ≤ 0.3 s', unchangedCheck?.ok, unchangedCheck?.wallMs <= 300, unchangedCheck ? `${secs(unchangedCheck.wallMs)} median of ${unchangedCheck.walls.length} (target ≤ 0.30 s)` : 'did not run');
    const incr = results.runs.find((r) => r.input === 'github' && r.label === 'generate (one operation changed)');
    target(
      'one-operation change regenerates in ≤ 0.5 s (second generate)',
      incr?.ok,
      incr?.wallMs <= 500,
      incr ? `${secs(incr.wallMs)} median of ${incr.walls.length}, updated ${incr.plan?.updated ?? '?'} file(s) (target ≤ 0.50 s)` : 'did not run',
    );
    target(
      'second generate ≥ 3× faster than the first',
      again?.ok && gh,
      again && gh && gh.wallMs / again.wallMs >= 3,
      again && gh ? `${secs(again.wallMs)} vs first ${secs(gh.wallMs)}: ${(gh.wallMs / again.wallMs).toFixed(2)}× (target ≥ 3×)` : 'did not run',
    );
    const tscOurs = results.runs.find((r) => r.tool === 'tsc' && r.of === 'reslayer' && !r.withoutMocks);
    const tscOrval = results.runs.filter((r) => r.tool === 'tsc' && r.of === 'orval' && r.comparable).pop();
    const tscTime = (r) => (r.timedOut ? `stopped after ${opts.tscTimeout} s` : secs(r.wallMs));
    target(
      'tsc over our GitHub output ≤ 1/2 of tsc over orval\'s output',
      tscOurs && (tscOurs.ok || tscOurs.timedOut) && tscOrval,
      tscOurs?.ok && tscOrval && tscOurs.wallMs <= tscOrval.wallMs / 2,
      tscOurs && tscOrval
        ? `${tscTime(tscOurs)} (${tscOurs.tsc.errors} errors) vs orval ${secs(tscOrval.wallMs)} (${tscOrval.label.includes('without mocks') ? 'without its mocks, ' : ''}${tscOrval.tsc.errors} errors): ratio ${(tscOurs.wallMs / tscOrval.wallMs).toFixed(2)}${tscOurs.timedOut ? ' or more' : ''} (target ≤ 0.50)`
        : !opts.compare ? 'skipped (--no-compare)' : !tscOurs ? 'tsc over our output did not run' : 'no comparable tsc run over orval\'s output (see notes)',
    );
    const tscOat = results.runs.find((r) => r.tool === 'tsc' && r.of === 'openapi-typescript' && r.ok);
    target(
      'tsc over our GitHub output within 1.5× of tsc over openapi-typescript\'s types-only output',
      tscOurs && (tscOurs.ok || tscOurs.timedOut) && tscOat,
      tscOurs?.ok && tscOat && tscOurs.wallMs <= 1.5 * tscOat.wallMs,
      tscOurs && tscOat
        ? `${tscTime(tscOurs)} (${tscOurs.tsc.files} files) vs openapi-typescript ${secs(tscOat.wallMs)} (${tscOat.tsc.files} files, ${tscOat.tsc.errors} errors): ratio ${(tscOurs.wallMs / tscOat.wallMs).toFixed(2)}${tscOurs.timedOut ? ' or more' : ''} (target ≤ 1.5)`
        : !opts.compare ? 'skipped (--no-compare)' : !tscOurs ? 'tsc over our output did not run' : 'tsc over openapi-typescript\'s output did not run (see notes)',
    );
    const adapterRuns = HOOK_ADAPTERS.map((adapter) => find('github', `generate with plugin-validators (zod) and the ${adapter} adapter`));
    target(
      'GitHub generate with plugin-validators and each hooks adapter ≤ 1/2 of orval\'s wall time',
      orval && adapterRuns.every(Boolean),
      orval && adapterRuns.every((r) => r.wallMs <= orval.wallMs / 2),
      orval && adapterRuns.every(Boolean)
        ? `${adapterRuns.map((r, i) => `${HOOK_ADAPTERS[i]} ${secs(r.wallMs)} (ratio ${(r.wallMs / orval.wallMs).toFixed(2)})`).join(', ')} vs orval ${secs(orval.wallMs)} (target ≤ 0.50)`
        : !opts.compare ? 'skipped (--no-compare)' : !orval ? 'orval did not run or failed (see notes)' : 'a generate with plugin-validators and an adapter failed',
    );
    const watch = find('github', 'watch: 1-operation edit → written');
    target(
      'one-operation change regenerates in ≤ 0.5 s (watch mode)',
      watch,
      watch?.wallMs <= 500,
      watch
        ? `${secs(watch.wallMs)} median of ${watch.walls.length} edits (the first after start-up ${secs(watch.walls[0])}), from the save to the files written, the watch's 50 ms debounce included (target ≤ 0.50 s)`
        : 'did not run',
    );
    target(
      'tsc over our GitHub output peak RSS ≤ 1 GB',
      tscOurs?.rssKb != null && (tscOurs.ok || tscOurs.timedOut),
      tscOurs?.ok && tscOurs.rssKb <= 1024 * KB_PER_MB,
      tscOurs ? `${mb(tscOurs.rssKb)}${tscOurs.timedOut ? ` when stopped after ${opts.tscTimeout} s` : ''}, ${tscOurs.tsc.errors} type errors (target ≤ 1024 MB)` : 'did not run',
    );
  }
  if (ran('demo')) {
    for (const label of ['generate (contract)', 'generate (config .ts)']) {
      const d = find('demo', label);
      target(`demo ${label} < 0.5 s`, d, d?.wallMs < 500, d ? `${secs(d.wallMs)} median of ${d.walls.length} (target < 0.50 s)${d.pluginsSkipped?.length ? ` [without ${d.pluginsSkipped.join(', ')}]` : ''}` : 'failed');
    }
    for (const flag of ['--help', '--version']) {
      const d = find('cli', `reslayer ${flag}`);
      target(`reslayer ${flag} < 0.2 s`, d, d?.wallMs < 200, d ? `${secs(d.wallMs)} median of ${d.walls.length} (target < 0.20 s)` : 'failed');
    }
  }
  if (ran('synthetic') && !opts.smoke) {
    const small = find('synthetic-100', 'generate');
    const big = find('synthetic-5000', 'generate');
    const have = opts.sizes.includes(100) && opts.sizes.includes(5000);
    const skip = !have ? 'needs sizes 100 and 5000' : 'a synthetic run failed';
    target(
      'synthetic N=5,000 wall ≤ 60× N=100',
      small && big,
      small && big && big.wallMs <= 60 * small.wallMs,
      small && big ? `${secs(big.wallMs)} vs ${secs(small.wallMs)}: ${(big.wallMs / small.wallMs).toFixed(1)}× (target ≤ 60×)` : skip,
    );
    target(
      'synthetic N=5,000 peak RSS ≤ 4× N=100',
      small?.rssKb != null && big?.rssKb != null,
      big?.rssKb <= 4 * small?.rssKb,
      small && big ? `${mb(big.rssKb)} vs ${mb(small.rssKb)}: ${(big.rssKb / small.rssKb).toFixed(1)}× (target ≤ 4×)` : skip,
    );
  }
}

function why(ours, theirs, opts, name) {
  if (!ours) return 'our GitHub generate did not run';
  if (!opts.compare) return 'skipped (--no-compare)';
  if (!theirs) return `${name} did not run or failed (see notes)`;
  return `run without ${ours.pluginsSkipped.join(', ')}: not comparable`;
}

// ---------------------------------------------------------------- output

function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (cells) => cells.map((c, i) => (align[i] === 'r' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

function printResults() {
  const num = (x, digits = 0) => (x === null || x === undefined || Number.isNaN(x) ? '' : x.toFixed(digits));
  const mainRows = results.runs.map((r) => [
    r.input,
    r.label,
    r.ok ? '' : `FAIL(${r.exitCode})`,
    num(r.wallMs / 1000, 3),
    r.walls && r.walls.length > 1 ? `${r.walls.length}` : '1',
    r.rssKb == null ? 'n/a' : num(r.rssKb / KB_PER_MB),
    r.tsc ? (Number.isNaN(r.tsc.files) ? '' : `${r.tsc.files} in`) : r.files ?? '',
    r.tsc ? (r.ok ? `${r.tsc.errors} err` : '') : r.bytes == null ? '' : num(r.bytes / 1024 / 1024, 1),
  ]);
  process.stdout.write(`\n${table(['input', 'run', 'status', 'wall s', 'runs', 'RSS MB', 'files', 'MB out'], mainRows, ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r'])}\n`);
  if (results.pairs?.length) {
    const pairRows = results.pairs.map((p) => [p.what, p.job, p.aName, p.error ? 'FAILED' : num(p.aMs / 1000, 3), p.bName, p.error ? '' : num(p.bMs / 1000, 3), p.error ? '' : num(p.ratio, 2), p.aWalls ? `${p.aWalls.length}` : '']);
    process.stdout.write(`\nSide by side (A B A B …; ratio = median of the pairs' A/B):\n${table(['what', 'job', 'A', 'A s', 'B', 'B s', 'A/B', 'pairs'], pairRows, ['l', 'l', 'l', 'r', 'l', 'r', 'r', 'r'])}\n`);
  }
  process.stdout.write('  wall: median of the runs, from spawn to exit (Node start-up included); RSS: peak resident set of the process;\n  files/MB out: files and megabytes generated (for tsc rows: files in the program, type errors)\n');

  const withPhases = results.runs.filter((r) => r.phases);
  if (withPhases.length) {
    const order = BUILTIN_PLUGINS.map(([p]) => p);
    const plugins = [...new Set(withPhases.flatMap((r) => Object.keys(r.phases.emit)))].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
    const rows = withPhases.map((r) => {
      const p = r.phases;
      const sum = p.load + p.normalize + p.detect + Object.values(p.emit).reduce((a, b) => a + b, 0) + p.report + p.write;
      return [r.input, r.label, num(p.load), num(p.normalize), num(p.detect), ...plugins.map((pl) => num(p.emit[pl])), num(p.report), num(p.write), num(r.wallMs - sum)];
    });
    const heads = ['input', 'run', 'load', 'normalize', 'detect', ...plugins.map((p) => `emit:${p.replace(/^plugin-/, '')}`), 'report', 'write', 'rest'];
    process.stdout.write(`\nPhases (ms, from RESLAYER_PROFILE: the hook bus's interceptors; write = the engine's write or diff; rest = wall − phases: Node start-up, module loading, config, output)\n`);
    process.stdout.write(`${table(heads, rows, heads.map((_, i) => (i < 2 ? 'l' : 'r')))}\n`);
  }

  if (results.targets.length) process.stdout.write('\nTargets\n');
  for (const t of results.targets) process.stdout.write(`${t.status}  ${t.name}: ${t.detail}\n`);
  if (results.notes.length) {
    process.stdout.write('\nNotes\n');
    for (const n of results.notes) process.stdout.write(`- ${n}\n`);
  }
}

function checkBuild() {
  if (!existsSync(CLI)) {
    process.stderr.write(`bench: ${path.relative(ROOT, CLI)} not found: run \`pnpm build\` first\n`);
    process.exit(2);
  }
  // Warn when a package's source file is newer than its compiled file (tsc -b rewrites only what changed).
  const stale = [];
  for (const pkg of readdirSync(path.join(ROOT, 'packages'))) {
    const src = path.join(ROOT, 'packages', pkg, 'src');
    if (!existsSync(src)) continue;
    // tsc -b leaves an emitted file alone when its text is unchanged, so a source can be newer than its
    // .js and still be built: the build's own record (dist/.tsbuildinfo, rewritten by every build) decides.
    const buildInfo = path.join(ROOT, 'packages', pkg, 'dist', '.tsbuildinfo');
    const newer = readdirSync(src, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .some((f) => {
        const js = path.join(ROOT, 'packages', pkg, 'dist', f.replace(/\.ts$/, '.js'));
        if (!existsSync(js)) return true;
        const built = existsSync(buildInfo) ? Math.max(statSync(buildInfo).mtimeMs, statSync(js).mtimeMs) : statSync(js).mtimeMs;
        return statSync(path.join(src, f)).mtimeMs > built;
      });
    // A bundled package (lib/, scripts/bundle.mjs) whose bundle predates its last tsc build runs older code.
    const bundle = path.join(ROOT, 'packages', pkg, 'lib', 'index.js');
    const unbundled = existsSync(bundle) && existsSync(buildInfo) && statSync(bundle).mtimeMs < statSync(buildInfo).mtimeMs;
    if (newer || unbundled) stale.push(pkg);
  }
  if (stale.length) note(`sources newer than dist/ or lib/ in ${stale.join(', ')}: run \`pnpm build\` to measure the current code`);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  mkdirSync(OUT, { recursive: true });
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  results.meta = {
    date: new Date().toISOString(),
    commit: git.status === 0 ? git.stdout.trim() : null,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpu: `${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}`,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    rss: hasGnuTime ? '/usr/bin/time -f %M' : 'RESLAYER_PROFILE maxRssKb (no /usr/bin/time; comparison tools get no RSS)',
    options: { ...opts, out: path.relative(ROOT, opts.out) },
    pins: { ...PINS, [OCTOKIT.name]: OCTOKIT.version },
    cache: CACHE,
  };
  process.stdout.write(`reslayer bench — ${results.meta.cpu}, ${results.meta.memoryGb} GB, Node ${process.version}, commit ${results.meta.commit ?? '?'}\n`);
  if (!hasGnuTime) note('/usr/bin/time not found: peak RSS of our CLI comes from RESLAYER_PROFILE, other tools get none');
  checkBuild();
  measureProcess(process.execPath, [CLI, '--version']); // warm-up: file cache
  if (opts.only.includes('demo')) benchDemo(opts);
  if (opts.only.includes('synthetic')) benchSynthetic(opts);
  if (opts.only.includes('github')) benchGithub(opts);
  if (opts.only.includes('diff')) benchDiff();
  if (opts.only.includes('write')) benchWrite();
  if (opts.only.includes('pairs')) benchPairs(opts);
  if (opts.only.includes('fanout')) {
    progress('fanout: $ref fan-out contracts W × W');
    results.fanOut = benchFanOut({ cli: CLI, scratch: path.join(BENCH, 'fanout'), measure: measureProcess });
  }
  evaluateTargets(opts);
  if (opts.only.includes('fanout')) fanOutTargets(results.fanOut, target);
  if (opts.only.includes('pairs')) pairTargets();
  evaluateDiffTarget(opts);
  if (opts.only.includes('write')) writePathTargets(results.writePath, target);
  results.meta.durationS = Math.round((Date.now() - started) / 1000);
  results.meta.loadAverageAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
  printResults();
  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, `${JSON.stringify(results, (k, v) => (typeof v === 'bigint' ? String(v) : v), 2)}\n`);
  process.stdout.write(`\nResults written to ${path.relative(ROOT, opts.out)} (${results.meta.durationS} s; load average ${results.meta.loadAverageAtStart[0]} at the start, ${results.meta.loadAverageAtEnd[0]} at the end, on ${os.cpus().length} cores)\n`);
  if (ownFailure) process.stdout.write('reslayer itself failed on at least one input (see FAILED above): exit 1\n');
  return ownFailure ? 1 : 0;
}

process.exitCode = main();
