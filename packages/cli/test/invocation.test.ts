// Hints name the command as the user runs it: derived from the script Node.js runs and npm's or pnpm's variables.
import path from 'node:path';
import { invocation } from '../src/format/invocation.js';
import { CLI, REPO_ROOT, runCli, tmpDir, write } from './helpers.js';

test.each([
  ['npx', '/app/node_modules/.bin/reslayer', { npm_command: 'exec', npm_config_user_agent: 'npm/11.0.0 node/v24.0.0' }, 'npx reslayer'],
  ['pnpm exec', '/app/node_modules/.pnpm/@reslayer+cli@0.1.0/node_modules/@reslayer/cli/bin/reslayer.js', { npm_command: 'exec', npm_config_user_agent: 'pnpm/10.0.0 npm/? node/v24.0.0' }, 'pnpm exec reslayer'],
  ['an npm script', '/app/node_modules/.bin/reslayer', { npm_command: 'run-script', npm_config_user_agent: 'npm/11.0.0' }, 'npx reslayer'],
  ['the local bin by path', '/app/node_modules/.bin/reslayer', {}, 'npx reslayer'],
  ['a checkout, from its root', path.join(REPO_ROOT, 'packages/cli/dist/index.js'), {}, 'node packages/cli/dist/index.js'],
  ['a checkout, from elsewhere', '/opt/reslayer/packages/cli/dist/index.js', {}, 'node /opt/reslayer/packages/cli/dist/index.js'],
  ['a global install', '/usr/local/bin/reslayer', {}, 'reslayer'],
])('%s', (_name, argv1, env, expected) => {
  expect(invocation(argv1, env, REPO_ROOT)).toBe(expected);
});

test('the hints of a run say how it was run: npx, or the built CLI by its path', () => {
  const cwd = tmpDir();
  write(path.join(cwd, 'openapi.yaml'), "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths:\n  /pets: { get: { operationId: listPets, responses: { '200': { description: ok } } } }\n");
  const viaNpx = runCli(['init'], cwd, { npm_command: 'exec', npm_config_user_agent: 'npm/11.0.0' });
  const named = viaNpx.stdout.split('\n').filter((l) => /reslayer (inspect|generate|check)/.test(l));
  expect(named.length).toBe(3);
  for (const line of named) expect(line).toMatch(/^ {2}npx reslayer (inspect|generate|check) /);
  const missing = runCli(['generate'], tmpDir());
  expect(missing.stderr).toContain(`\`node ${CLI} init\``);
});
