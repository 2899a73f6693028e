#!/usr/bin/env node
// Output snapshot for refactors: generates the demo, every contract of ../shared/corpus and every fixture
// contract under fixtures/openapi with each hooks adapter into <dir>, or compares a fresh generation with a
// saved one byte for byte.
//
// Usage: node scripts/snapshot-outputs.mjs save <dir>
//        node scripts/snapshot-outputs.mjs compare <dir>     (exit 1 when any file differs)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [mode, dirArg] = process.argv.slice(2);
if ((mode !== 'save' && mode !== 'compare') || !dirArg) {
  console.error('usage: node scripts/snapshot-outputs.mjs save|compare <dir>');
  process.exit(2);
}
const target = path.resolve(dirArg);
const cli = path.join(root, 'packages/cli/dist/index.js');
const corpusDir = path.join(root, '..', 'shared', 'corpus');

/** Contracts to generate: [case name, contract path]. */
const contracts = [['public-crm', path.join(root, 'examples/public-crm/openapi.yaml')]];
if (existsSync(path.join(corpusDir, 'corpus.json'))) {
  for (const s of JSON.parse(readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8')).specs) contracts.push([`corpus-${s.name}`, path.join(corpusDir, s.entry)]);
}
const walk = (dir) => readdirSync(dir).flatMap((n) => {
  const p = path.join(dir, n);
  return statSync(p).isDirectory() ? walk(p) : [p];
});
for (const f of walk(path.join(root, 'fixtures/openapi')).sort()) {
  if (/\/(invalid|multifile\/(?!openapi))/.test(f) || !/\.(ya?ml|json)$/.test(f)) continue;
  if (f.includes('/multifile/') && !f.endsWith('/openapi.yaml')) continue;
  contracts.push([`fixture-${path.relative(path.join(root, 'fixtures/openapi'), f).replace(/[/.]/g, '_')}`, f]);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'reslayer-snapshot-'));
const out = mode === 'save' ? target : path.join(work, 'fresh');
if (mode === 'save') rmSync(target, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const adapters = ['none', 'react-query', 'vue-query'];
for (const [name, contract] of contracts) {
  for (const adapter of adapters) {
    const dest = path.join(out, `${name}--${adapter}`);
    const config = path.join(work, `${name}-${adapter}.config.mjs`);
    const imp = (pkg) => JSON.stringify(path.join(root, 'packages', pkg, 'lib/index.js'));
    writeFileSync(config, [
      `import { pluginClient } from ${imp('plugin-client')};`,
      `import { pluginHooks } from ${imp('plugin-hooks')};`,
      `import { pluginConfigMeta } from ${imp('plugin-config-meta')};`,
      `import { pluginMocks } from ${imp('plugin-mocks')};`,
      `export default { input: ${JSON.stringify(contract)}, output: ${JSON.stringify(dest)},`,
      `  plugins: [pluginClient(), pluginHooks({ adapter: ${JSON.stringify(adapter)} }), pluginConfigMeta(), pluginMocks()] };`,
    ].join('\n'));
    const r = spawnSync(process.execPath, [cli, 'generate', '--config', config, '--no-cache', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) writeFileSync(path.join(out, `${name}--${adapter}.exit`), `${r.status}\n${r.stdout.slice(0, 4000)}\n${r.stderr.slice(0, 4000)}`);
  }
}

if (mode === 'save') {
  console.log(`snapshot: saved ${contracts.length} contracts × ${adapters.length} adapters into ${target}`);
  process.exit(0);
}
const rel = (dir) => (existsSync(dir) ? walk(dir).map((p) => path.relative(dir, p)).filter((p) => !p.endsWith('.reslayer-manifest.json')).sort() : []);
const before = new Set(rel(target));
const after = new Set(rel(out));
const diffs = [];
for (const p of before) if (!after.has(p)) diffs.push(`removed  ${p}`);
for (const p of after) if (!before.has(p)) diffs.push(`added    ${p}`);
for (const p of after) if (before.has(p) && !readFileSync(path.join(target, p)).equals(readFileSync(path.join(out, p)))) diffs.push(`changed  ${p}`);
console.log(`snapshot: ${after.size} files compared with ${before.size} saved; ${diffs.length} differ`);
for (const d of diffs.slice(0, 200)) console.log(`  ${d}`);
if (diffs.length > 200) console.log(`  … and ${diffs.length - 200} more`);
console.log(`fresh output kept in ${out}`);
process.exit(diffs.length === 0 ? 0 : 1);
