// One worker process of `pnpm corpus:directory`: runs reslayer's pipeline in memory (load, normalize, detect,
// the four built-in plugins' emit; nothing written) on each contract it is given and prints one JSON line per
// contract with the measures of scripts/lib/directory-metrics.mjs. With --tsc, it also writes each output under
// .corpus-out/directory-tsc/<index>/src/ and leaves it there: the caller type-checks several contracts' outputs
// in one compiler run (scripts/lib/directory-tsc.mjs) and removes them.
//
// Usage: node scripts/lib/directory-worker.mjs <tasks.json> [--tsc] [--adapter <pluginHooks adapter>]
//   tasks.json: [{ "id": "github.com/api.github.com", "file": "/abs/path.json", "index": 0, "keepRoles": true }, ...]
//   (keepRoles: the row lists every operation's role and name, for the labelled contracts)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { behaviourMeasures } from './directory-behaviours.mjs';
import { median, isHashedName, outputMeasures, roleRecall, rolesByOperation, structuralCrud } from './directory-metrics.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const lib = (pkg) => pathToFileURL(path.join(root, 'packages', pkg, 'lib', 'index.js')).href;
// The run's entry points (`resolveConfig`, `runGenerator`) are on core's host entry, the plugin API on its main one.
const core = { ...(await import(lib('core'))), ...(await import(pathToFileURL(path.join(root, 'packages', 'core', 'lib', 'host.js')).href)) };
const plugins = await Promise.all(['plugin-client', 'plugin-hooks', 'plugin-config-meta', 'plugin-mocks'].map((p) => import(lib(p))));
const [tasksFile, ...rest] = process.argv.slice(2);
const adapterAt = rest.indexOf('--adapter');
const hooksOptions = adapterAt >= 0 ? { adapter: rest[adapterAt + 1] } : {};
const factories = [plugins[0].pluginClient, () => plugins[1].pluginHooks(hooksOptions), plugins[2].pluginConfigMeta, plugins[3].pluginMocks];
const writeDir = rest.includes('--tsc') ? path.join(root, '.corpus-out', 'directory-tsc') : undefined;
const tasks = JSON.parse(readFileSync(tasksFile, 'utf8'));

/**
 * Runs one contract and measures it.
 * @param {{ id: string, file: string, index: number, keepRoles?: boolean }} task
 */
async function measure(task) {
  const doc = JSON.parse(readFileSync(task.file, 'utf8'));
  const expected = structuralCrud(doc);
  const outputRoot = writeDir ? path.join(writeDir, String(task.index)) : path.join(root, '.corpus-out', 'directory-unwritten');
  const config = core.resolveConfig({ input: task.file, output: outputRoot, plugins: factories.map((f) => f()) }, undefined, root);
  const start = performance.now();
  const result = await core.runGenerator(config);
  const ms = performance.now() - start;
  const roles = rolesByOperation(result.model);
  const recall = roleRecall(expected, roles);
  const names = [...roles.values()].map((r) => r.name);
  const out = outputMeasures(result.files);
  let written;
  if (writeDir) {
    rmSync(outputRoot, { recursive: true, force: true });
    for (const f of result.files) {
      const target = path.join(outputRoot, 'src', f.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, f.contents);
    }
    // A file that declares into the global scope or augments a module could change how another contract's
    // output checks; such an output is checked on its own.
    written = { dir: outputRoot, files: result.files.length, augments: result.files.some((f) => /^\s*declare\s+(global|module)\b/m.test(f.contents)) };
  }
  const errors = result.diagnostics.list().filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`.slice(0, 300));
  return {
    id: task.id,
    status: errors.length > 0 ? 'diagnostics' : 'ok',
    ms: Math.round(ms),
    operations: result.model.operations.length,
    resources: result.model.resources.length,
    files: result.files.length,
    structural: recall.total,
    hit: recall.hit,
    misses: recall.misses.slice(0, 20),
    medianName: median(names.map((n) => n.length)),
    longestName: names.reduce((a, n) => (n.length > a.length ? n : a), ''),
    hashed: names.filter(isHashedName),
    mutations: out.mutations,
    emptyEffects: out.emptyEffects,
    pagedWithoutInfinite: out.pagedWithoutInfinite,
    behaviours: withReasons(behaviourMeasures(doc, result.files), result.diagnostics.list()),
    ...(task.keepRoles ? { roles: [...roles.entries()].map(([key, r]) => ({ key, role: r.role, name: r.name, resource: r.resource })) } : {}),
    ...(written ? { written } : {}),
    errors,
  };
}

/**
 * The behaviour measures with why each optimistic miss has none: the reason of its `RSL_HOOKS_NOT_OPTIMISTIC`
 * (`optimistic.why`, in the order of `optimistic.misses`), or that lint gave none (the operation is no update or
 * delete of a CRUD resource with a list and a read in the model).
 */
function withReasons(measures, diagnostics) {
  const reasons = diagnostics.filter((d) => d.code === 'RSL_HOOKS_NOT_OPTIMISTIC').map((d) => d.message);
  const why = measures.optimistic.misses.map((m) => reasons.find((r) => r.includes(`(${m})`))?.replace(/^.*gets no optimistic helper: /, '') ?? 'no diagnostic: not an update or delete of a CRUD resource with a list and a read in the model');
  return { ...measures, optimistic: { ...measures.optimistic, why } };
}

for (const task of tasks) {
  let row;
  try {
    row = await measure(task);
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'CRASH';
    row = { id: task.id, status: 'failed', error: `${code}: ${String(error?.message ?? error).slice(0, 400)}` };
  }
  process.stdout.write(`${JSON.stringify(row)}\n`);
}
