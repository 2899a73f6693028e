#!/usr/bin/env node
// `pnpm compare`: reslayer beside orval, hey-api and kubb (scripts/lib/compare-peers.mjs: pinned versions, installed
// from the npm registry into a cache folder outside the repository) on committed contracts: the demo and the
// `generate` contracts of fixtures/corpus. For every tool and contract:
//   - generate: wall-clock time of the tool's CLI (a new process, Node's start included), and the files it wrote;
//   - tsc: `error TS…` lines of TypeScript 5.9 over the output with strict, noUncheckedIndexedAccess and
//     exactOptionalPropertyTypes (scripts/lib/typecheck.mjs; Bundler resolution and allowImportingTsExtensions, so that
//     every tool's import style resolves); and again with `strict` alone, the setting the peers aim at;
//   - invalidations: mutations whose generated code invalidates cached queries on success (reslayer: its
//     `<operation>Invalidates` effects that are not empty; the peers: their `invalidateQueries(` calls), of the
//     contract's mutations (POST, PUT, PATCH, DELETE);
//   - mock round trips: the CRUD resources whose generated mocks keep what a create sent (reslayer:
//     scripts/lib/roundTrip.mjs; orval and kubb: scripts/lib/compare-mocks.mjs; hey-api generates no mocks).
// docs/compare.md describes the method and the results.
//
// Usage: node scripts/compare.mjs [--only name,name] [--json <file>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPeerHandlers, probeHandlers } from './lib/compare-mocks.mjs';
import { PEERS, installPeers } from './lib/compare-peers.mjs';
import { loadTools, roundTripContract } from './lib/roundTrip.mjs';
import { TSC_59, generatedTsconfig, runTsc, writeTsconfig } from './lib/typecheck.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.join(ROOT, 'fixtures/corpus');
const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

/** The contracts: the demo, then fixtures/corpus's `generate` ones. */
function contracts() {
  const index = JSON.parse(readFileSync(path.join(CORPUS, 'corpus.json'), 'utf8'));
  const all = [{ name: 'public-crm (demo)', file: path.join(ROOT, 'examples/public-crm/openapi.yaml') }, ...index.specs.filter((s) => s.expect === 'generate').map((s) => ({ name: s.name, file: path.join(CORPUS, s.entry) }))];
  const only = opt('--only')?.split(',');
  return only ? all.filter((c) => only.some((o) => c.name.startsWith(o))) : all;
}

/** Every file under a folder, relative. */
const filesOf = (dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []);

/** Runs a command, timed. */
function timed(argv, cwd) {
  const start = performance.now();
  const run = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', timeout: 10 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - start, ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** Mutations whose generated code invalidates queries: reslayer's non-empty effects, a peer's `invalidateQueries(` calls. */
function invalidations(tool, files) {
  let n = 0;
  for (const f of files.filter((x) => x.endsWith('.ts'))) {
    const text = readFileSync(f, 'utf8');
    if (tool !== 'reslayer') n += text.split('invalidateQueries(').length - 1;
    else for (const m of text.matchAll(/Invalidates = \{([\s\S]*?)\} satisfies CacheEffects/g)) if (/=> \[(?!\])/.test(m[1] ?? '')) n++;
  }
  return n;
}

/** The contract's mutations: operations with POST, PUT, PATCH or DELETE. */
async function mutationCount(t, file) {
  const loaded = await t.core.loadContract(file);
  const diagnostics = new t.core.Diagnostics();
  const model = t.core.detectResources(t.core.normalizeContract(loaded, diagnostics), diagnostics);
  const ops = Object.values(loaded.document.paths ?? {}).flatMap((item) => Object.keys(item ?? {}).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m)));
  return { model, mutations: ops.length };
}

/** One tool on one contract: generate, files, tsc, invalidations, mock round trips. */
async function runTool(tool, contract, ctx) {
  const out = path.join(ctx.outRoot, contract.slug, tool.name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const argv = tool.name === 'reslayer' ? [process.execPath, path.join(ROOT, 'packages/cli/dist/index.js'), 'generate', contract.file, '--output', out, '--no-cache'] : tool.command(ctx.tools, contract.file, out);
  const gen = timed(argv, ctx.tools);
  const files = filesOf(out);
  const row = { tool: tool.name, contract: contract.name, generateMs: Math.round(gen.ms), ok: gen.ok, files: files.length };
  if (!gen.ok) return { ...row, error: gen.output.trim().split('\n').slice(-3).join(' ') };
  const tsc = (compilerOptions) => {
    const tsconfig = writeTsconfig(path.join(out, 'tsconfig.compare.json'), generatedTsconfig({ include: ['**/*.ts'], resolution: 'Bundler', compilerOptions: { allowImportingTsExtensions: true, ...compilerOptions } }));
    return runTsc(TSC_59, tsconfig).errors.length;
  };
  row.tscErrors = tsc({});
  row.tscErrorsStrictOnly = tsc({ noUncheckedIndexedAccess: false, exactOptionalPropertyTypes: false });
  row.invalidations = invalidations(tool.name, files);
  if (tool.name === 'reslayer') {
    const rt = await roundTripContract(contract.file, path.join(ROOT, 'node_modules/.cache/reslayer/compare', contract.slug));
    row.roundTrips = { resources: rt.resources.length, passed: rt.resources.filter((r) => r.ok).length, failures: rt.error ? [rt.error] : rt.resources.filter((r) => !r.ok).map((r) => `${r.resource}: ${r.failures?.[0]?.cause ?? ''}`) };
  } else if (tool.mocks) {
    try {
      row.roundTrips = await probeHandlers(ctx.t, contract.model, await loadPeerHandlers(tool.mocks, out));
    } catch (error) {
      row.roundTrips = { resources: 0, passed: 0, failures: [`handlers did not load: ${error.message.split('\n')[0]}`] };
    }
  }
  return row;
}

const cell = (r) => (r.ok ? [`${(r.generateMs / 1000).toFixed(1)} s`, r.files, r.tscErrors, r.tscErrorsStrictOnly, `${r.invalidations}`, r.roundTrips ? `${r.roundTrips.passed}/${r.roundTrips.resources}` : 'no mocks'] : ['failed', r.files, '–', '–', '–', '–']);
const HEAD = '| files | tsc errors (strict + noUnchecked… + exactOptional…) | tsc errors (strict) | invalidating mutations | mock round trips |\n|---|---|---|---|---|---|---|';

async function main() {
  const tools = installPeers((m) => console.log(m));
  // reslayer's output imports @reslayer/runtime: the workspace's, linked into the tools folder.
  const link = path.join(tools, 'node_modules/@reslayer/runtime');
  if (!existsSync(link)) {
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(ROOT, 'packages/runtime'), link, 'dir');
  }
  const t = await loadTools();
  const ctx = { tools, t, outRoot: path.join(tools, 'out') };
  const all = [{ name: 'reslayer', version: JSON.parse(readFileSync(path.join(ROOT, 'packages/cli/package.json'), 'utf8')).version }, ...PEERS];
  const rows = [];
  for (const c of contracts()) {
    const contract = { ...c, slug: c.name.replace(/\W+/g, '-'), ...(await mutationCount(t, c.file)) };
    console.log(`\n### ${c.name} (${contract.mutations} mutations)\n`);
    console.log(`| tool | generate ${HEAD}`);
    for (const tool of all) {
      const row = { ...(await runTool(tool, contract, ctx)), mutations: contract.mutations };
      rows.push(row);
      console.log(`| ${tool.name} ${tool.version} | ${cell(row).join(' | ')} |`);
      for (const f of [row.error, ...(row.roundTrips?.failures ?? [])].filter(Boolean).slice(0, 4)) console.log(`<!-- ${tool.name}: ${f} -->`);
    }
  }
  console.log(`\n### Totals\n\n| tool | generate (sum) ${HEAD}`);
  const mutations = rows.filter((r) => r.tool === 'reslayer').reduce((s, r) => s + r.mutations, 0);
  for (const tool of all) {
    const mine = rows.filter((r) => r.tool === tool.name);
    const sum = (f) => mine.reduce((s, r) => s + (f(r) ?? 0), 0);
    const trips = mine.some((r) => r.roundTrips) ? `${sum((r) => r.roundTrips?.passed)}/${sum((r) => r.roundTrips?.resources)}` : 'no mocks';
    const failed = mine.filter((r) => !r.ok).length;
    console.log(`| ${tool.name} ${tool.version} | ${(sum((r) => r.generateMs) / 1000).toFixed(1)} s${failed ? ` (${failed} failed)` : ''} | ${sum((r) => r.files)} | ${sum((r) => r.tscErrors)} | ${sum((r) => r.tscErrorsStrictOnly)} | ${sum((r) => r.invalidations)} of ${mutations} | ${trips} |`);
  }
  if (opt('--json')) writeFileSync(path.resolve(opt('--json')), JSON.stringify(rows, null, 2) + '\n');
}

await main();
