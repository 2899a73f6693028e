#!/usr/bin/env node
// The floor of the write phase: a plain script that writes the same files as a generate run, with
// nothing else (no listing, no comparison, no staging, no manifest). The files are read from an output
// folder first (not timed); then each distinct folder is created once and each file written with one
// synchronous call, into an emptied target folder, and the writing is timed.
//
// Usage: node scripts/lib/write-floor.mjs <generated output folder> <scratch folder> [runs]
// Prints one JSON line: { ok, files, bytes, runsMs: [...], medianMs }.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readOutputFiles } from './outputFiles.mjs';

const [source, scratch, runsArg] = process.argv.slice(2);
if (!source || !scratch) {
  process.stderr.write('usage: node scripts/lib/write-floor.mjs <generated output folder> <scratch folder> [runs]\n');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);

const files = readOutputFiles(path.resolve(source));
const dirs = [...new Set(files.map((f) => path.dirname(f.rel)))].sort();
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
const runsMs = [];
for (let i = 0; i < runs; i++) {
  const target = path.resolve(scratch, `floor-${i}`);
  rmSync(target, { recursive: true, force: true });
  spawnSync('sync');
  const start = performance.now();
  for (const dir of dirs) mkdirSync(path.join(target, dir), { recursive: true });
  for (const f of files) writeFileSync(path.join(target, f.rel), f.text);
  runsMs.push(performance.now() - start);
  rmSync(target, { recursive: true, force: true });
}

const sorted = [...runsMs].sort((a, b) => a - b);
const medianMs = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
process.stdout.write(`${JSON.stringify({ ok: true, files: files.length, bytes, runsMs: runsMs.map((x) => Math.round(x)), medianMs: Math.round(medianMs) })}\n`);
