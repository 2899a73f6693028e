#!/usr/bin/env node
// A smaller contract cut from a large one, for measuring how a phase's time grows with the number of operations
// (docs/benchmark.md, "Scaling"): the first path items in document order until at least N operations, and only the
// components those path items reach through `$ref` (transitively), so a small cut does not carry the whole
// contract's schemas. Everything else of the document (info, servers, security, tags) is kept as it is.
//
// Usage: node scripts/subset-contract.mjs <contract.json> <operations> --out <file.json>
// Exit code: 0 written; 2 usage or an unreadable contract.
import { readFileSync, writeFileSync } from 'node:fs';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every local `$ref` string under `node` (`#/components/...`), added to `out`. */
function refsOf(node, out) {
  if (Array.isArray(node)) for (const x of node) refsOf(x, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out.add(v);
      else refsOf(v, out);
    }
  }
}

/** The value at a JSON pointer `#/a/b` in `doc` (RFC 6901 unescaping), or undefined. */
function at(doc, pointer) {
  let node = doc;
  for (const raw of pointer.slice(2).split('/')) {
    if (node === undefined || node === null) return undefined;
    node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * The cut document: path items in order until `operations` operations, with the components they reach.
 * @param {object} doc the parsed contract (OpenAPI 3.x)
 * @param {number} operations the least number of operations to keep
 * @returns {{ doc: object, operations: number, components: number }}
 */
export function subsetContract(doc, operations) {
  const paths = {};
  let count = 0;
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    if (count >= operations) break;
    paths[p] = item;
    count += Object.keys(item).filter((m) => METHODS.has(m)).length;
  }
  // The components reached from the kept path items, followed transitively; security schemes are kept whole.
  const reached = new Set();
  const queue = new Set();
  refsOf(paths, queue);
  while (queue.size > 0) {
    const [ref] = queue;
    queue.delete(ref);
    if (reached.has(ref)) continue;
    reached.add(ref);
    const found = new Set();
    refsOf(at(doc, ref), found);
    for (const r of found) if (!reached.has(r)) queue.add(r);
  }
  const components = {};
  for (const ref of reached) {
    const [top, section, name] = ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (top !== 'components' || !section || !name || doc.components?.[section]?.[name] === undefined) continue;
    (components[section] ??= {})[name] = doc.components[section][name];
  }
  if (doc.components?.securitySchemes) components.securitySchemes = doc.components.securitySchemes;
  const kept = Object.values(components).reduce((n, s) => n + Object.keys(s).length, 0);
  return { doc: { ...doc, paths, components }, operations: count, components: kept };
}

function main(argv) {
  const out = argv.indexOf('--out');
  const [input, n] = argv.filter((_, i) => i !== out && i !== out + 1);
  if (!input || !Number.isInteger(Number(n)) || out < 0 || !argv[out + 1]) {
    console.error('usage: node scripts/subset-contract.mjs <contract.json> <operations> --out <file.json>');
    process.exit(2);
  }
  let doc;
  try {
    doc = JSON.parse(readFileSync(input, 'utf8'));
  } catch (error) {
    console.error(`subset-contract: cannot read ${input}: ${error.message}`);
    process.exit(2);
  }
  const cut = subsetContract(doc, Number(n));
  writeFileSync(argv[out + 1], JSON.stringify(cut.doc));
  console.log(`subset-contract: ${cut.operations} operations, ${cut.components} components → ${argv[out + 1]}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
