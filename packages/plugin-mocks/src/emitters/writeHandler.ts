import { commentLines, isIdentifierName, objectKey, stringLiteral, valueLiteral, type ResourceNode } from '@reslayer/core';
import { MOCK_EXPORTS } from '@reslayer/runtime';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { ActionPlan, Body, ErrorAnswer, Fields, MockPlan, OperationPlan, Pagination, StorePlan } from '../plan/mockPlan.js';
import { printValue } from '../plan/printValue.js';
import type { QueryPair } from '../plan/sharedUrls.js';

/** What the handlers file must declare or import for the resolvers written so far. */
export interface Needs {
  fixtures: Set<string>;
  /** Client types used (entity and list response): type name → local name. */
  types: Map<string, string>;
  /** Helpers: `readJson`, `merge`, `intParam`, `filterItems`, `claimedElsewhere` (from `<runtimeModule>/mocks`), `nextId`, `SERVER_FIELDS` (file-local). */
  helpers: Set<string>;
  /** Payload field lists of create/update operations, by constant name. */
  fields: Map<string, Fields>;
  /** True when a handler answers JSON (`HttpResponse.json<JsonBodyType>`). */
  jsonBodyType: boolean;
  /** Stores of other resources that actions update: store name → the resource whose handlers file declares it. */
  stores: Map<string, ResourceNode>;
  /** True when a handler's path parameters are typed `PathParams` (its path has none). */
  pathParams: boolean;
}

/** How every handler of a file sets itself up: the factory's options type and the plugin's defaults. */
export interface HandlerSetup {
  /** The options type of the resource's handler factory (`ContactsHandlersOptions`). */
  optionsType: string;
  /** The `mockSetup` defaults literal: `{ baseUrl: '*', delayMs: 1500 }`. */
  defaults: string;
}

/**
 * The handler factory of one operation, as a method of the resource's `<r>OperationHandlers` record (lines
 * indented for the record): `name(answer?, options = {}): HttpHandler` returns the `http.<method>(...)` handler.
 * `answer` is either options for this operation only (`{ scenario: 'error' }`) or an own msw resolver, which
 * runs after the routing checks (step aside for a more precise path, literal query) in place of the
 * generated answer. Without an own resolver, the resolver awaits `settle()` (the `slow` delay), answers the
 * `error` scenario with the contract's error status and body, and otherwise answers from the store or the fixtures.
 * @param plan the resource plan
 * @param op the operation plan
 * @param needs collects fixtures, types and helpers the resolver uses
 * @param setup the options type and defaults of the file's handlers
 * @returns the method's lines, or only comments when another operation's handler answers this one's requests
 */
export function writeHandler(plan: MockPlan, op: OperationPlan, needs: Needs, setup: HandlerSetup): string[] {
  const name = clientNaming.method(op.sig.op);
  const where = `${op.sig.node.method.toUpperCase()} ${commentLines(op.sig.node.path, 300).join(' ')}`;
  const title = `// ${name}: ${where}`;
  const shared = op.shared;
  // Same method, URL and query as an earlier operation (the path keys differ by a fragment): that operation's handler answers.
  if (shared?.kind === 'answered') return [title, `//   no handler: the handler of ${commentLines(shared.by, 300).join(' ')} answers (the same request: a fragment is not sent)`];
  const also = shared?.also.map((key) => `//   also answers ${commentLines(key, 300).join(' ')} (the same request: a fragment is not sent)`) ?? [];
  const store = op.storeRole && plan.store;
  const body = op.action ? actionBody(op, op.action, needs) : store ? storeBody(plan, store, op, needs) : fixtureBody(op, needs);
  // Another operation's literal path matches this pattern for these values: let the next handler answer.
  const when = op.stepAside.map((pairs) => pairs.map(([param, value]) => `params.${param} === ${stringLiteral(value)}`).join(' && '));
  const guard = when.length > 0 ? [`if (${when.join(' || ')}) return;`] : [];
  // A literal query of the path key (msw ignores queries in a path): answer only requests that carry it, and
  // none of the queries of operations on the same URL that win over it (more parameters, then contract order).
  if (shared && (shared.query.length > 0 || shared.before.length > 0)) {
    guard.push('const search = new URL(request.url).searchParams;');
    if (shared.query.length > 0) guard.push(`if (!(${carries(shared.query)})) return;`);
    for (const q of shared.before) guard.push(`if (${carries(q)}) return;`);
  }
  if (op.yieldTo.length > 0) {
    // A more precise path of the contract matches the request (e.g. `…/tags/assets` for `*` + `/assets`): its handler answers.
    needs.helpers.add('claimedElsewhere');
    const list = op.yieldTo.map(stringLiteral);
    const flat = `if (claimedElsewhere(request, base, [${list.join(', ')}])) return;`;
    guard.push(...(flat.length <= 100 ? [flat] : ['if (', '  claimedElsewhere(request, base, [', ...list.map((p) => `    ${p},`), '  ])', ') {', '  return;', '}']));
  }
  const lines = [...guard, "if (typeof answer === 'function') return answer(info);", 'await settle();', `if (scenario === 'error') return ${answer(op.error, needs)};`, ...body];
  const uses = ['params', 'request'].filter((v) => lines.some((l) => new RegExp(`(?<![\\w/'"-])${v}[.,)]`).test(l)));
  // Explicit type arguments: TypeScript then infers nothing from the resolver (inference over msw's resolver
  // types is most of the cost of type-checking a handler). The path parameters are typed whenever the path has
  // some, so that an own resolver reads them typed too.
  if (op.params.size === 0) needs.pathParams = true;
  const params = op.params.size > 0 ? `{ ${[...op.params.values()].map((n) => `${n}: string`).join('; ')} }` : 'PathParams';
  return [
    title,
    ...also,
    `${objectKey(name)}(answer?: HttpResponseResolver<${params}, DefaultBodyType, undefined> | ${setup.optionsType}, options: ${setup.optionsType} = {}): HttpHandler {`,
    `  const { scenario, base, settle } = mockSetup(typeof answer === 'object' ? { ...options, ...answer } : options, ${setup.defaults});`,
    `  return http.${op.method}<${params}>(base + ${stringLiteral(op.pattern)}, async (info) => {`,
    ...(uses.length > 0 ? [`    const { ${uses.join(', ')} } = info;`] : []),
    ...lines.map((l) => `    ${l}`),
    '  });',
    '},',
  ];
}

/** The condition that the request's query (`search`) carries every pair: `search.getAll('beta').includes('true')`. */
function carries(pairs: QueryPair[]): string {
  return pairs.map(([name, value]) => (value === undefined ? `search.has(${stringLiteral(name)})` : `search.getAll(${stringLiteral(name)}).includes(${stringLiteral(value)})`)).join(' && ');
}

/** Names the handlers file imports from msw and `<runtimeModule>/mocks`; a client type with one of these names is imported under an alias. */
const MSW_NAMES: ReadonlySet<string> = new Set(['http', 'HttpResponse', 'HttpHandler', 'HttpResponseResolver', 'DefaultBodyType', 'JsonBodyType', 'PathParams', ...MOCK_EXPORTS.values, ...MOCK_EXPORTS.types]);

/**
 * Records a client type the handlers use and returns its local name (`<Name>Body` when msw has the name).
 * @param needs the collector
 * @param type client type name
 */
export function useType(needs: Needs, type: string): string {
  const local = MSW_NAMES.has(type) ? `${type}Body` : type;
  needs.types.set(type, local);
  return local;
}

/**
 * A JSON response: `HttpResponse.json<JsonBodyType>(body, { status })`. The explicit type argument spares TypeScript
 * inferring (and instantiating `HttpResponse<T>` for) every body type; the body's own type was checked where it was declared.
 */
function json(needs: Needs, body: string, status: number): string {
  needs.jsonBodyType = true;
  return `HttpResponse.json<JsonBodyType>(${body}, { status: ${status} })`;
}

/** A response without a body (`<null>`: nothing for TypeScript to infer). */
function empty(status: number): string {
  return `new HttpResponse<null>(null, { status: ${status} })`;
}

/** An error or not-found response expression. */
function answer(e: ErrorAnswer, needs: Needs): string {
  if (!e.fixture) return empty(e.status);
  needs.fixtures.add(e.fixture);
  return json(needs, `${e.fixture}${e.cast ? ' as JsonBodyType' : ''}`, e.status);
}

function success(op: OperationPlan, body: Body, entity: string | undefined, needs: Needs): string {
  switch (body.kind) {
    case 'none':
      return empty(op.status);
    case 'entity':
      return json(needs, entity ?? 'null', op.status);
    case 'json': {
      needs.fixtures.add(body.fixture).add(body.emptyFixture);
      const value = body.emptyFixture === body.fixture ? body.fixture : `scenario === 'empty' ? ${body.emptyFixture} : ${body.fixture}`;
      const cast = value === body.fixture ? `${value} as JsonBodyType` : `(${value}) as JsonBodyType`;
      return json(needs, body.cast ? cast : value, op.status);
    }
    case 'text':
      needs.fixtures.add(body.fixture);
      return `new HttpResponse<string>(${body.fixture}, { status: ${op.status}, headers: { 'Content-Type': ${stringLiteral(body.mediaType)} } })`;
    case 'blob': {
      const type = stringLiteral(body.mediaType);
      return `new HttpResponse(new Blob([${stringLiteral(`Mock content of ${clientNaming.method(op.sig.op)}.`)}], { type: ${type} }), { status: ${op.status}, headers: { 'Content-Type': ${type} } })`;
    }
  }
}

function fixtureBody(op: OperationPlan, needs: Needs): string[] {
  const lines: string[] = [];
  if (op.notFound) lines.push(`if (scenario === 'empty') return ${answer(op.notFound, needs)};`);
  lines.push(`return ${success(op, op.body, undefined, needs)};`);
  return lines;
}

function storeBody(plan: MockPlan, store: StorePlan, op: OperationPlan, needs: Needs): string[] {
  const map = mocksNaming.store(plan.resource);
  const entity = useType(needs, store.entityType);
  // The item key is the operation's last path parameter (the read operation's when it has none).
  const key = `params.${[...op.params.values()].pop() ?? store.keyParam}`;
  const notFound = () => (op.notFound ? answer(op.notFound, needs) : empty(404));
  const defaults = mocksNaming.entityDefaults(plan.resource);
  const merged = (target: string) => mergeExpr(op, op.writable ?? [], target, needs);
  switch (op.storeRole) {
    case 'list':
      return store.list ? listBody(plan, store, op, needs) : [];
    case 'read':
      return [
        `const item = scenario === 'empty' ? undefined : ${map}.get(${key});`,
        `if (item === undefined) return ${notFound()};`,
        `return ${success(op, op.body, 'item', needs)};`,
      ];
    case 'create': {
      needs.helpers.add('nextId');
      needs.fixtures.add(defaults);
      const path = store.entity.key?.path;
      return [
        'const id = nextId();',
        `const created: ${entity} = ${merged(`structuredClone(${defaults})`)};`,
        ...(path ? [`created${path.map(access).join('')} = id;`] : []),
        `if (scenario !== 'empty') ${map}.set(String(id), created);`,
        `return ${success(op, op.body, 'created', needs)};`,
      ];
    }
    case 'update': {
      const put = op.sig.node.method === 'put';
      if (put) needs.helpers.add('SERVER_FIELDS');
      if (put) needs.fixtures.add(defaults);
      // PUT replaces the item (from the defaults; the key and readOnly fields stay), PATCH changes it.
      const next = put ? `merge(${merged(`structuredClone(${defaults})`)}, current, SERVER_FIELDS)` : merged('structuredClone(current)');
      return [
        `const current = scenario === 'empty' ? undefined : ${map}.get(${key});`,
        `if (current === undefined) return ${notFound()};`,
        `const updated: ${entity} = ${next};`,
        `${map}.set(${key}, updated);`,
        `return ${success(op, op.body, 'updated', needs)};`,
      ];
    }
    case 'delete':
      return [
        `const current = scenario === 'empty' ? undefined : ${map}.get(${key});`,
        `if (current === undefined) return ${notFound()};`,
        `${map}.delete(${key});`,
        `return ${success(op, op.body, 'current', needs)};`,
      ];
    default:
      return fixtureBody(op, needs);
  }
}

/** `merge(<target>, payload, <op>Fields)`: the payload properties this operation may copy. */
function mergeExpr(op: OperationPlan, fields: Fields, target: string, needs: Needs): string {
  const name = `${op.sig.op.name}Fields`;
  needs.helpers.add('readJson').add('merge');
  needs.fields.set(name, fields);
  return `merge(${target}, await readJson(request), ${name})`;
}

/** An action on a stored item: read it (404 when missing), merge the payload, set the state, store and answer it. */
function actionBody(op: OperationPlan, action: ActionPlan, needs: Needs): string[] {
  if (action.from) needs.stores.set(action.store, action.from);
  const key = `params.${action.keyParam}`;
  const type = useType(needs, clientNaming.responseType(op.sig.op));
  const start = action.writable.length > 0 ? mergeExpr(op, action.writable, 'structuredClone(current)', needs) : 'structuredClone(current)';
  return [
    `const current = scenario === 'empty' ? undefined : ${action.store}.get(${key});`,
    `if (current === undefined) return ${op.notFound ? answer(op.notFound, needs) : empty(404)};`,
    `const updated: ${type} = ${start};`,
    ...action.set.map(([name, value]) => `updated${access(name)} = ${valueLiteral(value)};`),
    `${action.store}.set(${key}, updated);`,
    `return ${json(needs, 'updated', op.status)};`,
  ];
}

/**
 * Property access in code: `.name`, or `['na-me']` when the name is not an identifier.
 * @param name the property name
 * @returns the access text
 */
export function access(name: string): string {
  return isIdentifierName(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}

function windowLines(p: Pagination, needs: Needs): string[] {
  const int = (name: string, fallback: number) => {
    needs.helpers.add('intParam');
    return `intParam(query, ${stringLiteral(name)}, ${fallback})`;
  };
  switch (p.kind) {
    case 'page':
      return [
        `const page = ${int(p.page, p.defaultPage)};`,
        `const size = ${p.size ? `Math.max(1, ${int(p.size, p.defaultSize)})` : p.defaultSize};`,
        `const start = Math.max(0, (page - ${p.first}) * size);`,
      ];
    case 'offset':
      return [`const start = Math.max(0, ${int(p.offset, 0)});`, `const size = ${p.limit ? `Math.max(1, ${int(p.limit, p.defaultSize)})` : p.defaultSize};`];
    case 'cursor':
      return [`const start = Math.max(0, ${int(p.cursor, 0)});`, `const size = ${p.limit ? `Math.max(1, ${int(p.limit, p.defaultSize)})` : p.defaultSize};`];
    case 'none':
      return ['const start = 0;', 'const size = Math.max(1, all.length);'];
  }
}

function listBody(plan: MockPlan, store: StorePlan, op: OperationPlan, needs: Needs): string[] {
  const list = store.list;
  if (!list) return [];
  const responseType = useType(needs, clientNaming.responseType(op.sig.op));
  const values = `[...${mocksNaming.store(plan.resource)}.values()]`;
  if (list.filters.length > 0) needs.helpers.add('filterItems');
  const usesQuery = list.filters.length > 0 || list.pagination.kind !== 'none';
  const lines = [
    ...(usesQuery ? ['const query = new URL(request.url).searchParams;'] : []),
    `const all: ${useType(needs, store.entityType)}[] = scenario === 'empty' ? [] : ${list.filters.length > 0 ? `filterItems(${values}, query, FILTERS)` : values};`,
    ...windowLines(list.pagination, needs),
    'const items = all.slice(start, start + size);',
  ];
  if (list.fields.some((f) => f.expr === 'next')) lines.push('const next = start + size < all.length ? String(start + size) : undefined;');
  if (list.shape === 'array') return [...lines, `const body: ${responseType} = items;`, `return ${json(needs, 'body', op.status)};`];
  const members = list.fields.map((f) => {
    if (f.expr === undefined) return `${objectKey(f.name)}: ${printValue(f.sample, 2)}`;
    if (f.expr !== 'next') return f.expr === f.name ? f.name : `${objectKey(f.name)}: ${f.expr}`;
    if (f.fit === 'optional') return `...(next === undefined ? {} : { ${objectKey(f.name)}: next })`;
    return `${objectKey(f.name)}: next ?? ${f.fit === 'nullable' ? 'null' : "''"}`;
  });
  const flat = `const body: ${responseType} = { ${members.join(', ')} };`;
  const body = flat.length <= 100 && !flat.includes('\n') ? [flat] : [`const body: ${responseType} = {`, ...members.map((m) => `  ${m},`), '};'];
  return [...lines, ...body, `return ${json(needs, 'body', op.status)};`];
}
