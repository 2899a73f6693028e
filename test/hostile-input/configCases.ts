// Hostile-input cases about the config and the output root: roots the user cannot mean, typos, and plugins
// that emit into the tool's own names or out of the output root.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { configFile, put, withConfig, type HostileCase, type Project } from './harness.js';

/** `generate <contract> --output <dir> --json`. */
const into = (dir: (p: Project) => string) => (p: Project) => ['generate', p.contract, '--output', dir(p), '--json'];
/** A config of the pets contract with more fields (`body` is the object literal's text after `input`). */
const config = (body: string) => (p: Project) => configFile(p, `{ input: './api/openapi.yaml', ${body} }`);
/** A config whose one plugin emits a file at `file`. */
const emitting = (file: string) =>
  config(`output: './out', plugins: [{ name: 'evil', apply(hooks) { hooks.emit.tap('evil', (ctx) => { ctx.files.add({ path: ${JSON.stringify(file)}, contents: 'x', plugin: 'evil' }); }); } }]`);

const UNSAFE = 'RSL_OUTPUT_ROOT_UNSAFE';

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
