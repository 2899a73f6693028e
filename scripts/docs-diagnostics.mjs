#!/usr/bin/env node
// Writes docs/diagnostics.md from the code catalogue and its explanations
// (packages/core/src/diagnostics/codes.ts and explanations.ts), through core's built `renderDiagnosticsDoc` (dist/diagnostics/diagnosticsDoc.js).
// Run `pnpm build` first. `--check` writes nothing and exits 1 when the committed file is out of date.
// A unit test (packages/core/src/diagnostics/diagnosticsDoc.test.ts) checks the same.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs/diagnostics.md');
const { renderDiagnosticsDoc } = await import(path.join(root, 'packages/core/dist/diagnostics/diagnosticsDoc.js'));
const text = renderDiagnosticsDoc();
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== text) {
    console.error('docs/diagnostics.md is out of date: run `node scripts/docs-diagnostics.mjs`');
    process.exit(1);
  }
  console.log('docs/diagnostics.md is up to date');
} else {
  writeFileSync(target, text, 'utf8');
  console.log(`wrote ${path.relative(root, target)}`);
}
