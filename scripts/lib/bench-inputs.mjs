// Benchmark inputs that need no network: the demo contract (generate, check, mock start, watch) and the
// synthetic contracts of N CRUD resources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { synthesize } from '../synth.mjs';
import { BENCH, BUILTIN_PLUGINS, CLI, OUT, ROOT, emptyDir, measureProcess, progress, repeated, results, status } from './bench-context.mjs';
import { freshGenerate, lastLines, packageImport, recordOurs, runOurs } from './bench-ours.mjs';
import { secs, target } from './bench-targets.mjs';

export function benchDemo(opts) {
  progress('demo: examples/public-crm/openapi.yaml');
  for (const flag of ['--version', '--help']) {
    const r = repeated(Math.max(opts.repeat, 5), null, () => measureProcess(process.execPath, [CLI, flag]));
    if (r.code !== 0) status.ownFailure = true;
    recordOurs('cli', `reslayer ${flag}`, r);
  }
  const contract = path.join(ROOT, 'examples/public-crm/openapi.yaml');
  const output = path.join(OUT, 'demo');
  freshGenerate('demo', 'generate (contract)', contract, output, Math.max(opts.repeat, 5));
  // The same with a generator.config.ts, as `pnpm demo` runs it (adds the TypeScript config loader).
  const config = path.join(BENCH, 'configs', 'demo.config.ts');
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(
    config,
    [
      '// Written by scripts/bench.mjs: examples/public-crm/generator.config.ts with the output in .bench/.',
      `import { defineConfig } from ${packageImport('core')};`,
      ...BUILTIN_PLUGINS.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
      'export default defineConfig({',
      `  input: ${JSON.stringify(contract)},`,
      `  output: ${JSON.stringify(path.join(OUT, 'demo-config'))},`,
      `  plugins: [${BUILTIN_PLUGINS.map(([, fn]) => `${fn}()`).join(', ')}],`,
      '});',
      '',
    ].join('\n'),
  );
  const r = repeated(Math.max(opts.repeat, 5), () => emptyDir(path.join(OUT, 'demo-config')), () => runOurs('generate', { config }));
  if (r.code !== 0) status.ownFailure = true;
  recordOurs('demo', 'generate (config .ts)', r);
  benchMockStart(opts);
}

/** Target: `reslayer mock` answers the demo's contact list within 1 s of being started (scripts/lib/bench-mock.mjs). */
function benchMockStart(opts) {
  progress('demo: reslayer mock start-up');
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/bench-mock.mjs'), String(Math.max(opts.repeat, 5))], { encoding: 'utf8', timeout: 120_000 });
  const r = JSON.parse(run.stdout.trim().split('\n').at(-1) || '{"ok":false,"error":"no output"}');
  if (!r.ok) status.ownFailure = true;
  const detail = r.ok ? `median ${secs(r.medianMs)} from spawn to the first answer (runs ${r.runs.map(secs).join(', ')}; listening after ${r.listenMs.map(secs).join(', ')})` : `FAILED: ${r.error}`;
  target('reslayer mock serves the demo within 1 s of starting', r.ok, r.ok && r.medianMs < 1000, detail);
}

/**
 * Times `generate --watch` on a contract (scripts/lib/watch-timing.mjs): from saving an edit of one
 * operation's summary in a working copy (`copy`, else beside the contract) to the files being written, the
 * debounce included. Recorded as a row `watch: 1-operation edit → written` (wall = median over the edits).
 */
export function benchWatch(input, contract, output, opts, copy) {
  // Seven edits by default: the first one after start-up runs cold (the JIT, the first look at the output),
  // so the median of three was often the second edit alone. The first edit is reported beside the median.
  const edits = Math.max(opts.repeat, 3) * 2 + 1;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/watch-timing.mjs'), CLI, contract, output, String(edits), ...(copy ? [copy] : [])], { cwd: ROOT, encoding: 'utf8', timeout: 15 * 60_000 });
  let out;
  try {
    out = JSON.parse((r.stdout ?? '').trim().split('\n').pop() ?? '');
  } catch {
    out = { ok: false, error: lastLines(r.stderr || r.stdout || String(r.error?.message ?? 'no output')) };
  }
  if (!out.ok) {
    status.ownFailure = true;
    process.stdout.write(`  FAILED: reslayer generate --watch ${input}: ${out.error}\n`);
  }
  results.runs.push({
    tool: 'reslayer',
    input,
    label: 'watch: 1-operation edit → written',
    ok: out.ok === true,
    exitCode: out.ok ? 0 : 1,
    wallMs: out.medianMs ?? null,
    walls: out.edits ?? [],
    rssKb: null,
    rssSource: null,
    files: null,
    bytes: null,
    phases: null,
    watch: out,
  });
  emptyDir(output);
}

export function benchSynthetic(opts) {
  // The watch timing runs on the largest size up to 1,000 (the smallest when all are larger).
  const watchSize = Math.max(...opts.sizes.filter((n) => n <= 1000), 0) || Math.min(...opts.sizes);
  for (const n of opts.sizes) {
    progress(`synthetic N=${n}`);
    const contract = path.join(BENCH, 'contracts', `synthetic-${n}.json`);
    mkdirSync(path.dirname(contract), { recursive: true });
    const text = `${JSON.stringify(synthesize(n))}\n`;
    writeFileSync(contract, text);
    const output = path.join(OUT, `synthetic-${n}`);
    const { row } = freshGenerate(`synthetic-${n}`, 'generate', contract, output, opts.repeat);
    if (row) row.contractBytes = Buffer.byteLength(text);
    if (n === watchSize) benchWatch(`synthetic-${n}`, contract, path.join(OUT, `synthetic-${n}-watch`), opts);
    // Free the disk: N=5000 writes hundreds of MB.
    if (n >= 1000) emptyDir(output);
  }
}
