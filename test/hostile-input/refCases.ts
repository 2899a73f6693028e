// Hostile-input cases about the files a run reads: `$ref`s that leave the contract's tree, special files,
// sizes, and the contract file itself.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFile, petContract, put, withConfig, noFifo, type HostileCase, type Project } from './harness.js';

/** The contract with `Pet.properties.extra` set to a `$ref` to the target (quoted as YAML). */
const refTo = (target: string) => (p: Project) => put(p.contract, petContract(`{ $ref: ${JSON.stringify(target)} }`));

const noDev = (file: string) => () => (existsSync(file) ? undefined : `no ${file}`);

const OUTSIDE = 'RSL_REF_OUTSIDE_ROOT';

/** `$ref`s that point outside the contract's folder, special files and size limits. */
export const REF_CASES: HostileCase[] = [
  { name: 'ref-absolute-etc-hostname', setup: refTo('/etc/hostname'), code: OUTSIDE, status: 2, says: /\/etc\/hostname.*outside/ },
  { name: 'ref-dotdot-etc-passwd', setup: refTo('../../../../../../../../../../etc/passwd'), code: OUTSIDE, status: 2 },
  { name: 'ref-file-url-etc-passwd', setup: refTo('file:///etc/passwd'), code: OUTSIDE, status: 2 },
  { name: 'ref-proc-environ', setup: refTo('/proc/self/environ'), code: OUTSIDE, status: 2 },
  { name: 'ref-secret-absolute', setup: (p) => refTo(p.secretFile)(p), code: OUTSIDE, status: 2 },
  { name: 'ref-secret-relative', setup: refTo('../../secret/secret.yaml'), code: OUTSIDE, status: 2 },
  { name: 'ref-secret-percent-encoded', setup: refTo('%2e%2e/%2e%2e/secret/secret.yaml'), code: OUTSIDE, status: 2 },
  { name: 'ref-dotenv-beside-project', setup: refTo('../.env'), code: OUTSIDE, status: 2 },
  { name: 'ref-ssh-key-in-home', setup: (p) => refTo(path.join(p.home, '.ssh/id_rsa'))(p), code: OUTSIDE, status: 2 },
  {
    name: 'ref-symlink-file-out',
    setup: (p) => {
      symlinkSync(p.secretFile, path.join(p.api, 'innocent.yaml'));
      refTo('./innocent.yaml')(p);
    },
    code: OUTSIDE,
    status: 2,
  },
  {
    name: 'ref-symlink-folder-out',
    setup: (p) => {
      symlinkSync(path.dirname(p.secretFile), path.join(p.api, 'shared'));
      refTo('./shared/secret.yaml')(p);
    },
    code: OUTSIDE,
    status: 2,
  },
  {
    name: 'ref-nested-file-leaves',
    setup: (p) => {
      put(path.join(p.api, 'schemas/extra.yaml'), "type: object\nproperties:\n  leak: { $ref: '../../../secret/secret.yaml' }\n");
      refTo('./schemas/extra.yaml')(p);
    },
    code: OUTSIDE,
    status: 2,
  },
  {
    name: 'ref-inside-folder-ok',
    setup: (p) => {
      put(path.join(p.api, 'schemas/extra.yaml'), 'type: object\nproperties:\n  note: { type: string }\n');
      refTo('./schemas/extra.yaml')(p);
    },
    code: null,
    status: 0,
  },
  {
    name: 'ref-refroots-allows-shared',
    setup: (p) => {
      put(path.join(p.project, 'shared/extra.yaml'), 'type: object\nproperties:\n  note: { type: string }\n');
      refTo('../shared/extra.yaml')(p);
      configFile(p, "{ input: './api/openapi.yaml', output: './out', refRoots: ['./shared'] }");
    },
    args: withConfig,
    code: null,
    status: 0,
  },
  {
    name: 'ref-refroots-not-wider',
    setup: (p) => {
      put(path.join(p.project, 'shared/extra.yaml'), 'type: string\n');
      refTo('../.env')(p);
      configFile(p, "{ input: './api/openapi.yaml', output: './out', refRoots: ['./shared'] }");
    },
    args: withConfig,
    code: OUTSIDE,
    status: 2,
  },
  { name: 'ref-dev-zero', setup: refTo('/dev/zero'), code: OUTSIDE, status: 2, skip: noDev('/dev/zero') },
  {
    name: 'ref-dev-zero-inside-a-root',
    setup: (p) => {
      refTo('/dev/zero')(p);
      configFile(p, "{ input: './api/openapi.yaml', output: './out', refRoots: ['/dev'] }");
    },
    args: withConfig,
    // A device has no contract document's extension: refused by name, before it is stat'ed.
    code: 'RSL_REF_OUTSIDE_ROOT',
    status: 2,
    says: /not a contract document/,
    skip: noDev('/dev/zero'),
  },
  {
    name: 'ref-fifo-inside-folder',
    setup: (p) => {
      execFileSync('mkfifo', [path.join(p.api, 'pipe.yaml')]);
      refTo('./pipe.yaml')(p);
    },
    code: 'RSL_REF_UNRESOLVED',
    status: 2,
    says: /not a regular file/,
    skip: noFifo,
  },
  {
    name: 'ref-folder',
    setup: (p) => {
      mkdirSync(path.join(p.api, 'schemas.yaml'));
      refTo('./schemas.yaml')(p);
    },
    code: 'RSL_REF_UNRESOLVED',
    status: 2,
  },
  {
    name: 'ref-over-size-limit',
    setup: (p) => {
      put(path.join(p.api, 'big.yaml'), `type: string\ndescription: ${'x'.repeat(5000)}\n`);
      refTo('./big.yaml')(p);
      configFile(p, "{ input: './api/openapi.yaml', output: './out', maxInputSize: 4096 }");
    },
    args: withConfig,
    code: 'RSL_INPUT_TOO_LARGE',
    status: 2,
  },
  {
    name: 'ref-sparse-file-over-default-limit',
    setup: (p) => {
      writeFileSync(path.join(p.api, 'huge.yaml'), '');
      truncateSync(path.join(p.api, 'huge.yaml'), 200 * 1024 * 1024);
      refTo('./huge.yaml')(p);
    },
    code: 'RSL_INPUT_TOO_LARGE',
    status: 2,
  },
  { name: 'ref-missing-file', setup: refTo('./nope.yaml'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  { name: 'ref-remote-not-allowed', setup: refTo('http://127.0.0.1:9/x.yaml'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  { name: 'ref-internal-dangling', setup: refTo('#/components/schemas/Missing'), code: 'RSL_REF_UNRESOLVED', status: 2 },
  {
    name: 'entry-over-size-limit',
    setup: (p) => configFile(p, "{ input: './api/openapi.yaml', output: './out', maxInputSize: 100 }"),
    args: withConfig,
    code: 'RSL_INPUT_TOO_LARGE',
    status: 2,
  },
  {
    name: 'entry-fifo',
    setup: (p) => execFileSync('mkfifo', [path.join(p.api, 'pipe.yaml')]),
    args: (p) => ['generate', path.join(p.api, 'pipe.yaml'), '--output', p.out, '--json'],
    code: 'RSL_INPUT_NOT_FOUND',
    status: 2,
    skip: noFifo,
  },
  { name: 'entry-dev-zero', args: (p) => ['generate', '/dev/zero', '--output', p.out, '--json'], code: 'RSL_INPUT_NOT_FOUND', status: 2, skip: noDev('/dev/zero') },
  { name: 'entry-folder', args: (p) => ['generate', p.api, '--output', p.out, '--json'], code: 'RSL_INPUT_NOT_FOUND', status: 2 },
  { name: 'entry-missing', args: (p) => ['generate', path.join(p.api, 'nope.yaml'), '--output', p.out, '--json'], code: 'RSL_INPUT_NOT_FOUND', status: 2 },
];
