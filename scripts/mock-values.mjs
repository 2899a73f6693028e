#!/usr/bin/env node
// Counts the placeholder strings in generated mock fixtures: for each contract, runs the built CLI's `generate`
// into a temporary folder, reads every string literal of `shared/mocks/**/*.fixtures.ts` and counts
// - placeholders: `<property>-<n>` values (`name-1`, `tags-2`), the plain strings the mocks made before faker;
// - suffixed variants: a string that is another fixture string plus ` <n>` (`Groceries 2`, `https://x.test/a 2`);
// - e-mail variants: an address whose local part is another address's plus a number (`ada2@example.test`).
// Prints one line per contract and a total. `pnpm build` first.
// Usage: node scripts/mock-values.mjs <contract>... (default: the demo and every contract with operations of $RESLAYER_CORPUS, else ../shared/corpus)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'packages/cli/dist/index.js');
const SHARED = process.env.RESLAYER_CORPUS ? path.resolve(process.env.RESLAYER_CORPUS) : path.resolve(ROOT, '../shared/corpus');

/** The demo and the shared corpus's contracts with operations (corpus.json), when the folder is there. */
function defaultContracts() {
  const list = [['public-crm', path.join(ROOT, 'examples/public-crm/openapi.yaml')]];
  const index = path.join(SHARED, 'corpus.json');
  if (!existsSync(index)) return list;
  for (const spec of JSON.parse(readFileSync(index, 'utf8')).specs) if ((spec.stats?.ops ?? 0) > 0) list.push([spec.name, path.join(SHARED, spec.entry)]);
  return list;
}

/** Every `*.fixtures.ts` under a folder. */
function fixtureFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.fixtures.ts')).map((f) => path.join(dir, String(f)));
}

/** The single-quoted string literals of a file (as printed by the generator), unescaped. */
function strings(text) {
  return [...text.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** The counts of one contract's fixtures. */
function measure(contract) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'reslayer-mock-values-'));
  try {
    execFileSync(process.execPath, [CLI, 'generate', contract, '--output', out], { stdio: 'pipe', maxBuffer: 1 << 28 });
    const values = fixtureFiles(path.join(out, 'src/shared/mocks')).flatMap((f) => strings(readFileSync(f, 'utf8')));
    const set = new Set(values);
    const placeholders = values.filter((v) => /^[A-Za-z_$][\w$]*-\d+$/.test(v)).length;
    const suffixed = values.filter((v) => /^(.+) \d+$/s.test(v) && set.has(v.replace(/ \d+$/, ''))).length;
    const emails = values.filter((v) => {
      const m = /^(.*?)(\d+)(@.+)$/.exec(v);
      return m !== null && set.has(`${m[1]}${m[3]}`);
    }).length;
    return { strings: values.length, placeholders, suffixed, emails };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const contracts = args.length > 0 ? args.map((a) => [path.basename(a), path.resolve(a)]) : defaultContracts();
const total = { strings: 0, placeholders: 0, suffixed: 0, emails: 0 };
for (const [name, file] of contracts) {
  let m;
  try {
    m = measure(file);
  } catch (error) {
    console.log(`${name}: generate failed: ${String(error.stderr ?? error).split('\n')[0]}`);
    continue;
  }
  for (const k of Object.keys(total)) total[k] += m[k];
  console.log(`${name}: ${m.strings} strings, ${m.placeholders} placeholders, ${m.suffixed} suffixed variants, ${m.emails} numbered e-mail variants`);
}
const pct = total.strings ? ((100 * total.placeholders) / total.strings).toFixed(1) : '0.0';
console.log(`total: ${total.strings} strings, ${total.placeholders} placeholders (${pct} %), ${total.suffixed} suffixed variants, ${total.emails} numbered e-mail variants`);
