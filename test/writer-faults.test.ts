// Every step of a write, failed and killed: the built CLI's writer makes each change of the disk through one
// counted call (packages/engine/src/output/fsOps.ts). A trace of a v1 → v2 write lists them; then, for every
// step of the commit and a spread of the staging steps, the same write runs again with that call failing (EIO)
// or the process killed (SIGKILL) right before it. A failed run exits 2 with the root byte-identical (same
// inodes, nothing beside it) or exits 0 with the new set; a kill leaves the complete old or new set, or, killed
// during the commit's renames, a commit marked in the staging folder with every file either its old or its new
// text; the next generate repairs what a fault or a kill left and writes the new set, leaving no trace. The root
// folder keeps its inode throughout. Runs the built CLI (`pnpm build` first).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI } from './utils/cli.js';
import { snapshot, widgetsContract } from './helpers/widgets.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = path.join(dir, 'out');
const v1 = path.join(dir, 'v1.json');
const v2 = path.join(dir, 'v2.json');
const USER_FILES: Record<string, string> = { 'notes.md': 'my notes\n', 'src/custom/hand.ts': 'export const mine = 1;\n', 'private/key.txt': 'k\n' };

function generate(contract: string, target: string, env: Record<string, string> = {}): { status: number | null; signal: string | null; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'generate', contract, '--output', target], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: r.status, signal: r.signal, stderr: r.stderr };
}

/** The v1 output with the user's files (a private folder among them), as every trial starts. */
function startState(): void {
  expect(generate(v1, out).status).toBe(0);
  for (const [rel, text] of Object.entries(USER_FILES)) {
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    writeFileSync(path.join(out, rel), text);
  }
  chmodSync(path.join(out, 'private'), 0o700);
}

/** The step that marks the commit (the first change of the root). */
const firstCommit = () => steps.find((s) => s.call === 'create' && /committing$/.test(traceLine(s.n)))?.n ?? Infinity;
const traceLine = (n: number) => traceLines.find((line) => line.startsWith(`${n} `)) ?? '';
let traceLines: string[] = [];
const generatedPart = (files: Map<string, string>) => new Map([...files].filter(([rel]) => !(rel in USER_FILES)));
const same = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...b].every(([rel, text]) => a.get(rel) === text);
const beside = () => readdirSync(dir).filter((n) => n.startsWith('.out.'));

let oldSet: Map<string, string>;
let newSet: Map<string, string>;
let steps: Array<{ n: number; call: string }>;
let rootIno: number;

beforeAll(() => {
  writeFileSync(v1, widgetsContract(2, false));
  writeFileSync(v2, widgetsContract(2, true));
  expect(generate(v2, path.join(dir, 'ref-new')).status).toBe(0);
  newSet = snapshot(path.join(dir, 'ref-new'));
  startState();
  rootIno = lstatSync(out).ino;
  oldSet = generatedPart(snapshot(out));
  const trace = path.join(dir, 'trace.txt');
  expect(generate(v2, out, { RESLAYER_WRITER_TRACE: trace }).status).toBe(0);
  const lines = readFileSync(trace, 'utf8').trim().split('\n');
  traceLines = lines;
  steps = lines.map((line) => ({ n: Number(line.split(' ')[0]), call: line.split(' ')[1] as string }));
});

/** Every call after the staging folder's files (the commit, the clean-up, the record, the lock), and a spread of the rest. */
function chosenSteps(): number[] {
  const lastFill = Math.max(...steps.filter((s) => s.call === 'create' && s.n < firstCommit()).map((s) => s.n));
  const early = steps.filter((s) => s.n < lastFill - 3).map((s) => s.n);
  const spread = early.filter((_, i) => i % Math.ceil(early.length / 8) === 0);
  return [...spread, ...steps.filter((s) => s.n >= lastFill - 3).map((s) => s.n)];
}

/** The state right after a faulty run: which complete set the root holds, or `committing` (a commit cut by a kill). */
function observe(): 'old' | 'new' | 'committing' {
  expect(lstatSync(out).ino).toBe(rootIno);
  const files = snapshot(out);
  for (const [rel, text] of Object.entries(USER_FILES)) expect([rel, files.get(rel)]).toEqual([rel, text]);
  expect(lstatSync(path.join(out, 'private')).mode & 0o777).toBe(0o700);
  const generated = generatedPart(files);
  if (same(generated, oldSet)) return 'old';
  if (same(generated, newSet)) return 'new';
  // Only a commit cut halfway leaves a mix, marked for the next run to roll back; no file is torn.
  expect(existsSync(path.join(dir, '.out.reslayer-staging/committing'))).toBe(true);
  const torn = [...generated].filter(([rel, text]) => text !== oldSet.get(rel) && text !== newSet.get(rel));
  expect(torn).toEqual([]);
  return 'committing';
}

/** Every path of the root with its inode and text, to compare byte for byte. */
const exact = () => [...snapshot(out)].map(([rel, text]) => [rel, lstatSync(path.join(out, rel)).ino, text]);

describe('the writer, one step at a time', () => {
  it('traces a write of a few dozen calls, the commit renames among them', () => {
    expect(steps.length).toBeGreaterThan(30);
    expect(steps.filter((s) => s.call === 'rename').length).toBeGreaterThanOrEqual(10);
  });

  it('a call that fails at any step: exit 2 with the root byte-identical, or exit 0 with the new output; nothing beside', () => {
    const seen = new Set<string>();
    for (const n of chosenSteps()) {
      startState();
      const before = exact();
      const r = generate(v2, out, { RESLAYER_WRITER_FAULT: `fail:${n}` });
      const state = observe();
      seen.add(state);
      // After the commit point, removing the staging folder and recording the cache are best effort.
      const call = steps.find((s) => s.n === n)?.call;
      if (r.status === 0) expect(state).toBe('new');
      else {
        expect([n, call, r.status]).toEqual([n, call, 2]);
        expect(r.stderr).toContain('injected');
        expect(exact()).toEqual(before);
      }
      expect(state).not.toBe('committing');
      // No staging folder is left, but after the commit point one whose removal failed waits for the next run.
      expect(beside().filter((b) => !b.endsWith('reslayer-lock') && !(state === 'new' && b.endsWith('reslayer-staging')))).toEqual([]);
      expect(generate(v2, out).status).toBe(0);
      expect(beside()).toEqual([]);
    }
    expect([...seen].sort()).toEqual(['new', 'old']);
  }, 600_000);

  it('a kill at any step: the complete old or new output and the user files; the next generate repairs it and leaves no trace', () => {
    const seen = new Set<string>();
    for (const n of chosenSteps()) {
      startState();
      const r = generate(v2, out, { RESLAYER_WRITER_FAULT: `kill:${n}` });
      expect([n, r.signal]).toEqual([n, 'SIGKILL']);
      seen.add(observe());
      expect(generate(v2, out).status).toBe(0);
      expect(generatedPart(snapshot(out))).toEqual(newSet);
      for (const [rel, text] of Object.entries(USER_FILES)) expect(readFileSync(path.join(out, rel), 'utf8')).toBe(text);
      expect(beside()).toEqual([]);
    }
    expect(seen.has('old')).toBe(true);
    expect(seen.has('new')).toBe(true);
    expect(seen.has('committing')).toBe(true);
  }, 600_000);
});
