/**
 * Whether an operation gets a query hook (`GET`) or a mutation hook (every other method). The one rule both
 * the hook names (`hooksNaming.hookName`) and the hook plans follow.
 * @param method the operation's lower-case HTTP method (`get`, `post`…)
 * @returns true for `get`
 */
export function isQueryMethod(method: string): boolean {
  return method === 'get';
}
