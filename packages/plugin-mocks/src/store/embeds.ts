import type { ApiModel, ResourceNode } from '@reslayer/core';
import { CRUD_ROLES, deref, memoOnModel, type OperationSignature } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import type { EmbedPlan, StorePlan } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { sameType } from '../plan/sameType.js';
import { storeOf } from './planStore.js';

/** A path template with its parameter names dropped (`/posts/{postId}` → `/posts/{}`), so templates compare by shape. */
const shape = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/**
 * The CRUD resources by the shape of the path their list operation's path continues with one literal segment
 * (`/posts/{}` for the list `/posts/{postId}/comments`), in model order; built once per model.
 */
function subListsByParent(model: ApiModel): Map<string, ResourceNode[]> {
  return memoOnModel(model, 'plugin-mocks:subListsByParent', () => {
    const byParent = new Map<string, ResourceNode[]>();
    const byKey = new Map(model.operations.map((o) => [o.key, o] as const));
    for (const target of model.resources) {
      const list = target.operations.find((o) => o.role === 'list');
      const node = target.resourceKind === 'crud' && list ? byKey.get(list.operationKey) : undefined;
      const match = node && /^(.*\})\/[^/{}]+$/.exec(node.path);
      if (!match?.[1]) continue;
      const parent = shape(match[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), target]);
    }
    return byParent;
  });
}

/**
 * The sub-collections a store's entity embeds (docs/mocks.md): a top-level array property of the entity whose
 * items have the entity type of a CRUD resource whose list is the read's path and one more literal segment
 * (`Post.comments: Comment[]` and `GET /posts/{postId}/comments`), served from a store. The read answers that
 * property from the child store: the children created under the post, and the seed.
 * @param read the resource's read operation
 * @param resource the resource
 * @param store the resource's store plan
 * @param ctx the planning context (child stores are planned once and kept there)
 * @param count number of seed entities of a store (the `fixtureCount` option)
 * @returns the embedded properties, with the store that fills each
 */
export function planEmbeds(read: OperationSignature, resource: ResourceNode, store: StorePlan, ctx: PlanContext, count: number): EmbedPlan[] {
  const children = subListsByParent(ctx.model).get(shape(read.node.path)) ?? [];
  const embeds: EmbedPlan[] = [];
  for (const child of children) {
    // A child whose own actions might change the parent's store could import it back (a cycle of modules): not embedded.
    if (child === resource || child.operations.some((o) => !(CRUD_ROLES as readonly string[]).includes(o.role) && /^(POST|PUT|PATCH) /.test(o.operationKey))) continue;
    const target = storeOf(ctx, child, count).store;
    if (!target?.list || target.entity.wrap) continue;
    const prop = store.entity.props.find((p) => {
      const n = deref(p.schema, ctx.names.byName);
      return p.name !== '__proto__' && n?.kind === 'array' && !n.nullable && sameType(n.items, target.entity.schema, ctx);
    });
    if (prop && !embeds.some((e) => e.property === prop.name)) embeds.push({ property: prop.name, store: mocksNaming.store(child), from: child });
  }
  return embeds;
}

