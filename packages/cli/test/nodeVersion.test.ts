// The Node.js version check: the rule (22.12 and later run), and the built CLI refusing an older Node.js with
// exit 2 before it loads its commands (`pnpm build` first): under a Node.js that reports 20.0.0, and under the
// machine's own `node` when that one is older than 22.12.
import { spawnSync } from 'node:child_process';
import { isNodeTooOld, nodeVersionError } from '../src/nodeVersion.js';
import { CLI, REPO_ROOT } from './helpers.js';

test.each([
  ['18.20.4', true],
  ['20.20.2', true],
  ['v22.11.0', true],
  ['22.12.0', false],
  ['22.15.1', false],
  ['23.0.0', false],
  ['24.3.0', false],
  ['not a version', false],
])('Node.js %s too old: %s', (version, tooOld) => {
  expect(isNodeTooOld(version)).toBe(tooOld);
  expect(nodeVersionError(version) !== undefined).toBe(tooOld);
});

/** Runs the built CLI with `node`, `--import`ing a module that sets what `process.versions.node` reports. */
function runAs(node: string, args: string[], fakeVersion?: string) {
  const preload = fakeVersion === undefined ? [] : ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(fakeVersion)}})`];
  // A module the CLI loads only after the check: if it were loaded, the hook below would print its marker.
  const watch = ['--import', 'data:text/javascript,import{registerHooks}from"node:module";registerHooks?.({load(u,c,n){if(u.endsWith("/main.js"))process.stderr.write("LOADED main.js\\n");return n(u,c)}})'];
  return spawnSync(node, [...(fakeVersion === undefined ? [] : watch), ...preload, CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

test('the built CLI refuses Node.js 20 with exit 2, a clear message and a hint, before loading its commands', () => {
  const run = runAs(process.execPath, ['inspect', 'examples/public-crm/openapi.yaml'], '20.0.0');
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('reslayer: error RSL_NODE_VERSION: Node.js 20.0.0 is too old: reslayer needs Node.js 22.12 or later');
  expect(run.stderr).toContain('hint: Install Node.js 22.12 or later');
  expect(run.stderr).not.toContain('LOADED main.js');
  expect(run.stdout).toBe('');
});

test('with --json the refusal is also a JSON error on stdout', () => {
  const run = runAs(process.execPath, ['inspect', 'examples/public-crm/openapi.yaml', '--json'], '22.11.9');
  expect(run.status).toBe(2);
  expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'RSL_NODE_VERSION' } });
});

test('the check lets the Node.js running the tests through (and the marker shows when main.js loads)', () => {
  const run = runAs(process.execPath, ['--help'], process.versions.node);
  expect(run.status).toBe(0);
  expect(run.stderr).toContain('LOADED main.js');
});

test('--version (or -v) alone prints the version without loading main.js (no yargs)', () => {
  for (const flag of ['--version', '-v']) {
    const run = runAs(process.execPath, [flag], process.versions.node);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
    expect(run.stderr).not.toContain('LOADED main.js');
  }
});

// The machine's own Node.js, when it is an older one (the toolchain of scripts/run puts Node 24 first on PATH).
const system = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
const systemVersion = system.status === 0 ? system.stdout.trim() : undefined;
(systemVersion !== undefined && isNodeTooOld(systemVersion) ? test : test.skip)(`a real older Node.js (/usr/bin/node ${systemVersion ?? 'absent'}) is refused the same way`, () => {
  const run = runAs('/usr/bin/node', ['inspect', 'examples/public-crm/openapi.yaml']);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`Node.js ${systemVersion ?? ''} is too old`);
});
