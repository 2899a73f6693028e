import type { ResourceOperation } from '@reslayer/core';

/**
 * Whether an operation is a query (cacheable, read with `useQuery`) or a mutation: a `GET`, a `HEAD` or a `QUERY`
 * (safe methods, RFC 9110 §9.2.1; `QUERY` is OpenAPI 3.2's safe read with a request body, which goes into the
 * query key), and a search (`role: 'search'`) whatever its method, since a search by `POST` only reads
 * (its body goes into the query key).
 * The one rule both the hook names (`hooksNaming.hookName`) and the hook plans follow.
 * @param op the resource operation (its role)
 * @param method the operation's lower-case HTTP method (`get`, `post`…)
 * @returns true for a query
 */
export function isQueryOperation(op: Pick<ResourceOperation, 'role'>, method: string): boolean {
  return method === 'get' || method === 'head' || method === 'query' || op.role === 'search';
}
