#!/usr/bin/env node
// Counts the names (values and types) each entry of @reslayer/core exports: `@reslayer/core`, the plugin API
// (packages/core/src/index.ts), holds at most CORE_NAME_LIMIT; `@reslayer/core/host` (src/host.ts), what the
// engine, the CLI, diff and tests use, has no limit. Read from the sources with the TypeScript checker, so
// `export *` and re-exports count as the names they bring, once each. `pnpm lint` runs the check: a lint check, not a
// bench row, because the count is a property of the source, not a measurement, and should fail the change that
// breaks it (lint runs on every change in CI; the bench does not).
// Usage: node scripts/core-names.mjs [--list]   (exit 1 when the plugin entry is over its limit)
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The most names `@reslayer/core` may export (docs/plugins.md, "Two entries"). */
export const CORE_NAME_LIMIT = 90;
/** Each entry of @reslayer/core and its source file, relative to the repository. */
const ENTRIES = { '@reslayer/core': 'packages/core/src/index.ts', '@reslayer/core/host': 'packages/core/src/host.ts' };

/**
 * The sorted export names of each entry of @reslayer/core.
 * @param {string} [root] the repository root
 * @returns {Record<string, string[]>} entry specifier → its names
 */
export function coreEntryNames(root = ROOT) {
  const files = Object.values(ENTRIES).map((f) => path.join(root, f));
  const program = ts.createProgram(files, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const out = {};
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const sf = program.getSourceFile(path.join(root, file));
    const symbol = sf && checker.getSymbolAtLocation(sf);
    if (!symbol) throw new Error(`core-names: ${file} is not a module`);
    out[entry] = checker.getExportsOfModule(symbol).map((s) => s.getName()).sort();
  }
  return out;
}

/**
 * The findings of the name budget: empty when `@reslayer/core` is within CORE_NAME_LIMIT and no name is on both entries.
 * @param {Record<string, string[]>} names from coreEntryNames
 * @returns {string[]}
 */
export function coreNameFindings(names) {
  const core = names['@reslayer/core'] ?? [];
  const host = new Set(names['@reslayer/core/host'] ?? []);
  const findings = [];
  if (core.length > CORE_NAME_LIMIT) findings.push(`@reslayer/core exports ${core.length} names (at most ${CORE_NAME_LIMIT}): move what only the engine, CLI, diff or tests use to @reslayer/core/host`);
  const both = core.filter((n) => host.has(n));
  if (both.length > 0) findings.push(`on both @reslayer/core and @reslayer/core/host: ${both.join(', ')}`);
  return findings;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const names = coreEntryNames();
  for (const [entry, list] of Object.entries(names)) {
    console.log(`${entry}: ${list.length} names${entry === '@reslayer/core' ? ` (at most ${CORE_NAME_LIMIT})` : ''}`);
    if (process.argv.includes('--list')) console.log(`  ${list.join(', ')}`);
  }
  const findings = coreNameFindings(names);
  for (const f of findings) console.error(`FAIL ${f}`);
  process.exit(findings.length > 0 ? 1 : 0);
}
