#!/usr/bin/env node
// Our write path alone, in one process, on the files of a generated output: core's output stream (the
// comparison with the disk, the staging folder, written by its worker thread past the first files) and its
// commit (hard links, manifest, swap, the no-change cache's record with a sha256 and stat per file). The
// files are read first (not timed); the timing runs from opening the stream to the end of the commit, into
// an emptied target folder, as `write-floor.mjs` does for the floor.
//
// Usage: node scripts/lib/write-ours.mjs <generated output folder> <scratch folder>
// Prints one JSON line: { ok, files, bytes, ms }.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readOutputFiles } from './outputFiles.mjs';

const [source, scratch] = process.argv.slice(2);
if (!source || !scratch) {
  process.stderr.write('usage: node scripts/lib/write-ours.mjs <generated output folder> <scratch folder>\n');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { openOutputStream, commitStream } = await import(pathToFileURL(path.join(root, 'packages/core/dist/emit/streamOutput.js')).href);

const from = path.resolve(source);
const files = readOutputFiles(from).map(({ rel, text }) => ({ path: rel, contents: text, plugin: 'bench', kind: 'source' }));
// The record of the generated output supplies a real fingerprint, inputs and summary for ours.
const { fingerprint, inputs, summary } = JSON.parse(readFileSync(path.join(from, '.reslayer-cache.json'), 'utf8'));
const target = path.resolve(scratch, 'ours');
rmSync(target, { recursive: true, force: true });
mkdirSync(path.dirname(target), { recursive: true });
spawnSync('sync');

const start = performance.now();
const location = { outputRoot: target, srcDir: '' };
const stream = await openOutputStream(location, { write: true, withStats: true });
for (const file of files) stream.accept(file);
await commitStream(stream, { cache: { fingerprint, inputs, summary } });
const ms = performance.now() - start;
rmSync(target, { recursive: true, force: true });
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.contents), 0);
process.stdout.write(`${JSON.stringify({ ok: true, files: files.length, bytes, ms: Math.round(ms) })}\n`);
