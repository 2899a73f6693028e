// A second `generate` through the built CLI with the four built-in plugins: after a change to a contract, a
// second `generate` into the same output root must leave exactly the files a fresh `generate` of the changed
// contract writes, and the diagnostics it reports. Each contract gets changes of three kinds: an operation's
// summary (also in a copy of the contract under another name), an operation's description, and a structural
// one, a new optional query parameter.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocumentText } from '@reslayer/core';
import { runCli } from './utils/cli.js';
import { ROOT, fixture } from './helpers/paths.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reslayer-incremental-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sleeps synchronously: the contract must be older than the racy margin when `generate` starts, or no record is kept. */
const settle = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);

type Operation = { summary?: string; description?: string; parameters?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of a contract, in path order: `[path, method]`. */
function operationsOf(doc: Doc): Array<[string, string]> {
  return Object.entries(doc.paths).flatMap(([p, item]) => METHODS.filter((m) => item[m] !== undefined).map((m): [string, string] => [p, m]));
}

/** Every file under a folder (root-relative path → text). */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.set(path.relative(root, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8'));
  }
  return out;
}

/** One `generate` of a contract into an output root: its JSON result. */
function generate(contract: string, out: string): { diagnostics: unknown[]; updated: string[] } {
  const run = runCli(['generate', contract, '--output', out, '--json']);
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { diagnostics: unknown[]; updated: string[] };
}

const CONTRACTS: Array<[string, string]> = [
  ['the demo contract', path.join(ROOT, 'examples/public-crm/openapi.yaml')],
  ['3.0/composition.yaml', fixture('3.0/composition.yaml')],
  ['3.0/naming.yaml', fixture('3.0/naming.yaml')],
  ['3.1/features.yaml', fixture('3.1/features.yaml')],
];

describe.each(CONTRACTS)('a second generate after a change to %s', (name, source) => {
  // The changed contracts are written as JSON beside their output roots.
  const work = path.join(dir, name.replace(/[^a-z0-9]+/gi, '-'));
  const entry = path.join(work, 'openapi.json');
  const original = parseDocumentText(readFileSync(source, 'utf8'), source) as Doc;
  const out = path.join(work, 'out');
  beforeAll(() => mkdirSync(work, { recursive: true }));

  const write = (doc: Doc) => {
    writeFileSync(entry, JSON.stringify(doc));
    settle();
  };

  /** Generates `doc` (from `changed`, the entry by default) over the original's output, and fresh; both trees and diagnostics must be equal. */
  const compare = (doc: Doc, changed = entry) => {
    write(original);
    rmSync(out, { recursive: true, force: true });
    generate(entry, out);
    writeFileSync(changed, JSON.stringify(doc));
    settle();
    const second = generate(changed, out);
    const fresh = path.join(work, 'fresh');
    rmSync(fresh, { recursive: true, force: true });
    const full = generate(changed, fresh);
    expect(tree(out)).toEqual(tree(fresh));
    expect(second.diagnostics).toEqual(full.diagnostics);
    return second;
  };

  const operations = operationsOf(original);
  // The first operation and one in the middle (often of another resource).
  const picked = [...new Set([operations[0], operations[Math.floor(operations.length / 2)]])].filter((o) => o !== undefined);

  it.each(picked)('summary of %s %s changed', (p, m) => {
    const doc = structuredClone(original);
    const op = doc.paths[p]?.[m] as Operation;
    op.summary = `${op.summary ?? 'Operation'} (changed)`;
    compare(doc);
  });

  it.each(picked.slice(0, 1))('summary of %s %s changed in a copy under another name', (p, m) => {
    const doc = structuredClone(original);
    const op = doc.paths[p]?.[m] as Operation;
    op.summary = `${op.summary ?? 'Operation'} (copy)`;
    compare(doc, path.join(work, 'openapi-copy.json'));
  });

  it.each(picked.slice(1))('description of %s %s changed', (p, m) => {
    const doc = structuredClone(original);
    (doc.paths[p]?.[m] as Operation).description = 'A new description, with a `backtick` and a */ comment end.';
    compare(doc);
  });

  it.each(picked.slice(0, 1))('a new query parameter on %s %s', (p, m) => {
    const doc = structuredClone(original);
    const op = doc.paths[p]?.[m] as Operation;
    op.parameters = [...(op.parameters ?? []), { name: 'traceLevel', in: 'query', required: false, schema: { type: 'integer' } }];
    expect(compare(doc).updated.length).toBeGreaterThan(0);
  });
});
