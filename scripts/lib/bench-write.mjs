// The write path's part of the benchmark (scripts/bench.mjs): generate killed at points spread over its
// write (scripts/lib/kill-probe.mjs), on one contract.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Runs one of the helper scripts; its last stdout line is JSON. */
function runHelper(script, args, timeoutMs) {
  const r = spawnSync(process.execPath, [path.join(HERE, script), ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  try {
    return JSON.parse((r.stdout ?? '').trim().split('\n').pop() ?? '');
  } catch {
    return { ok: false, error: ((r.stderr || r.stdout || r.error?.message) ?? 'no output').trim().split('\n').slice(-3).join(' | ') };
  }
}

/**
 * Kills generate during its write on a contract.
 * @param {{ cli: string, contract: string, scratch: string, killPoints: number }} o
 * @returns {{ kill: object }} the kill probe's counts
 */
export function benchWritePath({ cli, contract, scratch, killPoints }) {
  mkdirSync(scratch, { recursive: true });
  // The second contract changes the version, which every file's banner shows: every file changes.
  const doc = JSON.parse(readFileSync(contract, 'utf8'));
  doc.info = { ...doc.info, version: `${doc.info?.version ?? '0'}-next` };
  const next = path.join(scratch, `${path.basename(contract, '.json')}.next.json`);
  writeFileSync(next, JSON.stringify(doc));
  const kill = runHelper('kill-probe.mjs', [cli, contract, next, path.join(scratch, 'kill'), String(killPoints)], 30 * 60_000);
  return { kill };
}

/**
 * The write path's target lines.
 * @param {{ kill: object } | undefined} w what {@link benchWritePath} measured
 * @param {(name: string, measured: unknown, pass: unknown, detail: string) => void} target records one target
 */
export function writePathTargets(w, target) {
  const k = w?.kill;
  target(
    'GitHub generate killed (SIGKILL) during its write leaves the complete old or new set, user files kept',
    k && k.old !== undefined,
    k?.ok,
    k && k.old !== undefined
      ? `${k.points} kills over the ${(k.spanMs / 1000).toFixed(2)} s from the staging folder's creation to the commit's end (${k.files} files): ${k.old} old, ${k.new} new, ${k.committing ?? 0} during the commit's renames (marked, rolled back by the next run), ${k.mixed} mixed, ${k.userFileLost} user file lost; ${k.stagingSeen} while the staging folder existed`
      : `did not run: ${k?.error ?? 'skipped'}`,
  );
}
