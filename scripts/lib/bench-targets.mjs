// The benchmark's targets: each one a PASS/FAIL line over the recorded runs.
import { KB_PER_MB, results } from './bench-context.mjs';
import { HOOK_ADAPTERS } from './bench-github.mjs';

/** The successful run of `tool` on `input` labelled `label` (or `label without …`, after a plugin failed). */
const find = (input, label, tool = 'reslayer') =>
  results.runs.find((r) => r.tool === tool && r.input === input && (r.label === label || r.label.startsWith(`${label} without `)) && r.ok);
export const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const mb = (kb) => (kb === null || kb === undefined ? 'n/a' : `${(kb / KB_PER_MB).toFixed(0)} MB`);

export function target(name, measured, pass, detail) {
  const status = measured ? (pass ? 'PASS' : 'FAIL') : 'SKIP';
  results.targets.push({ name, status, detail });
  return status;
}

export function evaluateTargets(opts) {
  const ran = (i) => opts.only.includes(i);
  if (ran('github')) {
    githubGenerateTargets(opts);
    githubTscTargets(opts);
    githubLayerTargets(opts);
  }
  if (ran('demo')) demoTargets();
  if (ran('synthetic') && !opts.smoke) syntheticTargets(opts);
}

/** GitHub's generate targets: against orval and openapi-typescript, peak RSS, check, no-change and one-operation runs. */
function githubGenerateTargets(opts) {
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
}

/** tsc over our GitHub output against tsc over orval's and openapi-typescript's outputs. */
function githubTscTargets(opts) {
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
}

/** The largest layer (plugin-validators and each hooks adapter) against orval, watch mode, and tsc's peak RSS over our output. */
function githubLayerTargets(opts) {
  const orval = results.runs.find((r) => r.tool === 'orval' && r.ok);
  const tscOurs = results.runs.find((r) => r.tool === 'tsc' && r.of === 'reslayer' && !r.withoutMocks);
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

/** The demo's generate runs and the CLI's --help and --version. */
function demoTargets() {
  for (const label of ['generate (contract)', 'generate (config .ts)']) {
    const d = find('demo', label);
    target(`demo ${label} < 0.5 s`, d, d?.wallMs < 500, d ? `${secs(d.wallMs)} median of ${d.walls.length} (target < 0.50 s)${d.pluginsSkipped?.length ? ` [without ${d.pluginsSkipped.join(', ')}]` : ''}` : 'failed');
  }
  for (const [flag, limitMs] of [['--help', 200], ['--version', 150]]) {
    const d = find('cli', `reslayer ${flag}`);
    const limit = (limitMs / 1000).toFixed(2);
    target(`reslayer ${flag} ≤ ${limit} s`, d, d?.wallMs <= limitMs, d ? `${secs(d.wallMs)} median of ${d.walls.length} (target ≤ ${limit} s)` : 'failed');
  }
}

/** How the synthetic runs scale from N=100 to N=5,000 (wall time, peak RSS). */
function syntheticTargets(opts) {
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

export function why(ours, theirs, opts, name) {
  if (!ours) return 'our GitHub generate did not run';
  if (!opts.compare) return 'skipped (--no-compare)';
  if (!theirs) return `${name} did not run or failed (see notes)`;
  return `run without ${ours.pluginsSkipped.join(', ')}: not comparable`;
}
