// Loading a TypeScript config: nothing is written into the project (Node loads the config itself where it strips
// types; else jiti does, its compiled code cached under the system's temporary folder), and a config that fails to load says why: a syntax error with its place, an import
// that is not found, or an error its own code threw. The built CLI (`pnpm build` first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_CONTRACT, REPO_ROOT, cleanup, listFiles, runCli, tmpDir, write, writeTestConfig } from './helpers.js';

afterAll(cleanup);

test('a TypeScript config leaves the project as it was; Node loads it without jiti where it strips types', () => {
  const project = tmpDir();
  const temp = tmpDir();
  mkdirSync(path.join(project, 'node_modules'));
  writeTestConfig(project);
  const run = runCli(['generate', '--json'], project, { TMPDIR: temp });
  expect(run.status).toBe(0);
  expect(listFiles(path.join(project, 'node_modules'))).toEqual([]);
  expect(readdirSync(project).sort()).toEqual(['generator.config.ts', 'node_modules', 'out']);
  // jiti writes its compile cache under TMPDIR only when it loads the config.
  expect(existsSync(path.join(temp, 'reslayer-jiti'))).toBe(!process.features.typescript);
});

test.each([
  ['an enum (not erasable)', 'enum Out { Dir = "./out" }\nexport default { input: INPUT, output: Out.Dir, plugins: [] };\n'],
  ['an import without its extension', 'import { out } from "./paths";\nexport default { input: INPUT, output: out, plugins: [] };\n'],
])('a config Node cannot load itself (%s) is loaded by jiti, its compiled code cached under TMPDIR', (_name, text) => {
  const project = tmpDir();
  const temp = tmpDir();
  write(path.join(project, 'paths.ts'), 'export const out: string = "./out";\n');
  write(path.join(project, 'generator.config.ts'), text.replace('INPUT', JSON.stringify(DEMO_CONTRACT)));
  const run = runCli(['generate', '--json'], project, { TMPDIR: temp });
  expect(run.status).toBe(0);
  expect((JSON.parse(run.stdout) as { outputRoot: string }).outputRoot).toBe('out');
  expect(readdirSync(path.join(temp, 'reslayer-jiti')).length).toBeGreaterThan(0);
});

test('a config loaded again in one process runs its own modules again (as under --watch), packages once', () => {
  const project = tmpDir();
  write(path.join(project, 'out.ts'), 'export const out: string = "./first";\n');
  write(path.join(project, 'generator.config.ts'), `import { out } from "./out.ts";\nexport default { input: ${JSON.stringify(DEMO_CONTRACT)}, output: out, plugins: [] };\n`);
  const host = pathToFileURL(path.join(REPO_ROOT, 'packages/core/lib/host.js')).href;
  const script = `import { writeFileSync } from 'node:fs';
const { loadConfigs } = await import(${JSON.stringify(host)});
const first = await loadConfigs('generator.config.ts', process.cwd(), {});
writeFileSync('out.ts', 'export const out: string = "./second";\\n');
const second = await loadConfigs('generator.config.ts', process.cwd(), {});
console.log(JSON.stringify([first[0].outputRoot, second[0].outputRoot]));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual([path.join(project, 'first'), path.join(project, 'second')]);
});

test.each([
  ['a syntax error', 'export default {\n  input: "a.yaml",\n  output: ,\n};\n', /failed to load: syntax error at generator\.config\.ts:3:\d+: Unexpected token/, /hint: Fix the syntax of generator\.config\.ts/],
  ['an import that is not installed', 'import { pluginX } from "@acme/reslayer-plugin-x";\nexport default { input: "a.yaml", plugins: [pluginX()] };\n', /failed to load: it imports '@acme\/reslayer-plugin-x', which is not found/, /hint: Install it in the project \(e\.g\. npm i -D @acme\/reslayer-plugin-x\)/],
  ['an error its code throws', 'const adapter = (name: string): never => { throw new RangeError(`unknown adapter ${name}`); };\nexport default { input: "a.yaml", plugins: [adapter("svelte")] };\n', /failed to load: its code threw RangeError: unknown adapter svelte/, /hint: The error comes from generator\.config\.ts itself or from a plugin factory/],
])('%s: the message names it, not a TypeScript compile failure', (_name, text, message, hint) => {
  const dir = tmpDir();
  write(path.join(dir, 'generator.config.ts'), text);
  const run = runCli(['lint', '--config', 'generator.config.ts'], dir);
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toMatch(hint);
  expect(run.stderr).not.toContain('TypeScriptLoader');
});
