#!/usr/bin/env node
// Benchmark of the built CLI (docs/benchmark.md): the demo contract, synthetic contracts of N CRUD
// resources (scripts/synth.mjs) and GitHub's REST contract, with orval and openapi-typescript on the
// GitHub contract for comparison, and `tsc --noEmit` over both outputs. Prints tables and PASS/FAIL
// lines for the targets, and writes the same figures as JSON.
//
// Usage: node scripts/bench.mjs [--smoke] [--only demo,synthetic,github,diff,write,pairs,fanout,graph] [--sizes 10,100,1000,5000]
//                               [--no-compare] [--repeat 3] [--against <checkout>] [--out .bench/results.json]
// Exit code: 0 unless one of our own generate/check runs fails (1), or a usage/build problem (2).
// The comparison tools are installed with npm into a cache folder outside the repository
// ($RESLAYER_BENCH_CACHE, default ${XDG_CACHE_HOME:-~/.cache}/reslayer-bench); nothing is added to
// any package.json. Everything the bench writes in the repository goes under the gitignored .bench/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePathTargets } from './lib/bench-write.mjs';
import { benchFanOut, fanOutTargets } from './lib/bench-fanout.mjs';
import { benchGraph, graphTargets } from './lib/bench-scale.mjs';
import { runOurs } from './lib/bench-ours.mjs';
import { BENCH, CACHE, CLI, OCTOKIT, OUT, PINS, ROOT, hasGnuTime, measureProcess, note, progress, results, status } from './lib/bench-context.mjs';
import { benchDiff, benchPairs, benchWrite, evaluateDiffTarget, pairTargets } from './lib/bench-diff.mjs';
import { benchGithub } from './lib/bench-github.mjs';
import { benchDemo, benchSynthetic } from './lib/bench-inputs.mjs';
import { parseArgs } from './lib/bench-options.mjs';
import { printResults } from './lib/bench-report.mjs';
import { evaluateTargets, target } from './lib/bench-targets.mjs';

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
  if (opts.only.includes('graph')) {
    progress('graph: Microsoft Graph beta, 1,000 and 5,000 operations and whole');
    results.graph = benchGraph({ runOurs, scratch: path.join(BENCH, 'graph') });
  }
  evaluateTargets(opts);
  graphTargets(results.graph, target);
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
  if (status.ownFailure) process.stdout.write('reslayer itself failed on at least one input (see FAILED above): exit 1\n');
  return status.ownFailure ? 1 : 0;
}

process.exitCode = main();
