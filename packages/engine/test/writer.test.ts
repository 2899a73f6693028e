// The one writer: it changes nothing it does not own and leaves no trace. User files and folders survive a write
// with their bits and owner; FIFOs are never opened; a commit that fails or is killed halfway is rolled back; a
// killed run's leftovers beside the root are repaired; a symbolic link root stays a link.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Plugin, EmitStage, GeneratorError, definePlugin } from '@reslayer/core';
import { type ResolvedConfig, resolveConfig } from '@reslayer/core/host';
import { check, generate } from '../src/index.js';
import { outputPaths } from '../src/output/paths.js';
import { planOutput } from '../src/output/plan.js';
import { readManifest, serializeManifest } from '../src/output/manifest.js';
import { scanRoot } from '../src/output/scan.js';
import { buildStaging } from '../src/output/staging.js';
import { applySteps, dropStaging, recoverJournal } from '../src/output/commit.js';
import { DEMO_CONTRACT } from '../../core/test/paths.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Emits `src/gen/<resource>.ts` per resource, with a version mark so a second config changes every file. */
const emitter = (mark: string, extra: Record<string, string> = {}): Plugin =>
  definePlugin({
    name: 'emitter',
    options: { mark, extra },
    apply(hooks) {
      hooks.emit.tap({ name: 'emitter', stage: EmitStage.Client }, (ctx) => {
        for (const r of ctx.model.resources) ctx.files.add({ path: `gen/${r.resource}.ts`, contents: `// ${mark}\n`, plugin: 'emitter' });
        for (const [p, text] of Object.entries(extra)) ctx.files.add({ path: p, contents: text, plugin: 'emitter' });
      });
    },
  });
const configFor = (out: string, mark: string, extra?: Record<string, string>): ResolvedConfig => resolveConfig({ input: DEMO_CONTRACT, output: out, plugins: [emitter(mark, extra)] }, undefined, dir);
const isRoot = process.getuid?.() === 0;

describe('the writer keeps what it does not own', () => {
  it('keeps user files and folders, with their mode, owner and setgid bit, through a write', async () => {
    const out = path.join(dir, 'keeps');
    await generate(configFor(out, 'v1'));
    mkdirSync(path.join(out, 'private/deep'), { recursive: true });
    writeFileSync(path.join(out, 'private/deep/notes.md'), 'mine\n');
    chmodSync(path.join(out, 'private'), 0o2750);
    mkdirSync(path.join(out, 'empty'));
    chmodSync(path.join(out, 'empty'), 0o700);
    if (isRoot) chownSync(path.join(out, 'private'), 4321, 4321);
    symlinkSync('private/deep/notes.md', path.join(out, 'link.md'));
    chmodSync(out, 0o2775);
    const written = await generate(configFor(out, 'v2'));
    expect(written.plan.updated.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(out, 'private/deep/notes.md'), 'utf8')).toBe('mine\n');
    expect(lstatSync(path.join(out, 'private')).mode & 0o7777).toBe(0o2750);
    expect(lstatSync(path.join(out, 'empty')).mode & 0o7777).toBe(0o700);
    expect(lstatSync(out).mode & 0o7777).toBe(0o2775);
    if (isRoot) expect([lstatSync(path.join(out, 'private')).uid, lstatSync(path.join(out, 'private')).gid]).toEqual([4321, 4321]);
    expect(lstatSync(path.join(out, 'link.md')).isSymbolicLink()).toBe(true);
    expect(written.diagnostics.filter((d) => d.code.startsWith('RSL_OUTPUT'))).toEqual([]);
  });

  it('never opens a FIFO in the root: it is reported, kept, and check does not hang either', async () => {
    const out = path.join(dir, 'fifo');
    await generate(configFor(out, 'v1'));
    execFileSync('mkfifo', [path.join(out, 'pipe')]);
    const written = await generate(configFor(out, 'v2'));
    expect(written.diagnostics.map((d) => [d.code, d.severity])).toContainEqual(['RSL_OUTPUT_SPECIAL_FILE', 'warning']);
    expect(lstatSync(path.join(out, 'pipe')).isFIFO()).toBe(true);
    const checked = await check(configFor(out, 'v2'), { skipCache: 'test' });
    expect(checked.drift).toEqual([]);
    expect(checked.diagnostics.map((d) => d.code)).toContain('RSL_OUTPUT_SPECIAL_FILE');
  });

  it('a commit step that fails rolls back the ones before it, and a kill mid-commit is rolled back by the next run', async () => {
    const out = path.join(dir, 'commit');
    await generate(configFor(out, 'v1'));
    writeFileSync(path.join(out, 'mine.md'), 'mine\n');
    const state = () => readdirSync(out, { recursive: true, encoding: 'utf8' }).sort().map((rel) => {
      const stats = lstatSync(path.join(out, rel));
      return [rel, stats.ino, stats.isFile() ? readFileSync(path.join(out, rel), 'utf8') : 'dir'];
    });
    const before = state();
    const paths = outputPaths({ outputRoot: out });
    const files = new Map([['src/gen/contacts.ts', '// v2\n'], ['src/new/deep/a.ts', '// new\n'], ['top.ts', '// top\n']]);
    const stage = async () => {
      const scan = scanRoot(out);
      const { plan } = planOutput(out, files, scan, readManifest(out));
      expect(plan.removed.length).toBeGreaterThan(0);
      return buildStaging(paths, files, plan, scan, serializeManifest([...files.keys()].sort(), { title: 'T', version: '1' }));
    };
    const staged = await stage();
    expect(staged.steps.map((s) => s.kind)).toEqual(expect.arrayContaining(['put', 'replace', 'take']));
    expect(state()).toEqual(before);
    const broken = [...staged.steps, { kind: 'put' as const, target: path.join(out, 'x'), staged: path.join(paths.staging, 'missing') }];
    expect(() => applySteps(paths.staging, broken)).toThrow(/ENOENT/);
    expect(state()).toEqual(before);
    dropStaging(paths.staging, staged.steps);
    // A kill halfway through the commit: the marker stays with half the steps applied; the repair rolls them back.
    const again = await stage();
    applySteps(paths.staging, again.steps.slice(0, Math.ceil(again.steps.length / 2)));
    writeFileSync(path.join(paths.staging, 'committing'), '');
    expect(state()).not.toEqual(before);
    expect(recoverJournal(paths.staging)).toBe(true);
    expect(state()).toEqual(before);
    expect(existsSync(paths.staging)).toBe(false);
    // A file the user makes where a new generated file goes, after the listing: kept, and the commit rolled back.
    const third = await stage();
    writeFileSync(path.join(out, 'top.ts'), 'mine\n');
    const withMine = state();
    expect(() => applySteps(paths.staging, third.steps)).toThrow(/EEXIST/);
    expect(state()).toEqual(withMine);
    dropStaging(paths.staging, third.steps);
  });

});

describe('the manifest names the contract', () => {
  it('reads back what it wrote; a hostile title cannot break a line or hide text', () => {
    const out = path.join(dir, 'manifest');
    mkdirSync(out, { recursive: true });
    const text = serializeManifest(['a.ts'], { title: 'x\n*/ \u202Eevil\u2028' + 'y'.repeat(300), version: '1\r\n2' });
    writeFileSync(path.join(out, '.reslayer-manifest.json'), text);
    const back = readManifest(out);
    expect(back.files).toEqual(['a.ts']);
    expect(back.contract?.version).toBe('1 2');
    expect(back.contract?.title).toMatch(/^x \*\/ {2}evil y+$/);
    expect(back.contract?.title.length).toBe(200);
    expect(text.split('\n').every((line) => !/[\u202a-\u202e\u2028]/.test(line))).toBe(true);
  });

  it('a manifest of an earlier reslayer (no contract) names none', () => {
    const out = path.join(dir, 'manifest-old');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, '.reslayer-manifest.json'), JSON.stringify({ generator: 'reslayer', files: ['a.ts'] }));
    const back = readManifest(out);
    expect(back.files).toEqual(['a.ts']);
    expect(back.contract).toBeUndefined();
  });
});

describe('the writer on failures and odd roots', () => {
  it('a failing run changes nothing and leaves nothing beside the root', async () => {
    const out = path.join(dir, 'fails');
    await generate(configFor(out, 'v1'));
    const before = readdirSync(out, { recursive: true }).sort();
    const boom: Plugin = definePlugin({ name: 'boom', apply: (hooks) => hooks.emit.tap('boom', () => { throw new Error('kaput'); }) });
    const failing = resolveConfig({ input: DEMO_CONTRACT, output: out, plugins: [emitter('v2'), boom] }, undefined, dir);
    await expect(generate(failing)).rejects.toMatchObject({ code: 'RSL_PLUGIN_FAILED' });
    expect(readdirSync(out, { recursive: true }).sort()).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith('.fails.'))).toEqual([]);
  });

  it('refuses a generated folder that is a symbolic link, and writes into the real folder of a root that is one', async () => {
    const out = path.join(dir, 'linked');
    await generate(configFor(out, 'v1'));
    rmSync(path.join(out, 'src/gen'), { recursive: true });
    symlinkSync(dir, path.join(out, 'src/gen'));
    await expect(generate(configFor(out, 'v2'))).rejects.toMatchObject({ code: 'RSL_OUTPUT_NOT_DIRECTORY' });
    rmSync(path.join(out, 'src/gen'));
    const link = path.join(dir, 'root-link');
    symlinkSync(out, link);
    await generate(configFor(link, 'v2'));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(out, 'src/gen/contacts.ts'), 'utf8')).toBe('// v2\n');
  });

  it("repairs a killed run's leftovers: a previous root without a root is renamed back, a staging folder removed", async () => {
    const out = path.join(dir, 'killed');
    await generate(configFor(out, 'v1'));
    writeFileSync(path.join(out, 'mine.md'), 'mine');
    const paths = outputPaths({ outputRoot: out });
    renameSync(out, paths.previous);
    mkdirSync(paths.staging);
    await expect(check(configFor(out, 'v1'))).rejects.toMatchObject({ code: 'RSL_OUTPUT_MISSING' });
    const repaired = await generate(configFor(out, 'v2'));
    expect(repaired.interrupted).toMatchObject({ rootMissing: true, repaired: true });
    expect(readFileSync(path.join(out, 'mine.md'), 'utf8')).toBe('mine');
    expect([existsSync(paths.previous), existsSync(paths.staging), existsSync(paths.lock)]).toEqual([false, false, false]);
  });

  it('refuses an output root that is a file', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'x');
    const error = await generate(configFor(file, 'v1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_OUTPUT_NOT_DIRECTORY');
    expect(readFileSync(file, 'utf8')).toBe('x');
  });
});
