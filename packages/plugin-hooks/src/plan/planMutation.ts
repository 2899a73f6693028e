import type { OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { InvalidationTarget } from './invalidationTargets.js';

/**
 * How a mutation's `variables` carry the client method's arguments:
 * - `none`: the method takes no argument (`variables` is `void`);
 * - `single`: one argument, passed as `variables` itself;
 * - `object`: an object with one member per argument, passed as `variables.<name>`.
 */
export type VariablesShape = 'none' | 'single' | 'object';

/** One query key a mutation makes stale: a member of a resource's query-keys object. */
export interface StaleKey {
  /** The query-keys object (`contactsQueryKeys`). */
  keysObject: string;
  /** `all` (a property), or the factory `lists()`, `details()` or `detail(...)`. */
  member: 'all' | 'lists' | 'details' | 'detail';
  /** For `detail`: names of the mutation's arguments that identify the item, read from `variables`. */
  args: string[];
}

/** What a mutation hook calls and which keys it makes stale. */
export interface MutationPlan {
  /** Name of the variables type (`UpdateContactVariables`). */
  variables: string;
  /** How `variables` carries the client method's arguments. */
  shape: VariablesShape;
  /** Resources whose keys the mutation invalidates, its own first. */
  targets: InvalidationTarget[];
  /** Query keys the mutation makes stale, in order. */
  stale: StaleKey[];
  /** True when a stale key reads `variables`. */
  usesVariables: boolean;
}

/**
 * Plans a mutation hook from the operation's structured signature: the shape of its variables and the query
 * keys it makes stale (the targets' lists, and the item's `detail(...)` when the mutation names the item,
 * else `details()`; a create on its own resource stales the lists only; a non-CRUD target stales `all`).
 * @param s the operation's signature
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns the mutation plan
 */
export function planMutation(s: OperationSignature, targets: InvalidationTarget[]): MutationPlan {
  const shape: VariablesShape = s.args.length === 0 ? 'none' : s.args.length === 1 ? 'single' : 'object';
  const pathNames = new Set(s.pathArgs.map((a) => a.ident));
  const stale: StaleKey[] = [];
  for (const t of targets) {
    const keysObject = clientNaming.queryKeysObject(t.resource);
    if (t.resource.resourceKind !== 'crud') {
      stale.push({ keysObject, member: 'all', args: [] });
      continue;
    }
    stale.push({ keysObject, member: 'lists', args: [] });
    if (s.op.role === 'create' && t.resource === s.resource) continue;
    if (t.hasDetail && t.detailArgs && t.detailArgs.every((a) => pathNames.has(a))) stale.push({ keysObject, member: 'detail', args: t.detailArgs });
    else if (t.hasDetail) stale.push({ keysObject, member: 'details', args: [] });
  }
  return { variables: hooksNaming.variablesType(s.op), shape, targets, stale, usesVariables: stale.some((k) => k.args.length > 0) };
}

