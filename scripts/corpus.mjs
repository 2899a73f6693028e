#!/usr/bin/env node
// Corpus run: every contract listed in ../shared/corpus/corpus.json goes through the built CLI
// (inspect, lint, generate into .corpus-out/<name>) and `tsc --noEmit` (TypeScript 5.9 and 7) over
// the output with strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes.
// Type fidelity on top of the type-check:
// - collapsed types: exported type aliases, union members and properties of the output that resolve to `never`
//   (scripts/lib/neverTypes.mjs, in a child process per contract; members written `never` on purpose are exempt);
// - a usage probe (scripts/lib/usageProbe.mjs, written to src/reslayer-usage-probe.ts and type-checked with the
//   output by both compilers): the mocks' success fixtures assigned to `<Op>Response`, the contract's JSON request
//   examples to `<Op>Payload` and its JSON success response examples to `<Op>Response`; examples the contract's
//   own schema rejects (ajv) are counted as invalid and not probed.
// Prints one row per contract and exits 1 when any contract falls short of its `expect`, has a collapsed type,
// a compiler error in the output or a probe that does not type-check.
//
// With --validators, every contract is generated with plugin-validators too, once per schema library (zod,
// valibot), type-checked, and its mock fixtures checked against the schemas (scripts/lib/corpus-validators.mjs).
//
// Usage: node scripts/corpus.mjs [--corpus <dir>] [--only name,name] [--json <file>] [--no-probe] [--verbose] [--validators]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorLines, generatedTsconfig, TSC_59, TSC_7, tscArgs, writeTsconfig } from './lib/typecheck.mjs';
import { PROBE_FILE, tallyProbe, writeUsageProbe } from './lib/usageProbe.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpusDir = path.resolve(opt('--corpus') ?? path.join(root, '..', 'shared', 'corpus'));
const only = opt('--only')?.split(',');
const jsonOut = opt('--json');
const withProbe = !args.includes('--no-probe');
const verbose = args.includes('--verbose');
/** How many failures of each kind are printed (all with --verbose). */
const SHOWN = verbose ? Infinity : 5;
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
  const core = await import(path.join(root, 'packages/core/lib/host.js'));
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

/**
 * Generator defects the usage probe finds on corpus contracts and that are not fixed yet. A failing probe whose
 * `<kind> <METHOD path> (<source>)` matches is counted as known (shown in its cell) instead of failing the contract;
 * an entry that matches no failing probe fails the run, so a fixed defect cannot stay listed.
 */
const KNOWN_PROBE_FAILURES = [];

/**
 * The probe's cells (passed/probed per kind, with casts and invalid examples) and its problems (failed probes,
 * stray errors), from the tallies of each compiler.
 */
function probeColumns(name, probe, tallies, problems) {
  const labels = Object.keys(tallies);
  const cell = (kind, extra) => {
    const parts = labels.map((label) => {
      const { probed, failed } = tallies[label].byKind[kind];
      return { label, text: `${probed - failed}/${probed}` };
    });
    const same = parts.every((p) => p.text === parts[0]?.text);
    const text = parts.length === 0 ? 'n/a' : same ? parts[0].text : parts.map((p) => `${p.label === 'tsc59' ? '5.9' : '7'}: ${p.text}`).join(', ');
    return extra ? `${text} ${extra}` : text;
  };
  const failures = new Map();
  /** Probes of a kind that fail on a listed defect. */
  const known = (kind) => [...failures.values()].filter((f) => f.kind === kind && f.known).length;
  /** Notes of a cell: examples the contract rejects, examples probed without undeclared properties, known defects. */
  const notes = (kind) => {
    const list = probe.invalid.filter((i) => i.kind === kind);
    const readOnly = list.filter((i) => i.readOnly).length;
    const undeclared = Math.max(0, ...Object.values(tallies).map((t) => t.byKind[kind].undeclared));
    const out = [];
    if (list.length > 0) out.push(`${list.length} invalid${readOnly ? `, ${readOnly} readOnly` : ''}`);
    if (undeclared > 0) out.push(`${undeclared} undeclared`);
    if (known(kind) > 0) out.push(`${known(kind)} known defect`);
    return out.length > 0 ? `(${out.join('; ')})` : '';
  };
  for (const [label, tally] of Object.entries(tallies)) {
    for (const f of tally.failures) {
      const key = `${f.kind} ${f.operation} (${f.source})`;
      const seen = failures.get(key) ?? { kind: f.kind, labels: [], messages: f.messages, known: KNOWN_PROBE_FAILURES.find((k) => k.contract === name && k.probe.test(key)) };
      seen.labels.push(label === 'tsc59' ? '5.9' : '7');
      failures.set(key, seen);
    }
    if (tally.stray.length > 0) problems.push(`probe (${label}): ${tally.stray.slice(0, 3).join('; ')}`);
  }
  const unknown = [...failures].filter(([, f]) => !f.known);
  if (unknown.length > 0) {
    problems.push(`${unknown.length} probe(s) failed: ${unknown.slice(0, 3).map(([k]) => k).join('; ')}`);
    const shown = unknown.slice(0, SHOWN);
    console.error(`corpus: ${name}: probes that do not type-check${unknown.length > shown.length ? ` (first ${shown.length} of ${unknown.length}; --verbose for all)` : ''}:`);
    for (const [key, f] of shown) console.error(`  ${key} [tsc ${f.labels.join(', ')}]\n    ${f.messages.slice(0, 6).map((m) => m.slice(0, 300)).join('\n    ')}`);
  }
  for (const k of KNOWN_PROBE_FAILURES.filter((x) => x.contract === name)) {
    const hits = [...failures.values()].filter((f) => f.known === k).length;
    if (hits === 0) problems.push(`KNOWN_PROBE_FAILURES entry ${k.probe} no longer fails (${k.defect.slice(0, 80)}…): remove it`);
    else console.error(`corpus: ${name}: ${hits} probe(s) fail on a known defect: ${k.defect}`);
  }
  if (verbose) {
    for (const i of probe.invalid) console.error(`corpus: ${name}: invalid ${i.kind} ${i.operation} (${i.source})${i.readOnly ? ' [readOnly]' : ''}: ${i.errors.join('; ')}`);
    for (const e of probe.entries.filter((x) => x.undeclared?.length)) console.error(`corpus: ${name}: undeclared in the contract, left out: ${e.kind} ${e.operation} (${e.source}): ${e.undeclared.join(', ')}`);
  }
  return {
    fixtures: cell('fixture', probe.casts ? `(${probe.casts} cast)` : ''),
    requestExamples: cell('request example', notes('request example')),
    responseExamples: cell('response example', notes('response example')),
    probe: {
      entries: probe.entries.length,
      invalid: probe.invalid,
      skipped: probe.skipped,
      casts: probe.casts,
      byKind: Object.fromEntries(Object.entries(tallies).map(([label, t]) => [label, t.byKind])),
      failures: [...failures].map(([k, f]) => ({ probe: k, compilers: f.labels, messages: f.messages, ...(f.known ? { knownDefect: f.known.defect } : {}) })),
      undeclared: probe.entries.filter((e) => e.undeclared?.length).map((e) => ({ probe: `${e.kind} ${e.operation} (${e.source})`, properties: e.undeclared })),
    },
  };
}

const rows = [];
let failed = false;
for (const spec of specs) {
  if (only && !only.includes(spec.name)) continue;
  const entry = path.join(corpusDir, spec.entry);
  const out = path.join(outBase, spec.name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const row = { name: spec.name, expect: spec.expect, ops: 0, resources: 0, kinds: '', covered: '', files: 0, generateSeconds: 0, tsc59: '-', tsc7: '-', collapsed: '-', result: 'ok', note: '' };
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

    // Collapsed types, before the probe is written (it declares no types, but stays out of the count anyway).
    const never = run(path.join(root, 'scripts/lib/neverTypes.mjs'), [out]);
    let findings;
    try {
      ({ findings } = JSON.parse(never.stdout));
    } catch {
      problems.push(`collapsed-type check exit ${never.status}: ${never.stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
    }
    row.collapsed = findings ? `${findings.filter((f) => !f.contract).length} (${never.seconds.toFixed(1)}s)` : 'error';
    row.findings = findings ?? [];
    // Items the contract's `allOf` members allow no value of (`contract: true`) are noted, not failed.
    const forced = findings?.filter((f) => f.contract) ?? [];
    const collapsed = findings?.filter((f) => !f.contract) ?? [];
    if (collapsed.length) problems.push(`${collapsed.length} collapsed type(s): ${collapsed.slice(0, 3).map((f) => `${f.file}:${f.line} ${f.name}`).join('; ')}`);
    if (forced.length) row.note = `${forced.length} never forced by the contract (${forced[0].name})`;

    let probe;
    if (withProbe) {
      const start = performance.now();
      try {
        probe = await writeUsageProbe({ contract: entry, outDir: out });
      } catch (error) {
        problems.push(`usage probe not written: ${error instanceof Error ? error.message : String(error)}`);
      }
      row.probeSeconds = Number(((performance.now() - start) / 1000).toFixed(1));
    }

    const tsconfig = writeTsconfig(path.join(out, 'tsconfig.json'), generatedTsconfig());
    const tallies = {};
    for (const [label, bin] of [['tsc59', TSC_59], ['tsc7', TSC_7]]) {
      if (!existsSync(bin)) {
        row[label] = 'n/a';
        continue;
      }
      const t = run(bin, tscArgs(tsconfig));
      // Errors in the probe are the probe's verdict, not errors of the output.
      const lines = errorLines(t.stdout).filter((l) => !l.includes(path.basename(PROBE_FILE)));
      const probeFailed = probe ? errorLines(t.stdout).length - lines.length : 0;
      const errors = lines.length + (t.status !== 0 && lines.length === 0 && probeFailed === 0 ? 1 : 0);
      row[label] = `${errors} (${t.seconds.toFixed(1)}s)`;
      if (errors > 0) problems.push(`${label}: ${(lines[0] ?? `exit ${t.status}: ${t.stderr}`).slice(0, 200)}`);
      if (probe) tallies[label] = tallyProbe(probe, t.stdout);
    }
    if (probe) Object.assign(row, probeColumns(spec.name, probe, tallies, problems));
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
    row.note = [...problems, ...(row.note ? [row.note] : [])].join(' | ');
    failed = true;
  }
  rows.push(row);
  console.error(`corpus: ${spec.name} ${row.result}${row.note ? `: ${row.note}` : ''}`);
}

const header = ['contract', 'expect', 'ops', 'resources', 'by kind', 'ops covered', 'files', 'generate s', 'tsc 5.9 errors', 'tsc 7 errors', 'collapsed types', 'probe: fixtures', 'probe: request examples', 'probe: response examples', 'probe s', 'result'];
const table = [
  header,
  ...rows.map((r) => [r.name, r.expect, r.ops, r.resources, r.kinds, r.covered, r.files, r.generateSeconds, r.tsc59, r.tsc7, r.collapsed ?? '-', r.fixtures ?? '-', r.requestExamples ?? '-', r.responseExamples ?? '-', r.probeSeconds ?? '-', r.result]),
];
const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
console.log(`| ${header.map((h, i) => h.padEnd(widths[i])).join(' | ')} |`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(`| ${row.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
const failures = rows.filter((r) => r.result !== 'ok').length;
console.log(
  'probe cells: passed/probed (both compilers agree unless shown per compiler); fixtures: "cast" = written `as unknown as` ' +
    '(the contract allows no value of the type); examples: "invalid" = rejected by the contract\'s own schema (ajv), not probed, ' +
    '"readOnly" = of those, valid but for readOnly properties in a request; "undeclared" = probed without properties its ' +
    'schema does not declare there (allowed by JSON Schema, rejected by the literal check of the closed generated type); ' +
    '"known defect" = fails on a generator defect listed in KNOWN_PROBE_FAILURES',
);
console.log(`${rows.length - failures} passed, ${failures} failed`);
process.exit(failed ? 1 : 0);
