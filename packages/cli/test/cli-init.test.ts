// `reslayer init` in a new project (the built CLI: `pnpm build` first): the config it writes next to the contract it
// finds, what it says to install and run next, and when it refuses.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { NPX, REPO_ROOT, SMALL, cleanup, listFiles, runCli, runJson, tmpDir, write } from './helpers.js';

afterAll(cleanup);

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
    // Not installed: the route that works before the packages are published, then the registry lines.
    expect(init.stdout).toContain('not yet on the npm registry');
    expect(init.stdout).toContain('init --packs "$RESLAYER"/.packs');
    expect(init.stdout).toContain('npm i -D @reslayer/cli @reslayer/core');
    const config = readFileSync(path.join(dir, 'generator.config.ts'), 'utf8');
    expect(config).toContain("import { defineConfig } from '@reslayer/core';");
    expect(config).toContain("input: \"./openapi.yaml\"");
    expect(config).toMatch(/output: \{ root: "\.\/src\/api", srcDir: '\.' \}/);
    expect(config).toMatch(/^\s*\/\/ /m);
    expect(config).toContain('pluginMocks({ index: true })');

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
    // New projects get one import for all the mocks.
    expect(gen.json.files).toContain('shared/mocks/index.ts');
    expect(readFileSync(path.join(dir, 'src/api/shared/mocks/index.ts'), 'utf8')).toMatch(/export const handlers = \[\n {2}\.\.\.notesHandlers,\n\];/);
    expect(runCli(['check'], dir).status).toBe(0);
    // Once installed, init no longer lists the packages to install.
    expect(runCli(['init', '--force'], dir).stdout).not.toContain('npm i -D');
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
    const run = runCli(['init', 'specs/crm.yaml', '--output', '../web/src/api'], dir, NPX);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('npx reslayer generate --config specs/generator.config.ts');
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
    const two = runCli(['init'], dir, NPX);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('found several contracts');
    expect(two.stderr).toContain('`npx reslayer init a.openapi.yaml`');
    expect(listFiles(dir)).toEqual(['a.openapi.yaml', 'b.openapi.yaml']);
  });

  test('--packs copies the tarballs into vendor/reslayer/ and names them in package.json by relative paths', () => {
    const packs = tmpDir();
    const names = ['cli', 'core', 'diff', 'engine', 'plugin-client', 'plugin-config-meta', 'plugin-hooks', 'plugin-mocks', 'plugin-validators', 'runtime'];
    for (const n of names) write(path.join(packs, `reslayer-${n}-0.1.0.tgz`), `tarball ${n}`);
    const dir = tmpDir();
    write(path.join(dir, 'openapi.yaml'), SMALL);
    write(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', scripts: { x: 'y' }, dependencies: { msw: '^3.0.0' } }));
    write(path.join(dir, 'vendor/reslayer/reslayer-core-0.0.9.tgz'), 'old');
    write(path.join(dir, 'vendor/reslayer/notes.txt'), 'mine');
    const run = runCli(['init', '--packs', packs], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Copied 10 tarballs into vendor/reslayer/');
    expect(run.stdout).toContain('npm i @tanstack/query-core msw\n  npm i -D typescript\n');
    expect(run.stdout).toContain('npx reslayer generate');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(manifest.scripts).toEqual({ x: 'y' });
    expect(manifest.dependencies).toEqual({ msw: '^3.0.0', '@reslayer/runtime': 'file:vendor/reslayer/reslayer-runtime-0.1.0.tgz' });
    expect(manifest.devDependencies['@reslayer/cli']).toBe('file:vendor/reslayer/reslayer-cli-0.1.0.tgz');
    expect(Object.keys(manifest.devDependencies)).toHaveLength(8);
    expect(Object.keys(manifest.pnpm.overrides)).toHaveLength(10);
    expect(JSON.stringify(manifest)).not.toContain(packs);
    // The earlier tarball of the same package is replaced; other files stay.
    expect(listFiles(path.join(dir, 'vendor/reslayer'))).toEqual([...names.map((n) => `reslayer-${n}-0.1.0.tgz`), 'notes.txt'].sort());
    expect(readFileSync(path.join(dir, 'vendor/reslayer/reslayer-cli-0.1.0.tgz'), 'utf8')).toBe('tarball cli');
  });

  test('--packs without every tarball: exit 2, nothing written', () => {
    const packs = tmpDir();
    write(path.join(packs, 'reslayer-runtime-0.1.0.tgz'), 'x');
    const dir = tmpDir();
    write(path.join(dir, 'openapi.yaml'), SMALL);
    const run = runCli(['init', '--packs', packs], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/RSL_INPUT_NOT_FOUND: --packs .*: no tarball of @reslayer\/cli, @reslayer\/core/);
    expect(run.stderr).toContain('pnpm pack:all');
    expect(listFiles(dir)).toEqual(['openapi.yaml']);
  });
});
