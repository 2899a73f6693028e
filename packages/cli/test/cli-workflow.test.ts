// The everyday workflow of the built CLI (run `pnpm build` first): init, config discovery, several
// contracts in one config, explain, and the rough edges a new user hits.
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIAGNOSTIC_CODES } from '@reslayer/core';
import { CONTRACTS, DEMO_CONTRACT, REPO_ROOT, cleanup, listFiles, runCli, runJson, tmpDir, write, writeTestConfig } from './helpers.js';

afterAll(cleanup);

/** A small contract: one CRUD resource with list and read only. */
const SMALL = `openapi: 3.0.3
info: { title: Small, version: '1' }
paths:
  /notes:
    get: { operationId: listNotes, responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } } }
  /notes/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get: { operationId: getNote, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } } }
components:
  schemas:
    Note: { type: object, required: [id], properties: { id: { type: string }, text: { type: string } } }
`;

/**
 * Links the workspace's @reslayer packages into `<dir>/node_modules`, as `npm install` would put them in
 * a user project, so a config that imports them loads from a temporary folder.
 */
function linkPackages(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules/@reslayer'), { recursive: true });
  for (const pkg of ['core', 'plugin-client', 'plugin-hooks', 'plugin-config-meta', 'plugin-mocks']) {
    symlinkSync(path.join(REPO_ROOT, 'packages', pkg), path.join(dir, 'node_modules/@reslayer', pkg), 'dir');
  }
}

describe('reslayer init', () => {
  test('finds openapi.yaml, writes a commented config next to it that generates as written', () => {
    const dir = tmpDir();
    write(path.join(dir, 'openapi.yaml'), SMALL);
    const init = runCli(['init'], dir);
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('Wrote generator.config.ts');
    expect(init.stdout).toContain('npm install -D @reslayer/cli @reslayer/core');
    const config = readFileSync(path.join(dir, 'generator.config.ts'), 'utf8');
    expect(config).toContain("import { defineConfig } from '@reslayer/core';");
    expect(config).toContain("input: \"./openapi.yaml\"");
    expect(config).toMatch(/output: \{ root: "\.\/src\/api", srcDir: '\.' \}/);
    expect(config).toMatch(/^\s*\/\/ /m);

    // As in a project that installed the packages from npm: the config's imports resolve, and the
    // commands find the config from a sub-folder.
    linkPackages(dir);
    const sub = path.join(dir, 'src/components');
    mkdirSync(sub, { recursive: true });
    const gen = runJson<{ ok: boolean; outputRoot: string; files: string[] }>(['generate'], sub);
    expect(gen.status).toBe(0);
    expect(gen.json.ok).toBe(true);
    expect(gen.json.files.length).toBeGreaterThan(5);
    expect(existsSync(path.join(dir, 'src/api/features/notes'))).toBe(true);
    expect(existsSync(path.join(dir, 'src/api/src'))).toBe(false);
    expect(runCli(['check'], dir).status).toBe(0);
    // Once installed, init no longer lists the packages to install.
    expect(runCli(['init', '--force'], dir).stdout).not.toContain('npm install -D');
  });

  test('never overwrites without --force; --force overwrites', () => {
    const dir = tmpDir();
    write(path.join(dir, 'api.openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }));
    const mine = write(path.join(dir, 'generator.config.ts'), '// mine\n');
    const again = runCli(['init'], dir);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/RSL_USAGE: generator\.config\.ts already exists; pass --force to overwrite it/);
    expect(readFileSync(mine, 'utf8')).toBe('// mine\n');
    const forced = runJson<{ ok: boolean; overwritten: boolean; contract: string }>(['init', '--force'], dir);
    expect(forced.status).toBe(0);
    expect(forced.json).toMatchObject({ ok: true, overwritten: true, contract: 'api.openapi.json' });
    expect(readFileSync(mine, 'utf8')).toContain('input: "./api.openapi.json"');
  });

  test('a contract given in another folder gets the config beside it; --output is written in', () => {
    const dir = tmpDir();
    write(path.join(dir, 'specs/crm.yaml'), SMALL);
    const run = runCli(['init', 'specs/crm.yaml', '--output', '../web/src/api'], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('reslayer generate --config specs/generator.config.ts');
    expect(readFileSync(path.join(dir, 'specs/generator.config.ts'), 'utf8')).toContain('root: "../web/src/api"');
  });

  test('no contract, or several candidates: exit 2 with a hint', () => {
    const none = runCli(['init'], tmpDir());
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/RSL_INPUT_NOT_FOUND: no contract found in .* \(looked for openapi\.\{yaml,yml,json\}/);
    expect(none.stderr).toContain('hint: Pass the path of the contract');
    const dir = tmpDir();
    write(path.join(dir, 'a.openapi.yaml'), SMALL);
    write(path.join(dir, 'b.openapi.yaml'), SMALL);
    const two = runCli(['init'], dir);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('found several contracts');
    expect(two.stderr).toContain('reslayer init a.openapi.yaml');
    expect(listFiles(dir)).toEqual(['a.openapi.yaml', 'b.openapi.yaml']);
  });
});

describe('config discovery', () => {
  test('without --config or a contract, the config is found from the working directory upwards', () => {
    const dir = tmpDir();
    writeTestConfig(dir);
    const deep = path.join(dir, 'x/y');
    mkdirSync(deep, { recursive: true });
    const gen = runJson<{ files: string[] }>(['generate'], deep);
    expect(gen.status).toBe(0);
    expect(gen.json.files).toHaveLength(6);
    expect(existsSync(path.join(dir, 'out/src/res/contacts.ts'))).toBe(true);
    expect(runCli(['check'], deep).status).toBe(0);
    expect(runJson<{ resources: unknown[] }>(['inspect'], deep).json.resources).toHaveLength(6);
  });

  test('a "reslayer" key in package.json works, naming the built-in plugins by package (or leaving them out)', () => {
    const dir = tmpDir();
    const input = path.relative(dir, DEMO_CONTRACT);
    write(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', reslayer: { input, output: './api', plugins: ['@reslayer/plugin-client'] } }));
    const gen = runJson<{ files: string[] }>(['generate'], dir);
    expect(gen.status).toBe(0);
    expect(gen.json.files.every((f) => !f.includes('mocks'))).toBe(true);
    write(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', reslayer: { input, output: './api' } }));
    const all = runJson<{ files: string[] }>(['generate'], dir);
    expect(all.json.files.length).toBeGreaterThan(gen.json.files.length);
  });

  test('nothing found: exit 2 naming what was looked for, with a hint', () => {
    const run = runCli(['lint'], tmpDir());
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_USAGE: missing input: no config found in .* or its parent folders \(looked for generator\.config\.ts, reslayer\.config\.ts and a "reslayer" key in package\.json\)/);
    expect(run.stderr).toContain('reslayer init');
  });
});

describe('several contracts in one config', () => {
  const twoRuns = (dir: string, outputs: [string, string]) => {
    write(path.join(dir, 'crm.yaml'), SMALL);
    write(path.join(dir, 'billing.yaml'), SMALL.replace(/notes/g, 'invoices').replace(/Note/g, 'Invoice'));
    const plugin = (name: string) =>
      `{ name: '${name}', apply(hooks: any) { hooks.emit.tap('${name}', (ctx: any) => { for (const r of ctx.model.resources) ctx.files.add({ path: \`\${r.resource}.ts\`, contents: '// Generated by reslayer\\nexport {};\\n', plugin: '${name}' }); }); } }`;
    return write(
      path.join(dir, 'generator.config.ts'),
      `export default [\n  { input: './crm.yaml', output: '${outputs[0]}', plugins: [${plugin('a')}] },\n  { input: './billing.yaml', output: '${outputs[1]}', plugins: [${plugin('b')}] },\n];\n`,
    );
  };

  test('each run writes its own output; check and --json cover every run', () => {
    const dir = tmpDir();
    twoRuns(dir, ['./api/crm', './api/billing']);
    const text = runCli(['generate'], dir);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('Run 1/2: crm.yaml → api/crm');
    expect(text.stdout).toContain('Run 2/2: billing.yaml → api/billing');
    expect(listFiles(path.join(dir, 'api')).filter((f) => !f.includes('.reslayer'))).toEqual(['billing/src/invoices.ts', 'crm/src/notes.ts']);
    const check = runJson<{ ok: boolean; runs: Array<{ run: number; contract: string; outputRoot: string; ok: boolean }> }>(['check'], dir);
    expect(check.status).toBe(0);
    expect(check.json.ok).toBe(true);
    expect(check.json.runs.map((r) => [r.run, r.contract, r.outputRoot, r.ok])).toEqual([
      [1, 'crm.yaml', 'api/crm', true],
      [2, 'billing.yaml', 'api/billing', true],
    ]);
    // An error in one run is reported for that run; the others still run; the exit code is the worst.
    write(path.join(dir, 'billing.yaml'), '');
    const broken = runJson<{ ok: boolean; runs: Array<{ ok: boolean; error?: { code: string; hint: string } }> }>(['check'], dir);
    expect(broken.status).toBe(2);
    expect(broken.json.ok).toBe(false);
    expect(broken.json.runs[0]?.ok).toBe(true);
    expect(broken.json.runs[1]?.error?.code).toBe('RSL_INPUT_EMPTY');
    expect(broken.json.runs[1]?.error?.hint).toMatch(/restore the file/);
  });

  test('runs that would write the same output root are refused with exit 2 before anything is written', () => {
    const dir = tmpDir();
    twoRuns(dir, ['./api', './api']);
    const run = runCli(['generate'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_OUTPUT_CONFLICT: runs 1 \(crm\.yaml\) and 2 \(billing\.yaml\) both write into .*api/);
    expect(run.stderr).toContain('hint: Give every run of the config its own output folder');
    expect(existsSync(path.join(dir, 'api'))).toBe(false);
  });
});

describe('reslayer explain', () => {
  test.each(Object.keys(DIAGNOSTIC_CODES))('%s: what happened, why it matters, how to fix it', (code) => {
    const run = runCli(['explain', code]);
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith(`${code}: `)).toBe(true);
    for (const part of ['What happened', 'Why it matters', 'How to fix it']) expect(run.stdout).toContain(part);
  });

  test('accepts lower case without the prefix; lists every code without one; suggests on a typo', () => {
    expect(runCli(['explain', 'resource_partial']).stdout).toMatch(/^RSL_RESOURCE_PARTIAL: /);
    const list = runCli(['explain']);
    expect(list.status).toBe(0);
    for (const code of Object.keys(DIAGNOSTIC_CODES)) expect(list.stdout).toContain(code);
    const typo = runCli(['explain', 'RSL_INPUT_EMTPY']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('Did you mean RSL_INPUT_EMPTY');
    expect(runJson<{ code: string; what: string; why: string; fix: string }>(['explain', 'RSL_WRITE_FAILED']).json).toMatchObject({ code: 'RSL_WRITE_FAILED', what: expect.any(String), why: expect.any(String), fix: expect.any(String) });
  });
});

describe('rough edges', () => {
  test('check without the --output generate used says the output root does not exist (exit 2), not 100 % drift', () => {
    const cwd = tmpDir();
    expect(runCli(['generate', DEMO_CONTRACT, '--output', 'api'], cwd).status).toBe(0);
    const run = runCli(['check', DEMO_CONTRACT], cwd);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_OUTPUT_MISSING: the output root generated does not exist, so there is nothing to check/);
    expect(run.stderr).toContain('hint: Pass the --output that generate used');
    expect(run.stdout).toBe('');
    expect(runCli(['check', DEMO_CONTRACT, '--output', 'api'], cwd).status).toBe(0);
  });

  test('check where a killed generate left the output root renamed away names that folder; the next generate renames it back', () => {
    const cwd = tmpDir();
    expect(runCli(['generate', DEMO_CONTRACT, '--output', 'api'], cwd).status).toBe(0);
    const before = listFiles(path.join(cwd, 'api'));
    // The state between the swap's two renames: no root, its previous contents beside it.
    renameSync(path.join(cwd, 'api'), path.join(cwd, '.api.reslayer-previous'));
    const run = runCli(['check', DEMO_CONTRACT, '--output', 'api'], cwd);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('RSL_OUTPUT_MISSING: the output root api does not exist: an interrupted `reslayer generate` left its previous contents in .api.reslayer-previous');
    expect(run.stderr).toContain('hint: Run `reslayer generate` with the same config or --output');
    expect(existsSync(path.join(cwd, '.api.reslayer-previous'))).toBe(true);
    expect(runCli(['generate', DEMO_CONTRACT, '--output', 'api'], cwd).status).toBe(0);
    expect(existsSync(path.join(cwd, '.api.reslayer-previous'))).toBe(false);
    expect(listFiles(path.join(cwd, 'api'))).toEqual(before);
    expect(runCli(['check', DEMO_CONTRACT, '--output', 'api'], cwd).status).toBe(0);
  });

  test.each([
    ['generate', []],
    ['generate', ['--dry-run']],
    ['check', []],
  ])('an output root that is a file: %s %j exits 2 with a clear error', (command, extra) => {
    const cwd = tmpDir();
    write(path.join(cwd, 'api.ts'), 'export {};\n');
    const run = runCli([command, DEMO_CONTRACT, '--output', 'api.ts', ...extra], cwd);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_OUTPUT_NOT_DIRECTORY: the output root .*api\.ts is a file, not a folder/);
    expect(run.stderr).toContain('hint: Choose another output root');
    expect(run.stderr).not.toContain('EEXIST');
    expect(readFileSync(path.join(cwd, 'api.ts'), 'utf8')).toBe('export {};\n');
  });

  test('a file where a generated folder goes is named, for generate, --dry-run and check', () => {
    const cwd = tmpDir();
    write(path.join(cwd, 'out/src'), 'not a folder\n');
    for (const args of [['generate'], ['generate', '--dry-run'], ['check']]) {
      const run = runCli([...args, DEMO_CONTRACT, '--output', 'out'], cwd);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/RSL_OUTPUT_NOT_DIRECTORY: src under the output root .*out is a file, but generated files go into it/);
    }
  });

  test('a mistyped option or command gets a "did you mean"; -v is --version', () => {
    const flag = runCli(['lint', DEMO_CONTRACT, '--strcit']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('Unknown argument: strcit. Did you mean --strict?');
    expect(runCli(['generate', '--confg', 'x.ts']).stderr).toContain('Did you mean --config?');
    const command = runCli(['genrate', DEMO_CONTRACT]);
    expect(command.status).toBe(2);
    expect(command.stderr).toMatch(/unknown command "genrate"\. Did you mean generate\?/);
    const v = runCli(['-v']);
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toBe(runCli(['--version']).stdout.trim());
  });

  test('lint says how to see the findings it leaves out, and --all lists them', () => {
    const contract = write(path.join(tmpDir(), 'warn.yaml'), CONTRACTS.warnings);
    const plain = runCli(['lint', contract]);
    expect(plain.stdout).toContain('… and 2 more (run with --all to list them)');
    const all = runCli(['lint', contract, '--all']);
    expect(all.status).toBe(0);
    expect(all.stdout).not.toContain('more');
    for (const p of ['a', 'b', 'c', 'd', 'e']) expect(all.stdout).toContain(`GET /${p}/{x}`);
  });

  test.each([
    ['an empty contract', '', /RSL_INPUT_EMPTY/, /restore the file/],
    ['OpenAPI 3.2', "openapi: 3.2.0\ninfo: { title: x, version: '1' }\npaths: {}\n", /RSL_UNSUPPORTED_VERSION: .*3\.2\.0/, /openapi: 3\.1\.1/],
  ])('%s gets a hint', (_name, text, error, hint) => {
    const run = runCli(['lint', write(path.join(tmpDir(), 'c.yaml'), text)]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(error);
    expect(run.stderr).toMatch(new RegExp(`hint: .*${hint.source}`));
  });

  test('a config syntax error and an empty config file get hints', () => {
    const dir = tmpDir();
    const broken = write(path.join(dir, 'generator.config.ts'), 'export default { input: "a.yaml", plugins: [ };\n');
    const run = runCli(['lint', '--config', broken]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_CONFIG_INVALID: .*failed to load/);
    expect(run.stderr).toMatch(/hint: Fix the error in the config file/);
    writeFileSync(broken, '');
    const empty = runCli(['lint'], dir);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/RSL_CONFIG_INVALID: .*empty or exports nothing/);
    expect(empty.stderr).toMatch(/hint: Export the config/);
  });

  test('a write failure gets a hint', () => {
    // A folder name longer than the file system allows fails for every user, root included.
    const cwd = tmpDir();
    const run = runCli(['generate', DEMO_CONTRACT, '--output', 'x'.repeat(300)], cwd);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_WRITE_FAILED: cannot write into .*ENAMETOOLONG/);
    expect(run.stderr).toMatch(/hint: Check the permissions of the folder and the free space/);
  });

  test('inspect says why a CRUD resource is no CRUD candidate: the missing operations', () => {
    const contract = write(
      path.join(tmpDir(), 'partial.yaml'),
      `openapi: 3.0.3
info: { title: Partial, version: '1' }
paths:
  /uploads:
    post: { operationId: createUpload, responses: { '201': { description: ok } } }
  /uploads/{uploadId}:
    parameters: [{ name: uploadId, in: path, required: true, schema: { type: string } }]
    delete: { operationId: deleteUpload, responses: { '204': { description: ok } } }
`,
    );
    const run = runCli(['inspect', contract]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/uploads\s+Upload\s+crud\s+no \(no list, read\)\s+list, read, update/);
    expect(run.stdout).toContain('1 partial CRUD resource (uploads: no list, read, update)');
    expect(run.stdout).toContain('A CRUD candidate needs list and read');
  });
});
