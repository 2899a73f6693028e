import type { HookPlan } from '../plan/planHook.js';
import { hookFile, Imports } from './hookFile.js';
import { mutationOptionsFactory } from './mutationFactory.js';
import { cacheHelpers } from './cacheHelpers.js';
import { infiniteOptionsFactory, queryOptionsFactory } from './queryFactory.js';

/** Module the framework-free factories import their types and `skipToken` from. */
const QUERY_CORE_MODULE = '@tanstack/query-core';

/**
 * The framework-free part of one operation's file, the same for every adapter: a query's `<name>QueryOptions`
 * (and `<name>InfiniteQueryOptions` for a paginated list, `<resource>Cache` for a CRUD list), or a mutation's variables type, `<name>Invalidates`
 * and `<name>MutationOptions`.
 * @param p the hook plan
 * @param tq the TanStack Query module to import from (`@tanstack/query-core`, or the adapter's package)
 * @param imports the file's imports
 * @returns body lines
 */
export function frameworkFree(p: HookPlan, tq: string, imports: Imports): string[] {
  if (!p.query) return mutationOptionsFactory(p, p.mutation, tq, imports);
  const lines = queryOptionsFactory(p, p.query, tq, imports);
  if (p.query.infinite) lines.push('', ...infiniteOptionsFactory(p, p.query, p.query.infinite, tq, imports));
  if (p.query.cache) lines.push('', ...cacheHelpers(p, p.query.cache, imports));
  return lines;
}

/**
 * Emits one file of the `none` adapter: framework-free TanStack Query option factories only (nothing named
 * `use*`), importing types and `skipToken` from `@tanstack/query-core`.
 * @param p the hook plan
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/query-options
 */
export function emitHookNone(p: HookPlan): string {
  const imports = new Imports();
  imports.add(QUERY_CORE_MODULE, []);
  const body = frameworkFree(p, QUERY_CORE_MODULE, imports);
  return hookFile(imports, body);
}
