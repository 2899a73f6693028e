#!/usr/bin/env node
// Our write phase against its floor, measured in pairs: a fresh `generate` (its write phase from
// RESLAYER_PROFILE's writeMs: listing, plan, staging folder, swap, manifest, cache record) and right
// after it a plain script that writes the same files (scripts/lib/write-floor.mjs, one run). The
// machine's file-system speed drifts a lot, so the ratio is taken pair by pair and its median reported.
//
// Usage: node scripts/lib/write-phase.mjs <cli> <contract> <scratch folder> [pairs]
// Prints one JSON line: { ok, pairs: [{ writeMs, floorMs, ratio }], medianRatio, medianWriteMs, medianFloorMs, files }.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [cli, contract, scratch, pairsArg] = process.argv.slice(2);
if (!cli || !contract || !scratch) {
  process.stderr.write('usage: node scripts/lib/write-phase.mjs <cli> <contract> <scratch folder> [pairs]\n');
  process.exit(2);
}
const pairs = Number(pairsArg ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(scratch, 'ours');
const profile = path.resolve(scratch, 'profile.json');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const rows = [];
let files = null;
for (let i = 0; i < pairs; i++) {
  rmSync(out, { recursive: true, force: true });
  spawnSync('sync');
  const ours = spawnSync(process.execPath, [cli, 'generate', contract, '--output', out, '--json'], { env: { ...process.env, RESLAYER_PROFILE: profile }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (ours.status !== 0) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: (ours.stderr || '').slice(-500) })}\n`);
    process.exit(0);
  }
  const p = JSON.parse(readFileSync(profile, 'utf8'));
  files = p.files;
  const floor = spawnSync(process.execPath, [path.join(here, 'write-floor.mjs'), out, path.resolve(scratch, 'floor'), '1'], { encoding: 'utf8' });
  const f = JSON.parse(floor.stdout.trim().split('\n').pop());
  rows.push({ writeMs: Math.round(p.writeMs), floorMs: f.medianMs, ratio: Number((p.writeMs / f.medianMs).toFixed(2)) });
}
rmSync(out, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ ok: true, files, pairs: rows, medianRatio: median(rows.map((r) => r.ratio)), medianWriteMs: median(rows.map((r) => r.writeMs)), medianFloorMs: median(rows.map((r) => r.floorMs)) })}\n`,
);
