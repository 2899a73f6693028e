// A `generate` killed (SIGKILL) at many points of its write leaves, right after the kill and before any other
// command runs, the complete previous or the complete new set of generated files in the output root, and the
// user's own files in it; only a kill during the commit's renames leaves a mix, marked in the staging folder
// (every file its old or its new text), which the next run rolls back. The root keeps its inode. Runs the built
// CLI (`pnpm build` first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshot, widgetsContract } from './helpers/widgets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'packages/cli/dist/index.js');
/** Resources of the synthetic contract: large enough that the write takes a while. */
const RESOURCES = 300;
/** Kill points spread over the write phase. */
const POINTS = 12;
const USER_FILES = { 'notes.md': 'my notes\n', 'src/custom/hand.ts': 'export const mine = 1;\n' };

function generate(contract: string, out: string, env: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, [cli, 'generate', contract, '--output', out], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`generate failed: ${r.stderr}`);
}

/** The output's files minus the user's own. */
function generatedPart(files: Map<string, string>): Map<string, string> {
  return new Map([...files].filter(([rel]) => !(rel in USER_FILES)));
}

/** Resolves once `cond()` holds (polled without a timer delay), or after `limitMs`. */
async function waitFor(cond: () => boolean, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (cond()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return false;
}

describe('a generate killed during its write (SIGKILL)', () => {
  let dir: string;
  let v1: string;
  let v2: string;
  let out: string;
  let oldSet: Map<string, string>;
  let newSet: Map<string, string>;
  let writeMs: number;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reslayer-kill-'));
    v1 = path.join(dir, 'v1.json');
    v2 = path.join(dir, 'v2.json');
    out = path.join(dir, 'out');
    writeFileSync(v1, widgetsContract(RESOURCES, false));
    writeFileSync(v2, widgetsContract(RESOURCES, true));
    // The complete sets, each written once into a folder of its own; a v1 → v2 write there measures the write phase.
    generate(v2, path.join(dir, 'ref-new'));
    newSet = snapshot(path.join(dir, 'ref-new'));
    const ref = path.join(dir, 'ref-old');
    generate(v1, ref);
    const profile = path.join(dir, 'profile.json');
    generate(v2, ref, { RESLAYER_PROFILE: profile });
    writeMs = (JSON.parse(readFileSync(profile, 'utf8')) as { writeMs: number }).writeMs;
    generate(v1, ref);
    oldSet = snapshot(ref);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves the complete old or the complete new output and the user files, at every kill point', async () => {
    expect(oldSet.size).toBeGreaterThan(1000);
    expect(newSet.size).toBe(oldSet.size);
    const outcomes: Array<'old' | 'new' | 'committing'> = [];
    let stagingSeen = 0;
    generate(v1, out);
    const rootIno = lstatSync(out).ino;
    for (let point = 0; point < POINTS; point++) {
      // Back to the old output (this also repairs what the previous kill left), with the user's files in it.
      generate(v1, out);
      for (const [rel, text] of Object.entries(USER_FILES)) {
        mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
        writeFileSync(path.join(out, rel), text);
      }
      const child = spawn(process.execPath, [cli, 'generate', v2, '--output', out], { stdio: 'ignore' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Once the staging folder appears, kill at a point spread over the write phase; the last point waits for
      // the commit to end (the staging folder removed) and kills right then.
      const staging = path.join(dir, '.out.reslayer-staging');
      if (point === POINTS - 1) {
        if (await waitFor(() => existsSync(staging), 60_000)) await waitFor(() => !existsSync(staging), 60_000);
      } else if (await waitFor(() => existsSync(staging), 60_000)) {
        const delay = (writeMs * point) / (POINTS - 2);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
      child.kill('SIGKILL');
      await exited;
      // Read the disk right away: no other command has run.
      if (existsSync(staging)) stagingSeen++;
      expect(lstatSync(out).ino).toBe(rootIno);
      const files = snapshot(out);
      for (const [rel, text] of Object.entries(USER_FILES)) expect(files.get(rel)).toBe(text);
      const generated = generatedPart(files);
      const matches = (set: Map<string, string>) => generated.size === set.size && [...set].every(([rel, text]) => generated.get(rel) === text);
      const committing = existsSync(path.join(staging, 'committing'));
      const outcome = matches(oldSet) ? 'old' : matches(newSet) ? 'new' : committing ? 'committing' : undefined;
      if (outcome === undefined) {
        const mixed = [...generated.keys()].filter((rel) => generated.get(rel) !== oldSet.get(rel)).length;
        throw new Error(`kill point ${point}: ${generated.size} generated files, ${mixed} differ from the old set: neither complete set, and no commit under way`);
      }
      if (outcome === 'committing') expect([...generated].filter(([rel, text]) => text !== oldSet.get(rel) && text !== newSet.get(rel))).toEqual([]);
      outcomes.push(outcome);
    }
    // The kills landed inside the write (the staging folder was being built) and after the commit.
    expect(stagingSeen).toBeGreaterThan(POINTS / 3);
    expect(outcomes).toContain('old');
    expect(outcomes[POINTS - 1]).toBe('new');
    // The commit's renames are a short part of the write: most kills see a complete set.
    expect(outcomes.filter((o) => o === 'committing').length).toBeLessThan(POINTS / 2);
    // The next generate repairs the leftovers and writes the new output.
    generate(v2, out);
    expect(generatedPart(snapshot(out))).toEqual(newSet);
    expect(snapshot(out).get('notes.md')).toBe(USER_FILES['notes.md']);
  }, 600_000);
});
