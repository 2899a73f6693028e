// Prism 5.16 routes a request by matching its path against the `paths` keys as written, so a key with a literal
// query or a fragment (`/responses/{response_id}?beta=true`, `/folders/{folder_id}#add_shared_link`, as openai and
// box write them) matches no request: Prism answers 404 (NO_PATH_MATCHED_ERROR) or 405 (NO_METHOD_MATCHED_ERROR,
// when the plain path exists with other methods). Checked in prism.test.ts ("Prism cannot route …").
//
// So Prism gets a routable copy of such a contract: each such key becomes its path (the part before `?` or `#`),
// and each `name=value` pair of the literal query becomes a required query parameter whose schema only allows
// that value. Prism then validates what the client sends for these operations like any other request: the path,
// the literal query (present, with its value), the other parameters and the body. The original keys stay (no
// request matches them, and `$ref`s of a bundled document may point into them), and so does everything else: the
// client (generated from the original) is called exactly as a user calls it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract } from '@reslayer/core/host';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Json = Record<string, unknown>;

/** True when a `paths` key carries a literal query or a fragment. */
export function hasQueryOrFragment(key: string): boolean {
  return /[?#]/.test(key);
}

/** A rewritten key: where it goes, and the literal query parameters it turned into. */
export interface RewrittenKey {
  key: string;
  path: string;
  query: Array<{ name: string; value: string }>;
}

/**
 * Splits a `paths` key with a literal query or fragment into its path and its literal query pairs.
 * @param key e.g. `/responses/{response_id}?beta=true` or `/folders/{folder_id}#add_shared_link`
 */
export function splitKey(key: string): RewrittenKey {
  const [beforeHash = ''] = key.split('#');
  const q = beforeHash.indexOf('?');
  const pathPart = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const query = q >= 0 ? [...new URLSearchParams(beforeHash.slice(q + 1))].map(([name, value]) => ({ name, value })) : [];
  return { key, path: pathPart, query };
}

/**
 * Writes a Prism-routable copy of a contract (bundled, JSON) when it has keys with a literal query or fragment.
 * @param contract absolute path of the contract
 * @param outFile where the copy goes
 * @returns the copy's path and the rewritten keys; the contract itself (and no keys) when there is nothing to rewrite
 * @throws Error when a rewritten key lands on a path that already has the same method (Prism could not tell them apart)
 */
export async function prismRoutableContract(contract: string, outFile: string): Promise<{ file: string; rewritten: RewrittenKey[] }> {
  const loaded = await loadContract(contract);
  const doc = structuredClone(loaded.document) as unknown as Json;
  const paths = (doc['paths'] ?? {}) as Record<string, Json>;
  const keys = Object.keys(paths).filter(hasQueryOrFragment);
  if (keys.length === 0) return { file: contract, rewritten: [] };
  const out: Record<string, Json> = { ...paths };
  const rewritten: RewrittenKey[] = [];
  for (const key of keys) {
    const split = splitKey(key);
    const item = paths[key] ?? {};
    const target = (out[split.path] = { ...(out[split.path] ?? {}) });
    const literalParams = split.query.map((p) => ({ name: p.name, in: 'query', required: true, schema: { type: 'string', enum: [p.value] } }));
    for (const [field, value] of Object.entries(item)) {
      if (!(METHODS as readonly string[]).includes(field)) {
        // Path-item fields (parameters, summary…) move to the operations, so they do not leak onto the plain path's.
        continue;
      }
      if (target[field] !== undefined) throw new Error(`${key}: ${field.toUpperCase()} ${split.path} exists too; Prism could not tell the two apart`);
      const op = value as Json;
      const inherited = Array.isArray(item['parameters']) ? (item['parameters'] as unknown[]) : [];
      const own = Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : [];
      target[field] = { ...op, parameters: [...inherited, ...own, ...literalParams] };
    }
    rewritten.push(split);
  }
  doc['paths'] = out;
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(doc, null, 2)}\n`);
  return { file: outFile, rewritten };
}
