import type { ResourceNode, SchemaNode } from '@reslayer/core';
import { deref, describeOperation } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import { keyIn, norm } from './entityFacts.js';
import { storeSubject } from './storeSubject.js';
import { keyExamples, keyLike } from './keyExamples.js';
import { listPlan } from './listPlan.js';
import type { FixtureDecl, StorePlan } from '../plan/mockPlan.js';
import type { PlanContext, PlannedStore } from '../plan/planContext.js';
import { conforms, mayValidate } from '../values/conforms.js';
import { sampleSchema, sampleValue } from '../values/sampleSchema.js';
import { sampleUuid } from '../values/sampleString.js';

/**
 * A resource's store plan and the fixtures planning it made, planned once and kept in the planning context for the
 * resource's own `planResource` and the resources whose actions or reads reach its store (`planEntityAction`,
 * `planEmbeds`); `emitMocks` empties the context between its two passes and after printing a resource.
 * @param ctx the planning context, whose `stores` keeps the plans
 * @param resource the resource
 * @param count number of seed entities (the `fixtureCount` option)
 * @returns the plan (undefined when the resource has no store, see {@link planStore}) and its fixtures
 */
export function storeOf(ctx: PlanContext, resource: ResourceNode, count: number): PlannedStore {
  const known = ctx.stores.get(resource);
  if (known) return known;
  const sigs = resource.operations.map((op) => describeOperation(ctx.model, resource, op));
  const fixtures: FixtureDecl[] = [];
  const planned = { store: planStore(resource, sigs, ctx, fixtures, count), fixtures };
  ctx.stores.set(resource, planned);
  return planned;
}

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
  const subject = storeSubject(resource, sigs, ctx);
  if (!subject) return undefined;
  const { entity, entityType, entityImport, keyArg } = subject;
  const typeImport = entityType !== entityImport ? { typeImport: entityImport } : {};
  const list = sigs.find((s) => s.op.role === 'list');
  const key = entity.key;
  // The schema a key must fit: the key property's, else (keyed by position) the item path parameter's; a key
  // property must fit the parameter's schema too (a plain `id` string read by a `format: uuid` parameter).
  const keySchema = key?.schema ?? keyArg?.schema;
  const name = key?.path[key.path.length - 1] ?? keyArg?.name ?? 'id';
  const fits = (text: string): boolean => keyFits(text, keySchema, ctx) && (!key || keyFits(text, keyArg?.schema, ctx));
  const examples = key ? keyExamples(key, subject.example, list, keyArg?.schema.example, ctx) : [];
  const sampleKey = (index: number): unknown => {
    const like = keyLike(examples, index, name, ctx);
    if (like !== undefined && fits(like)) return like;
    const own = keySchema && sampleValue(keySchema, { ...ctx.scope, index, name, ignoreExamples: true });
    if (!key || !keyArg || fits(String(own))) return own;
    const param = sampleValue(keyArg.schema, { ...ctx.scope, index, name, ignoreExamples: true });
    return typeof param === typeof own && fits(String(param)) ? param : own;
  };
  // Distinct keys: enum values in order (as many fixtures as the enum has values, at most), else sampled values.
  const slots = Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    key: !key ? undefined : key.values ? key.values[i] : (examples.filter(fits)[i] ?? sampleKey(i + 1)),
  })).filter((slot, i, all) => !key || (slot.key !== undefined && all.findIndex((o) => String(o.key) === String(slot.key)) === i));
  let exact = true;
  // An entity that is a union whose members fix the key (`oneOf` of `{ id: { enum: [1] } }`, `{ id: { enum: [3] } }`):
  // a key set into another member's sample fits no member, so that seed (which fitted before) is left out.
  const union = deref(entity.schema, ctx.names.byName)?.kind === 'union';
  const made = slots.flatMap((slot) => {
    const sample = sampleSchema(entity.schema, { ...ctx.scope, index: slot.index, example: subject.example });
    exact &&= sample.exact;
    const fitsEntity = (): boolean => conforms(sample.value, entity.schema, { names: ctx.names, mode: 'read', patterns: ctx.scope.patterns });
    const fitted = key !== undefined && union && fitsEntity();
    if (key) setPath(sample.value, key.path, slot.key);
    return fitted && !fitsEntity() ? [] : [{ slot, value: sample.value }];
  });
  const items = made.map((m) => m.value);
  const defaults = sampleSchema(entity.schema, { ...ctx.scope, index: 1, requiredOnly: true });
  // An entity type without a possible value (see `Sample.exact`) cannot back a typed store.
  if (!exact || !defaults.exact) return undefined;
  const doc = `Entities of \`${resource.resource}\` (${subject.origin}): the seed of the handlers' store.`;
  fixtures.push({ name: mocksNaming.entityFixtures(resource), type: entityType, ...typeImport, array: true, value: items, doc });
  fixtures.push({
    name: mocksNaming.entityDefaults(resource), type: entityType, ...typeImport, doc: `What a created \`${resource.resource}\` entity starts from before the payload is merged in: the required fields.`,
    value: defaults.value,
  });
  const carried = !key && keyArg ? carriedKey(entity, keyArg, ctx) : undefined;
  const lp = list ? listPlan(list, entity, ctx, carried) : undefined;
  const plan: StorePlan = { entity, entityType, entityImport, keyParam: keyArg?.ident ?? name, ...(subject.relation ? { relation: true } : {}), ...(lp ? { list: lp } : {}), ...stampsOf(entity.props, ctx) };
  let seeds = items.map((_, i) => String(i + 1));
  if (!key) {
    // Keyed by position: `'1'`, `'2'`… unless the parameter rejects them (a uuid, a pattern, a minimum).
    const sampled = items.map((_, i) => sampleKey(i + 1));
    const distinct = new Set(sampled.map(String)).size === sampled.length && sampled.every((v) => typeof v === 'string' || typeof v === 'number');
    if (!seeds.every((s) => keyFits(s, keySchema, ctx)) && distinct && sampled.every((v) => keyFits(String(v), keySchema, ctx))) {
      seeds = sampled.map(String);
      plan.positionKeys = seeds;
    }
    if (carried) plan.carriedKey = carried;
  } else seeds = made.map((m) => String(m.slot.key));
  if (key?.kind !== 'enum') {
    const plain = (n: number): string => (key?.kind === 'uuid' ? sampleUuid(n) : String(n));
    const first = items.length + 1;
    // A string key takes sampled values too (faker's, of the key's shape), so created keys look like the seed's.
    if (key?.kind === 'string' || !fits(plain(first))) {
      const fresh: Array<string | number> = [];
      for (let i = first; i < first + FRESH_ATTEMPTS && fresh.length < FRESH_KEYS; i++) {
        const v = sampleKey(i);
        if ((typeof v === 'string' || typeof v === 'number') && fits(String(v)) && !seeds.includes(String(v)) && !fresh.some((f) => String(f) === String(v))) fresh.push(v);
      }
      if (fresh.length > 0) plan.freshKeys = fresh;
    }
  }
  return plan;
}

/**
 * Where keyless items carry their store key (see {@link StorePlan.carriedKey}): the parameter's name, else `id`, when
 * the entity declares no such property and allows one more (no object of it, or of its `allOf`/`oneOf`, is closed);
 * the key is what entityFacts' `keyIn` makes of a property of the parameter's schema.
 */
function carriedKey(entity: StorePlan['entity'], param: { name: string; schema: SchemaNode }, ctx: PlanContext): StorePlan['carriedKey'] {
  const name = [param.name, 'id'].find((n) => !entity.props.some((p) => p.name === n));
  const open = (node: SchemaNode, depth = 0): boolean => {
    const n = deref(node, ctx.names.byName);
    if (!n || depth > 8) return false;
    if (n.kind === 'object') return n.closed !== true;
    if (n.kind === 'intersection') return n.members.every((m) => open(m, depth + 1));
    return n.kind === 'union' && n.variants.every((v) => open(v, depth + 1));
  };
  if (name === undefined || !open(entity.schema)) return undefined;
  // An enum parameter is left out: the position keys written into the seed would be none of its values.
  const key = keyIn([{ name, required: true, schema: param.schema }], [norm(name)], ctx.names);
  return key?.kind === 'enum' ? undefined : key;
}

/** Names of the time stamps a write sets (`createdAt`, `updated_at`, `modifiedOn`…) and of those an update sets. */
const STAMP = /^(created|updated|modified|inserted|changed|lastmodified|lastupdated)(at|on|date|time|datetime|timestamp)?$/;
const UPDATED = /^(updated|modified|changed|lastmodified|lastupdated)/;

/**
 * The entity's top-level `date-time` properties named like a creation or change time: a create sets them all, an
 * update those of a change, to a time later than every seed fixture's (the runtime's `StoreSpec.stamps`).
 */
function stampsOf(props: StorePlan['entity']['props'], ctx: PlanContext): Pick<StorePlan, 'stamps'> {
  const norm = (name: string) => name.toLowerCase().replace(/[_\-]/g, '');
  const dated = props.filter((p) => {
    const leaf = deref(p.schema, ctx.names.byName);
    return leaf?.kind === 'string' && leaf.format === 'date-time' && STAMP.test(norm(p.name));
  });
  if (dated.length === 0) return {};
  return { stamps: { created: dated.map((p) => p.name), updated: dated.filter((p) => UPDATED.test(norm(p.name))).map((p) => p.name) } };
}

/** Keys for created items planned at most (after them, `nextId` counts on with plain keys). */
const FRESH_KEYS = 16;
/** Sequence numbers tried to find {@link FRESH_KEYS} distinct ones. */
const FRESH_ATTEMPTS = 64;

/** True when a store key (a path parameter's text) is a value of the key's schema (a number schema reads it as a number). */
function keyFits(text: string, schema: SchemaNode | undefined, ctx: PlanContext): boolean {
  const n = schema && deref(schema, ctx.names.byName);
  if (!n) return true;
  const value = n.kind === 'number' ? Number(text) : text;
  return (n.kind !== 'number' || (text.trim() !== '' && Number.isFinite(value))) && mayValidate(value, schema as SchemaNode, { names: ctx.names, mode: 'read', patterns: ctx.scope.patterns });
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
