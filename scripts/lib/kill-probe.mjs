#!/usr/bin/env node
// Atomic for readers, on a real contract: writes the output of <contract A>, then starts `generate`
// of <contract B> over it and kills it (SIGKILL) at points spread over the time its staging folder exists; right after each
// kill, before any other command runs, reads the output root and counts its generated files that equal
// A's set, B's set, a commit cut during its renames (marked in the staging folder for the next run to roll back,
// each file A's or B's text), or neither (a mix). A user file in the root must survive every kill.
//
// Usage: node scripts/lib/kill-probe.mjs <cli> <contract A> <contract B> <scratch folder> [points]
// Prints one JSON line: { ok, points, old, new, committing, mixed, userFileLost, stagingSeen, files, details }.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [cli, contractA, contractB, scratch, pointsArg] = process.argv.slice(2);
if (!cli || !contractA || !contractB || !scratch) {
  process.stderr.write('usage: node scripts/lib/kill-probe.mjs <cli> <contract A> <contract B> <scratch folder> [points]\n');
  process.exit(2);
}
const points = Number(pointsArg ?? 8);
const out = path.resolve(scratch, 'out');
const staging = path.join(path.dirname(out), `.${path.basename(out)}.reslayer-staging`);
const USER_FILE = 'notes.md';

function generate(contract, target, env = {}) {
  const r = spawnSync(process.execPath, [cli, 'generate', contract, '--output', target, '--no-cache'], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`generate ${contract} failed: ${(r.stderr || '').slice(-400)}`);
}

/** The generated files of an output folder with their text (the user file left out). */
function generatedFiles(dir) {
  const files = new Map();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || e.name === USER_FILE) continue;
    const abs = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, abs), readFileSync(abs, 'utf8'));
  }
  return files;
}

const sameAs = (files, set) => files.size === set.size && [...set].every(([rel, text]) => files.get(rel) === text);

rmSync(scratch, { recursive: true, force: true });
const refB = path.resolve(scratch, 'ref-b');
generate(contractB, refB);
const setB = generatedFiles(refB);
rmSync(refB, { recursive: true, force: true });
generate(contractA, out);
const setA = generatedFiles(out);
const profile = path.resolve(scratch, 'profile.json');
generate(contractB, out, { RESLAYER_PROFILE: profile });
// The staging folder is made after the pipeline, when the write starts: the kill points are spread over the write.
const runProfile = JSON.parse(readFileSync(profile, 'utf8'));
const spanMs = runProfile.writeMs;

const result = { ok: true, points, old: 0, new: 0, committing: 0, mixed: 0, userFileLost: 0, stagingSeen: 0, files: setA.size, spanMs: Math.round(spanMs), details: [] };
for (let point = 0; point < points; point++) {
  generate(contractA, out);
  writeFileSync(path.join(out, USER_FILE), 'my notes\n');
  const child = spawn(process.execPath, [cli, 'generate', contractB, '--output', out, '--no-cache'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const until = Date.now() + 120_000;
  while (!existsSync(staging) && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
  // Points spread over the run; the last one waits for the commit to end (the staging folder removed).
  const last = point === points - 1;
  const delay = last ? -1 : (spanMs * point) / Math.max(points - 2, 1);
  if (last) {
    while (existsSync(staging) && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
  } else if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  child.kill('SIGKILL');
  await exited;
  if (existsSync(staging)) result.stagingSeen++;
  const files = existsSync(out) ? generatedFiles(out) : new Map();
  if (!existsSync(path.join(out, USER_FILE))) result.userFileLost++;
  const torn = [...files].filter(([rel, text]) => setA.get(rel) !== text && setB.get(rel) !== text).length;
  const committing = existsSync(path.join(staging, 'committing')) && torn === 0;
  const kind = sameAs(files, setA) ? 'old' : sameAs(files, setB) ? 'new' : committing ? 'committing' : 'mixed';
  result[kind]++;
  const newer = [...files].filter(([rel, text]) => setA.get(rel) !== text).length;
  result.details.push({ at: last ? 'after the commit' : `${Math.round(delay)} ms after the staging folder appeared`, kind, filesDifferentFromOld: newer });
}
result.ok = result.mixed === 0 && result.userFileLost === 0;
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
