import type { ResourceNode } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { Body, ErrorAnswer, Fields, ListPlan, MockPlan, OperationPlan } from '../plan/mockPlan.js';
import type { QueryPair } from '../plan/sharedUrls.js';
import { Code, Sample, type Spec } from './printSpec.js';

/** What the handlers file imports for the specs written so far: fixtures, and stores of other resources that actions update. */
export interface SpecImports {
  /** Fixture names (from `<resource>.fixtures.ts`). */
  fixtures: Set<string>;
  /** Store name → the resource whose handlers file declares it. */
  stores: Map<string, ResourceNode>;
}

/** An answer: `[status, fixture]`, or `[status]` without a body. */
function answer(e: ErrorAnswer, imports: SpecImports): Spec {
  if (!e.fixture) return [e.status];
  imports.fixtures.add(e.fixture);
  return [e.status, new Code(e.fixture)];
}

/** The success body: the stored entity (maybe wrapped), a JSON fixture (with its `empty` variant), a text or a blob. */
function bodySpec(op: OperationPlan, body: Body, imports: SpecImports): Spec | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'entity':
      return body.wrap ? { entity: body.wrap.path === '' ? [] : body.wrap.path, with: body.wrap.with === undefined ? undefined : new Sample(body.wrap.with), one: body.wrap.one } : 'entity';
    case 'view':
      return { view: new Sample(body.sample), pick: body.pick, text: body.text, at: body.at, with: body.with === undefined ? undefined : new Sample(body.with) };
    case 'json':
      imports.fixtures.add(body.fixture).add(body.emptyFixture);
      return { json: new Code(body.fixture), empty: body.emptyFixture === body.fixture ? undefined : new Code(body.emptyFixture) };
    case 'text':
      imports.fixtures.add(body.fixture);
      return { text: new Code(body.fixture), type: body.mediaType };
    case 'blob':
      return { blob: `Mock content of ${clientNaming.method(op.sig.op)}.`, type: body.mediaType };
  }
}

/** A list as data for the runtime's `listAnswer`. */
function listSpec(list: ListPlan): Spec {
  return {
    items: list.items as Spec | undefined,
    page: list.page as Spec | undefined,
    fields: list.fields.length > 0 ? (list.fields as Spec) : undefined,
    template: list.template === undefined ? undefined : new Sample(list.template),
    filters: list.filters.length > 0 ? (list.filters as Spec) : undefined,
    search: list.search as Spec | undefined,
    sort: list.sort as Spec | undefined,
    pick: list.pick,
    text: list.text,
    itemDefaults: list.itemDefaults === undefined ? undefined : new Sample(list.itemDefaults),
    keys: list.keys,
    link: list.link,
    nextHeader: list.nextHeader,
  };
}

/** Query pairs as data: `[name]` or `[name, value]`. */
const pairs = (list: QueryPair[]): Spec => list.map(([name, value]) => (value === undefined ? [name] : [name, value]));

/** The store part of an operation: its role, the item key's path parameter, the fields it copies, the list. */
function storePart(plan: MockPlan, op: OperationPlan, imports: SpecImports): Record<string, Spec | undefined> {
  const store = plan.store;
  if (!op.storeRole || !store) return {};
  const key = [...op.params.values()].pop() ?? store.keyParam;
  const fields = (op.writable ?? []) as Spec;
  switch (op.storeRole) {
    case 'list':
      return store.list ? { store: 'list', list: listSpec(store.list) } : {};
    case 'read':
      for (const e of store.embeds ?? []) imports.stores.set(e.store, e.from);
      return { store: 'read', key, embeds: store.embeds?.map((e) => [e.property, new Code(e.store)]) };
    case 'delete':
      return { store: op.storeRole, key };
    case 'create':
      return { store: 'create', fields, payload: op.payload, givenKey: op.givenKey };
    case 'update':
      // A relationship's PUT without a body adds the item its path names (`PUT /user/following/{username}`).
      if (store.relation && op.sig.node.method === 'put' && !op.sig.payload) return { store: 'replace', key, fields, upsert: true };
      return { store: op.sig.node.method === 'put' ? 'replace' : 'update', key, fields, payload: op.payload };
    default:
      return {};
  }
}

/** The action part of an operation: the item key, the fields it copies, the store (another resource's) and what it sets. */
function actionPart(op: OperationPlan, imports: SpecImports): Record<string, Spec | undefined> {
  const a = op.action;
  if (!a) return {};
  if (a.from) imports.stores.set(a.store, a.from);
  const set = a.set.length > 0 ? Object.fromEntries(a.set) : undefined;
  return { key: a.keyParam, fields: a.writable.length > 0 ? (a.writable as Fields as Spec) : undefined, action: { store: a.from ? new Code(a.store) : undefined, set } };
}

/**
 * One operation's handler as data for the runtime's `mockResource`: route, status, answers, body, store role or
 * action, and the routing rules that let a more precise handler answer. Adds the names it uses to `imports`.
 * @param plan the resource's mock plan
 * @param op the operation's plan
 * @param imports what the handlers file imports
 * @returns the spec, or undefined when another operation's handler answers this one's requests (same URL)
 */
export function operationSpec(plan: MockPlan, op: OperationPlan, imports: SpecImports): Spec | undefined {
  const shared = op.shared;
  if (shared?.kind === 'answered') return undefined;
  return {
    method: op.method,
    ...(op.verb !== undefined ? { verb: op.verb } : {}),
    path: op.pattern,
    status: op.status,
    ...storePart(plan, op, imports),
    ...(op.page && !op.storeRole ? { list: listSpec(op.page) } : {}),
    ...actionPart(op, imports),
    body: op.storeRole === 'list' ? undefined : bodySpec(op, op.body, imports),
    error: answer(op.error, imports),
    notFound: op.notFound ? answer(op.notFound, imports) : undefined,
    stepAside: op.stepAside.length > 0 ? op.stepAside.map((values) => Object.fromEntries(values)) : undefined,
    query: shared && shared.query.length > 0 ? pairs(shared.query) : undefined,
    before: shared && shared.before.length > 0 ? shared.before.map(pairs) : undefined,
    yieldTo: op.yieldTo.length > 0 ? op.yieldTo : undefined,
    request: op.request ? { schema: new Sample(op.request.schema), required: op.request.required || undefined, invalid: answer(op.request.invalid, imports), problem: op.request.problem || undefined } : undefined,
  };
}
