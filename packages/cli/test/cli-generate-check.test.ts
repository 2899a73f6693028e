// generate and check of the built CLI (run `pnpm build` first). File counts depend on the built-in
// plugins, so these tests compare generate's count with check's count instead of expecting a number.
import { existsSync, readFileSync, rmSync, unlinkSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACTS, DEMO_CONTRACT, MARKER, cleanup, listFiles, runCli, runJson, tmpDir, write, writeOwned, writeErrorDiagnosticConfig, writeTestConfig } from './helpers.js';

interface GenerateJson {
  ok: boolean;
  files: string[];
  created: string[];
  updated: string[];
  unchanged: string[];
  removed: string[];
  diagnostics: unknown[];
}

interface CheckJson {
  resources: number;
  files: number;
  diagnostics: number;
  drift: number;
  healthScore: number;
  ok: boolean;
  driftFiles: Array<{ path: string; kind: string }>;
  diagnosticsList: unknown[];
}

afterAll(cleanup);

describe('without a config: reslayer generate <contract> --output <dir>', () => {
  test('generate, then check: drift 0, ok, health score 100', () => {
    const out = path.join(tmpDir(), 'out');
    const gen = runJson<GenerateJson>(['generate', DEMO_CONTRACT, '--output', out]);
    expect(gen.status).toBe(0);
    expect(gen.json.ok).toBe(true);
    expect(gen.json.created).toEqual(gen.json.files);
    const check = runJson<CheckJson>(['check', DEMO_CONTRACT, '--output', out]);
    expect(check.status).toBe(0);
    expect(check.json).toMatchObject({ resources: 6, files: gen.json.files.length, diagnostics: 0, drift: 0, healthScore: 100, ok: true, driftFiles: [] });

    const again = runJson<GenerateJson>(['generate', DEMO_CONTRACT, '--output', out]);
    expect(again.json.unchanged).toEqual(gen.json.files);
    expect(again.json.created).toEqual([]);
  });

  test('with the built-in plugins\' files: a modified file is "different", a deleted one "missing"', () => {
    const out = path.join(tmpDir(), 'out');
    const gen = runJson<GenerateJson>(['generate', DEMO_CONTRACT, '--output', out]);
    expect(gen.status).toBe(0);
    // The demo gives the four built-in plugins plenty to emit; fewer than two files is a failure, not a skip.
    expect(gen.json.files.length).toBeGreaterThanOrEqual(2);
    const first = gen.json.files[0] as string;
    const last = gen.json.files[gen.json.files.length - 1] as string;
    expect(first).not.toBe(last);
    appendFileSync(path.join(out, first), '// edited\n');
    unlinkSync(path.join(out, last));
    const check = runJson<CheckJson>(['check', DEMO_CONTRACT, '--output', out]);
    expect(check.status).toBe(1);
    expect(check.json.driftFiles).toEqual(
      [{ path: first, kind: 'different' }, { path: last, kind: 'missing' }].sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
  });

  test('--output defaults to ./generated under the working directory', () => {
    const cwd = tmpDir();
    const run = runCli(['generate', DEMO_CONTRACT], cwd);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('generated');
    expect(existsSync(path.join(cwd, 'generated', '.reslayer-manifest.json'))).toBe(true);
    expect(runCli(['check', DEMO_CONTRACT], cwd).status).toBe(0);
  });

  test('--dry-run writes nothing and lists what would be created', () => {
    const root = tmpDir();
    const out = path.join(root, 'out');
    const dry = runJson<GenerateJson>(['generate', DEMO_CONTRACT, '--output', out, '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.json.created).toEqual(dry.json.files);
    expect(existsSync(out)).toBe(false);
    const text = runCli(['generate', DEMO_CONTRACT, '--output', out, '--dry-run']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('nothing was written');
    expect(listFiles(root)).toEqual([]);
  });

  test('a stale generated file is drift; generate removes it; hand-written files are left alone', () => {
    const out = path.join(tmpDir(), 'out');
    expect(runCli(['generate', DEMO_CONTRACT, '--output', out]).status).toBe(0);
    writeOwned(out, 'src/old/old.ts', `${MARKER} from an earlier run\nexport {};\n`);
    const mine = write(path.join(out, 'src/mine.ts'), 'export const handWritten = true;\n');
    const check = runJson<CheckJson>(['check', DEMO_CONTRACT, '--output', out]);
    expect(check.status).toBe(1);
    expect(check.json).toMatchObject({ drift: 1, ok: false, driftFiles: [{ path: 'src/old/old.ts', kind: 'stale' }] });
    expect(check.json.healthScore).toBeLessThan(100);

    const gen = runJson<GenerateJson>(['generate', DEMO_CONTRACT, '--output', out]);
    expect(gen.json.removed).toEqual(['src/old/old.ts']);
    expect(existsSync(path.join(out, 'src/old/old.ts'))).toBe(false);
    expect(readFileSync(mine, 'utf8')).toBe('export const handWritten = true;\n');
    expect(runCli(['check', DEMO_CONTRACT, '--output', out]).status).toBe(0);
  });

  test('error diagnostics make generate fail with exit 1 and write nothing', () => {
    const root = tmpDir();
    const config = writeErrorDiagnosticConfig(root);
    const out = path.join(root, 'out');
    const text = runCli(['generate', '--config', config]);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('RSL_SCHEMA_UNSUPPORTED');
    expect(text.stdout).toContain('nothing was written');
    const json = runJson<GenerateJson>(['generate', '--config', config]);
    expect(json.status).toBe(1);
    expect(json.json).toMatchObject({ ok: false, created: [], files: [] });
    expect(existsSync(out)).toBe(false);
  });
});

describe('quiet regenerations: the contract\'s title and version are only in the manifest', () => {
  test('a contract with only info.version bumped rewrites one file, the manifest; check reports only it until then', () => {
    const root = tmpDir();
    const contract = path.join(root, 'openapi.yaml');
    const text = readFileSync(DEMO_CONTRACT, 'utf8');
    write(contract, text);
    const out = path.join(root, 'out');
    const first = runJson<GenerateJson>(['generate', contract, '--output', out]);
    expect(first.status).toBe(0);
    const before = new Map(listFiles(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')] as const));
    expect(before.size).toBe(first.json.files.length + 1);

    write(contract, text.replace(/^( {2}version: )['"]?1\.0\.0['"]?$/m, '$1"1.0.1"'));
    const check = runJson<CheckJson>(['check', contract, '--output', out]);
    expect(check.json).toMatchObject({ ok: false, drift: 1, driftFiles: [{ path: '.reslayer-manifest.json', kind: 'different' }] });
    const bumped = runJson<GenerateJson>(['generate', contract, '--output', out]);
    expect(bumped.json).toMatchObject({ ok: true, created: [], updated: [], removed: [] });
    const rewritten = listFiles(out).filter((f) => readFileSync(path.join(out, f), 'utf8') !== before.get(f));
    expect(rewritten).toEqual(['.reslayer-manifest.json']);
    expect(JSON.parse(readFileSync(path.join(out, '.reslayer-manifest.json'), 'utf8'))).toMatchObject({ contract: { title: 'Public CRM Demo API', version: '1.0.1' } });
    expect(runJson<CheckJson>(['check', contract, '--output', out]).json).toMatchObject({ ok: true, drift: 0, healthScore: 100 });
  });
});

describe('with --config: drift kinds', () => {
  const setup = () => {
    const dir = tmpDir();
    const config = writeTestConfig(dir);
    const gen = runJson<GenerateJson>(['generate', '--config', config]);
    expect(gen.status).toBe(0);
    expect(gen.json.files).toHaveLength(6);
    return { config, out: path.join(dir, 'out') };
  };

  test('a modified file is "different"', () => {
    const { config, out } = setup();
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ ok: true, drift: 0, healthScore: 100, files: 6 });
    appendFileSync(path.join(out, 'src/res/contacts.ts'), '// edited by hand\n');
    const check = runJson<CheckJson>(['check', '--config', config]);
    expect(check.status).toBe(1);
    expect(check.json).toMatchObject({ drift: 1, ok: false, driftFiles: [{ path: 'src/res/contacts.ts', kind: 'different' }] });
  });

  test('a deleted file is "missing"; the text output names it', () => {
    const { config, out } = setup();
    unlinkSync(path.join(out, 'src/res/search.ts'));
    const check = runJson<CheckJson>(['check', '--config', config]);
    expect(check.status).toBe(1);
    expect(check.json.driftFiles).toEqual([{ path: 'src/res/search.ts', kind: 'missing' }]);
    const text = runCli(['check', '--config', config]);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/missing\s+src\/res\/search\.ts/);
    expect(text.stdout).toContain('check failed');
  });

  test('--dry-run lists updates and removals without writing', () => {
    const { config, out } = setup();
    appendFileSync(path.join(out, 'src/res/contacts.ts'), '// edited\n');
    writeOwned(out, 'src/res/gone.ts', `${MARKER} earlier\n`);
    const before = listFiles(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]);
    const dry = runJson<GenerateJson>(['generate', '--config', config, '--dry-run']);
    expect(dry.json).toMatchObject({ created: [], updated: ['src/res/contacts.ts'], removed: ['src/res/gone.ts'] });
    expect(dry.json.unchanged).toHaveLength(5);
    expect(listFiles(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')])).toEqual(before);
  });
});

describe('check --report html', () => {
  test('writes a deterministic, self-contained report; relative paths resolve from the working directory', () => {
    const cwd = tmpDir();
    const out = path.join(cwd, 'out');
    expect(runCli(['generate', DEMO_CONTRACT, '--output', out]).status).toBe(0);
    const run = runCli(['check', DEMO_CONTRACT, '--output', out, '--report', 'html', '--report-file', 'reports/check.html'], cwd);
    expect(run.status).toBe(0);
    const file = path.join(cwd, 'reports/check.html');
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('Public CRM Demo API');
    expect(html).toContain('<span class="score">100</span>');
    expect(html).toContain('<code>contacts</code>');
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html).not.toContain(cwd);
    // Paths are relative to the working directory (the project root), not to the report's folder.
    expect(html).toContain('output <code>out</code>');
    rmSync(file);
    expect(runCli(['check', DEMO_CONTRACT, '--output', out, '--report', 'html', '--report-file', file], cwd).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(html);
  });

  test('escapes contract text and reports drift', () => {
    const root = tmpDir();
    const contract = write(
      path.join(root, 'xss.yaml'),
      `openapi: 3.0.3\ninfo: { title: '<script>alert(1)</script> & Co', version: '1' }\npaths:\n  /things:\n    get: { operationId: listThings, responses: { '200': { description: ok } } }\n`,
    );
    const out = path.join(root, 'out');
    writeOwned(out, 'src/stale.ts', `${MARKER} earlier\n`);
    const report = path.join(root, 'report.html');
    const run = runJson<CheckJson>(['check', contract, '--output', out, '--report', 'html', '--report-file', report]);
    expect(run.status).toBe(1);
    const html = readFileSync(report, 'utf8');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).toContain('<code>src/stale.ts</code>');
    expect(html).toContain('FAILED');
  });
});
