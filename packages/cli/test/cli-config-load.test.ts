// Loading a TypeScript config: nothing is written into the project (the compiled config is cached under the
// system's temporary folder), and a config that fails to load says why: a syntax error with its place, an import
// that is not found, or an error its own code threw. The built CLI (`pnpm build` first).
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cleanup, listFiles, runCli, tmpDir, write, writeTestConfig } from './helpers.js';

afterAll(cleanup);

test('a TypeScript config leaves the project as it was, with its compiled code cached under TMPDIR', () => {
  const project = tmpDir();
  const temp = tmpDir();
  mkdirSync(path.join(project, 'node_modules'));
  writeTestConfig(project);
  const run = runCli(['generate', '--json'], project, { TMPDIR: temp });
  expect(run.status).toBe(0);
  expect(listFiles(path.join(project, 'node_modules'))).toEqual([]);
  expect(readdirSync(project).sort()).toEqual(['generator.config.ts', 'node_modules', 'out']);
  expect(readdirSync(path.join(temp, 'reslayer-jiti')).length).toBeGreaterThan(0);
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
