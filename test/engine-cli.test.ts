// What a run of the built CLI leaves behind (`pnpm build` first): SIGINT and SIGTERM during the write clean up
// the staging folder and the lock before the process exits; in a fresh git project, `git add -A` after
// `generate` stages only the generated layer and the user's files (the cache lives in node_modules/.cache).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, runCli } from './utils/cli.js';
import { snapshot, widgetsContract } from './helpers/widgets.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-engine-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('%s during the write', (signal, code) => {
  it(`removes the staging folder and the lock, keeps the old output, and exits ${code}`, async () => {
    const work = path.join(dir, signal);
    mkdirSync(work);
    const [v1, v2, out] = [path.join(work, 'v1.json'), path.join(work, 'v2.json'), path.join(work, 'out')];
    writeFileSync(v1, widgetsContract(300, false));
    writeFileSync(v2, widgetsContract(300, true));
    expect(runCli(['generate', v1, '--output', out]).status).toBe(0);
    const before = snapshot(out);
    const child = spawn(process.execPath, [CLI, 'generate', v2, '--output', out], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    const staging = path.join(work, '.out.reslayer-staging');
    const until = Date.now() + 120_000;
    while (!existsSync(staging) && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
    expect(existsSync(staging)).toBe(true);
    child.kill(signal);
    expect(await exited).toBe(code);
    expect(readdirSync(work).filter((n) => n.startsWith('.out.'))).toEqual([]);
    expect(snapshot(out)).toEqual(before);
  }, 300_000);
});

it('a fresh git project: `git add -A` after generate stages only the generated layer and the user files', () => {
  const project = path.join(dir, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "app", "private": true }\n');
  writeFileSync(path.join(project, '.gitignore'), 'node_modules/\n');
  writeFileSync(path.join(project, 'src/main.ts'), 'export {};\n');
  writeFileSync(path.join(project, 'openapi.json'), widgetsContract(2, false));
  const git = (...args: string[]) => spawnSync('git', args, { cwd: project, encoding: 'utf8' });
  expect(git('init', '-q').status).toBe(0);
  const out = path.join(project, 'src/api');
  expect(runCli(['generate', 'openapi.json', '--output', out], { cwd: project }).status).toBe(0);
  expect(runCli(['generate', 'openapi.json', '--output', out, '--json'], { cwd: project }).stdout).toContain('"cache": "hit"');
  expect(existsSync(path.join(project, 'node_modules/.cache/reslayer'))).toBe(true);
  expect(git('add', '-A').status).toBe(0);
  const staged = git('diff', '--cached', '--name-only').stdout.trim().split('\n');
  const generated = [...snapshot(out).keys()].map((rel) => `src/api/${rel}`);
  expect(staged.sort()).toEqual(['.gitignore', 'openapi.json', 'package.json', 'src/main.ts', ...generated].sort());
  expect(generated).toContain('src/api/.reslayer-manifest.json');
});
