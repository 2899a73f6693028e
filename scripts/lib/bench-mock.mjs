#!/usr/bin/env node
// `reslayer mock` start-up on the demo, for scripts/bench.mjs: from spawning the CLI to the first answer of the
// demo's contact list (the committed output of examples/public-crm), several times; prints one JSON line
// `{ ok, runs: [ms…], medianMs, listenMs: [ms…] }`. Run as a child of bench.mjs, whose own steps are synchronous.
// Usage: node scripts/lib/bench-mock.mjs [repeat]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from './runtime-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = path.join(ROOT, 'examples/public-crm/generator.config.ts');
const repeat = Math.max(1, Number(process.argv[2] ?? 5));

/** One start: spawn → listening → first 200 of `GET /api/v1/contacts`; both in milliseconds. */
async function once() {
  const started = performance.now();
  const server = await startMock(['--config', CONFIG]);
  try {
    const response = await fetch(`${server.url}/api/v1/contacts`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /api/v1/contacts answered ${response.status}`);
    return { serveMs: Math.round(performance.now() - started), listenMs: Math.round(server.startMs) };
  } finally {
    await server.stop();
  }
}

try {
  const results = [];
  for (let i = 0; i < repeat; i++) results.push(await once());
  const runs = results.map((r) => r.serveMs);
  const sorted = [...runs].sort((a, b) => a - b);
  const medianMs = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  process.stdout.write(`${JSON.stringify({ ok: true, runs, medianMs, listenMs: results.map((r) => r.listenMs) })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message.split('\n')[0] : String(error) })}\n`);
}
