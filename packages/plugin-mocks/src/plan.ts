import type { ApiModel, CrudRole, ResourceNode, ResponseNode, SchemaNode } from '@reslayer/core';
import { isJsonMediaType } from '@reslayer/core';
import { describeOperation, getSchemaTypeNames, type OperationSignature, type SchemaTypeNames } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from './naming.js';
import { flatValue } from './literal.js';
import { sampleSchema, sampleValue } from './sample.js';
import { mayBeUnknown, sameType, sampling } from './schemaView.js';
import { entityFacts, listPlan, writableFields, type EntityFacts, type Fields, type ListPlan } from './planStore.js';
import { mswPattern, RouteIndex, specificity } from './pattern.js';

/** A typed constant of the fixtures file. */
export interface FixtureDecl {
  name: string;
  /** Client type name; the constant is typed `type` (or `type[]` when `array`). */
  type: string;
  array?: boolean;
  value: unknown;
  /** One-line TSDoc text (no contract text). */
  doc: string;
  /** False when the type has no possible value; the constant is then cast (see `Sample.exact`). */
  exact?: boolean;
}

/** What a handler answers with, or an error answer. */
export type Body =
  | { kind: 'none' }
  | { kind: 'entity' }
  | { kind: 'json'; fixture: string; emptyFixture: string; cast: boolean }
  | { kind: 'text'; fixture: string; mediaType: string }
  | { kind: 'blob'; mediaType: string };

/** An error answer: status and, when the contract gives a JSON schema, a typed fixture. */
export interface ErrorAnswer {
  status: number;
  fixture?: string;
  cast: boolean;
}

/** Everything the handler of one operation needs. */
export interface OperationPlan {
  sig: OperationSignature;
  /** `http` member: the operation's method, `all` for TRACE. */
  method: 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  /** MSW path pattern without the base prefix, e.g. `/api/v1/contacts/:contactId`. */
  pattern: string;
  /** MSW names of the path parameters, by contract name. */
  params: Map<string, string>;
  status: number;
  body: Body;
  error: ErrorAnswer;
  /** The 404 answer of a missing item (store item operations, and item operations in the `empty` scenario). */
  notFound?: ErrorAnswer;
  /** Role when the handler is served from the store. */
  storeRole?: CrudRole;
  /** Path parameter values (by MSW name) for which another operation's literal path is meant: the handler steps aside. */
  stepAside: Array<Array<[string, string]>>;
  /**
   * MSW patterns (without the base) of the same method's more precise paths that may match what this pattern
   * matches with a different split into base and path (`*` + `/assets` also matches `…/tags/assets`): when one
   * of them matches the request (with the handler's base), the handler steps aside.
   */
  yieldTo: string[];
  /** Payload properties a store create/update copies into the entity (see `writableFields`). */
  writable?: Fields;
}

/** The store of a CRUD resource. */
export interface StorePlan {
  entity: EntityFacts;
  /** Client type of the entity: the read operation's response type. */
  entityType: string;
  /** MSW name of the item path parameter. */
  keyParam: string;
  list?: ListPlan;
}

/** The mocks of one resource: operations, store and fixtures. */
export interface MockPlan {
  resource: ResourceNode;
  ops: OperationPlan[];
  store?: StorePlan;
  fixtures: FixtureDecl[];
}

const NO_BODY = new Set([204, 205, 304]);

/** Numeric status of a status key: `201` → 201, `4XX` → 400, `default` → `fallback`. */
export function statusOf(code: string, fallback: number): number {
  if (/^[1-5]\d\d$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100;
  return fallback;
}

/**
 * Plans the mocks of a resource.
 * @param model the API model
 * @param resource the resource
 * @param fixtureCount number of entity fixtures of a store-backed resource
 */
export function planResource(model: ApiModel, resource: ResourceNode, fixtureCount: number): MockPlan {
  const names = getSchemaTypeNames(model);
  const sigs = resource.operations.map((op) => describeOperation(model, resource, op));
  const fixtures: FixtureDecl[] = [];
  const store = planStore(resource, sigs, names, fixtures, fixtureCount);
  const ops = sigs.map((sig) => planOperation(sig, store, names, fixtures));
  const routes = routesOf(model);
  for (const op of ops) {
    const index = routes.get(op.sig.node.method);
    if (!index) continue;
    const shadowed = index.shadowed(op.sig.node.path);
    op.stepAside = shadowed.map(({ pairs }) => pairs.map(([name, value]) => [op.params.get(name) ?? name, value]));
    const covered = new Set(shadowed.map((s) => s.path));
    op.yieldTo = index.morePrecise(op.sig.node.path).filter((path) => !covered.has(path)).map((path) => mswPattern(path, NO_NAMES));
  }
  const order = ops.map((op, i) => ({ op, i, key: specificity(op.pattern) }));
  order.sort((a, b) => cmpArrays(a.key, b.key) || a.i - b.i);
  return { resource, ops: order.map((o) => o.op), fixtures, ...(store ? { store } : {}) };
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();
const ROUTES = new WeakMap<ApiModel, Map<string, RouteIndex>>();

/** The model's path templates by method, indexed once per model (every resource's plan asks it). */
function routesOf(model: ApiModel): Map<string, RouteIndex> {
  let routes = ROUTES.get(model);
  if (!routes) {
    const byMethod = new Map<string, string[]>();
    for (const o of model.operations) {
      const list = byMethod.get(o.method);
      if (list) list.push(o.path);
      else byMethod.set(o.method, [o.path]);
    }
    routes = new Map([...byMethod].map(([method, paths]) => [method, new RouteIndex(paths)]));
    ROUTES.set(model, routes);
  }
  return routes;
}

function cmpArrays(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
}

function planStore(resource: ResourceNode, sigs: OperationSignature[], names: SchemaTypeNames, fixtures: FixtureDecl[], count: number): StorePlan | undefined {
  const read = sigs.find((s) => s.op.role === 'read');
  const keyArg = read?.pathArgs[read.pathArgs.length - 1];
  if (resource.resourceKind !== 'crud' || !read || !keyArg) return undefined;
  const entity = entityFacts(read, keyArg.param.name, names, resource.entity);
  if (!entity) return undefined;
  const entityType = clientNaming.responseType(read.op);
  const content = read.response.content;
  const key = entity.key;
  // Distinct keys: enum values in order (as many fixtures as the enum has values, at most), else sampled values.
  const slots = Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    key: !key ? undefined : key.values ? key.values[i] : sampleValue(key.schema, { ...sampling(names), index: i + 1, name: key.path[key.path.length - 1] ?? 'id', ignoreExamples: true }),
  })).filter((slot, i, all) => !key || (slot.key !== undefined && all.findIndex((o) => String(o.key) === String(slot.key)) === i));
  let exact = true;
  const items = slots.map((slot) => {
    const sample = sampleSchema(entity.schema, { ...sampling(names), index: slot.index, example: content?.example });
    exact &&= sample.exact;
    if (key) setPath(sample.value, key.path, slot.key);
    return sample.value;
  });
  const defaults = sampleSchema(entity.schema, { ...sampling(names), index: 1, requiredOnly: true });
  // An entity type without a possible value (see `Sample.exact`) cannot back a typed store.
  if (!exact || !defaults.exact) return undefined;
  const doc = `Entities of \`${resource.resource}\` (the response type of \`${clientNaming.method(read.op)}\`): the seed of the handlers' store.`;
  fixtures.push({ name: mocksNaming.entityFixtures(resource), type: entityType, array: true, value: items, doc });
  fixtures.push({
    name: mocksNaming.entityDefaults(resource), type: entityType, doc: `What a created \`${resource.resource}\` entity starts from before the payload is merged in: the required fields.`,
    value: defaults.value,
  });
  const list = sigs.find((s) => s.op.role === 'list');
  const lp = list ? listPlan(list, entity, names) : undefined;
  return { entity, entityType, keyParam: safeParam(keyArg.ident), ...(lp ? { list: lp } : {}) };
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

/** An MSW parameter name (letters, digits, underscore). */
export function safeParam(ident: string): string {
  const s = ident.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(s) ? s : `_${s}`;
}

function planOperation(sig: OperationSignature, store: StorePlan | undefined, names: SchemaTypeNames, fixtures: FixtureDecl[]): OperationPlan {
  const params = new Map<string, string>();
  const used = new Set<string>();
  for (const a of sig.pathArgs) {
    let name = safeParam(a.ident);
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    params.set(a.param.name, name);
  }
  const method = sig.node.method === 'trace' ? 'all' : sig.node.method;
  let status = statusOf(sig.response.status, 200);
  if (status < 200 || status > 299) status = 200;
  const role = store ? storeRole(sig, store) : undefined;
  const itemOp = role === 'read' || role === 'update' || role === 'delete';
  const r404 = sig.node.responses.find((r) => r.status === '404');
  const declares404 = r404 !== undefined || sig.errors.some((e) => /^4XX$/i.test(e.status));
  const missing = itemOp || (!role && sig.pathArgs.length > 0 && declares404);
  // An item operation answers 404 in the `empty` scenario; only reads (lists, searches, summaries) get an empty variant.
  const body = bodyOf(sig, store, role, status, names, fixtures, !missing && sig.node.method === 'get');
  const first = sig.errors[0];
  const doc = `Error body of \`${clientNaming.method(sig.op)}\` in the \`error\` scenario (status ${first ? statusOf(first.status, 500) : 500}).`;
  // A HEAD response has no body, so its errors carry none either.
  const head = sig.node.method === 'head';
  const error = head ? { status: first ? statusOf(first.status, 500) : 500, cast: false } : errorAnswer(sig, first, mocksNaming.errorFixture(sig.op), names, fixtures, doc);
  const plan: OperationPlan = { sig, method, pattern: mswPattern(sig.node.path, params), params, status, body, error, stepAside: [], yieldTo: [] };
  if (role) plan.storeRole = role;
  if (store && (role === 'create' || role === 'update')) {
    const request = sig.payload?.bodyKind === 'json' ? sig.payload.content.schema : undefined;
    plan.writable = writableFields(request, store.entity, names);
  }
  if (missing) {
    const r = r404 ?? sig.errors.find((e) => /^4XX$/i.test(e.status)) ?? sig.errors.find((e) => e.status === 'default') ?? sig.errors.find((e) => jsonSchema(e));
    const doc404 = `Error body of \`${clientNaming.method(sig.op)}\` for a missing item (status 404).`;
    const nf = r === first || head ? { ...error } : errorAnswer(sig, r, mocksNaming.notFoundFixture(sig.op), names, fixtures, doc404, error.fixture);
    plan.notFound = { ...nf, status: 404 };
  }
  return plan;
}

function storeRole(sig: OperationSignature, store: StorePlan): CrudRole | undefined {
  const role = sig.op.role;
  if (role === 'list') return store.list ? 'list' : undefined;
  if (role === 'read') return 'read';
  if (role === 'create') return role;
  if (role === 'delete' && sig.pathArgs.length > 0) return role;
  if (role === 'update' && (sig.node.method === 'patch' || sig.node.method === 'put') && sig.pathArgs.length > 0) return role;
  return undefined;
}

function jsonSchema(r: ResponseNode | undefined): { schema: SchemaNode; example: unknown } | undefined {
  const c = r?.contents.find((m) => isJsonMediaType(m.mediaType) && m.schema);
  return c?.schema ? { schema: c.schema, example: c.example } : undefined;
}

function errorAnswer(sig: OperationSignature, r: ResponseNode | undefined, name: string, names: SchemaTypeNames, fixtures: FixtureDecl[], doc: string, reuse?: string): ErrorAnswer {
  const status = r ? statusOf(r.status, 500) : 500;
  const json = jsonSchema(r);
  const cast = mayBeUnknown(sig.errors.flatMap((e) => e.contents.filter((c) => c.schema).map((c) => c.schema)), names);
  if (!json || status < 400) return { status: status < 400 ? 500 : status, cast };
  const { value, exact } = sampleSchema(json.schema, { ...sampling(names), example: json.example });
  const same = reuse !== undefined && fixtures.find((f) => f.name === reuse);
  if (same && flatValue(same.value) === flatValue(value)) return { status, fixture: reuse as string, cast };
  fixtures.push({ name, type: clientNaming.errorBodyType(sig.op), value, doc, exact });
  return { status, fixture: name, cast };
}

function bodyOf(sig: OperationSignature, store: StorePlan | undefined, role: CrudRole | undefined, status: number, names: SchemaTypeNames, fixtures: FixtureDecl[], withEmpty: boolean): Body {
  const content = sig.response.content;
  if (NO_BODY.has(status) || sig.node.method === 'head') return { kind: 'none' };
  switch (sig.response.responseType) {
    case 'none':
      return { kind: 'none' };
    case 'blob':
      return { kind: 'blob', mediaType: content?.mediaType ?? 'application/octet-stream' };
    case 'text': {
      const sample = content?.schema ? sampleValue(content.schema, { ...sampling(names), example: content.example, name: 'text' }) : content?.example;
      const value = typeof sample === 'string' ? sample : `${clientNaming.method(sig.op)} response`;
      fixtures.push({ name: mocksNaming.fixture(sig.op), type: clientNaming.responseType(sig.op), value, doc: `Text response of \`${clientNaming.method(sig.op)}\`.` });
      return { kind: 'text', fixture: mocksNaming.fixture(sig.op), mediaType: content?.mediaType ?? 'text/plain' };
    }
    case 'json': {
      if (store && role && role !== 'list' && returnsEntity(sig, store, names)) return { kind: 'entity' };
      if (role === 'list') return { kind: 'entity' };
      const schema: SchemaNode = content?.schema ?? { kind: 'unknown', pointer: '#' };
      const type = clientNaming.responseType(sig.op);
      const sample = sampleSchema(schema, { ...sampling(names), example: content?.example });
      // A JSON body without a schema or an example: an empty object reads better than `null`.
      const { value, exact } = content?.schema === undefined && content?.example === undefined ? { value: {}, exact: true } : sample;
      const empty = withEmpty ? sampleSchema(schema, { ...sampling(names), example: content?.example, empty: true }) : { value, exact };
      const fixture = mocksNaming.fixture(sig.op);
      fixtures.push({ name: fixture, type, value, doc: `Success response of \`${clientNaming.method(sig.op)}\` (status ${status}).`, exact });
      let emptyFixture = fixture;
      if (flatValue(empty.value) !== flatValue(value)) {
        emptyFixture = mocksNaming.emptyFixture(sig.op);
        const doc = `Response of \`${clientNaming.method(sig.op)}\` in the \`empty\` scenario: arrays empty, numbers at their minimum.`;
        fixtures.push({ name: emptyFixture, type, value: empty.value, doc, exact: empty.exact });
      }
      const schemas = sig.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
      return { kind: 'json', fixture, emptyFixture, cast: mayBeUnknown(schemas, names) };
    }
  }
}

/** True when every success body of the operation has the entity's type. */
function returnsEntity(sig: OperationSignature, store: StorePlan, names: SchemaTypeNames): boolean {
  const bodies = sig.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
  return bodies.length > 0 && bodies.every((b) => sameType(b, store.entity.schema, names));
}
