import type { ResourceNode } from '@reslayer/core';
import { describeOperation } from '@reslayer/core';
import type { FixtureDecl, MockPlan } from './mockPlan.js';
import { mswPattern, specificity } from './mswPattern.js';
import type { PlanContext } from './planContext.js';
import { planOperation } from './planOperation.js';
import { storeOf } from '../store/planStore.js';
import type { Definitions } from './requestSchema.js';
import { planEntityAction } from '../store/entityActions.js';
import { planEmbeds } from '../store/embeds.js';
import { routesOf } from './RouteIndex.js';

/**
 * Plans the mocks of a resource.
 * @param ctx the planning context of the run (holds the model)
 * @param resource the resource
 * @param fixtureCount number of entity fixtures of a store-backed resource
 * @returns the resource's plan: operations (most precise path first), store and fixtures
 */
export function planResource(ctx: PlanContext, resource: ResourceNode, fixtureCount: number): MockPlan {
  const { model } = ctx;
  const sigs = resource.operations.map((op) => describeOperation(model, resource, op));
  const planned = storeOf(ctx, resource, fixtureCount);
  const { store } = planned;
  const fixtures: FixtureDecl[] = [...planned.fixtures];
  // The seed is this plan's now: the cache keeps only the store's plan, for the resources after it.
  ctx.stores.set(resource, { store, fixtures: [] });
  const read = sigs.find((s) => s.op.role === 'read');
  const embeds = store && read ? planEmbeds(read, resource, store, ctx, fixtureCount) : [];
  if (store && embeds.length > 0) store.embeds = embeds;
  const definitions: Definitions = new Map();
  const ops = sigs.map((sig) => planOperation(sig, store, ctx, fixtures, planEntityAction(sig, resource, store, ctx, fixtureCount), definitions));
  const routes = routesOf(model);
  for (const op of ops) {
    const index = routes.get(op.sig.node.method);
    if (!index) continue;
    const shadowed = index.shadowed(op.sig.urlPath);
    op.stepAside = shadowed.map(({ pairs }) => pairs.map(([name, value]) => [op.params.get(name) ?? name, value]));
    const covered = new Set(shadowed.map((s) => s.path));
    op.yieldTo = index.morePrecise(op.sig.urlPath).filter((path) => !covered.has(path)).map((path) => mswPattern(path, NO_NAMES));
  }
  const order = ops.map((op, i) => ({ op, i, key: specificity(op.pattern) }));
  order.sort((a, b) => cmpArrays(a.key, b.key) || a.i - b.i);
  return { resource, ops: order.map((o) => o.op), fixtures, definitions, ...(store ? { store } : {}) };
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

function cmpArrays(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
}
