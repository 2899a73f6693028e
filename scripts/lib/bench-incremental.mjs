// The incremental run of `pnpm bench` (docs/benchmark.md): a copy of a contract with one operation's
// summary changed, so that a second `generate` into the same output rewrites only that operation's files.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a copy of an OpenAPI JSON contract with the summary of its first operation that has one changed.
 * @param {string} contract path of the contract (JSON)
 * @param {string} copy where the changed copy goes
 * @returns {{ operation: string }} the changed operation (`METHOD path`)
 * @throws when no operation has a summary
 */
export function writeOneOperationChange(contract, copy) {
  const doc = JSON.parse(readFileSync(contract, 'utf8'));
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item?.[method];
      if (op && typeof op.summary === 'string') {
        op.summary = `${op.summary} (changed)`;
        writeFileSync(copy, JSON.stringify(doc));
        return { operation: `${method.toUpperCase()} ${p}` };
      }
    }
  }
  throw new Error(`${contract}: no operation with a summary`);
}
