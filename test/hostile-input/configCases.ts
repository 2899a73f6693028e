// Hostile-input cases about the config and the output root: roots the user cannot mean, typos, and plugins
// that emit into the tool's own names or out of the output root.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { configFile, put, withConfig, noFifo, type HostileCase, type Project } from './harness.js';

/** `generate <contract> --output <dir> --json`. */
const into = (dir: (p: Project) => string) => (p: Project) => ['generate', p.contract, '--output', dir(p), '--json'];
/** A config of the pets contract with more fields (`body` is the object literal's text after `input`). */
const config = (body: string) => (p: Project) => configFile(p, `{ input: './api/openapi.yaml', ${body} }`);
/** A config whose one plugin emits a file at `file`. */
const emitting = (file: string) =>
  config(`output: './out', plugins: [{ name: 'evil', apply(hooks) { hooks.emit.tap('evil', (ctx) => { ctx.files.add({ path: ${JSON.stringify(file)}, contents: 'x', plugin: 'evil' }); }); } }]`);

const UNSAFE = 'RSL_OUTPUT_ROOT_UNSAFE';
const SPECIAL = /"code": "RSL_OUTPUT_SPECIAL_FILE"/;

/** A FIFO at `rel` in the output root (over the file there, if any). */
const fifo = (rel: string | ((p: Project) => string)) => (p: Project) => {
  const file = path.join(p.out, typeof rel === 'string' ? rel : rel(p));
  rmSync(file, { force: true });
  execFileSync('mkfifo', [file]);
};
/** The previous generation's typed client of the pets (a generated file). */
const CLIENT = (p: Project) => {
  const found = readdirSync(p.out, { recursive: true, encoding: 'utf8' }).find((rel) => rel.endsWith('pets.client.ts'));
  if (found === undefined) throw new Error('no pets.client.ts in the previous generation');
  return found;
};
/** A Unix socket bound (and left) at `rel` in the output root, by Python (Node unlinks its sockets on close). */
const socket = (rel: string) => (p: Project) => {
  execFileSync('python3', ['-c', 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])', path.join(p.out, rel)]);
  if (!lstatSync(path.join(p.out, rel)).isSocket()) throw new Error('no socket made');
};
const noSocket = () => (process.platform === 'win32' || !existsSync('/usr/bin/python3') ? 'no python3 to bind a socket' : undefined);

/** Output roots, config typos and plugin paths. */
export const CONFIG_CASES: HostileCase[] = [
  { name: 'output-home', args: into((p) => p.home), code: UNSAFE, status: 2, says: /home folder/ },
  { name: 'output-home-through-symlink', setup: (p) => symlinkSync(p.home, path.join(p.project, 'homelink')), args: into((p) => path.join(p.project, 'homelink')), code: UNSAFE, status: 2 },
  { name: 'output-holds-home', args: into((p) => p.root), code: UNSAFE, status: 2 },
  { name: 'output-file-system-root', args: (p) => ['check', p.contract, '--output', path.parse(p.root).root, '--json'], code: UNSAFE, status: 2, says: /file system's root/ },
  { name: 'output-contract-folder', args: into((p) => p.api), code: UNSAFE, status: 2, says: /holds the contract/ },
  { name: 'output-contract-ancestor', args: into((p) => `${p.api}/..`), code: UNSAFE, status: 2 },
  { name: 'output-holds-contract-file', setup: (p) => put(path.join(p.out, 'openapi.yaml'), 'openapi: 3.1.0\n'), args: (p) => ['generate', path.join(p.out, 'openapi.yaml'), '--output', p.out, '--json'], code: UNSAFE, status: 2 },
  { name: 'output-config-folder', setup: config("output: '.'"), args: withConfig, code: UNSAFE, status: 2, says: /holds the config/ },
  { name: 'output-config-parent', setup: config("output: '..'"), args: withConfig, code: UNSAFE, status: 2 },
  { name: 'output-is-a-file', setup: (p) => put(path.join(p.project, 'api.ts'), 'export {};\n'), args: into((p) => path.join(p.project, 'api.ts')), code: 'RSL_OUTPUT_NOT_DIRECTORY', status: 2 },
  {
    name: 'output-shared-by-two-runs',
    setup: (p) => configFile(p, "[{ input: './api/openapi.yaml', output: './out' }, { input: './api/openapi.yaml', output: './out/inner' }]"),
    args: withConfig,
    code: 'RSL_OUTPUT_CONFLICT',
    status: 2,
  },
  // Entries that are neither files nor folders are never opened (a FIFO would hang the run): reported and carried over.
  { name: 'output-fifo-carried-over', setup: fifo('pipe'), code: null, status: 0, says: SPECIAL, after: (p) => expect(lstatSync(path.join(p.out, 'pipe')).isFIFO()).toBe(true), skip: noFifo },
  {
    name: 'output-fifo-at-a-generated-path',
    setup: fifo(CLIENT),
    code: null,
    status: 0,
    says: SPECIAL,
    after: (p) => expect(readFileSync(path.join(p.out, CLIENT(p)), 'utf8')).toMatch(/export /),
    skip: noFifo,
  },
  { name: 'check-fifo-at-a-generated-path', setup: fifo(CLIENT), args: (p) => ['check', p.contract, '--output', p.out, '--json'], code: null, status: 1, says: SPECIAL, skip: noFifo },
  { name: 'output-socket-carried-over', setup: socket('sock'), code: null, status: 0, says: SPECIAL, skip: noSocket },
  { name: 'config-typo-ouptut', setup: config("ouptut: './elsewhere'"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /`ouptut`.*did you mean `output`/ },
  { name: 'config-typo-plugin', setup: config("output: './out', plugin: []"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /did you mean `plugins`/ },
  { name: 'config-typo-allow-remote-ref', setup: config("output: './out', allowRemoteRef: true"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /did you mean `allowRemoteRefs`/ },
  { name: 'config-typo-srcdir', setup: config("output: { root: './out', srcdir: 'lib' }"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /did you mean `output\.srcDir`/ },
  { name: 'config-unknown-field-far-from-any', setup: config("output: './out', colour: 'blue'"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /`colour` is not a config option/ },
  { name: 'config-refroots-not-a-list', setup: config("output: './out', refRoots: './shared'"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /refRoots/ },
  { name: 'config-max-input-size-negative', setup: config("output: './out', maxInputSize: -1"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2, says: /maxInputSize/ },
  { name: 'config-srcdir-leaves-root', setup: config("output: { root: './out', srcDir: '../x' }"), args: withConfig, code: 'RSL_CONFIG_INVALID', status: 2 },
  { name: 'plugin-emits-spare-folder', setup: emitting('.reslayer-spare/x.ts'), args: withConfig, code: 'RSL_PLUGIN_FAILED', status: 2, says: /uses a name reserved for reslayer's own files/ },
  { name: 'plugin-emits-manifest', setup: emitting('.reslayer-manifest.json'), args: withConfig, code: 'RSL_PLUGIN_FAILED', status: 2, says: /uses a name reserved for reslayer's own files/ },
  { name: 'plugin-emits-staging-other-case', setup: emitting('a/.Reslayer-Staging/x.ts'), args: withConfig, code: 'RSL_PLUGIN_FAILED', status: 2, says: /uses a name reserved for reslayer's own files/ },
  { name: 'plugin-emits-parent', setup: emitting('../escape.ts'), args: withConfig, code: 'RSL_PLUGIN_FAILED', status: 2, says: /is not a plain relative path inside the output root/ },
  { name: 'plugin-emits-absolute', setup: emitting('/tmp/escape.ts'), args: withConfig, code: 'RSL_PLUGIN_FAILED', status: 2, says: /is not a plain relative path inside the output root/ },
];
