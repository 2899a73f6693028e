#!/usr/bin/env node
// Mock round trips over real contracts (scripts/lib/roundTrip.mjs): for every CRUD resource with a list, read,
// create, update and delete, the generated client against the generated mocks passes create → the list shows it →
// read → update → the list and the read show the change → delete → the read answers 404; every paginated list the
// mocks serve from their store is walked with TanStack Query (page 2 differs from page 1, the query ends, every
// stored item once, the total agrees with the store).
//
// Contracts: the `generate` contracts of the corpus (../shared/corpus/corpus.json, when present), then `--directory N`
// contracts of the APIs.guru directory (scripts/lib/directory.mjs; only when it is in the cache, or with --fetch)
// that have a full CRUD resource, picked deterministically: ordered by a hash of the seed and their id.
// Prints one row per contract, the pooled figures and the failures by cause; exits 1 when a round trip or a
// paging check fails.
//
// Usage: node scripts/roundtrip.mjs [--corpus <dir>] [--directory N] [--seed S] [--fetch] [--only a,b] [--json <file>]
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedDirectory, fetchDirectory, listContracts } from './lib/directory.mjs';
import { fullCrudResources, roundTripContract } from './lib/roundTrip.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const corpusDir = path.resolve(opt('--corpus', path.join(ROOT, '..', 'shared', 'corpus')));
const directoryCount = Number(opt('--directory', '20'));
const seed = opt('--seed', '1');
const only = opt('--only')?.split(',');
const jsonOut = opt('--json');
/** Directory contracts larger than this are not tried (the run stays within minutes). */
const MAX_BYTES = 3_000_000;

/** The corpus contracts that must generate. */
function corpusContracts() {
  const index = path.join(corpusDir, 'corpus.json');
  if (!existsSync(index)) return [];
  const { specs } = JSON.parse(readFileSync(index, 'utf8'));
  return specs.filter((s) => s.expect === 'generate').map((s) => ({ name: s.name, file: path.join(corpusDir, s.entry) }));
}

/** `count` directory contracts with a full CRUD resource, in the order of a hash of the seed and their id. */
async function directoryContracts(count) {
  if (count <= 0) return [];
  const dir = args.includes('--fetch') ? await fetchDirectory({ log: (l) => console.log(l) }) : cachedDirectory();
  if (!dir) {
    console.log('directory: not in the cache (run with --fetch to fetch it): directory contracts skipped');
    return [];
  }
  const order = (id) => createHash('sha256').update(`${seed}\u0000${id}`).digest('hex');
  const candidates = listContracts(dir).filter((c) => c.bytes <= MAX_BYTES).sort((a, b) => (order(a.id) < order(b.id) ? -1 : 1));
  const picked = [];
  for (const c of candidates) {
    if (picked.length >= count) break;
    const crud = await fullCrudResources(c.file).catch(() => []);
    if (crud.length > 0) picked.push({ name: `directory:${c.id}`, file: c.file });
  }
  return picked;
}

const contracts = [...corpusContracts(), ...(await directoryContracts(directoryCount))].filter((c) => !only || only.some((o) => c.name.includes(o)));
const rows = [];
const failures = [];
for (const c of contracts) {
  const started = Date.now();
  const out = path.join(ROOT, '.corpus-out/roundtrip', c.name.replace(/[^A-Za-z0-9._-]+/g, '_'));
  const r = await roundTripContract(c.file, out);
  const crudOk = r.resources.filter((x) => x.ok).length;
  const listsOk = r.lists.filter((l) => l.failure === null && l.ended && l.everyItemOnce !== false && l.pageTwoDiffers !== false && l.totalAgrees !== false).length;
  rows.push({ name: c.name, bytes: statSync(c.file).size, ms: Date.now() - started, error: r.error ?? null, crud: r.resources.length, crudOk, lists: r.lists.length, listsOk, result: r });
  if (r.error) failures.push(`${c.name}: ${r.error}`);
  for (const x of r.resources.filter((y) => !y.ok)) for (const f of x.failures) failures.push(`${c.name} ${x.resource}: ${f.step}: ${f.cause}`);
  for (const l of r.lists) {
    const problems = [l.failure, !l.ended && 'the infinite query does not end', l.everyItemOnce === false && 'the pages do not hold every stored item once', l.pageTwoDiffers === false && 'page 2 equals page 1', l.totalAgrees === false && 'the total disagrees with the store'].filter(Boolean);
    for (const p of problems) failures.push(`${c.name} ${l.resource} (${l.mode} list): ${p}`);
  }
  console.log(`${c.name.padEnd(58)} ${r.error ? `error: ${r.error.slice(0, 100)}` : `CRUD round trips ${crudOk}/${r.resources.length}, paged lists ${listsOk}/${r.lists.length}`}  ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
const twoPages = rows.flatMap((r) => r.result.lists).filter((l) => l.pageTwoDiffers !== null);
console.log('');
console.log(`contracts ${rows.length} (${rows.filter((r) => r.error).length} failed to generate or load)`);
console.log(`CRUD round trips: ${sum('crudOk')}/${sum('crud')} resources pass`);
const stored = rows.flatMap((r) => r.result.lists).filter((l) => l.store);
console.log(`paged lists: ${sum('listsOk')}/${sum('lists')} pass (${stored.length} served from a store); page 2 differs from page 1 in ${twoPages.filter((l) => l.pageTwoDiffers).length}/${twoPages.length} (the others have no page size parameter or one item)`);
const notes = rows.flatMap((r) => r.result.resources.flatMap((x) => (x.notes ?? []).map((n) => `  ${r.name} ${x.resource}: ${n}`)));
if (notes.length > 0) console.log(['', 'notes:', ...notes].join('\n'));
if (failures.length > 0) console.log(['', 'failures:', ...failures.map((f) => `  ${f}`)].join('\n'));
if (jsonOut) writeFileSync(path.resolve(jsonOut), `${JSON.stringify({ seed, rows }, null, 2)}\n`);
process.exit(failures.length > 0 ? 1 : 0);
