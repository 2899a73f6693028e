// The no-change cache of generate and check, through the built CLI (run `pnpm build` first: the cache
// needs packages/engine/dist/buildInfo.json). Its record lives outside the output root.
import { copyFileSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CONTRACT, MARKER, cleanup, listFiles, runCli, runJson, tmpDir, write, writeOwned } from './helpers.js';

interface GenerateJson {
  files: string[];
  created: string[];
  updated: string[];
  unchanged: string[];
  removed: string[];
  diagnostics: unknown[];
  cache: 'hit' | 'miss' | 'off';
  cacheReason?: string;
}

interface CheckJson {
  resources: number;
  files: number;
  diagnostics: number;
  drift: number;
  ok: boolean;
  driftFiles: Array<{ path: string; kind: string }>;
  cache: 'hit' | 'miss' | 'off';
  cacheReason?: string;
}

afterAll(cleanup);

/** Contract files must be older than the racy margin (100 ms) when a run starts, or the run records no cache. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

/** Modification times of the output: the generated files and the manifest. */
const mtimes = (dir: string) => new Map(listFiles(dir).map((f) => [f, statSync(path.join(dir, f), { bigint: true }).mtimeNs] as const));

/** A copy of the demo contract in a fresh folder, and an output root beside it, generated once. */
async function generated(): Promise<{ dir: string; contract: string; out: string; args: string[]; first: GenerateJson }> {
  const dir = tmpDir();
  const contract = path.join(dir, 'openapi.yaml');
  copyFileSync(DEMO_CONTRACT, contract);
  await settle();
  const out = path.join(dir, 'out');
  const args = [contract, '--output', out];
  const first = runJson<GenerateJson>(['generate', ...args]);
  expect(first.status).toBe(0);
  expect(first.json).toMatchObject({ cache: 'miss', cacheReason: 'no cache record for this output root' });
  return { dir, contract, out, args, first: first.json };
}

const check = (args: string[]) => runJson<CheckJson>(['check', ...args]);

describe('no change: generate and check answer from the cache', () => {
  test('a second generate hits, reports every file unchanged and touches no file (manifest included); the profile says so', async () => {
    const { dir, out, args, first } = await generated();
    // The manifest stays deterministic; the record (stat data, fingerprint, summary) is outside the root.
    expect(JSON.parse(readFileSync(path.join(out, '.reslayer-manifest.json'), 'utf8'))).toEqual({ generator: 'reslayer', contract: { title: 'Public CRM Demo API', version: '1.0.0' }, files: first.files });
    expect(listFiles(out)).toEqual(['.reslayer-manifest.json', ...first.files].sort());
    const before = mtimes(out);
    const profile = path.join(dir, 'profile.json');
    const again = runCli(['generate', ...args, '--json'], undefined, { RESLAYER_PROFILE: profile });
    expect(again.status).toBe(0);
    const json = JSON.parse(again.stdout) as GenerateJson;
    expect(json).toMatchObject({ cache: 'hit', created: [], updated: [], removed: [], files: first.files, unchanged: first.files, diagnostics: first.diagnostics });
    expect(json.cacheReason).toBeUndefined();
    expect(mtimes(out)).toEqual(before);
    const p = JSON.parse(readFileSync(profile, 'utf8')) as { cache: string; phases: Array<{ hook: string }>; files: number };
    expect(p).toMatchObject({ cache: 'hit', phases: [{ hook: 'cache', plugin: 'core' }], files: first.files.length });
    expect(runCli(['generate', ...args]).stdout).toContain('nothing changed since the last generate');
  });

  test('check hits with drift 0 and reports what a full run (--no-cache) reports', async () => {
    const { args } = await generated();
    const hit = check(args);
    const full = check([...args, '--no-cache']);
    expect(hit.status).toBe(0);
    expect(hit.json).toMatchObject({ cache: 'hit', drift: 0, ok: true, resources: 6 });
    expect(full.json).toMatchObject({ cache: 'off', cacheReason: '--no-cache' });
    const strip = ({ cache: _c, cacheReason: _r, ...rest }: CheckJson) => rest;
    expect(strip(hit.json)).toEqual(strip(full.json));
    const text = runCli(['check', ...args]);
    expect(text.stdout).toContain('check passed');
    expect(text.stdout).toContain('Nothing changed since the last generate');
  });

  test('--no-cache on generate runs the whole pipeline (and still rewrites no file); --report html always does', async () => {
    const { dir, out, args } = await generated();
    const before = mtimes(out);
    expect(runJson<GenerateJson>(['generate', ...args, '--no-cache']).json).toMatchObject({ cache: 'off', cacheReason: '--no-cache', created: [], updated: [] });
    expect(mtimes(out)).toEqual(before);
    const report = check([...args, '--report', 'html', '--report-file', path.join(dir, 'r.html')]);
    expect(report.json).toMatchObject({ cache: 'off', cacheReason: '--report html needs the model', drift: 0 });
  });
});

describe('what makes it a miss', () => {
  test('a generated file edited without changing its size is drift, even with its modification time put back', async () => {
    const { out, args, first } = await generated();
    const rel = first.files.find((f) => f.endsWith('.client.ts')) ?? '';
    const file = path.join(out, rel);
    const stats = statSync(file);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('export', 'EXPORT'));
    expect(statSync(file).size).toBe(stats.size);
    const edited = check(args);
    expect(edited.status).toBe(1);
    expect(edited.json).toMatchObject({ cache: 'miss', drift: 1, driftFiles: [{ path: rel, kind: 'different' }] });
    utimesSync(file, stats.atime, stats.mtime);
    expect(check(args).json).toMatchObject({ cache: 'miss', driftFiles: [{ path: rel, kind: 'different' }] });
  });

  test('a deleted generated file is drift; a stale generated file is drift; a hand-written file is neither', async () => {
    const { out, args, first } = await generated();
    write(path.join(out, 'src/mine.ts'), `${MARKER} but not listed in the manifest: the user's\nexport const handWritten = true;\n`);
    expect(check(args).json).toMatchObject({ cache: 'hit', drift: 0 });
    const stale = writeOwned(out, 'src/old/old.ts', `${MARKER} from an earlier run\nexport {};\n`);
    expect(check(args).json).toMatchObject({ cache: 'miss', cacheReason: 'the manifest is not the one the record was written with', driftFiles: [{ path: 'src/old/old.ts', kind: 'stale' }] });
    rmSync(stale);
    const gone = first.files[0] ?? '';
    unlinkSync(path.join(out, gone));
    expect(check(args).json).toMatchObject({ cache: 'miss', driftFiles: [{ path: gone, kind: 'missing' }] });
  });

  test('a content change of the contract is a miss; a touch that keeps its bytes is not', async () => {
    const { contract, args } = await generated();
    const later = new Date(Date.now() + 10_000);
    utimesSync(contract, later, later);
    expect(check(args).json).toMatchObject({ cache: 'hit' });
    writeFileSync(contract, readFileSync(contract, 'utf8').replace(/title: .*/, 'title: Renamed CRM'));
    const changed = check(args);
    expect(changed.json).toMatchObject({ cache: 'miss', cacheReason: 'the contract, the config, a plugin, the generator build or Node changed', ok: false });
    expect(changed.json.drift).toBeGreaterThan(0);
    await settle();
    expect(runJson<GenerateJson>(['generate', ...args]).json).toMatchObject({ cache: 'miss' });
    expect(check(args).json).toMatchObject({ cache: 'hit', drift: 0 });
  });
});

describe('plugins and the cache (config mode)', () => {
  /** A config whose one plugin (written in the config, no version) emits `res/<resource>.ts` ending with its `suffix` option. */
  const inlineConfig = (dir: string, suffix: string, comment = '') =>
    write(
      path.join(dir, 'generator.config.ts'),
      `${comment}const options = { suffix: ${JSON.stringify(suffix)} };
export default {
  input: ${JSON.stringify(path.relative(dir, DEMO_CONTRACT).split(path.sep).join('/'))},
  output: './out',
  plugins: [
    {
      name: 'inline-emitter',
      options,
      apply(hooks: any) {
        hooks.emit.tap('inline-emitter', (ctx: any) => {
          for (const r of ctx.model.resources) {
            ctx.files.add({ path: \`res/\${r.resource}.ts\`, contents: \`${MARKER} test\\nexport const name = '\${r.resource}\${options.suffix}';\\n\`, plugin: 'inline-emitter' });
          }
        });
      },
    },
  ],
};
`,
    );

  test('a plugin without a version takes part; changing its option or its code (the config file it is written in) is a miss', () => {
    const dir = tmpDir();
    const config = inlineConfig(dir, 'A');
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'miss' });
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'hit', created: [], updated: [] });
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'hit', drift: 0, files: 6 });
    inlineConfig(dir, 'B');
    const changed = runJson<CheckJson>(['check', '--config', config]);
    expect(changed.json).toMatchObject({ cache: 'miss', cacheReason: 'the contract, the config, a plugin, the generator build or Node changed', drift: 6 });
    inlineConfig(dir, 'A', '// the same plugin, its file edited\n');
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'miss', drift: 0 });
  });

  /** A config that imports its plugin from `plugins/emitter.ts`, which imports its suffix from a helper, `plugins/suffix.ts`. */
  const multiFileConfig = (dir: string, suffix: string) => {
    write(path.join(dir, 'plugins/suffix.ts'), `export const suffix: string = ${JSON.stringify(suffix)};\n`);
    write(
      path.join(dir, 'plugins/emitter.ts'),
      `import { suffix } from './suffix.js';
export const emitter = {
  name: 'helper-emitter',
  apply(hooks: any) {
    hooks.emit.tap('helper-emitter', (ctx: any) => {
      for (const r of ctx.model.resources) ctx.files.add({ path: \`res/\${r.resource}.ts\`, contents: \`${MARKER} test\\nexport const name = '\${r.resource}\${suffix}';\\n\`, plugin: 'helper-emitter' });
    });
  },
};
`,
    );
    return write(
      path.join(dir, 'generator.config.ts'),
      `import { emitter } from './plugins/emitter';
export default { input: ${JSON.stringify(path.relative(dir, DEMO_CONTRACT).split(path.sep).join('/'))}, output: './out', plugins: [emitter] };
`,
    );
  };

  test("a changed helper of a multi-file local plugin is a miss: check reports the drift, generate writes the new output (0 stale hits)", () => {
    const dir = tmpDir();
    const config = multiFileConfig(dir, 'A');
    const contacts = path.join(dir, 'out/src/res/contacts.ts');
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'miss' });
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'hit' });
    expect(readFileSync(contacts, 'utf8')).toContain("'contactsA'");
    multiFileConfig(dir, 'B');
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'miss', ok: false, drift: 6 });
    const regenerated = runJson<GenerateJson>(['generate', '--config', config]).json;
    expect(regenerated).toMatchObject({ cache: 'miss' });
    expect(regenerated.updated).toHaveLength(6);
    expect(readFileSync(contacts, 'utf8')).toContain("'contactsB'");
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'hit', drift: 0 });
  });

  test('a plain-object plugin in its own file: editing that file is a miss', () => {
    const dir = tmpDir();
    const plugin = (suffix: string) =>
      write(
        path.join(dir, 'plain.mjs'),
        `export default { name: 'plain', apply(hooks) { hooks.emit.tap('plain', (ctx) => { ctx.files.add({ path: 'plain.ts', contents: '${MARKER} test\\nexport const s = "${suffix}";\\n', plugin: 'plain' }); }); } };\n`,
      );
    plugin('A');
    const config = write(path.join(dir, 'generator.config.mjs'), `import plain from './plain.mjs';\nexport default { input: ${JSON.stringify(DEMO_CONTRACT)}, output: './out', plugins: [plain] };\n`);
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'miss' });
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'hit', drift: 0 });
    plugin('B');
    expect(runJson<CheckJson>(['check', '--config', config]).json).toMatchObject({ cache: 'miss', drift: 1, driftFiles: [{ path: 'src/plain.ts', kind: 'different' }] });
    expect(runJson<GenerateJson>(['generate', '--config', config]).json).toMatchObject({ cache: 'miss', updated: ['src/plain.ts'] });
  });
});
