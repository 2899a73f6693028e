// `check` never writes: what a killed `generate` left beside the output root is reported, not repaired;
// `generate` repairs it. Runs the built CLI (`pnpm build` first).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CONTRACT, cleanup, runCli, runJson, tmpDir } from './helpers.js';

afterAll(cleanup);

/** Every entry under a folder: folders by name, files with their bytes and modification time (ns). */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const abs = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, abs).split(path.sep).join('/');
    out.set(rel, e.isDirectory() ? 'dir' : `${statSync(abs, { bigint: true }).mtimeNs}:${readFileSync(abs).toString('base64')}`);
  }
  return out;
}

interface Interrupted {
  leftovers: string[];
  rootMissing: boolean;
}

/** The demo contract copied into a fresh folder and generated once. */
function generatedDemo(): { dir: string; out: string; args: string[] } {
  const dir = tmpDir();
  const contract = path.join(dir, 'openapi.yaml');
  copyFileSync(DEMO_CONTRACT, contract);
  const out = path.join(dir, 'out');
  const args = [contract, '--output', out];
  expect(runCli(['generate', ...args]).status).toBe(0);
  return { dir, out, args };
}

test('check reports what a killed generate left beside the root and touches nothing; generate repairs it', () => {
  const { dir, out, args } = generatedDemo();
  // Killed after its swap: the previous root beside the new one, with a file a user added during the run; and
  // a staging folder of a run killed earlier.
  const previous = path.join(dir, '.out.reslayer-previous');
  mkdirSync(previous);
  writeFileSync(path.join(previous, 'added-meanwhile.md'), 'mine\n');
  mkdirSync(path.join(dir, '.out.reslayer-staging'));
  const leftovers = ['../.out.reslayer-previous', '../.out.reslayer-staging'];
  const before = snapshot(dir);

  for (const flags of [[], ['--no-cache']]) {
    const json = runJson<{ ok: boolean; drift: number; interruptedWrite?: Interrupted & { hint: string } }>(['check', ...args, ...flags]);
    expect(json.status).toBe(0);
    expect(json.json).toMatchObject({ ok: true, drift: 0, interruptedWrite: { leftovers, rootMissing: false, hint: 'run `reslayer generate` to repair' } });
  }
  const text = runCli(['check', ...args]);
  expect(text.stdout).toContain('An earlier run was interrupted and left ../.out.reslayer-previous, ../.out.reslayer-staging beside the output root.');
  expect(snapshot(dir)).toEqual(before);

  const repaired = runJson<{ interruptedWrite?: Interrupted & { repaired: boolean } }>(['generate', ...args]);
  expect(repaired.status).toBe(0);
  expect(repaired.json.interruptedWrite).toEqual({ leftovers, rootMissing: false, repaired: true });
  expect(readFileSync(path.join(out, 'added-meanwhile.md'), 'utf8')).toBe('mine\n');
  expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  expect(runJson<{ interruptedWrite?: unknown }>(['check', ...args]).json.interruptedWrite).toBeUndefined();
});

test('killed between the swap\'s two renames: check names the previous root and exits 2; generate renames it back', () => {
  const { dir, out, args } = generatedDemo();
  writeFileSync(path.join(out, 'mine.md'), 'mine\n');
  renameSync(out, path.join(dir, '.out.reslayer-previous'));
  const missing = runCli(['check', ...args]);
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain('.out.reslayer-previous');
  expect(existsSync(out)).toBe(false);
  const repaired = runJson<{ interruptedWrite?: Interrupted & { repaired: boolean } }>(['generate', ...args]);
  expect(repaired.json.interruptedWrite).toEqual({ leftovers: ['../.out.reslayer-previous'], rootMissing: true, repaired: true });
  expect(readFileSync(path.join(out, 'mine.md'), 'utf8')).toBe('mine\n');
  expect(runJson<{ ok: boolean }>(['check', ...args]).json.ok).toBe(true);
});
