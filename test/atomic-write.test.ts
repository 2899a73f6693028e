// Atomic writes through the built CLI: a failing plugin or a killed process never leaves the
// previous output half-replaced, and a no-change re-run rewrites nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recoverInterruptedWrite } from '@reslayer/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'packages/cli/dist/index.js');

/** A contract with `n` CRUD resources; `extra` adds a property to every entity so every file changes. */
function contract(n: number, extra: boolean): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const name = `widget${i}s`;
    const ref = { $ref: `#/components/schemas/Widget${i}` };
    paths[`/${name}`] = {
      get: { operationId: `list${i}`, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: ref } } } } } },
      post: { operationId: `create${i}`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
    };
    paths[`/${name}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: `get${i}`, responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
      patch: { operationId: `update${i}`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } } },
      delete: { operationId: `delete${i}`, responses: { '204': { description: 'gone' } } },
    };
    schemas[`Widget${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, ...(extra ? { color: { type: 'string', enum: ['red', 'blue'] } } : {}) },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Widgets', version: extra ? '2' : '1' }, paths, components: { schemas } });
}

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      // The no-change cache record holds machine-local stat stamps; it is not part of the output.
      else if (name !== '.reslayer-cache.json') out.set(path.relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

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

  it.each([40, 120, 250, 400, 700])('a generate killed after %i ms leaves the old or the new output, never a mix', async (delay) => {
    const before = snapshot(out);
    const child = spawn(process.execPath, [cli, 'generate', v2, '--output', out], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, delay));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // `check` only reports what the killed run left (journal, backups, temporary files); it touches nothing.
    const killed = snapshot(out);
    const reported = JSON.parse(cliRun(['check', v1, '--output', out, '--json']).stdout) as { interruptedWrite?: unknown };
    expect(snapshot(out)).toEqual(killed);
    expect(reported.interruptedWrite !== undefined).toBe([...killed.keys()].some((f) => /reslayer-(tmp|journal|backup)/.test(f)));
    // The next generate first rolls back an interrupted commit from its journal (core's recoverInterruptedWrite); then the disk matches v1 or v2 exactly.
    await recoverInterruptedWrite({ outputRoot: out, srcDir: 'src' });
    const oldCheck = cliRun(['check', v1, '--output', out, '--json']);
    const newCheck = cliRun(['check', v2, '--output', out, '--json']);
    const oldDrift = (JSON.parse(oldCheck.stdout) as { drift: number }).drift;
    const newDrift = (JSON.parse(newCheck.stdout) as { drift: number }).drift;
    expect(Math.min(oldDrift, newDrift)).toBe(0);
    if (oldDrift === 0) {
      const after = snapshot(out);
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
      expect(changed).toEqual([]);
    }
    const leftovers = [...snapshot(out).keys()].filter((f) => /reslayer-(tmp|journal|backup)/.test(f));
    expect(leftovers).toEqual([]);
  });
});
