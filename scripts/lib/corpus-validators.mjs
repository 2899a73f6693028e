// `pnpm corpus --validators`: every corpus contract generated with the built-in plugins plus plugin-validators,
// once with zod and once with valibot, into .corpus-out/<name>-<library>/; the output type-checked with
// TypeScript 5.9 and 7 (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes), and every generated mock
// fixture checked against the generated schemas (scripts/lib/validators.mjs). One row per contract and library.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorLines, generatedTsconfig, TSC_59, TSC_7, tscArgs, writeTsconfig } from './typecheck.mjs';
import { checkFixtures, transpileTree, writeValidatorsConfig } from './validators.mjs';

export const LIBRARIES = ['zod', 'valibot'];

function run(cmd, argv) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [cmd, ...argv], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', seconds: (performance.now() - start) / 1000 };
}

function countFiles(dir) {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    n += statSync(p).isDirectory() ? countFiles(p) : name.endsWith('.ts') ? 1 : 0;
  }
  return n;
}


/**
 * Runs the validators corpus.
 * @param {{ root: string, corpusDir: string, specs: Array<{ name: string, entry: string, expect: string }>, only?: string[] }} options
 * @returns {Promise<{ rows: object[], failed: boolean }>}
 */
export async function runValidatorsCorpus({ root, corpusDir, specs, only }) {
  const cli = path.join(root, 'packages/cli/dist/index.js');
  const rows = [];
  let failed = false;
  for (const spec of specs) {
    if (spec.expect === 'generate-empty' || (only && !only.includes(spec.name))) continue;
    for (const library of LIBRARIES) {
      const out = path.join(root, '.corpus-out', `${spec.name}-${library}`);
      rmSync(out, { recursive: true, force: true });
      mkdirSync(out, { recursive: true });
      const row = { name: spec.name, library, files: 0, generateSeconds: 0, tsc59: '-', tsc7: '-', fixtures: '-', result: 'ok', note: '' };
      const problems = [];
      const config = writeValidatorsConfig(root, out, path.join(corpusDir, spec.entry), library);
      const gen = run(cli, ['generate', '--config', config, '--json', '--no-cache']);
      row.generateSeconds = Number(gen.seconds.toFixed(2));
      if (gen.status !== 0) problems.push(`generate exit ${gen.status}: ${gen.stderr.trim().split('\n')[0]}`);
      row.files = countFiles(path.join(out, 'src'));
      if (gen.status === 0) {
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
          if (errors > 0) problems.push(`${label}: ${(lines[0] ?? `exit ${t.status}: ${t.stderr}`).slice(0, 300)}`);
        }
        transpileTree(path.join(out, 'src'));
        const fixtures = await checkFixtures(path.join(out, 'src'), (file) => import(pathToFileURL(file.replace(/\.ts$/, '.js')).href));
        row.fixtures = `${fixtures.values - fixtures.failures.length}/${fixtures.values}${fixtures.casts > 0 ? ` (${fixtures.casts} cast, not checked)` : ''}`;
        if (fixtures.failures.length > 0) {
          problems.push(`${fixtures.failures.length} fixture value(s) rejected, e.g. ${fixtures.failures.slice(0, 3).map((f) => `${f.fixture} at ${f.path}: ${f.message}`).join('; ')}`);
        }
      }
      if (problems.length > 0) {
        row.result = 'FAIL';
        row.note = problems.join(' | ');
        failed = true;
      }
      rows.push(row);
      console.error(`corpus --validators: ${spec.name} (${library}) ${row.result}${row.note ? `: ${row.note}` : ''}`);
    }
  }
  const header = ['contract', 'library', 'files', 'generate s', 'tsc 5.9 errors', 'tsc 7 errors', 'fixture values valid', 'result'];
  const table = [header, ...rows.map((r) => [r.name, r.library, r.files, r.generateSeconds, r.tsc59, r.tsc7, r.fixtures, r.result])];
  const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  console.log(`| ${header.map((h, i) => h.padEnd(widths[i])).join(' | ')} |`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.slice(1)) console.log(`| ${row.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`);
  return { rows, failed };
}
