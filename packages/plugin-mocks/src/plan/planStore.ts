import type { ResourceNode } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import { entityFacts } from './entityFacts.js';
import { listPlan } from './listPlan.js';
import type { FixtureDecl, StorePlan } from './mockPlan.js';
import type { PlanContext } from './planContext.js';
import { sampleSchema, sampleValue } from './sampleSchema.js';

/**
 * Plans the in-memory store of a CRUD resource: the entity facts, the seed fixtures (distinct keys) and the
 * defaults of a created entity, pushed to `fixtures`; and the list plan.
 * @param resource the resource
 * @param sigs its operations' signatures
 * @param ctx the planning context
 * @param fixtures receives the store's fixtures
 * @param count number of seed entities
 * @returns the store plan; undefined when the resource is not CRUD, has no usable entity type, or its entity
 *   type has no possible value
 */
export function planStore(resource: ResourceNode, sigs: OperationSignature[], ctx: PlanContext, fixtures: FixtureDecl[], count: number): StorePlan | undefined {
  const read = sigs.find((s) => s.op.role === 'read');
  const keyArg = read?.pathArgs[read.pathArgs.length - 1];
  if (resource.resourceKind !== 'crud' || !read || !keyArg) return undefined;
  const entity = entityFacts(read, keyArg.param.name, ctx, resource.entity);
  if (!entity) return undefined;
  const entityType = clientNaming.responseType(read.op);
  const content = read.response.content;
  const key = entity.key;
  // Distinct keys: enum values in order (as many fixtures as the enum has values, at most), else sampled values.
  const slots = Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    key: !key ? undefined : key.values ? key.values[i] : sampleValue(key.schema, { ...ctx.scope, index: i + 1, name: key.path[key.path.length - 1] ?? 'id', ignoreExamples: true }),
  })).filter((slot, i, all) => !key || (slot.key !== undefined && all.findIndex((o) => String(o.key) === String(slot.key)) === i));
  let exact = true;
  const items = slots.map((slot) => {
    const sample = sampleSchema(entity.schema, { ...ctx.scope, index: slot.index, example: content?.example });
    exact &&= sample.exact;
    if (key) setPath(sample.value, key.path, slot.key);
    return sample.value;
  });
  const defaults = sampleSchema(entity.schema, { ...ctx.scope, index: 1, requiredOnly: true });
  // An entity type without a possible value (see `Sample.exact`) cannot back a typed store.
  if (!exact || !defaults.exact) return undefined;
  const doc = `Entities of \`${resource.resource}\` (the response type of \`${clientNaming.method(read.op)}\`): the seed of the handlers' store.`;
  fixtures.push({ name: mocksNaming.entityFixtures(resource), type: entityType, array: true, value: items, doc });
  fixtures.push({
    name: mocksNaming.entityDefaults(resource), type: entityType, doc: `What a created \`${resource.resource}\` entity starts from before the payload is merged in: the required fields.`,
    value: defaults.value,
  });
  const list = sigs.find((s) => s.op.role === 'list');
  const lp = list ? listPlan(list, entity, ctx) : undefined;
  return { entity, entityType, keyParam: keyArg.ident, ...(lp ? { list: lp } : {}) };
}

/** Sets the value at a property path of a sampled object (own properties: `__proto__` stays a plain key). */
function setPath(target: unknown, path: string[], value: unknown): void {
  let at = target;
  for (const [i, name] of path.entries()) {
    if (at === null || typeof at !== 'object') return;
    if (i === path.length - 1) Object.defineProperty(at, name, { value, enumerable: true, writable: true, configurable: true });
    else at = (at as Record<string, unknown>)[name];
  }
}
