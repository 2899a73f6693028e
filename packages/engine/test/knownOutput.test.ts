// The write plan after a miss of the no-change probe: a file whose stat equals the stamp the root's cache record
// holds is compared by sha256 and not read; any other file is read. Whole runs: a changed contract, a file the user
// edited, and a file touched within the racy margin all end with the output the contract describes.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Plugin, type ResolvedConfig, EmitStage, definePlugin, resolveConfig } from '@reslayer/core';
import { check, generate } from '../src/index.js';
import { knownOutput } from '../src/cache/probe.js';
import { type CacheRecord, type Stamp, sha256, stampOf } from '../src/cache/record.js';
import { planOutput } from '../src/output/plan.js';
import { readManifest } from '../src/output/manifest.js';
import { scanRoot } from '../src/output/scan.js';
import { DEMO_CONTRACT } from '../../core/test/paths.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-known-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One file per resource, plus `note.ts` holding `note`: a second config with another note changes one file. */
const emitter = (note: string): Plugin =>
  definePlugin({
    name: 'emitter',
    options: { note },
    apply(hooks) {
      hooks.emit.tap({ name: 'emitter', stage: EmitStage.Client }, (ctx) => {
        for (const r of ctx.model.resources) ctx.files.add({ path: `gen/${r.resource}.ts`, contents: `// ${r.resource}\n`, plugin: 'emitter' });
        ctx.files.add({ path: 'note.ts', contents: `// ${note}\n`, plugin: 'emitter' });
      });
    },
  });
/** The no-change cache on: a build identity and the plugins' modules (none: the plugin is this file's). */
const ON = { buildHash: 'test-build', pluginModules: [] as string[] };
const configFor = (out: string, note: string): ResolvedConfig => resolveConfig({ input: DEMO_CONTRACT, output: out, plugins: [emitter(note)] }, undefined, dir);

/** A record of `texts` as they are on disk under `root` now, with stamps taken long after the files were written. */
function recordOf(root: string, texts: Record<string, string>): CacheRecord {
  const files = Object.keys(texts).sort();
  const stamps: Stamp[] = files.map((rel) => stampOf(statSync(path.join(root, rel)), Date.now() + 10_000));
  return { fingerprint: 'f', inputs: [], summary: { title: 'T', version: '1', resources: 0, diagnostics: [], sections: [] }, manifestSha256: 'm', files, stamps, sha256s: files.map((rel) => sha256(texts[rel] as string)) };
}

describe('the write plan knows recorded files by stamp and digest', () => {
  it('decides a file whose stat equals its recorded stamp by digest alone, and reads any other file', () => {
    const root = mkdtempSync(path.join(dir, 'plan-'));
    // same.ts holds 'x' on disk but the record says 'a' (same size): only a plan that trusts the stamp calls it unchanged.
    const onDisk = { 'same.ts': 'x\n', 'changed.ts': 'b\n', 'racy.ts': 'c\n', 'unrecorded.ts': 'd\n' };
    for (const [rel, text] of Object.entries(onDisk)) writeFileSync(path.join(root, rel), text);
    const record = recordOf(root, { 'same.ts': 'a\n', 'changed.ts': 'b\n', 'racy.ts': 'c\n' });
    // racy.ts: a stamp of size -1 (written within the racy margin) matches no stat, so the file is read.
    record.stamps[record.files.indexOf('racy.ts')] = { ...(record.stamps[record.files.indexOf('racy.ts')] as Stamp), size: -1 };
    const generated = new Map([['same.ts', 'a\n'], ['changed.ts', 'B\n'], ['racy.ts', 'c\n'], ['unrecorded.ts', 'D\n']]);
    const known = knownOutput({ status: 'miss', reason: 'contract changed', record }, generated);
    const { plan } = planOutput(root, generated, scanRoot(root), readManifest(root), known);
    expect(plan.unchanged).toEqual(['racy.ts', 'same.ts']);
    expect(plan.updated).toEqual(['changed.ts', 'unrecorded.ts']);
    // Without the record (--no-cache) every file is read.
    const read = planOutput(root, generated, scanRoot(root), readManifest(root), knownOutput({ status: 'off', reason: '--no-cache' }, generated));
    expect(read.plan.unchanged).toEqual(['racy.ts']);
    expect(read.plan.updated).toEqual(['changed.ts', 'same.ts', 'unrecorded.ts']);
  });

  it('a stat that moved (the user edited a file) makes the plan read it, and the digests it computed feed the next record', async () => {
    const out = path.join(dir, 'runs');
    await generate(configFor(out, 'one'), ON);
    // Runs that miss (another note): the second one knows the files by the first one's record.
    expect((await generate(configFor(out, 'two'), ON)).plan.updated).toEqual(['src/note.ts']);
    writeFileSync(path.join(out, 'src/gen/contacts.ts'), '// edited by hand\n');
    const third = await generate(configFor(out, 'three'), ON);
    expect(third.cache.status).toBe('miss');
    expect(third.plan.updated).toEqual(['src/gen/contacts.ts', 'src/note.ts']);
    expect(readFileSync(path.join(out, 'src/gen/contacts.ts'), 'utf8')).toBe('// contacts\n');
    expect(readFileSync(path.join(out, 'src/note.ts'), 'utf8')).toBe('// three\n');
    // The record the third run wrote holds the right digests: a no-change run hits, and check finds no drift.
    expect((await generate(configFor(out, 'three'), ON)).cache.status).toBe('hit');
    expect((await check(configFor(out, 'three'), { ...ON, skipCache: '--no-cache' })).drift).toEqual([]);
  });
});
