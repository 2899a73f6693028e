// Benchmark of a config with several runs (several contracts): `generate --no-cache` with the runs one
// after the other in one thread (the default) against one worker thread per core (RESLAYER_WORKERS).
// Used by scripts/bench.mjs (`--only runs`); prints nothing itself.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Corpus contracts of the several-runs config: mid-sized and large, so each run is worth a thread. */
export const RUN_CONTRACTS = ['immich', 'box', 'openai', 'digitalocean-multifile'];

/**
 * Writes a config with one run per contract of {@link RUN_CONTRACTS} found in the corpus (all four
 * built-in plugins at their defaults), each into its own output root under `work`.
 * @param {{ root: string, corpusDir: string, specs: Array<{ name: string, entry: string }>, work: string }} o
 *   the repository root, the corpus folder, corpus.json's specs and a scratch folder
 * @returns {{ config: string, outputs: string[], names: string[] } | null} null when the corpus has fewer than two of them
 */
export function writeRunsConfig({ root, corpusDir, specs, work }) {
  const chosen = RUN_CONTRACTS.map((name) => specs.find((s) => s.name === name)).filter((s) => s && existsSync(path.join(corpusDir, s.entry)));
  if (chosen.length < 2) return null;
  mkdirSync(work, { recursive: true });
  const imp = (pkg) => JSON.stringify(path.join(root, 'packages', pkg, 'lib/index.js'));
  const outputs = chosen.map((s) => path.join(work, `out-${s.name}`));
  const runs = chosen.map(
    (s, i) => `  { input: ${JSON.stringify(path.join(corpusDir, s.entry))}, output: ${JSON.stringify(outputs[i])}, plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()] },`,
  );
  const config = path.join(work, 'runs.config.mjs');
  writeFileSync(
    config,
    [
      `import { pluginClient } from ${imp('plugin-client')};`,
      `import { pluginHooks } from ${imp('plugin-hooks')};`,
      `import { pluginConfigMeta } from ${imp('plugin-config-meta')};`,
      `import { pluginMocks } from ${imp('plugin-mocks')};`,
      'export default [',
      ...runs,
      '];',
      '',
    ].join('\n'),
  );
  return { config, outputs, names: chosen.map((s) => s.name) };
}

/**
 * Times `generate --no-cache` of the several-runs config in one thread and in worker threads, each
 * `repeat` times from empty output roots, keeping the median (via `repeated`), with the CPU time of
 * each (user + system: the cores the run kept busy).
 * @param {{ cli: string, setup: { config: string, outputs: string[] }, repeat: number,
 *   measure: (command: string, args: string[], options?: object) => { code: unknown, wallMs: number, rssKb: number | null },
 *   repeated: (times: number, prepare: () => void, once: () => object) => { code: unknown, wallMs: number, rssKb: number | null } }} o
 *   the CLI entry, the config from {@link writeRunsConfig}, the repetitions and bench.mjs's measuring functions
 * @returns {{ oneThread: object, threads: object, speedup: number | null }} both measurements and one thread's wall time over the threads'
 */
export function benchRuns({ cli, setup, repeat, measure, repeated }) {
  const clean = () => {
    for (const out of setup.outputs) rmSync(out, { recursive: true, force: true });
  };
  const run = (workers) => repeated(repeat, clean, () => measure(process.execPath, [cli, 'generate', '--config', setup.config, '--no-cache'], { env: { RESLAYER_WORKERS: workers } }));
  const oneThread = run('1');
  const threads = run(String(availableParallelism()));
  const ok = oneThread.code === 0 && threads.code === 0;
  return { oneThread, threads, speedup: ok ? oneThread.wallMs / threads.wallMs : null };
}
