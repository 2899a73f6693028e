import type { CrudRole, ResponseNode, SchemaNode } from '@reslayer/core';
import { deref, isJsonMediaType, type OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { ActionPlan, Body, ErrorAnswer, FixtureDecl, OperationPlan, StorePlan } from './mockPlan.js';
import { mswPattern } from './mswPattern.js';
import type { SharedUrl } from './sharedUrls.js';
import type { PlanContext } from './planContext.js';
import { sameSample } from '../values/printValue.js';
import { mayBeUnknown, sameType } from './sameType.js';
import { sampleSchema, sampleValue } from '../values/sampleSchema.js';
import { sharedUrls } from './sharedUrls.js';
import { givenKey, writableFields } from '../store/writableFields.js';
import { oneItemWrap, successBodies, variantWrap, wrapperOf } from '../store/entityFacts.js';
import { fixtureListPlan, summaryOf } from '../store/listPlan.js';
import { requestSchema, type Definitions } from './requestSchema.js';

/** Statuses whose responses have no body. */
const NO_BODY: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * Numeric status of a status key: `201` → 201, `4XX` → 400, `default` → `fallback`.
 * @param code the contract's status key
 * @param fallback the status of `default` (and of anything else)
 */
export function statusOf(code: string, fallback: number): number {
  if (/^[1-5]\d\d$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100;
  return fallback;
}

/** The methods MSW's `http` has a member for; any other is answered by `http.all`. */
const MSW_METHODS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * Plans the handler of one operation: method, MSW pattern, success and error answers (their fixtures pushed to
 * `fixtures`) and, for a store-backed resource, its store role. `stepAside` and `yieldTo` are left empty
 * (`planResource` fills them).
 * @param sig the operation's signature
 * @param store the resource's store plan, if any
 * @param ctx the planning context
 * @param fixtures receives the operation's fixtures
 * @param action how the operation updates a store, when it is an action on a stored item (see `planEntityAction`)
 * @param definitions the resource's named schemas its request schemas refer to, filled
 * @returns the operation plan
 */
export function planOperation(sig: OperationSignature, store: StorePlan | undefined, ctx: PlanContext, fixtures: FixtureDecl[], action?: ActionPlan, definitions: Definitions = new Map()): OperationPlan {
  // MSW parameter names: core's path argument identifiers (safe and unique: letters, digits and `_`).
  const params = new Map(sig.pathArgs.map((a) => [a.param.name, a.ident]));
  const method = MSW_METHODS.has(sig.node.method) ? (sig.node.method as OperationPlan['method']) : 'all';
  let status = statusOf(sig.response.status, 200);
  if (status < 200 || status > 299) status = 200;
  const role = store ? storeRole(sig, store) : undefined;
  const itemOp = role === 'read' || role === 'update' || role === 'delete';
  const r404 = sig.node.responses.find((r) => r.status === '404');
  const declares404 = r404 !== undefined || sig.errors.some((e) => /^4XX$/i.test(e.status));
  const missing = itemOp || (!role && sig.pathArgs.length > 0 && declares404);
  // An item operation answers 404 in the `empty` scenario; only reads (lists, searches, summaries) get an empty variant.
  const body = bodyOf(sig, store, role, status, ctx, fixtures, !missing && sig.node.method === 'get');
  const first = sig.errors[0];
  const doc = `Error body of \`${clientNaming.method(sig.op)}\` in the \`error\` scenario (status ${first ? statusOf(first.status, 500) : 500}).`;
  // A HEAD response has no body, so its errors carry none either.
  const head = sig.node.method === 'head';
  const error = head ? { status: first ? statusOf(first.status, 500) : 500, cast: false } : errorAnswer(sig, first, mocksNaming.errorFixture(sig.op), ctx, fixtures, doc);
  const plan: OperationPlan = { sig, method, pattern: mswPattern(sig.urlPath, params), params, status, body, error, stepAside: [], yieldTo: [] };
  // QUERY (OpenAPI 3.2) and `additionalOperations` methods have no `http` member: an `all` handler for their method only.
  if (method === 'all' && sig.node.method !== 'trace') plan.verb = sig.node.method.toUpperCase();
  // A list answering its fixture filters, sorts and pages the fixture's items, so an infinite query over it ends.
  const page = body.kind === 'json' && !role ? fixtureListPlan(sig, ctx) : undefined;
  if (page) plan.page = page;
  const shared = sharedUrls(ctx.model).get(sig.node.key);
  if (shared) plan.shared = shared;
  if (role) plan.storeRole = role;
  if (action && !role) plan.action = action;
  if (store && (role === 'create' || role === 'update')) {
    const request = sig.payload?.bodyKind === 'json' ? sig.payload.content.schema : undefined;
    plan.writable = writableFields(request, store.entity, ctx);
    // A wrapper holding the entity (`{ contact: {...} }`): the fields of the object it holds.
    const wrap = plan.writable.length === 0 && request ? (wrapperOf(request, (inner) => writableFields(inner, store.entity, ctx).length > 0, ctx) ?? oneItemWrap(request, store.entity.schema, ctx)) : undefined;
    if (wrap) {
      plan.payload = wrap.one ? [wrap.path, '0'] : wrap.path;
      plan.writable = writableFields(wrap.schema, store.entity, ctx);
    }
    const given = role === 'create' ? givenKey(wrap?.schema ?? request, store.entity, ctx) : undefined;
    if (given !== undefined) plan.givenKey = given;
  }
  const request = head ? undefined : checkedBody(sig, shared, ctx);
  if (request) {
    const invalid = invalidAnswer(sig, error, ctx, fixtures);
    // A `default` response that is the success answer covers 400 too: no body then, as it has none of an error.
    const problem = !invalid && !sig.node.responses.some((r) => r.status === 'default');
    plan.request = { schema: requestSchema(request.schema, ctx.scope.schemas, definitions, ctx.requestSchemas), required: request.required, invalid: invalid ?? { status: 400, cast: false }, problem };
  }
  if (missing) {
    // The contract's 404 answer (or its 4XX or default one); never the body of another status.
    const r = r404 ?? sig.errors.find((e) => /^4XX$/i.test(e.status)) ?? sig.errors.find((e) => e.status === 'default');
    const doc404 = `Error body of \`${clientNaming.method(sig.op)}\` for a missing item (status 404).`;
    const nf = r === first || head ? { ...error } : errorAnswer(sig, r, mocksNaming.notFoundFixture(sig.op), ctx, fixtures, doc404, error.fixture);
    plan.notFound = { ...nf, status: 404 };
  }
  return plan;
}

/**
 * The answer to a request body that breaks the operation's request schema: the contract's 422, else 400, else its
 * `4XX` or `default` answer at 400, with a fixture of that response's JSON schema (no body when it has none);
 * undefined when the contract declares none of them (the runtime answers 400 with a problem body then).
 * See docs/mocks.md, "Request bodies are validated".
 */
/**
 * The request body a handler checks: the operation's JSON body. A handler that also answers other operations on its
 * URL (path keys that differ by a fragment only, box's `PUT …/schema#add` and `#update`) cannot tell which of their
 * bodies the client meant: it checks that the body fits one of them (`anyOf`), required only when every one is, and
 * checks nothing when one of them sends no JSON body (any request may be that operation's).
 * @returns the schema and whether a body is required; undefined when nothing is checked
 */
function checkedBody(sig: OperationSignature, shared: SharedUrl | undefined, ctx: PlanContext): { schema: SchemaNode; required: boolean } | undefined {
  const own = sig.payload?.bodyKind === 'json' ? sig.payload.content.schema : undefined;
  const also = shared?.kind === 'answers' ? shared.also : [];
  if (!own || also.length === 0) return own && { schema: own, required: sig.payload?.required === true };
  const bodies = also.map((key) => ctx.model.operations.find((o) => o.key === key)?.requestBody);
  const schemas = bodies.map((b) => (b?.contents[0] && isJsonMediaType(b.contents[0].mediaType) ? b.contents[0].schema : undefined));
  if (schemas.some((x) => x === undefined)) return undefined;
  const variants = [own, ...(schemas as SchemaNode[])];
  return { schema: { kind: 'union', source: 'anyOf', pointer: own.pointer, variants }, required: sig.payload?.required === true && bodies.every((b) => b?.required === true) };
}

function invalidAnswer(sig: OperationSignature, error: ErrorAnswer, ctx: PlanContext, fixtures: FixtureDecl[]): ErrorAnswer | undefined {
  const find = (test: (status: string) => boolean): ResponseNode | undefined => sig.errors.find((e) => test(e.status));
  const r = find((s) => s === '422') ?? find((s) => s === '400') ?? find((s) => /^4XX$/i.test(s)) ?? find((s) => s === 'default');
  if (!r) return undefined;
  const status = /^4\d\d$/.test(r.status) ? Number(r.status) : 400;
  const doc = `Error body of \`${clientNaming.method(sig.op)}\` for a request body that breaks its schema (status ${status}).`;
  const answer = r === sig.errors[0] ? { ...error } : errorAnswer(sig, r, mocksNaming.invalidFixture(sig.op), ctx, fixtures, doc, error.fixture);
  return { ...answer, status };
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

function errorAnswer(sig: OperationSignature, r: ResponseNode | undefined, name: string, ctx: PlanContext, fixtures: FixtureDecl[], doc: string, reuse?: string): ErrorAnswer {
  const status = r ? statusOf(r.status, 500) : 500;
  const json = jsonSchema(r);
  const cast = mayBeUnknown(sig.errors.flatMap((e) => e.contents.filter((c) => c.schema).map((c) => c.schema)), ctx);
  if (!json || status < 400) return { status: status < 400 ? 500 : status, cast };
  const { value, exact } = sampleSchema(json.schema, { ...ctx.scope, example: json.example });
  const same = reuse !== undefined && fixtures.find((f) => f.name === reuse);
  if (same && sameSample(same.value, value)) return { status, fixture: reuse as string, cast };
  const type = clientNaming.errorBodyType(sig.op);
  // The same body of the same schema as an earlier operation's (a shared `Error` schema): declared once, this name refers to it.
  const earlier = fixtures.find((f) => f.alias === undefined && f.schema !== undefined && sameType(f.schema, json.schema, ctx) && sameSample(f.value, value));
  fixtures.push({ name, type, value, doc, exact, schema: json.schema, ...(earlier ? { alias: earlier.name } : {}) });
  return { status, fixture: earlier?.name ?? name, cast };
}

function bodyOf(sig: OperationSignature, store: StorePlan | undefined, role: CrudRole | undefined, status: number, ctx: PlanContext, fixtures: FixtureDecl[], withEmpty: boolean): Body {
  const content = sig.response.content;
  if (NO_BODY.has(status) || sig.node.method === 'head') return { kind: 'none' };
  switch (sig.response.responseType) {
    case 'none':
      return { kind: 'none' };
    case 'blob':
      return { kind: 'blob', mediaType: content?.mediaType ?? 'application/octet-stream' };
    case 'text': {
      const sample = content?.schema ? sampleValue(content.schema, { ...ctx.scope, example: content.example, name: 'text' }) : content?.example;
      const value = typeof sample === 'string' ? sample : `${clientNaming.method(sig.op)} response`;
      fixtures.push({ name: mocksNaming.fixture(sig.op), type: clientNaming.responseType(sig.op), value, doc: `Text response of \`${clientNaming.method(sig.op)}\`.` });
      return { kind: 'text', fixture: mocksNaming.fixture(sig.op), mediaType: content?.mediaType ?? 'text/plain' };
    }
    case 'json': {
      if (role === 'list') return { kind: 'entity' };
      if (store && role && returnsEntity(sig, store, ctx)) return { kind: 'entity' };
      const holds = (s: SchemaNode): boolean => store !== undefined && sameType(s, store.entity.schema, ctx);
      const wrap = store && role && content?.schema ? (wrapperOf(content.schema, holds, ctx) ?? oneItemWrap(content.schema, store.entity.schema, ctx, true) ?? variantWrap(content.schema, holds, ctx)) : undefined;
      if (wrap && store && sig.response.responses.every((r) => !r.contents[0] || sameType(r.contents[0].schema, content?.schema, ctx))) return { kind: 'entity', wrap };
      const view = store && role && content?.schema ? viewBody(sig, content.schema, content.example, store, ctx) : undefined;
      if (view) return view;
      const schema: SchemaNode = content?.schema ?? { kind: 'unknown', pointer: '#' };
      const type = clientNaming.responseType(sig.op);
      const sample = sampleSchema(schema, { ...ctx.scope, example: content?.example });
      // A JSON body without a schema or an example: an empty object reads better than `null`.
      const { value, exact } = content?.schema === undefined && content?.example === undefined ? { value: {}, exact: true } : sample;
      const empty = withEmpty ? sampleSchema(schema, { ...ctx.scope, example: content?.example, empty: true }) : { value, exact };
      const fixture = mocksNaming.fixture(sig.op);
      fixtures.push({ name: fixture, type, value, doc: `Success response of \`${clientNaming.method(sig.op)}\` (status ${status}).`, exact });
      let emptyFixture = fixture;
      if (!sameSample(empty.value, value)) {
        emptyFixture = mocksNaming.emptyFixture(sig.op);
        const doc = `Response of \`${clientNaming.method(sig.op)}\` in the \`empty\` scenario: arrays empty, numbers at their minimum.`;
        fixtures.push({ name: emptyFixture, type, value: empty.value, doc, exact: empty.exact });
      }
      const schemas = sig.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
      return { kind: 'json', fixture, emptyFixture, cast: mayBeUnknown(schemas, ctx) };
    }
  }
}

/**
 * The answer of a store operation whose body is a view of the entity, built from the stored entity (docs/mocks.md):
 * a response extending the entity (an `allOf` with a member of its type, openai's `AdminApiKeyCreateResponse`:
 * `allOf: [AdminApiKey, { value }]`) is the entity over a sample of the response; a response carrying the entity's
 * key property (DigitalOcean's create answering `{ uuid, region, status }`) copies the properties that fit
 * (listPlan's `summaryOf`), also inside a wrapper (`{ command: { name, args }, duration }`). Undefined when the operation has other success bodies, or the body is neither.
 */
function viewBody(sig: OperationSignature, schema: SchemaNode, example: unknown, store: StorePlan, ctx: PlanContext): Body | undefined {
  if (!sig.response.responses.every((r) => !r.contents[0] || sameType(r.contents[0].schema, schema, ctx))) return undefined;
  const n = deref(schema, ctx.names.byName);
  if (n?.kind === 'intersection' && !n.nullable && n.members.some((m) => sameType(m, store.entity.schema, ctx))) {
    const extended = sampleSchema(schema, { ...ctx.scope, example });
    const sample = extended.value;
    return extended.exact && sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? { kind: 'view', sample } : undefined;
  }
  const entityKey = store.entity.key ?? store.carriedKey;
  const key = entityKey?.path.length === 1 ? entityKey.path[0] : undefined;
  if (key === undefined) return undefined;
  const keyed = (s: SchemaNode): ReturnType<typeof summaryOf> => {
    const summary = summaryOf(s, store.entity, ctx, store.carriedKey);
    return summary?.pick.includes(key) ? summary : null;
  };
  const summary = keyed(schema);
  if (summary) return { kind: 'view', sample: summary.defaults ?? {}, pick: summary.pick, ...(summary.text ? { text: summary.text } : {}) };
  // A wrapper holding such a view (stream's create answering `{ command: Command, duration }` of a `GetCommandResponse` entity).
  const wrap = wrapperOf(schema, (s) => keyed(s) !== null, ctx, store.keyParam);
  const inner = wrap && keyed(wrap.schema);
  return wrap && inner ? { kind: 'view', sample: inner.defaults ?? {}, pick: inner.pick, ...(inner.text ? { text: inner.text } : {}), at: wrap.path, ...(wrap.with ? { with: wrap.with } : {}) } : undefined;
}

/** True when every success body of the operation has the entity's type. */
function returnsEntity(sig: OperationSignature, store: StorePlan, ctx: PlanContext): boolean {
  const bodies = successBodies(sig);
  return bodies.length > 0 && bodies.every((b) => sameType(b, store.entity.schema, ctx));
}
