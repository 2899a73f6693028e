import type { ApiModel, OperationNode, OperationSignature, ResourceNode } from '@reslayer/core';
import { deref, describeOperation, memoOnModel } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import type { ActionPlan, StorePlan } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { storeOf } from './planStore.js';
import { sameType } from '../plan/sameType.js';
import { writableFields } from './writableFields.js';

/** Methods of an action that changes an item (a GET or DELETE on a sub-path is not one). */
const ACTION_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch']);

/**
 * The words an entity may use for the state an action verb leaves it in, in order of preference:
 * `archive` → `archived`, `publish` → `published`, `cancel` → `cancelled`/`canceled`, `verify` → `verified`,
 * `stop` → `stopped`, `activate` → `active`, and the verb itself.
 * @param verb the action's verb, lower case (`archive`)
 * @returns candidate state words, lower case
 */
export function stateWords(verb: string): string[] {
  const words = [`${verb}ed`, `${verb}d`];
  if (/[^aeiou]y$/.test(verb)) words.push(`${verb.slice(0, -1)}ied`);
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(verb)) words.push(`${verb}${verb.slice(-1)}ed`);
  if (/ate$/.test(verb)) words.push(`${verb.slice(0, -3)}e`);
  words.push(verb);
  return [...new Set(words)];
}

/**
 * Plans how an action on an item updates the store that holds the item: an operation (POST, PUT or PATCH) whose
 * path is a CRUD resource's item path, alone (`POST /charges/{chargeId}`, an update by POST) or followed by literal
 * segments (`POST /contacts/{contactId}/archive`), and whose success body is that resource's entity. The stored item is read (missing: 404), the payload properties
 * of the same shape are merged in as an update merges them, and the state the verb names is set:
 *
 * - a string enum property (top level, in declaration order) whose values hold a word for the state of the
 *   last path segment's verb ({@link stateWords}: `archive` → `archived`) gets that value;
 * - a boolean property named that word, or `is` + that word (`archived`, `isArchived`), gets `true`.
 *
 * The result is stored and answered. Nothing else is guessed (no timestamps: the mocks read no clock).
 * @param sig the action's signature
 * @param resource the resource the action belongs to
 * @param own that resource's store plan, if any
 * @param ctx the planning context (stores of other resources are planned once and kept there)
 * @param count number of seed entities of a store (the `fixtureCount` option)
 * @returns the plan, or undefined when the operation is not such an action
 */
export function planEntityAction(sig: OperationSignature, resource: ResourceNode, own: StorePlan | undefined, ctx: PlanContext, count: number): ActionPlan | undefined {
  if (!ACTION_METHODS.has(sig.node.method) || sig.response.responseType !== 'json') return undefined;
  if (sig.op.role === 'create' || sig.op.role === 'update' || sig.op.role === 'read' || sig.op.role === 'list' || sig.op.role === 'delete') return undefined;
  const path = sig.node.path;
  for (const { target, read, node } of readsAbove(path, ctx.model)) {
    // The item path itself (`POST /charges/{id}`, an update by POST): the payload is merged, nothing is set.
    const rest = path === node.path ? [] : path.slice(node.path.length + 1).split('/');
    if (rest.some((s) => s === '' || s.includes('{'))) continue;
    const store = target === resource ? own : storeOf(ctx, target, count).store;
    if (!store) continue;
    const bodies = sig.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
    if (bodies.length === 0 || !bodies.every((b) => sameType(b, store.entity.schema, ctx))) continue;
    const keyArg = describeOperation(ctx.model, target, read).pathArgs.at(-1);
    const key = sig.pathArgs.find((a) => a.param.name === keyArg?.param.name);
    if (!key) continue;
    const request = sig.payload?.bodyKind === 'json' ? sig.payload.content.schema : undefined;
    return {
      store: mocksNaming.store(target),
      ...(target === resource ? {} : { from: target }),
      keyParam: key.ident,
      set: stateOf(rest[rest.length - 1] ?? '', store, ctx),
      writable: writableFields(request, store.entity, ctx),
    };
  }
  return undefined;
}

/** A CRUD resource's read operation (`GET /contacts/{contactId}`), as {@link readsAbove} indexes them. */
interface ReadEntry {
  target: ResourceNode;
  read: ResourceNode['operations'][number];
  node: OperationNode;
  /** The resource's position in the model, so candidates come in model order. */
  order: number;
}

/**
 * The CRUD resources whose read operation's path is `path` or a prefix of it (`/contacts/{contactId}` for
 * `/contacts/{contactId}/archive`), in model order: a lookup per prefix of `path` in an index built once, not a
 * scan of every resource and operation per action (which grew with the square of the contract's size).
 * @param path an operation's path template
 * @param model the API model
 */
function readsAbove(path: string, model: ApiModel): ReadEntry[] {
  // The read operations of the model's CRUD resources by path, built once per model (memoized on it).
  const index = memoOnModel(model, 'plugin-mocks:readsByPath', () => {
    const byPath = new Map<string, ReadEntry[]>();
    const byKey = new Map(model.operations.map((o) => [o.key, o] as const));
    model.resources.forEach((target, order) => {
      if (target.resourceKind !== 'crud') return;
      const read = target.operations.find((o) => o.role === 'read');
      const node = read && byKey.get(read.operationKey);
      if (!read || !node) return;
      byPath.set(node.path, [...(byPath.get(node.path) ?? []), { target, read, node, order }]);
    });
    return byPath;
  });
  const found: ReadEntry[] = [...(index.get(path) ?? [])];
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) found.push(...(index.get(path.slice(0, end)) ?? []));
  return found.sort((a, b) => a.order - b.order);
}

/** The properties the action's verb sets (see {@link planEntityAction}). */
function stateOf(segment: string, store: StorePlan, ctx: PlanContext): Array<[string, string | boolean]> {
  const verb = segment.toLowerCase().replace(/[^a-z]/g, '');
  if (verb === '') return [];
  const words = stateWords(verb);
  const set: Array<[string, string | boolean]> = [];
  const key = store.entity.key?.path[0];
  for (const p of store.entity.props) {
    if (p.name === key || p.name === '__proto__') continue;
    const n = deref(p.schema, ctx.names.byName);
    if (n?.kind === 'string' && n.enum && !set.some(([, v]) => typeof v === 'string')) {
      const value = words.map((w) => n.enum?.find((e) => e.toLowerCase() === w)).find((v) => v !== undefined);
      if (value !== undefined) set.push([p.name, value]);
    }
    if (n?.kind === 'boolean' && !n.enum && words.slice(0, -1).some((w) => p.name.toLowerCase() === w || p.name.toLowerCase() === `is${w}`)) set.push([p.name, true]);
  }
  return set;
}

