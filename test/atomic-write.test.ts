// Atomic writes through the built CLI: a failing plugin or a killed process never leaves the previous output
// half-replaced (a kill during the commit's renames leaves a marked mix that the next run rolls back), and a
// no-change re-run rewrites nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshot, widgetsContract as contract } from './helpers/widgets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'packages/cli/dist/index.js');

function cliRun(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('atomic writes', () => {
  let dir: string;
  let v1: string;
  let v2: string;
  let out: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reslayer-atomic-'));
    v1 = path.join(dir, 'v1.json');
    v2 = path.join(dir, 'v2.json');
    out = path.join(dir, 'out');
    writeFileSync(v1, contract(120, false));
    writeFileSync(v2, contract(120, true));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => {
    rmSync(out, { recursive: true, force: true });
    expect(cliRun(['generate', v1, '--output', out]).status).toBe(0);
  });

  it('a plugin that throws leaves the previous output byte-identical and names plugin and hook', () => {
    const before = snapshot(out);
    const config = path.join(dir, 'throwing.config.mjs');
    writeFileSync(
      config,
      `export default { input: ${JSON.stringify(v2)}, output: ${JSON.stringify(out)}, plugins: [{ name: 'boom', apply(hooks) { hooks.emit.tap('boom', () => { throw new Error('kaput'); }); } }] };\n`,
    );
    const r = cliRun(['generate', '--config', config]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/boom/);
    expect(r.stderr).toMatch(/emit/);
    expect(snapshot(out)).toEqual(before);
  });

  it('a re-run with no change rewrites no file', () => {
    const files = [...snapshot(out).keys()].map((f) => path.join(out, f));
    const old = new Date('2001-01-01T00:00:00Z');
    for (const f of files) utimesSync(f, old, old);
    const r = cliRun(['generate', v1, '--output', out, '--json']);
    expect(r.status).toBe(0);
    const result = JSON.parse(r.stdout) as { created: string[]; updated: string[]; removed: string[] };
    expect([result.created.length, result.updated.length, result.removed.length]).toEqual([0, 0, 0]);
    const touched = files.filter((f) => statSync(f).mtimeMs !== old.getTime());
    expect(touched).toEqual([]);
  });

  it.each([40, 120, 250, 400, 700])('a generate killed after %i ms leaves the old or the new output, or a marked commit the next run rolls back', async (delay) => {
    const before = snapshot(out);
    const child = spawn(process.execPath, [cli, 'generate', v2, '--output', out], { stdio: 'ignore' });
    // Listened to from the start: a generate that finishes before the kill has exited already.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, delay));
    child.kill('SIGKILL');
    await exited;
    // `check` only reports what the killed run left beside the root (a staging folder, the previous root); it touches nothing.
    if (existsSync(out)) {
      const killed = snapshot(out);
      const reported = JSON.parse(cliRun(['check', v1, '--output', out, '--json']).stdout) as { interruptedWrite?: unknown };
      expect(snapshot(out)).toEqual(killed);
      const beside = ['.out.reslayer-staging', '.out.reslayer-previous'].some((name) => existsSync(path.join(dir, name)));
      expect(reported.interruptedWrite !== undefined).toBe(beside);
      expect([...killed.keys()].filter((f) => f.includes('reslayer-') && !f.endsWith('.reslayer-manifest.json'))).toEqual([]);
    } else {
      // A kill in the instant between the swap's two renames leaves no root, its previous contents beside it:
      // check names that folder (exit 2) and touches nothing.
      const missing = cliRun(['check', v1, '--output', out, '--json']);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain('.out.reslayer-previous');
      expect(existsSync(out)).toBe(false);
    }
    // A missing root is renamed back by the next generate of the same output.
    if (!existsSync(out)) expect(cliRun(['generate', v1, '--output', out]).status).toBe(0);
    const drift = (contract: string) => (JSON.parse(cliRun(['check', contract, '--output', out, '--json']).stdout) as { drift: number }).drift;
    const [oldDrift, newDrift] = [drift(v1), drift(v2)];
    if (Math.min(oldDrift, newDrift) > 0) {
      // The one mixed state: killed during the commit's renames, marked in the staging folder. Every file is whole
      // (its old or its new text), and the next generate of the old contract rolls the commit back: it then has
      // nothing left to write.
      expect(existsSync(path.join(dir, '.out.reslayer-staging', 'committing'))).toBe(true);
      const mixed = snapshot(out);
      expect([...mixed].filter(([rel, text]) => text !== before.get(rel) && !rel.endsWith('.reslayer-manifest.json'))).not.toEqual([]);
      const repaired = cliRun(['generate', v1, '--output', out, '--json']);
      const result = JSON.parse(repaired.stdout) as { created: string[]; updated: string[]; removed: string[]; interruptedWrite?: unknown };
      expect(result.interruptedWrite).toBeDefined();
      expect([result.created, result.updated, result.removed]).toEqual([[], [], []]);
      expect(snapshot(out)).toEqual(before);
    }
    if (oldDrift === 0) {
      const after = snapshot(out);
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
      expect(changed).toEqual([]);
    }
    // After the next generate nothing of the killed run is left beside the root (the lock included).
    expect(cliRun(['generate', v1, '--output', out]).status).toBe(0);
    expect(readdirSync(dir).filter((name) => name.includes('.reslayer-'))).toEqual([]);
  });
});
