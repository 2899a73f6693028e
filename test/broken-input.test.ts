// Broken input through the built CLI (`pnpm build` first): each contract under fixtures/openapi/invalid
// (and a missing file) must give a clear message naming the file, the documented exit code, and write
// nothing — neither into a fresh output folder nor over an existing generation.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generate, listFiles, outDirOf, runCli, snapshotTree, type CliRun, type GenerateJson } from './helpers/cli.js';
import { fixture } from './helpers/paths.js';
import { FULL_INCLUDE, typecheck } from './helpers/typecheck.js';

interface InputError {
  /** Fixture under fixtures/openapi/invalid. */
  file: string;
  code: string;
  /** `line:column` the message must name after the file, for syntax errors. */
  at?: string;
  /** More text the message must hold. */
  says: RegExp;
  /** More files the message must name. */
  names?: string[];
}

/** Input errors: exit 2, `reslayer: error RSL_X: <file>[:line:col]: …` on stderr, nothing written. */
const INPUT_ERRORS: InputError[] = [
  { file: 'missing.yaml', code: 'RSL_INPUT_NOT_FOUND', says: /cannot read the contract \(ENOENT/ },
  { file: 'empty.yaml', code: 'RSL_INPUT_EMPTY', says: /the contract file is empty/ },
  { file: 'whitespace.yaml', code: 'RSL_INPUT_EMPTY', says: /the contract file is empty/ },
  { file: 'malformed.yaml', code: 'RSL_INPUT_SYNTAX', at: '10:1', says: /invalid YAML: unexpected end of the stream within a flow collection/ },
  { file: 'malformed.json', code: 'RSL_INPUT_SYNTAX', at: '5:71', says: /invalid JSON: Expected double-quoted property name/ },
  { file: 'root-list.yaml', code: 'RSL_NOT_OPENAPI', says: /the document root is not an object/ },
  { file: 'root-string.yaml', code: 'RSL_NOT_OPENAPI', says: /the document root is not an object/ },
  { file: 'not-openapi.json', code: 'RSL_NOT_OPENAPI', says: /no "openapi" version field at the root/ },
  { file: 'openapi-4.yaml', code: 'RSL_UNSUPPORTED_VERSION', says: /OpenAPI version 4\.0\.0 is not supported/ },
  {
    file: 'ref-external-missing.yaml',
    code: 'RSL_REF_UNRESOLVED',
    says: /cannot resolve a \$ref: .*ENOENT/,
    names: [fixture('invalid/schemas/does-not-exist.yaml')],
  },
  { file: 'ref-remote.yaml', code: 'RSL_REF_UNRESOLVED', says: /a remote \$ref is not fetched unless the config sets allowRemoteRefs: .*http:\/\/127\.0\.0\.1:9\/x\.yaml/ },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const caseName = (file: string, variant: string) => `broken-${file.replace(/[^a-z0-9]+/gi, '-')}-${variant}`;

/** A previous, valid generation to run the broken inputs over. */
let previous: string;
beforeAll(() => {
  const g = generate('broken-previous', fixture('3.1/webhooks-only.yaml'));
  expect(g.run.status).toBe(0);
  previous = g.outDir;
});

function expectNoHang(run: CliRun): void {
  expect({ timedOut: run.timedOut, signal: run.signal }).toEqual({ timedOut: false, signal: null });
}

describe.each(INPUT_ERRORS)('broken input $file', (c) => {
  const contract = fixture(path.join('invalid', c.file));

  it(`exits 2 with ${c.code} naming the file${c.at ? ` at ${c.at}` : ''}, and creates no output folder`, () => {
    if (c.file === 'missing.yaml') expect(existsSync(contract)).toBe(false);
    const out = outDirOf(caseName(c.file, 'fresh'));
    rmSync(out, { recursive: true, force: true });
    const run = runCli(['generate', contract, '--output', out]);
    expectNoHang(run);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const [first = '', second = ''] = run.stderr.split('\n');
    expect(first).toMatch(new RegExp(`^reslayer: error ${c.code}: ${escape(contract)}${c.at ? `:${escape(c.at)}` : ''}: `));
    expect(first).toMatch(c.says);
    for (const name of c.names ?? []) expect(run.stderr).toContain(name);
    if (c.at) expect(second).toBe('  hint: Fix the syntax error at the given line and column.');
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace without RESLAYER_DEBUG
    expect(existsSync(out)).toBe(false);
  });

  it('with --json: stdout has only { ok: false, error }, and an existing generation is left exactly as it was', () => {
    const out = outDirOf(caseName(c.file, 'existing'));
    rmSync(out, { recursive: true, force: true });
    cpSync(previous, out, { recursive: true });
    const before = snapshotTree(out);
    expect(listFiles(out).length).toBeGreaterThan(1);
    const run = runCli(['generate', contract, '--output', out, '--json']);
    expectNoHang(run);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ ok: false, error: { code: c.code, message: expect.stringMatching(new RegExp(`^${escape(contract)}`)), hint: expect.any(String) } });
    expect(run.stderr).toMatch(new RegExp(`^reslayer: error ${c.code}: ${escape(contract)}`));
    expect(snapshotTree(out)).toBe(before);
  });
});

describe('broken input ref-internal-unresolved.yaml', () => {
  const contract = fixture('invalid/ref-internal-unresolved.yaml');
  const pointer = '#/paths/~1items/get/responses/200/content/application~1json/schema';

  // An internal $ref that leads nowhere is broken input like any other: exit 2, the file and the
  // JSON pointer named, nothing written.
  it('exits 2 naming the file, the dangling $ref and its JSON pointer, and creates no output folder', () => {
    const out = outDirOf('broken-ref-internal-fresh');
    rmSync(out, { recursive: true, force: true });
    const run = runCli(['generate', contract, '--output', out]);
    expectNoHang(run);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^reslayer: error RSL_REF_UNRESOLVED: ${escape(contract)}`));
    expect(run.stderr).toContain('$ref "#/components/schemas/Missing" does not resolve');
    expect(run.stderr).toContain(pointer);
    expect(existsSync(out)).toBe(false);
  });

  it('an existing generation is left as it was', () => {
    const out = outDirOf('broken-ref-internal-existing');
    rmSync(out, { recursive: true, force: true });
    cpSync(previous, out, { recursive: true });
    const before = snapshotTree(out);
    const run = runCli(['generate', contract, '--output', out, '--json']);
    expectNoHang(run);
    expect(run.status).toBe(2);
    expect(snapshotTree(out)).toBe(before);
  });
});

describe('broken input ref-circular.yaml (A: $ref B, B: $ref A)', () => {
  const contract = fixture('invalid/ref-circular.yaml');

  it('lint and inspect finish quickly without crashing', () => {
    for (const command of ['lint', 'inspect']) {
      const run = runCli([command, contract, '--json'], { timeoutMs: 30_000 });
      expectNoHang(run);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    }
  });

  it('generate does not hang or crash: exit 0, the cycle is cut (B typed unknown) with a warning, and the output type-checks', () => {
    const out = outDirOf('broken-ref-circular');
    rmSync(out, { recursive: true, force: true });
    const run = runCli(['generate', contract, '--output', out, '--json'], { timeoutMs: 30_000 });
    expectNoHang(run);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as GenerateJson;
    expect(json.diagnostics.map((d) => [d.severity, d.code, d.location, d.plugin])).toEqual([
      ['warning', 'RSL_SCHEMA_UNSUPPORTED', '#/components/schemas/B', 'plugin-client'],
    ]);
    const components = readFileSync(path.join(out, 'src/shared/api/generated/components.types.ts'), 'utf8');
    expect(components).toContain('export type A = B;\n');
    expect(components).toContain('export type B = unknown;\n');
    const r = typecheck(out, { include: FULL_INCLUDE });
    expect({ tsc59: r.tsc59, tsc7: r.tsc7 }).toEqual({ tsc59: [], tsc7: [] });
  });
});
