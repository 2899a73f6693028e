// The opt-in formatter step (`format: 'prettier' | 'biome'`) through the built CLI on the demo contract: the output
// is what the project's formatter (resolved from the config's folder, here the repository's devDependencies) makes
// of it with the project's formatter config, `check` reports drift 0 on it, and a missing or failing formatter is
// a coded error that writes nothing. Projects under `.fixtures-out/` (inside the repository, so the formatters
// resolve) and under the OS temp folder (outside it, so none does).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli } from './helpers/cli.js';
import { demoProject, writeDemoConfig } from './helpers/demoProject.js';
import { OUT_BASE, ROOT } from './helpers/paths.js';

const CLIENT = 'generated/src/shared/api/generated/contacts/contacts.client.ts';
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project folder with the demo contract, a config with `format`, and the formatter config files given. */
function project(dir: string, format: string, files: Record<string, string> = {}): string {
  demoProject(dir, made);
  const config = writeDemoConfig(dir, { extra: `format: ${format}` });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return config;
}

const FORMATTERS = [
  {
    name: 'prettier',
    files: { '.prettierrc': JSON.stringify({ singleQuote: false, printWidth: 90, semi: true }) },
    // The project's own check of the output: exit 0 when every file is formatted.
    verify: (dir: string) => spawnSync(process.execPath, [path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', 'generated'], { cwd: dir, encoding: 'utf8' }),
    quote: '"',
  },
  {
    name: 'biome',
    files: { 'biome.json': JSON.stringify({ formatter: { indentStyle: 'space', lineWidth: 90 }, javascript: { formatter: { quoteStyle: 'double' } } }) },
    verify: (dir: string) => spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'format', 'generated'], { cwd: dir, encoding: 'utf8' }),
    quote: '"',
  },
];

describe.each(FORMATTERS)("format: '$name'", ({ name, files, verify, quote }) => {
  const dir = path.join(OUT_BASE, `format-${name}`);
  let config: string;
  beforeAll(() => {
    config = project(dir, `'${name}'`, files);
  });

  it('generate writes the output as the formatter formats it, with the project config', () => {
    const r = runCli(['generate', '--config', config, '--json'], { timeoutMs: 240_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const client = readFileSync(path.join(dir, CLIENT), 'utf8');
    // The generator writes single quotes; the project's config asks for double ones.
    expect(client).toContain(`} from ${quote}@reslayer/runtime${quote};`);
    expect(client).not.toContain("'@reslayer/runtime'");
    const v = verify(dir);
    expect({ status: v.status, stderr: v.stderr.includes('rror') ? v.stderr : '' }).toEqual({ status: 0, stderr: '' });
  });

  it("a change to the formatter's own config is a cache miss: generate formats again, never a stale hit", () => {
    const first = readFileSync(path.join(dir, CLIENT), 'utf8');
    const [file, text] = Object.entries(files)[0] as [string, string];
    writeFileSync(path.join(dir, file), text.replaceAll('double', 'single').replace('"singleQuote":false', '"singleQuote":true'));
    const r = runCli(['generate', '--config', config, '--json'], { timeoutMs: 240_000 });
    const out = JSON.parse(r.stdout) as { cache: string };
    expect({ status: r.status, cache: out.cache }).toEqual({ status: 0, cache: 'miss' });
    const client = readFileSync(path.join(dir, CLIENT), 'utf8');
    expect(client).toContain("} from '@reslayer/runtime';");
    expect(client).not.toBe(first);
    writeFileSync(path.join(dir, file), text);
    expect(runCli(['generate', '--config', config], { timeoutMs: 240_000 }).status).toBe(0);
  });

  it('check (the whole pipeline, no cache) compares formatted output: drift 0', () => {
    const r = runCli(['check', '--config', config, '--json', '--no-cache'], { timeoutMs: 240_000 });
    const out = JSON.parse(r.stdout) as { drift: unknown[] | number; ok: boolean; files: number };
    expect({ status: r.status, drift: out.drift, ok: out.ok, files: out.files }).toEqual({ status: 0, drift: 0, ok: true, files: 93 });
  });
});

describe("format: 'biome' without a biome.json of the project's", () => {
  it("formats with biome's defaults (tabs), in one biome process over the output", () => {
    const dir = path.join(OUT_BASE, 'format-biome-defaults');
    const config = project(dir, "'biome'");
    const r = runCli(['generate', '--config', config, '--json'], { timeoutMs: 240_000 });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(readFileSync(path.join(dir, CLIENT), 'utf8')).toMatch(/^import \{\n\tdefaultClient,$/m);
  });
});

describe('a formatter that is missing or fails: a coded error, nothing written', () => {
  it.each(['prettier', 'biome'])("format: '%s' in a project that has not installed it is RSL_FORMATTER_MISSING with an install hint", (name) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reslayer-format-'));
    const config = project(dir, `'${name}'`);
    const r = runCli(['generate', '--config', config]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('RSL_FORMATTER_MISSING');
    expect(r.stderr).toMatch(/npm install --save-dev (prettier|@biomejs\/biome)/);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('a formatter config the formatter rejects is RSL_FORMAT_FAILED naming the file', () => {
    const dir = path.join(OUT_BASE, 'format-broken');
    const config = project(dir, "'prettier'", { '.prettierrc': JSON.stringify({ parser: 'no-such-parser' }) });
    const r = runCli(['generate', '--config', config]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/RSL_FORMAT_FAILED: prettier failed on src\/\S+\.ts: /);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });
});
