#!/usr/bin/env node
// The mocks at run time, black box: for each contract of a deterministic sample of the APIs.guru directory
// (scripts/lib/directory.mjs, cached outside the repository) and, with --corpus, of ../shared/corpus, it generates
// the layer into a temporary folder with the built CLI, serves the mocks with `reslayer mock`, and probes them over
// HTTP (scripts/lib/runtime-probe.mjs): list → detail, distinct keys, unknown id → 404, paging, a filter, a sort,
// create → listed and readable, update → detail, delete → 404 and gone, invalid create → 4xx, and every answer
// ajv-valid against the contract. Prints the table per check and PASS/FAIL lines against the targets (docs/corpus.md,
// "Mocks at run time").
//
// Usage: node scripts/corpus-runtime.mjs [--sample N] [--seed S] [--only id,id] [--jobs 1] [--corpus [dir]] [--contract <file>]
//                                        [--timeout 300] [--json .corpus-out/runtime.json] [--markdown <file>]
//        node scripts/corpus-runtime.mjs --report .corpus-out/runtime.json   (the table of a saved run again)
// Exit code: 0 when every contract ran (the targets are PASS/FAIL lines, as in `pnpm bench`); 1 when a contract
// failed to generate, serve or be probed; 2 for usage.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchDirectory, listContracts } from './lib/directory.mjs';
import { seededSample } from './lib/directory-report.mjs';
import { createTally, pool, tableMarkdown, targetLines, weakest } from './lib/runtime-checks.mjs';
import { createCaller, discriminatorNames } from './lib/runtime-http.mjs';
import { planContract } from './lib/runtime-plan.mjs';
import { probeResource } from './lib/runtime-probe.mjs';
import { CLI, startMock } from './lib/runtime-server.mjs';
import { createContractValidator } from '../test/runtime/mocks-helpers/schemas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const usage = (message) => {
  console.error(`corpus:runtime: ${message}`);
  process.exit(2);
};
if (!existsSync(CLI)) usage('build first (pnpm build)');
const sample = opt('--sample') === undefined ? undefined : Number(opt('--sample'));
if (sample !== undefined && !(Number.isInteger(sample) && sample >= 0)) usage('--sample takes a whole number');
const seed = opt('--seed', 'reslayer');
const only = opt('--only')?.split(',');
const jobs = Number(opt('--jobs', '1'));
if (!(Number.isInteger(jobs) && jobs > 0)) usage('--jobs takes a positive whole number');
const timeoutMs = Number(opt('--timeout', '300')) * 1000;
const jsonOut = path.resolve(opt('--json', path.join(root, '.corpus-out', 'runtime.json')));
const markdownOut = opt('--markdown');
const corpusDir = args.includes('--corpus') ? path.resolve(opt('--corpus', path.join(root, '../shared/corpus'))) : undefined;

/** The corpus contracts that must generate (corpus.json's `expect: generate`), as tasks. */
function corpusTasks(dir) {
  const index = JSON.parse(readFileSync(path.join(dir, 'corpus.json'), 'utf8'));
  return index.specs.filter((s) => s.expect === 'generate').map((s) => ({ id: `corpus:${s.name}`, file: path.join(dir, s.entry) }));
}

/** The directory sample (with --sample, --only, or neither: none) and the corpus contracts, in that order. */
async function chooseTasks() {
  const tasks = [];
  if (sample !== undefined || (only && only.some((id) => !id.startsWith('corpus:')))) {
    const all = listContracts(await fetchDirectory({ log: (l) => console.error(l) }));
    tasks.push(...(only ? all.filter((c) => only.includes(c.id)) : seededSample(all, sample, seed)));
  }
  const contract = opt('--contract');
  if (contract) tasks.push({ id: path.relative(root, path.resolve(contract)), file: path.resolve(contract) });
  if (corpusDir) tasks.push(...corpusTasks(corpusDir).filter((t) => !only || only.includes(t.id)));
  return tasks;
}

/** Generates, serves and probes one contract; returns its row. */
async function probeContract(task, index) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'reslayer-runtime-'));
  const out = path.join(tmp, 'out');
  const started = performance.now();
  let server;
  try {
    const gen = spawnSync(process.execPath, [CLI, 'generate', task.file, '--output', out, '--json'], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    if (gen.status !== 0 && !existsSync(path.join(out, 'src/shared/mocks'))) return { id: task.id, error: `generate exited ${gen.status ?? gen.signal}: ${(gen.stderr || gen.stdout).trim().split('\n')[0]?.slice(0, 200)}` };
    if (!existsSync(path.join(out, 'src/shared/mocks'))) return { id: task.id, resources: 0, checks: createTally().checks, strings: 0, placeholders: [], notes: ['no mocks generated'] };
    const plan = await planContract(task.file);
    const tally = createTally();
    server = await startMock([task.file, '--output', out], { timeoutMs: Math.max(10_000, timeoutMs - (performance.now() - started)) });
    const responseView = createContractValidator(plan.document, 'response');
    const ctx = {
      call: createCaller(server.url, responseView, tally),
      requestView: createContractValidator(plan.document, 'request'),
      responseView,
      fixed: discriminatorNames(plan.document),
      tally,
      notes: [],
      reset: async () => void (await fetch(`${server.url}/__reslayer/reset`, { method: 'POST' })),
    };
    const deadline = started + timeoutMs;
    for (const [i, r] of plan.resources.entries()) {
      if (performance.now() > deadline) {
        ctx.notes.push(`time limit: ${plan.resources.length - i} resources not probed`);
        break;
      }
      try {
        await probeResource(ctx, r, index * 1000 + i);
      } catch (error) {
        ctx.notes.push(`${r.resource}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200));
      }
    }
    return { id: task.id, resources: plan.resources.length, startMs: Math.round(server.startMs), ms: Math.round(performance.now() - started), checks: tally.checks, strings: tally.strings, placeholders: tally.placeholders, notes: ctx.notes };
  } catch (error) {
    return { id: task.id, error: (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300) };
  } finally {
    if (server) await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Probes every task, `jobs` at a time; rows in task order. */
async function probeAll(tasks) {
  console.error(`corpus:runtime: ${tasks.length} contracts${sample !== undefined ? ` (directory sample ${sample}, seed "${seed}")` : ''}${corpusDir ? ' + corpus' : ''}, ${jobs} at a time`);
  const rows = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      rows[i] = await probeContract(tasks[i], i);
      const r = rows[i];
      console.error(`  ${i + 1}/${tasks.length} ${r.id}: ${r.error ? `ERROR ${r.error}` : `${r.resources} resources, ${Object.values(r.checks).reduce((n, c) => n + c.total, 0)} checks`}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  return rows;
}

// --report <json>: print the table of a saved run again, without probing.
const saved = opt('--report');
const tasks = saved ? [] : await chooseTasks();
if (!saved && tasks.length === 0) usage('nothing to probe: pass --sample N, --only ids, --corpus or --contract <file>');
const started = performance.now();
const rows = saved ? JSON.parse(readFileSync(saved, 'utf8')).rows : await probeAll(tasks);
const pooled = pool(rows.filter((r) => !r.error));
console.log(tableMarkdown(pooled));
console.log('');
for (const line of targetLines(pooled)) console.log(line);
console.log(`\ncorpus:runtime: ${rows.length} contracts, ${rows.filter((r) => r.error).length} failed, ${Math.round((performance.now() - started) / 1000)} s`);
console.log('weakest contracts:');
for (const w of weakest(rows, 10)) console.log(`  ${w.id}: ${w.failed === Infinity ? 'error' : `${w.failed} failed of ${w.total}`}; ${w.reason}`);
if (saved) process.exit(0);
mkdirSync(path.dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ seed, sample: sample ?? null, corpus: Boolean(corpusDir), pooled, rows }, null, 1)}\n`);
console.log(`corpus:runtime: rows in ${path.relative(process.cwd(), jsonOut)}`);
if (markdownOut) writeFileSync(markdownOut, `${tableMarkdown(pooled)}\n`);
process.exit(rows.some((r) => r.error) ? 1 : 0);
