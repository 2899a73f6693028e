#!/usr/bin/env node
// The write phase against a plain-write floor (docs/benchmark.md, "Write phase"): the files of a generated output
// root, read into memory once, written (A) by the engine's writer into an empty root, and (B) by a plain script,
// in this process: `mkdirSync(…, { recursive: true })` per folder and `writeFileSync` per file. Pairs alternate
// A B A B …, each into a fresh folder, flushed (`sync`) untimed between runs.
//
// Usage: node scripts/lib/write-floor.mjs <engine dist folder> <generated root> <scratch> [pairs]
// Prints one JSON line: { ok, files, bytes, writerMs: [...], floorMs: [...], ratio } (ratio: median of A/B).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [engineDist, generated, scratch, pairsArg] = process.argv.slice(2);
const pairs = Number(pairsArg ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every regular file under a folder but the manifest, by root-relative path. */
function readTree(root) {
  const files = new Map();
  const walk = (rel) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && child !== '.reslayer-manifest.json') files.set(child, readFileSync(path.join(root, child), 'utf8'));
    }
  };
  walk('');
  return files;
}

/** The plain floor: the folders, then the files, with fs's synchronous calls. */
function plainWrite(root, files) {
  const dirs = new Set();
  for (const rel of files.keys()) dirs.add(path.dirname(rel));
  for (const dir of [...dirs].sort()) mkdirSync(path.join(root, dir), { recursive: true });
  for (const [rel, text] of files) writeFileSync(path.join(root, rel), text);
}

const { writeOutput } = await import(pathToFileURL(path.join(engineDist, 'output/writer.js')).href);
const { outputPaths } = await import(pathToFileURL(path.join(engineDist, 'output/paths.js')).href);
const files = readTree(generated);
let bytes = 0;
for (const text of files.values()) bytes += Buffer.byteLength(text);
const walls = { writer: [], floor: [] };
for (let i = 0; i < pairs; i++) {
  for (const side of ['writer', 'floor']) {
    const root = path.join(scratch, `${side}-${i}`);
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    spawnSync('sync');
    const start = performance.now();
    if (side === 'writer') await writeOutput(outputPaths({ outputRoot: root, srcDir: '.' }), files, undefined, { title: 'write floor', version: '0' });
    else plainWrite(root, files);
    walls[side].push(performance.now() - start);
  }
}
rmSync(scratch, { recursive: true, force: true });
const ratios = walls.writer.map((ms, i) => ms / walls.floor[i]);
writeFileSync(1, `${JSON.stringify({ ok: true, files: files.size, bytes, writerMs: walls.writer.map(Math.round), floorMs: walls.floor.map(Math.round), ratio: median(ratios) })}\n`);
