import type { ApiModel, OperationNode } from '@reslayer/core';
import { memoOnModel, operationUrl } from '@reslayer/core';

/**
 * One condition on the query string of a request: the parameter is present (`value` undefined: the contract's
 * literal query names it without a value, or with a `{placeholder}` the client fills in) or has this value.
 */
export type QueryPair = [name: string, value: string | undefined];

/**
 * How the handler of one operation shares its URL with other operations of the same method, when their path
 * keys differ only by a literal query (`/responses?beta=true` and `/responses`) or a fragment
 * (`/folders/{id}#add_shared_link` and `/folders/{id}`). The client sends the key's path, then its literal query
 * (the fragment is never sent), so these operations receive the same requests, told apart by the query at most.
 */
export type SharedUrl =
  /** The handler answers: when the request carries `query` (if any) and none of the queries in `before`. */
  | { kind: 'answers'; query: QueryPair[]; before: QueryPair[][]; also: string[] }
  /** No handler: requests of this operation are answered by the handler of operation `by` (same method, URL and query). */
  | { kind: 'answered'; by: string };

/**
 * The pairs of a literal query (`beta=true&x` → `[['beta', 'true'], ['x', undefined]]`); a value holding a
 * `{placeholder}` only asks for the parameter to be present.
 * @param query the literal query of a path key, without `?`
 */
export function queryPairs(query: string | undefined): QueryPair[] {
  if (query === undefined) return [];
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = decode(eq >= 0 ? part.slice(0, eq) : part);
      const value = eq >= 0 ? decode(part.slice(eq + 1)) : undefined;
      return [name, value === undefined || value.includes('{') ? undefined : value];
    });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * For every operation whose URL (method, path without literal query or fragment) another operation shares, or
 * whose path key carries a literal query, how its handler answers; other operations are absent. The rule, per
 * method and URL path:
 * - operations with the same literal query (or none) receive the same requests: the first of them in contract
 *   order answers all of them with its own response, the others get no handler (`answered`);
 * - an answering operation with a literal query answers only requests that carry it; when several literal
 *   queries fit a request, the one with more parameters wins, then the first in contract order (`before`
 *   lists the queries that win over this one); the operation without a literal query answers the rest.
 * Memoized on the model.
 * @param model the API model
 * @returns by operation key
 */
export function sharedUrls(model: ApiModel): ReadonlyMap<string, SharedUrl> {
  return memoOnModel(model, 'plugin-mocks.sharedUrls', () => {
    const byUrl = new Map<string, OperationNode[]>();
    for (const o of model.operations) {
      const key = `${o.method} ${operationUrl(o).path}`;
      const list = byUrl.get(key);
      if (list) list.push(o);
      else byUrl.set(key, [o]);
    }
    const out = new Map<string, SharedUrl>();
    for (const ops of byUrl.values()) {
      // An operation alone on its URL still answers only requests that carry its literal query.
      if (ops.length < 2 && (ops[0] === undefined || operationUrl(ops[0]).query === undefined)) continue;
      // One entry per distinct literal query (pairs sorted, so `a=1&b=2` and `b=2&a=1` are the same), in contract order.
      const groups = new Map<string, { query: QueryPair[]; ops: OperationNode[]; order: number }>();
      for (const o of ops) {
        const query = queryPairs(operationUrl(o).query);
        const id = JSON.stringify([...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
        const group = groups.get(id);
        if (group) group.ops.push(o);
        else groups.set(id, { query, ops: [o], order: groups.size });
      }
      // More specific queries first, then contract order; the operation without a query comes last.
      const ranked = [...groups.values()].sort((a, b) => b.query.length - a.query.length || a.order - b.order);
      ranked.forEach((group, i) => {
        const [first, ...rest] = group.ops;
        if (!first) return;
        const before = ranked.slice(0, i).map((g) => g.query);
        out.set(first.key, { kind: 'answers', query: group.query, before, also: rest.map((o) => o.key) });
        for (const o of rest) out.set(o.key, { kind: 'answered', by: first.key });
      });
    }
    return out;
  });
}
