#!/usr/bin/env node
// Corpus run: every contract listed in ../shared/corpus/corpus.json goes through the built CLI
// (inspect, lint, generate into .corpus-out/<name>) and `tsc --noEmit` (TypeScript 5.9 and 7) over
// the output with strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes.
// Prints one row per contract and exits 1 when any contract falls short of its `expect`.
//
// With --validators, every contract is generated with plugin-validators too, once per schema library (zod,
// valibot), type-checked, and its mock fixtures checked against the schemas (scripts/lib/corpus-validators.mjs).
//
// Usage: node scripts/corpus.mjs [--corpus <dir>] [--only name,name] [--json <file>] [--validators]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorLines, generatedTsconfig, TSC_59, TSC_7, tscArgs, writeTsconfig } from './lib/typecheck.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpusDir = path.resolve(opt('--corpus') ?? path.join(root, '..', 'shared', 'corpus'));
const only = opt('--only')?.split(',');
const jsonOut = opt('--json');
const cli = path.join(root, 'packages/cli/dist/index.js');
const outBase = path.join(root, '.corpus-out');

if (!existsSync(path.join(corpusDir, 'corpus.json'))) {
  console.log(`corpus: ${corpusDir}/corpus.json not found; nothing to run`);
  process.exit(0);
}
if (!existsSync(cli)) {
  console.error('corpus: build first (pnpm build)');
  process.exit(2);
}
const { specs } = JSON.parse(readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8'));

if (args.includes('--validators')) {
  const { runValidatorsCorpus } = await import('./lib/corpus-validators.mjs');
  const { rows, failed } = await runValidatorsCorpus({ root, corpusDir, specs, only });
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
  const failures = rows.filter((r) => r.result !== 'ok').length;
  console.log(`${rows.length - failures} passed, ${failures} failed`);
  process.exit(failed ? 1 : 0);
}

function run(cmd, argv, options = {}) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [cmd, ...argv], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', seconds: (performance.now() - start) / 1000 };
}

function listFiles(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

/** Operations of the contract, counted from the inspect output's raw operation list is not trusted: re-read the bundled document. */
async function contractOperations(entry) {
  const core = await import(path.join(root, 'packages/core/dist/index.js'));
  const loaded = await core.loadContract(entry);
  const ops = [];
  const paths = loaded.document.paths ?? {};
  for (const [p, rawItem] of Object.entries(paths)) {
    let item = rawItem;
    for (let i = 0; i < 8 && item && typeof item.$ref === 'string'; i++) item = core.resolvePointer(loaded.document, item.$ref);
    for (const m of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) if (item?.[m]) ops.push(`${m.toUpperCase()} ${p}`);
  }
  return ops;
}

/** Operations reachable as client methods: `method:` + `path:` pairs in the generated client files. */
function clientOperations(files) {
  const found = new Set();
  const re = /method: '([A-Z]+)',\s*path: ('(?:[^'\\]|\\.)*')/g;
  for (const f of files.filter((x) => x.endsWith('.client.ts'))) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(re)) found.add(`${m[1]} ${new Function(`return ${m[2]}`)()}`);
  }
  return found;
}

const rows = [];
let failed = false;
for (const spec of specs) {
  if (only && !only.includes(spec.name)) continue;
  const entry = path.join(corpusDir, spec.entry);
  const out = path.join(outBase, spec.name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const row = { name: spec.name, expect: spec.expect, ops: 0, resources: 0, kinds: '', covered: '', files: 0, generateSeconds: 0, tsc59: '-', tsc7: '-', result: 'ok', note: '' };
  const inspect = run(cli, ['inspect', entry, '--json']);
  const lint = run(cli, ['lint', entry, '--json']);
  const gen = run(cli, ['generate', entry, '--output', out, '--json']);
  row.generateSeconds = Number(gen.seconds.toFixed(2));
  const problems = [];
  if (inspect.status !== 0) problems.push(`inspect exit ${inspect.status}: ${inspect.stderr.trim().split('\n')[0]}`);
  if (lint.status !== 0 && lint.status !== 1) problems.push(`lint exit ${lint.status}: ${lint.stderr.trim().split('\n')[0]}`);
  if (gen.status !== 0) problems.push(`generate exit ${gen.status}: ${gen.stderr.trim().split('\n')[0]}`);
  let resources = [];
  try {
    resources = JSON.parse(inspect.stdout).resources ?? [];
  } catch {
    problems.push('inspect --json printed no JSON');
  }
  row.resources = resources.length;
  const kinds = {};
  for (const r of resources) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  row.kinds = Object.entries(kinds).sort().map(([k, n]) => `${k} ${n}`).join(', ');
  const files = listFiles(path.join(out, 'src')).filter((f) => f.endsWith('.ts'));
  row.files = files.length;
  if (gen.status === 0) {
    const ops = await contractOperations(entry);
    const reachable = clientOperations(files);
    const covered = ops.filter((o) => reachable.has(o));
    row.ops = ops.length;
    row.covered = ops.length === 0 ? 'n/a' : `${covered.length}/${ops.length} (${((100 * covered.length) / ops.length).toFixed(1)}%)`;
    if (covered.length !== ops.length) problems.push(`not reachable: ${ops.filter((o) => !reachable.has(o)).slice(0, 5).join('; ')}`);
    const tsconfig = writeTsconfig(path.join(out, 'tsconfig.json'), generatedTsconfig());
    for (const [label, bin] of [['tsc59', TSC_59], ['tsc7', TSC_7]]) {
      if (!existsSync(bin)) {
        row[label] = 'n/a';
        continue;
      }
      const t = run(bin, tscArgs(tsconfig));
      const lines = errorLines(t.stdout);
      const errors = lines.length + (t.status !== 0 && lines.length === 0 ? 1 : 0);
      row[label] = `${errors} (${t.seconds.toFixed(1)}s)`;
      if (errors > 0) problems.push(`${label}: ${(lines[0] ?? `exit ${t.status}: ${t.stderr}`).slice(0, 200)}`);
    }
  }
  if (spec.expect === 'generate-empty') {
    const emptyOk = gen.status === 0 && resources.length === 0 && /no paths|no operations/i.test(lint.stdout + lint.stderr + inspect.stdout);
    if (!emptyOk) problems.push('expected 0 resources and a note about the missing paths');
  }
  if (spec.expect === 'reject-or-convert') {
    const converted = gen.status === 0 && /RSL_SWAGGER2_UPGRADED/.test(lint.stdout);
    if (!converted) problems.push('expected a documented Swagger 2.0 upgrade notice');
  }
  if (problems.length > 0) {
    row.result = 'FAIL';
    row.note = problems.join(' | ');
    failed = true;
  }
  rows.push(row);
  console.error(`corpus: ${spec.name} ${row.result}${row.note ? `: ${row.note}` : ''}`);
}

const header = ['contract', 'expect', 'ops', 'resources', 'by kind', 'ops covered', 'files', 'generate s', 'tsc 5.9 errors', 'tsc 7 errors', 'result'];
const table = [header, ...rows.map((r) => [r.name, r.expect, r.ops, r.resources, r.kinds, r.covered, r.files, r.generateSeconds, r.tsc59, r.tsc7, r.result])];
const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
console.log(`| ${header.map((h, i) => h.padEnd(widths[i])).join(' | ')} |`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(`| ${row.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
const failures = rows.filter((r) => r.result !== 'ok').length;
console.log(`${rows.length - failures} passed, ${failures} failed`);
process.exit(failed ? 1 : 0);
