// Overlapping runs on one output root (a watch, an editor task and a terminal): three `generate` runs of the
// built CLI started at most 1.3 s apart (the second once the first holds the lock), 30 times. The output root's lock makes them take turns:
// every run exits 0, each trial ends with the complete set of one contract (never a mix) and every user file,
// and nothing is left beside the root. Runs the built CLI (`pnpm build` first).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, runCli } from './utils/cli.js';
import { snapshot, widgetsContract } from './helpers/widgets.js';

const TRIALS = 30;
const RESOURCES = 30;
const USER_FILES: Record<string, string> = { 'notes.md': 'my notes\n', 'src/custom/hand.ts': 'export const mine = 1;\n' };
const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-overlap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = path.join(dir, 'out');

/** Starts `generate` of a contract into the shared root; resolves with its exit code and stderr. */
function start(contract: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'generate', contract, '--output', out], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

/** Resolves once the root's lock file exists (polled every 5 ms, leaving the cores to the runs), or after `limitMs`. */
async function lockTaken(limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until && !existsSync(path.join(dir, '.out.reslayer-lock'))) await new Promise((resolve) => setTimeout(resolve, 5));
}

const generatedPart = (files: Map<string, string>) => new Map([...files].filter(([rel]) => !(rel in USER_FILES)));
const same = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...b].every(([rel, text]) => a.get(rel) === text);

it(`three overlapping generate runs, ${TRIALS} times: the complete output of one contract and every user file`, async () => {
  const contracts = [path.join(dir, 'v1.json'), path.join(dir, 'v2.json')];
  writeFileSync(contracts[0] as string, widgetsContract(RESOURCES, false));
  writeFileSync(contracts[1] as string, widgetsContract(RESOURCES, true));
  const sets = contracts.map((c, i) => {
    const ref = path.join(dir, `ref-${i}`);
    expect(runCli(['generate', c, '--output', ref]).status).toBe(0);
    return snapshot(ref);
  });
  expect(sets[0]?.size).toBeGreaterThan(500);
  const tally = { mixed: 0, lostUserFiles: 0, waited: 0, failed: 0 };
  for (let trial = 0; trial < TRIALS; trial++) {
    expect(runCli(['generate', contracts[trial % 2] as string, '--output', out]).status).toBe(0);
    for (const [rel, text] of Object.entries(USER_FILES)) {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      writeFileSync(path.join(out, rel), text);
    }
    // Three runs of either contract: the second started as soon as the first holds the root's lock (so the two
    // overlap however fast the machine is), the third 0–1.3 s after the first.
    const runs = [0, 1, 2].map(async (i) => {
      if (i === 1) await lockTaken(2_000);
      if (i === 2) await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 1300)));
      return start(contracts[(trial + i + 1) % 2] as string);
    });
    const results = await Promise.all(runs);
    tally.failed += results.filter((r) => r.code !== 0).length;
    tally.waited += results.filter((r) => r.stderr.includes('waiting for another run')).length;
    const files = snapshot(out);
    const lost = Object.entries(USER_FILES).filter(([rel, text]) => files.get(rel) !== text);
    tally.lostUserFiles += lost.length;
    const generated = generatedPart(files);
    if (!sets.some((set) => same(generated, set))) tally.mixed++;
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  }
  expect({ mixed: tally.mixed, lostUserFiles: tally.lostUserFiles, failed: tally.failed }).toEqual({ mixed: 0, lostUserFiles: 0, failed: 0 });
  // The runs did overlap: later ones waited for the lock (told on stderr) in most trials.
  expect(tally.waited).toBeGreaterThan(TRIALS / 2);
  process.stdout.write(`overlap: ${TRIALS} trials of 3 runs: 0 mixed outputs, 0 lost user files; ${tally.waited} runs waited for the lock\n`);
  expect(readFileSync(path.join(out, 'notes.md'), 'utf8')).toBe(USER_FILES['notes.md']);
}, 900_000);
