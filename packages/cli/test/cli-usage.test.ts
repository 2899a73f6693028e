// Exit codes, inspect and lint of the built CLI (run `pnpm build` first).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CLI, CONTRACTS, DEMO_CONTRACT, REPO_ROOT, cleanup, listFiles, runCli, runJson, tmpDir, write, writeErrorDiagnosticConfig, writeTestConfig } from './helpers.js';

const demo = path.relative(REPO_ROOT, DEMO_CONTRACT);

interface InspectJson {
  resources: Array<{
    resource: string;
    entity: string;
    kind: string;
    crudCandidate: boolean;
    missingOperations: string[];
    operations: Array<{ method: string; path: string; operationId: string | null; role: string }>;
  }>;
  diagnostics: unknown[];
}

afterAll(cleanup);

describe('reslayer --help / --version', () => {
  test('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string };
    const run = runCli(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  test('--help lists the four commands and the exit codes', () => {
    const run = runCli(['--help']);
    expect(run.status).toBe(0);
    for (const command of ['inspect', 'lint', 'generate', 'check']) expect(run.stdout).toContain(`reslayer ${command} [contract]`);
    expect(run.stdout).toContain('Exit codes');
  });

  test.each(['inspect', 'lint', 'generate', 'check'])('%s --help exits 0', (command) => {
    const run = runCli([command, '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--config');
    expect(run.stdout).toContain('--json');
  });

  test('index.ts and commands/* do not import core or the plugins at module top level', () => {
    const src = path.join(path.dirname(CLI), '..', 'src');
    const files = ['index.ts', ...readdirSync(path.join(src, 'commands')).map((f) => `commands/${f}`)];
    for (const file of files) expect(readFileSync(path.join(src, file), 'utf8')).not.toMatch(/^import [^;]*from '@reslayer\//m);
  });
});

describe('a reader that closes the pipe early (`reslayer … | head`)', () => {
  /** Runs the built CLI with its stdout pipe closed before it writes: every write to it fails with EPIPE. */
  const runClosed = (args: readonly string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });

  test('generate still commits its files and exits 0, without a stack trace', async () => {
    const out = tmpDir();
    const run = await runClosed(['generate', demo, '--output', out, '--json']);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(run.code).toBe(0);
    // The whole layer is on disk: check finds no drift.
    expect(listFiles(out).length).toBeGreaterThan(90);
    expect(runCli(['check', demo, '--output', out]).status).toBe(0);
  });

  test('inspect exits with its own code', async () => {
    const run = await runClosed(['inspect', demo, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('reslayer inspect', () => {
  test('finds the 6 demo resources, as a table and as JSON', () => {
    const text = runCli(['inspect', demo]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/Resource\s+Kind\s+Ops\s+Roles\s+Missing/);
    expect(text.stdout).toMatch(/contacts\s+crud\s+5\s+list, read, create, update, delete\s+-/);
    expect(text.stdout).toContain('6 resources');

    const { status, json } = runJson<InspectJson>(['inspect', demo]);
    expect(status).toBe(0);
    expect(json.resources).toHaveLength(6);
    expect(json.diagnostics).toEqual([]);
    const contacts = json.resources.find((r) => r.resource === 'contacts');
    expect(contacts).toMatchObject({ entity: 'Contact', kind: 'crud', crudCandidate: true, missingOperations: [] });
    expect(contacts?.operations.map((o) => o.role)).toEqual(['list', 'read', 'create', 'update', 'delete']);
    for (const op of json.resources.flatMap((r) => r.operations)) {
      expect(op.method).toMatch(/^[A-Z]+$/);
      expect(op.path.startsWith('/')).toBe(true);
      expect(op.operationId === null || typeof op.operationId === 'string').toBe(true);
    }
  });

  test('works with --config, from another working directory', () => {
    const dir = tmpDir();
    writeTestConfig(dir);
    const { status, json } = runJson<InspectJson>(['inspect', '--config', path.join(dir, 'generator.config.ts')], tmpDir());
    expect(status).toBe(0);
    expect(json.resources).toHaveLength(6);
  });
});

describe('reslayer lint', () => {
  test('the demo passes --strict with 0 diagnostics', () => {
    expect(runCli(['lint', demo, '--strict']).status).toBe(0);
    const { status, json } = runJson<{ diagnostics: unknown[]; ok: boolean }>(['lint', demo, '--strict']);
    expect(status).toBe(0);
    expect(json).toMatchObject({ diagnostics: [], ok: true });
  });

  test('warnings pass, but fail under --strict; repeated codes are grouped', () => {
    const contract = write(path.join(tmpDir(), 'warn.yaml'), CONTRACTS.warnings);
    const plain = runCli(['lint', contract]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('RSL_PATH_PARAM_UNDECLARED (5)');
    expect(plain.stdout).toContain('… and 2 more');
    const strict = runCli(['lint', contract, '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('lint failed');
    expect(runJson<{ ok: boolean; warnings: number }>(['lint', contract, '--strict']).json).toMatchObject({ ok: false, warnings: 5 });
  });

  test('error diagnostics fail', () => {
    const config = writeErrorDiagnosticConfig(tmpDir());
    const run = runJson<{ ok: boolean; errors: number }>(['lint', '--config', config]);
    expect(run.status).toBe(1);
    expect(run.json).toMatchObject({ ok: false, errors: 1 });
  });
});

describe('exit code 2: usage, config and input errors', () => {
  const dir = tmpDir();
  const files = {
    malformed: write(path.join(dir, 'malformed.yaml'), CONTRACTS.malformed),
    notOpenApi: write(path.join(dir, 'not-openapi.yaml'), CONTRACTS.notOpenApi),
  };
  const cases: Array<[string, string[], RegExp]> = [
    ['a missing config file', ['lint', '--config', 'does/not/exist.config.ts'], /RSL_CONFIG_INVALID/],
    ['a missing contract', ['inspect', 'does-not-exist.yaml'], /RSL_INPUT_NOT_FOUND/],
    ['malformed YAML', ['inspect', files.malformed], /RSL_INPUT_SYNTAX: .*malformed\.yaml:\d+:\d+/],
    ['a document that is not OpenAPI', ['generate', files.notOpenApi, '--output', path.join(dir, 'out')], /RSL_NOT_OPENAPI/],
    ['an unknown option', ['inspect', demo, '--bogus'], /RSL_USAGE: Unknown argument: bogus/],
    ['an unknown command', ['frobnicate'], /RSL_USAGE/],
    ['no command', [], /RSL_USAGE/],
    ['neither --config nor a contract', ['check'], /RSL_USAGE: missing input/],
    ['both --config and a contract', ['inspect', demo, '--config', 'x.ts'], /RSL_USAGE/],
    ['--config without a value', ['lint', '--config'], /RSL_USAGE/],
    ['--report other than html', ['check', demo, '--report', 'pdf', '--report-file', 'x.pdf'], /RSL_USAGE/],
    ['--report without --report-file', ['check', demo, '--report', 'html'], /RSL_USAGE/],
  ];

  test.each(cases)('%s', (_name, args, message) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^reslayer: error RSL_[A-Z_]+: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  test('with --json, errors go to stderr and stdout has { ok: false, error: { code, message, hint } }', () => {
    const run = runCli(['inspect', files.malformed, '--json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('RSL_INPUT_SYNTAX');
    const json = JSON.parse(run.stdout) as { ok: boolean; error: { code: string; message: string; hint: string | null } };
    expect(json.ok).toBe(false);
    expect(json.error.code).toBe('RSL_INPUT_SYNTAX');
    expect(json.error.message).toMatch(/malformed\.yaml:\d+:\d+/);
    expect(json.error.hint).toEqual(expect.any(String));
    const usage = JSON.parse(runCli(['inspect', demo, '--bogus', '--json']).stdout) as { ok: boolean; error: { code: string } };
    expect(usage).toMatchObject({ ok: false, error: { code: 'RSL_USAGE' } });
  });

  test('nothing is written for bad input', () => {
    const out = path.join(dir, 'never');
    expect(runCli(['generate', files.malformed, '--output', out]).status).toBe(2);
    expect(() => readdirSync(out)).toThrow();
  });
});
