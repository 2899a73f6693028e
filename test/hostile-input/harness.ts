// The harness of the hostile-input suite: each case runs the built CLI (`pnpm build` first) in a fresh
// temporary folder that holds a fake home, a planted secret outside the project, a project with a contract
// and a previous generation in its output root. It checks the exit status and code, that nothing outside the
// output root changed (nothing at all when the run fails), and that no byte of the secret reached the output
// or the CLI's own output.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { runCli, type CliRun } from '../utils/cli.js';

/** The folders and files of one case. */
export interface Project {
  /** The case's temporary folder: everything below must stay as it was, but the output root on success. */
  root: string;
  /** The fake home folder (`HOME` of the CLI run), with `.ssh/id_rsa` holding the secret. */
  home: string;
  /** The project folder (holds `.env` with the secret, `api/` and `out/`). */
  project: string;
  /** The contract's folder, `project/api`. */
  api: string;
  /** The contract, `project/api/openapi.yaml`. */
  contract: string;
  /** The output root, `project/out`, holding a previous generation. */
  out: string;
  /** `secret/secret.yaml`, outside the project: valid YAML whose description is the secret. */
  secretFile: string;
  /** The planted secret (random per case). */
  secret: string;
}

/** One hostile or broken input. */
export interface HostileCase {
  /** Short kebab-case name (also the temporary folder's prefix). */
  name: string;
  /** Writes what the case needs over the base project. */
  setup?: (p: Project) => void;
  /** Command-line arguments; default `generate <contract> --output <out> --json`. */
  args?: (p: Project) => string[];
  /** The error code expected, or null when the run succeeds. */
  code: string | null;
  /** The exit status expected. */
  status: number;
  /** Text the error message must hold. */
  says?: RegExp;
  /** More checks of the case's folders after the run. */
  after?: (p: Project) => void;
  /** Why the case cannot run on this platform, if it cannot. */
  skip?: () => string | undefined;
  /** More files (relative to the case folder) the setup planted the secret in. */
  planted?: readonly string[];
  /** Paths outside the output root that the run may change (a stale lock it takes over); left out of the comparisons. */
  changes?: (p: Project) => string[];
  /** More environment of the CLI run (besides `HOME`). */
  env?: (p: Project) => Record<string, string>;
  /** Run as this user (uid and gid): the case folder is given to it before `setup` (needs root). */
  user?: number;
}

/**
 * The base contract: one CRUD resource whose `Pet` schema has an `extra` property, given by the case.
 * @param extra the YAML flow value of `Pet.properties.extra` (default `{ type: string }`)
 */
export function petContract(extra = '{ type: string }'): string {
  const body = "content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }";
  return [
    'openapi: 3.1.0',
    'info: { title: Pets, version: 1.0.0 }',
    'paths:',
    '  /pets:',
    `    get: { operationId: listPets, responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } } } }`,
    `    post: { operationId: createPet, requestBody: { required: true, ${body} }, responses: { '201': { description: created, ${body} } } }`,
    '  /pets/{petId}:',
    '    parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]',
    `    get: { operationId: getPet, responses: { '200': { description: ok, ${body} } } }`,
    `    delete: { operationId: deletePet, responses: { '204': { description: deleted } } }`,
    'components:',
    '  schemas:',
    `    Pet: { type: object, required: [id], properties: { id: { type: string }, name: { type: string }, extra: ${extra} } }`,
    '',
  ].join('\n');
}

/**
 * A file, creating its folders.
 * @param file absolute path
 * @param contents text or bytes
 */
export function put(file: string, contents: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, contents);
}

/** Why FIFOs cannot be made here (for a case's `skip`), or undefined. */
export const noFifo = (): string | undefined => (process.platform === 'win32' || !existsSync('/usr/bin/mkfifo') ? 'no mkfifo' : undefined);

/** A config file in the project folder (plain object: no import resolves from a temporary folder). */
export const configFile = (p: Project, body: string, name = 'generator.config.mjs'): string => {
  const file = path.join(p.project, name);
  put(file, `export default ${body};\n`);
  return file;
};

/** `generate --config <project>/generator.config.mjs --json`. */
export const withConfig = (p: Project) => ['generate', '--config', path.join(p.project, 'generator.config.mjs'), '--json'];

/** The temporary folders of the cases of one test file, removed by {@link cleanUp}. */
const made: string[] = [];

/**
 * A fresh case folder with the base project; its output root is a copy of `previous` when given.
 * @param name case name
 * @param previous an output root to copy into `project/out`
 */
export function makeProject(name: string, previous?: string): Project {
  const root = mkdtempSync(path.join(os.tmpdir(), `rsl-hostile-${name}-`));
  made.push(root);
  const secret = `RSLSECRET${randomBytes(12).toString('hex')}`;
  const p: Project = {
    root,
    home: path.join(root, 'home'),
    project: path.join(root, 'project'),
    api: path.join(root, 'project/api'),
    contract: path.join(root, 'project/api/openapi.yaml'),
    out: path.join(root, 'project/out'),
    secretFile: path.join(root, 'secret/secret.yaml'),
    secret,
  };
  put(path.join(p.home, '.ssh/id_rsa'), `-----BEGIN KEY-----\n${secret}\n`);
  put(p.secretFile, `type: string\ndescription: ${secret}\n`);
  put(path.join(p.project, '.env'), `TOKEN=${secret}\n`);
  put(p.contract, petContract());
  if (previous) cpSync(previous, p.out, { recursive: true });
  return p;
}

/** Removes every folder {@link makeProject} made in this test file. */
export function cleanUp(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A snapshot of a tree that sees every change: each entry's type, mode and inode; a file's size, mtime and
 * sha256; a link's target. Links are not followed and special files are not opened.
 * @param dir folder
 * @param skip absolute paths left out with everything below them
 */
export function treeState(dir: string, skip: readonly string[] = []): string {
  if (!existsSync(dir)) return 'missing';
  const lines: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (skip.includes(p)) continue;
      const s = lstatSync(p);
      const head = `${path.relative(dir, p)} ${s.mode.toString(8)} ${s.ino}`;
      if (s.isDirectory()) {
        lines.push(`${head}/`);
        walk(p);
      } else if (s.isFile()) lines.push(`${head} ${s.size} ${s.mtimeMs} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
      else if (s.isSymbolicLink()) lines.push(`${head} -> ${readlinkSync(p)}`);
      else lines.push(`${head} special`);
    }
  };
  walk(dir);
  return lines.join('\n');
}

/**
 * Files under a folder whose bytes hold the text (links not followed, special files not opened).
 * @param dir folder (may be missing)
 * @param text what to look for
 */
export function filesHolding(dir: string, text: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const needle = Buffer.from(text);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesHolding(p, text));
    else if (entry.isFile() && readFileSync(p).includes(needle)) found.push(p);
  }
  return found;
}

/** What one case's run did. */
export interface Outcome {
  run: CliRun;
  /** The error code printed (`--json`'s `error.code`, else the `reslayer: error RSL_…` line), or null. */
  code: string | null;
  /** Milliseconds the run took. */
  ms: number;
  /** The case folder before and after (all of it), and without the output root. */
  before: { all: string; outside: string };
  after: { all: string; outside: string };
}

/**
 * Runs a case in a fresh project.
 * @param c the case
 * @param previous the output root to copy into the project first
 */
export function runCase(c: HostileCase, previous: string): { p: Project; outcome: Outcome } {
  const p = makeProject(c.name, previous);
  if (c.user !== undefined) execFileSync('chown', ['-R', `${c.user}:${c.user}`, p.root]);
  c.setup?.(p);
  const changes = c.changes?.(p) ?? [];
  const state = () => ({ all: treeState(p.root, changes), outside: treeState(p.root, [p.out, ...changes]) });
  const before = state();
  const args = c.args ? c.args(p) : ['generate', p.contract, '--output', p.out, '--json'];
  const started = Date.now();
  const run = runCli(args, { cwd: p.project, env: { HOME: p.home, ...c.env?.(p) }, timeoutMs: 45_000, ...(c.user !== undefined ? { uid: c.user } : {}) });
  const ms = Date.now() - started;
  return { p, outcome: { run, code: errorCode(run), ms, before, after: state() } };
}

/** The code of the error a run printed, from `--json` output or from stderr. */
function errorCode(run: CliRun): string | null {
  try {
    const json = JSON.parse(run.stdout) as { error?: { code?: string | null } };
    if (json.error) return json.error.code ?? null;
  } catch {
    // Not JSON: read stderr.
  }
  return /reslayer: error (RSL_[A-Z0-9_]+):/.exec(run.stderr)?.[1] ?? null;
}

/**
 * Declares the tests of a table of cases: exit status and code, the case folder untouched outside the output
 * root (and inside it when the run fails), and the secret nowhere in the output or in what the CLI printed.
 * @param title describe block title
 * @param cases the table
 */
export function describeCases(title: string, cases: readonly HostileCase[]): void {
  describe(title, () => {
    let previous: string;
    beforeAll(() => {
      const template = makeProject('previous');
      const run = runCli(['generate', template.contract, '--output', template.out, '--json'], { cwd: template.project, env: { HOME: template.home } });
      expect(run.status).toBe(0);
      previous = template.out;
    });
    afterAll(cleanUp);

    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const reason = c.skip?.();
      if (reason !== undefined) {
        console.warn(`hostile case ${c.name} skipped: ${reason}`);
        return;
      }
      const { p, outcome } = runCase(c, previous);
      const { run } = outcome;
      expect({ timedOut: run.timedOut, signal: run.signal }).toEqual({ timedOut: false, signal: null });
      expect({ status: run.status, code: outcome.code }).toEqual({ status: c.status, code: c.code });
      if (c.says) expect(`${run.stdout}\n${run.stderr}`).toMatch(c.says);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      if (c.code !== null) expect(outcome.after.all).toBe(outcome.before.all);
      else expect(outcome.after.outside).toBe(outcome.before.outside);
      expect(`${run.stdout}\n${run.stderr}`).not.toContain(p.secret);
      const planted = ['home/.ssh/id_rsa', 'project/.env', 'secret/secret.yaml', ...(c.planted ?? [])];
      expect(filesHolding(p.root, p.secret).map((f) => path.relative(p.root, f)).sort()).toEqual([...planted].sort());
      c.after?.(p);
    });
  });
}
