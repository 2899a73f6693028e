import type { ApiModel, OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import { crudTarget, embeddingParentKeys, parentCrudResource, parentKeys, returnsEntity, type CrudTarget } from './cacheTargets.js';
import { payloadMerges, type CachePlan } from './planCache.js';

/** One query key (or key prefix) a mutation touches: a member of a resource's query-keys object. */
export interface KeyRef {
  /** The query-keys object (`contactsQueryKeys`). */
  keysObject: string;
  /** `all` (a property), `lists()` or `details()` (then `args` follow it: a key prefix), or `detail(...args)`. */
  member: 'all' | 'lists' | 'details' | 'detail';
  /** Members of `variables` that fill the key: after `lists()`, or as the arguments of `detail(...)`. */
  args: string[];
}

/** The cache effects of a mutation, derived from the resource model. */
export interface CacheEffects {
  /** Keys (prefixes) to invalidate after success. */
  invalidate: KeyRef[];
  /** Detail keys to remove after success (a delete: no refetch of what is gone). */
  remove: KeyRef[];
  /** Detail keys to set from the response (an update that returns the entity). */
  setFromResponse: KeyRef[];
}

/** One member of a mutation's variables object: a client method argument. */
export interface VariablesMember {
  name: string;
  type: string;
  optional: boolean;
}

/** What a mutation calls and which cached queries it touches. */
export interface MutationPlan {
  /** Name of the variables type (`UpdateContactVariables`). */
  variables: string;
  /** Members of the variables object, in client argument order; `[]` means `void`. */
  members: VariablesMember[];
  /** The derived cache effects. */
  effects: CacheEffects;
  /**
   * Optimistic update or delete of a CRUD resource's own item, through its `<resource>Cache` helpers;
   * undefined when not derivable (no helpers, or an update whose payload does not merge into the entity).
   */
  optimistic?: OptimisticPlan;
}

/** How an update or delete changes the cache before the server answers. */
export interface OptimisticPlan {
  /** `update` merges the payload into the detail and the list items; `delete` removes the item from the lists. */
  kind: 'update' | 'delete';
  /** The resource whose item changes, with the arguments that scope its keys. */
  target: CrudTarget;
  /** The plugin's `optimistic` option: the default of the per-call option. */
  byDefault: boolean;
  /** The resource's cache helpers. */
  cache: CachePlan;
  /** The payload property that holds the patch (`data` of `{ data: {...} }`); absent when the payload is the patch. */
  payloadProperty?: string;
  /** The patch properties the cached detail's entity has, when only some are. */
  fields?: string[];
  /** The patch properties a cached list item has, when they are not those of `fields`. */
  itemFields?: string[];
}

/**
 * Plans a mutation: its variables (one object named by the client method's arguments: `{ contactId, payload }`,
 * `{ payload, params? }`) and its cache effects, from the resource model:
 * - create: invalidate the resource's lists;
 * - update: set the detail from the response when it is the entity (else invalidate it), invalidate lists;
 * - delete: remove the detail, invalidate lists;
 * - any other operation on an item: invalidate that item and the lists;
 * - a nested resource's lists are scoped by the parent's path parameters, so only the parent's lists go stale;
 * - a non-CRUD resource (an action under `/contacts/{contactId}`) invalidates its own keys and the parent item's;
 * - effects are never empty: a mutation whose lists are not recognised (no list operation) invalidates its
 *   resource's root key (`all`) and the keys of the resources whose paths are prefixes of its path (their item's
 *   detail, else their lists, else their root key).
 * @param model the API model
 * @param s the mutation's signature
 * @param optimistic the plugin's `optimistic` option (the default of the per-call option)
 * @param cache the cache helpers of the operation's resource, when derivable
 * @returns the mutation plan
 */
export function planMutation(model: ApiModel, s: OperationSignature, optimistic: boolean, cache?: CachePlan): MutationPlan {
  const args = clientNaming.argumentList(s);
  const members = args.map((a) => ({ name: a.name, type: a.type, optional: a.optional }));
  const effects: CacheEffects = { invalidate: [], remove: [], setFromResponse: [] };
  const own = s.resource.resourceKind === 'crud';
  if (!own) effects.invalidate.push({ keysObject: clientNaming.queryKeysObject(s.resource), member: 'all', args: [] });
  const parent = own ? undefined : parentCrudResource(model, s);
  const target = own ? crudTarget(model, s, s.resource) : parent ? crudTarget(model, s, parent) : undefined;
  let kind: 'update' | 'delete' | undefined;
  if (target) {
    const keysObject = clientNaming.queryKeysObject(target.resource);
    const role = own ? s.op.role : 'action';
    if (target.listArgs) effects.invalidate.push({ keysObject, member: 'lists', args: target.listArgs });
    const detail: KeyRef | undefined = target.detailArgs ? { keysObject, member: 'detail', args: target.detailArgs } : target.hasDetail ? { keysObject, member: 'details', args: [] } : undefined;
    if (detail && role !== 'create') {
      if (role === 'delete' && detail.member === 'detail') effects.remove.push(detail);
      else if (role === 'update' && detail.member === 'detail' && returnsEntity(model, s)) effects.setFromResponse.push(detail);
      else effects.invalidate.push(detail);
    }
    // A delete edits only the lists (by the item's key, its last path argument); an update also patches the detail.
    if (role === 'update' && (detail?.member === 'detail' || target.detailPrefixArgs) && target.listArgs) kind = role;
    if (role === 'delete' && target.listArgs && s.pathArgs.length > 0) kind = role;
  }
  if (!effects.invalidate.some((k) => k.member === 'lists')) {
    const own: KeyRef = { keysObject: clientNaming.queryKeysObject(s.resource), member: 'all', args: [] };
    for (const k of [own, ...parentKeys(model, s)]) if (!effects.invalidate.some((x) => sameKey(x, k))) effects.invalidate.push(k);
  }
  // A write under a parent whose read embeds this collection: the parent's detail and lists go stale too.
  if (own) for (const k of embeddingParentKeys(model, s)) if (!effects.invalidate.some((x) => sameKey(x, k))) effects.invalidate.push(k);
  const base: MutationPlan = { variables: hooksNaming.variablesType(s.op), members, effects };
  const merge = kind === 'update' && cache !== undefined ? payloadMerges(model, s, cache) : undefined;
  const derivable = kind === 'delete' || merge !== undefined;
  return kind && target && cache && derivable ? { ...base, optimistic: { kind, target, byDefault: optimistic, cache, ...merge } } : base;
}

/** True when two key references name the same key. */
const sameKey = (a: KeyRef, b: KeyRef): boolean => a.keysObject === b.keysObject && a.member === b.member && a.args.join('\u0000') === b.args.join('\u0000');
