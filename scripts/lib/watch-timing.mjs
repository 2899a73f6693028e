#!/usr/bin/env node
// Times `reslayer generate --watch` for scripts/bench.mjs: from saving a one-operation edit of a contract
// to the files being written (the CLI prints its "watching … for changes" line after the write).
// The figure includes the watch's 50 ms debounce and chokidar's notice of the change. Each edit is saved once the
// watch has been quiet for 400 ms, and timed to the end of the first run after it.
//
// Usage: node scripts/lib/watch-timing.mjs <cli> <contract.json> <output dir> <edits> [<working copy.json>]
// The watch runs on a working copy of the contract (default: <contract>.watch.json beside it), which is edited.
// Prints one JSON line: { ok, edits: [ms, …], medianMs, cpuMs: [ms, …], medianCpuMs, firstRunMs, updated: [n, …], extraRuns } or
// { ok: false, error }; cpuMs is the watch process's CPU time (user + system) per edit, where /proc has it (Linux).
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const [cli, contract, output, editsArg = '3', copyArg] = process.argv.slice(2);
if (!cli || !contract || !output) {
  process.stderr.write('usage: node scripts/lib/watch-timing.mjs <cli> <contract.json> <output dir> <edits> [<working copy.json>]\n');
  process.exit(2);
}
const edits = Number(editsArg);
const copy = copyArg ?? contract.replace(/\.json$/, '.watch.json');
copyFileSync(contract, copy);
rmSync(output, { recursive: true, force: true });

const child = spawn(process.execPath, [cli, 'generate', copy, '--output', output, '--watch'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
let stdout = '';
let stderr = '';
child.stdout.on('data', (d) => (stdout += d));
child.stderr.on('data', (d) => (stderr += d));
const runs = () => stdout.match(/watching \d+ files? for changes/g)?.length ?? 0;

/** Resolves when `n` runs have finished; rejects after `ms` or when the watch exits. */
function runsDone(n, ms = 300_000) {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const tick = setInterval(() => {
      if (runs() >= n) {
        clearInterval(tick);
        resolve(undefined);
      } else if (child.exitCode !== null || Date.now() - start > ms) {
        clearInterval(tick);
        reject(new Error(`watch ${child.exitCode !== null ? `exited (${child.exitCode})` : 'timed out'}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      }
    }, 5);
  });
}

/** Resolves once the watch has printed nothing for `ms`: a second run a save may queue (see runWatch) is over. */
async function quiet(ms = 400) {
  for (let seen = -1; seen !== stdout.length; ) {
    seen = stdout.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The watch process's CPU time so far (user + system, ms; Linux's /proc, at its 10 ms tick), or undefined elsewhere. */
function cpuOfChild() {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

try {
  const start = performance.now();
  await runsDone(1);
  const firstRunMs = performance.now() - start;
  const document = JSON.parse(readFileSync(copy, 'utf8'));
  const [, item] = Object.entries(document.paths)[0];
  const operation = item.get ?? Object.values(item).find((v) => v && typeof v === 'object' && 'responses' in v);
  const times = [];
  const cpu = [];
  const updated = [];
  for (let i = 1; i <= edits; i++) {
    operation.summary = `${String(operation.summary ?? 'Operation').replace(/ \(edit \d+\)$/, '')} (edit ${i})`;
    await quiet();
    const before = stdout.length;
    const done = runs();
    // Saved as editors save atomically: the text is written beside the copy (not timed), then renamed over it, so
    // the watch never reads a half-written contract (a slow write here would also hide in the timing).
    writeFileSync(`${copy}.tmp`, `${JSON.stringify(document)}\n`);
    const t0 = performance.now();
    renameSync(`${copy}.tmp`, copy);
    const c0 = cpuOfChild();
    await runsDone(done + 1);
    times.push(performance.now() - t0);
    const c1 = cpuOfChild();
    if (c0 !== undefined && c1 !== undefined) cpu.push(c1 - c0);
    updated.push(Number(/updated (\d+)/.exec(stdout.slice(before))?.[1] ?? NaN));
  }
  await quiet();
  // Runs beyond one per save: a save seen twice queues a second run (a cache hit when the first one recorded).
  const extraRuns = runs() - 1 - edits;
  const cpuMs = cpu.length === edits ? { cpuMs: cpu, medianCpuMs: median(cpu) } : {};
  process.stdout.write(`${JSON.stringify({ ok: true, edits: times, medianMs: median(times), ...cpuMs, firstRunMs, updated, extraRuns })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: error.message })}\n`);
} finally {
  child.kill('SIGINT');
  rmSync(copy, { force: true });
}
