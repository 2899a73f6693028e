// `check` never writes: an interrupted earlier write is reported, not repaired; `generate` repairs it.
// Runs the built CLI (`pnpm build` first).
import { copyFileSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CONTRACT, cleanup, runCli, runJson, tmpDir } from './helpers.js';

afterAll(cleanup);

const JOURNAL = '.reslayer-journal.json';
const TEMP = '.reslayer-tmp';

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

/**
 * Leaves the state of a `generate` killed during its commit (see `commit` in core's emit/journal.ts):
 * the previous versions of two files hard-linked into the backup folder and a journal naming them; the
 * new version of the first renamed into place, the new version of the second still beside its target.
 */
function interruptCommit(out: string, [first, second]: readonly [string, string]): string[] {
  const at = (rel: string) => path.join(out, rel);
  for (const rel of [first, second]) {
    mkdirSync(path.dirname(at(`.reslayer-backup/${rel}`)), { recursive: true });
    linkSync(at(rel), at(`.reslayer-backup/${rel}`));
  }
  writeFileSync(at(JOURNAL), JSON.stringify({ entries: [first, second].sort().map((rel) => ({ rel, backedUp: true, isNew: false })) }));
  writeFileSync(at(`${first}${TEMP}`), `${readFileSync(at(first), 'utf8')}// a newer run\n`);
  renameSync(at(`${first}${TEMP}`), at(first));
  writeFileSync(at(`${second}${TEMP}`), `${readFileSync(at(second), 'utf8')}// a newer run\n`);
  return [`.reslayer-backup/${first}`, `.reslayer-backup/${second}`, JOURNAL, `${second}${TEMP}`].sort();
}

interface CheckJson {
  ok: boolean;
  drift: number;
  driftFiles: Array<{ path: string; kind: string }>;
  cache: string;
  cacheReason?: string;
  interruptedWrite?: { journal: boolean; leftovers: string[]; hint: string };
}

interface GenerateJson {
  created: string[];
  updated: string[];
  removed: string[];
  files: string[];
  interruptedWrite?: { journal: boolean; leftovers: string[]; repaired: boolean };
}

/** The demo contract copied into a fresh folder and generated once: its paths, the CLI arguments and two generated client files. */
function generatedDemo(): { contract: string; out: string; args: string[]; clients: [string, string] } {
  const dir = tmpDir();
  const contract = path.join(dir, 'openapi.yaml');
  copyFileSync(DEMO_CONTRACT, contract);
  const out = path.join(dir, 'out');
  const args = [contract, '--output', out];
  const first = runJson<GenerateJson>(['generate', ...args]);
  expect(first.status).toBe(0);
  const [a, b] = first.json.files.filter((f) => f.endsWith('.client.ts'));
  return { contract, out, args, clients: [a ?? '', b ?? ''] };
}

test('check reports an interrupted write and leaves the disk untouched; generate rolls it back', () => {
  const { out, args, clients } = generatedDemo();
  const [a, b] = clients;
  const leftovers = interruptCommit(out, [a, b]);
  const before = snapshot(out);

  const json = runJson<CheckJson>(['check', ...args]);
  expect(json.status).toBe(1);
  expect(json.json).toMatchObject({
    ok: false,
    drift: 1,
    driftFiles: [{ path: a, kind: 'different' }],
    interruptedWrite: { journal: true, leftovers, hint: 'run `reslayer generate` to repair' },
  });
  expect(snapshot(out)).toEqual(before);

  const text = runCli(['check', ...args, '--no-cache']);
  expect(text.status).toBe(1);
  expect(text.stdout).toContain(`An earlier write was interrupted; the output may mix two runs (${leftovers.length} leftover files: `);
  // Run from the repository root as `node packages/cli/dist/index.js`, the hints name it so.
  expect(text.stdout).toContain('check left them untouched: run `node packages/cli/dist/index.js generate` to repair.');
  expect(text.stdout).toContain('check failed: an interrupted write (run `node packages/cli/dist/index.js generate` to repair), 1 drifted file');
  expect(snapshot(out)).toEqual(before);

  const repaired = runJson<GenerateJson>(['generate', ...args]);
  expect(repaired.status).toBe(0);
  expect(repaired.json).toMatchObject({ created: [], updated: [], removed: [], interruptedWrite: { journal: true, leftovers, repaired: true } });
  expect(runCli(['generate', ...args]).stdout).not.toContain('interrupted');
  expect([...snapshot(out).keys()].filter((rel) => /reslayer-(tmp|journal|backup)/.test(rel))).toEqual([]);
  const after = runJson<CheckJson>(['check', ...args]);
  expect(after.json).toMatchObject({ ok: true, drift: 0 });
  expect(after.json.interruptedWrite).toBeUndefined();
});

test('generate removes the temporary files a killed in-place write left (no journal) and reports them', () => {
  const { contract, out, args, clients } = generatedDemo();
  const [a, b] = clients;
  // Temporary files only: the write was killed before its journal was written.
  const temps = [`${a}${TEMP}`, `${b}${TEMP}`].sort();
  for (const rel of temps) writeFileSync(path.join(out, rel), 'half written\n');
  // A changed contract: the run writes.
  writeFileSync(contract, readFileSync(contract, 'utf8').replace(/^(\s*title:\s*)(.*)$/m, '$1$2 (changed)'));
  const repaired = runJson<GenerateJson>(['generate', ...args]);
  expect(repaired.status).toBe(0);
  expect(repaired.json).toMatchObject({ interruptedWrite: { journal: false, leftovers: temps, repaired: true } });
  expect([...snapshot(out).keys()].filter((rel) => /reslayer-(tmp|journal|backup)/.test(rel))).toEqual([]);
  expect(runJson<CheckJson>(['check', ...args]).json).toMatchObject({ ok: true, drift: 0 });
});
