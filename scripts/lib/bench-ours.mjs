// Runs of our own CLI in the benchmark: fresh generate, the fallback config when a plugin fails, recorded rows.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH, BUILTIN_PLUGINS, CLI, ROOT, emptyDir, measureProcess, note, repeated, results, status } from './bench-context.mjs';

/** Sums the profile's timings into columns: load, normalize, detect, emit per plugin, report, write. */
function phaseColumns(profile) {
  if (!profile) return null;
  const cols = { load: 0, normalize: 0, detect: 0, emit: {}, report: 0, write: profile.writeMs };
  for (const t of profile.phases) {
    if (t.hook === 'emit') cols.emit[t.plugin] = (cols.emit[t.plugin] ?? 0) + t.ms;
    else if (t.hook in cols) cols[t.hook] += t.ms;
  }
  return cols;
}

/** The import specifier (a quoted file URL) of a workspace package's bundle (lib/index.js), for the configs the bench writes. */
export const packageImport = (pkg) => JSON.stringify(pathToFileURL(path.join(ROOT, 'packages', pkg, 'lib/index.js')).href);

/**
 * Writes an .mjs config that runs the built-in plugins minus `skip` (used when a plugin fails). A skipped
 * plugin's package is not even imported (plugin names are their package folder names), so a plugin that
 * fails to load is left out too.
 */
function writeFallbackConfig(label, input, output, skip) {
  const dir = path.join(BENCH, 'configs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label}.without-${skip.join('+')}.mjs`);
  const kept = BUILTIN_PLUGINS.filter(([pkg]) => !skip.includes(pkg));
  const lines = [
    '// Written by scripts/bench.mjs: the built-in plugins minus the ones that failed.',
    `import { defineConfig } from ${packageImport('core')};`,
    ...kept.map(([pkg, fn]) => `import { ${fn} } from ${packageImport(pkg)};`),
    `const skip = ${JSON.stringify(skip)};`,
    'export default defineConfig({',
    `  input: ${JSON.stringify(input)},`,
    `  output: ${JSON.stringify(output)},`,
    `  plugins: [${kept.map(([, fn]) => `${fn}()`).join(', ')}].filter((p) => !skip.includes(p.name)),`,
    '});',
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** The plugin a failed run names: a tap that threw (PluginError), or a plugin package that failed to load. */
const failedPluginOf = (stderr) => /plugin "([^"]+)" failed in hook/.exec(stderr)?.[1] ?? /packages\/(plugin-[a-z-]+)\//.exec(stderr)?.[1];

/**
 * Runs our CLI once with RESLAYER_PROFILE and --json; returns the measurement plus the profile and the JSON output.
 * `source` is `{ contract, output }` or `{ config }`.
 */
export function runOurs(command, source, extra = []) {
  const profileFile = path.join(BENCH, `profile-${process.pid}.json`);
  rmSync(profileFile, { force: true });
  const sourceArgs = source.config ? ['--config', source.config] : [source.contract, '--output', source.output];
  const r = measureProcess(process.execPath, [CLI, command, ...sourceArgs, '--json', ...extra], { env: { RESLAYER_PROFILE: profileFile } });
  let profile = null;
  try {
    profile = JSON.parse(readFileSync(profileFile, 'utf8'));
    rmSync(profileFile, { force: true });
  } catch {
    // no profile: the run failed before the end of the pipeline, or this CLI build predates RESLAYER_PROFILE
  }
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    // not JSON (an error): stderr says why
  }
  if (r.rssKb === null && profile) Object.assign(r, { rssKb: profile.maxRssKb, rssSource: 'RESLAYER_PROFILE maxRssKb' });
  return { ...r, profile, json };
}

/** Records a run of ours in the results. */
export function recordOurs(input, label, r, extra = {}) {
  const failed = r.code !== 0;
  const row = {
    tool: 'reslayer',
    input,
    label,
    ok: !failed,
    exitCode: r.code,
    wallMs: r.wallMs,
    walls: r.walls ?? [r.wallMs],
    rssKb: r.rssKb,
    rssSource: r.rssSource,
    files: r.profile?.files ?? null,
    bytes: r.profile?.bytes ?? null,
    phases: phaseColumns(r.profile),
    ...extra,
  };
  if (failed) row.error = lastLines(r.stderr || r.stdout);
  results.runs.push(row);
  return row;
}

export const lastLines = (text, n = 3) => text.trim().split('\n').slice(-n).join(' | ').slice(0, 600);

/**
 * A fresh `generate` of one contract into an emptied output folder, repeated; when a plugin fails, the
 * run is redone without it (through a generated config) so the rest is still measured.
 * @returns {{ row, source }} the recorded row and the source (contract or fallback config) that worked
 */
export function freshGenerate(input, label, contract, output, repeat) {
  let source = { contract, output };
  const skipped = [];
  for (;;) {
    const r = repeated(repeat, () => emptyDir(output), () => runOurs('generate', source));
    const failedPlugin = failedPluginOf(r.stderr);
    if (r.code !== 0) {
      status.ownFailure = true;
      recordOurs(input, label + (skipped.length ? ` without ${skipped.join(', ')}` : ''), r, { pluginsSkipped: [...skipped] });
      process.stdout.write(`  FAILED: reslayer generate ${input}${skipped.length ? ` (without ${skipped.join(', ')})` : ''}: exit ${r.code}: ${lastLines(r.stderr || r.stdout)}\n`);
      if (failedPlugin && !skipped.includes(failedPlugin) && skipped.length < BUILTIN_PLUGINS.length - 1) {
        skipped.push(failedPlugin);
        note(`${input}: plugin ${failedPlugin} failed; measuring again without it (the row is marked "without ${skipped.join(', ')}")`);
        source = { config: writeFallbackConfig(input, contract, output, skipped) };
        continue;
      }
      return { row: null, source };
    }
    const row = recordOurs(input, label + (skipped.length ? ` without ${skipped.join(', ')}` : ''), r, { pluginsSkipped: [...skipped] });
    return { row, source };
  }
}
