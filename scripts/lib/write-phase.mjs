#!/usr/bin/env node
// Our write path against its floor, measured in pairs on the files of one fresh `generate`: our write
// (scripts/lib/write-ours.mjs: core's output stream and commit alone, in a process of its own: staging
// folder with its worker thread, hard links, manifest, swap, cache record) and right after it a plain
// script that writes the same files (scripts/lib/write-floor.mjs, one run). Since the files are written
// while the plugins emit, a generate's own `writeMs` holds only the commit; this measures the whole write.
// The machine's file-system speed drifts a lot, so the ratio is taken pair by pair and its median reported.
//
// Usage: node scripts/lib/write-phase.mjs <cli> <contract> <scratch folder> [pairs]
// Prints one JSON line: { ok, pairs: [{ writeMs, floorMs, ratio }], medianRatio, medianWriteMs, medianFloorMs, files }.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [cli, contract, scratch, pairsArg] = process.argv.slice(2);
if (!cli || !contract || !scratch) {
  process.stderr.write('usage: node scripts/lib/write-phase.mjs <cli> <contract> <scratch folder> [pairs]\n');
  process.exit(2);
}
const pairs = Number(pairsArg ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(scratch, 'source');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Runs one of the helper scripts and returns its JSON line (or undefined when it failed). */
function helper(script, args) {
  const r = spawnSync(process.execPath, [path.join(here, script), ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    return r.status === 0 ? JSON.parse(r.stdout.trim().split('\n').pop()) : undefined;
  } catch {
    return undefined;
  }
}
function fail(error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: String(error).slice(-500) })}\n`);
  process.exit(0);
}

rmSync(source, { recursive: true, force: true });
const gen = spawnSync(process.execPath, [cli, 'generate', contract, '--output', source], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (gen.status !== 0) fail(gen.stderr || `generate exited ${gen.status}`);
const rows = [];
let files = null;
for (let i = 0; i < pairs; i++) {
  const ours = helper('write-ours.mjs', [source, scratch]);
  if (!ours) fail('scripts/lib/write-ours.mjs failed');
  files = ours.files;
  const f = helper('write-floor.mjs', [source, path.resolve(scratch, 'floor'), '1']);
  if (!f) fail('scripts/lib/write-floor.mjs failed');
  rows.push({ writeMs: ours.ms, floorMs: f.medianMs, ratio: Number((ours.ms / f.medianMs).toFixed(2)) });
}
rmSync(source, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ ok: true, files, pairs: rows, medianRatio: median(rows.map((r) => r.ratio)), medianWriteMs: median(rows.map((r) => r.writeMs)), medianFloorMs: median(rows.map((r) => r.floorMs)) })}\n`,
);
