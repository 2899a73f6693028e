import type { ApiModel } from '@reslayer/core';
import { banner, importPath, stringLiteral } from '@reslayer/core';
import { MOCK_EXPORTS } from '@reslayer/runtime';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { Fields, MockPlan, OperationPlan, StorePlan } from '../plan/mockPlan.js';
import { flatValue } from '../plan/printValue.js';
import type { EmittedModule } from './emitFixtures.js';
import { access, useType, writeHandler, type Needs } from './writeHandler.js';

/** What the handler factories default to, and where the generated handlers import the mock helpers from. */
export interface HandlerDefaults {
  /** Default handler path prefix (the plugin's `baseUrl`). */
  baseUrl: string;
  /** Default `slow` delay in milliseconds (the plugin's `delayMs`). */
  delayMs: number;
  /** The runtime module; the helpers come from `<runtimeModule>/mocks`. @default '@reslayer/runtime' */
  runtimeModule?: string;
}

/**
 * Emits `<resource>.handlers.ts`: MSW 3 request handlers for every operation of the resource,
 * built by `create<R>Handlers({ scenario, baseUrl, delayMs })`, plus the default (`success`) list.
 * A store-backed CRUD resource also gets its in-memory store and `reset<R>Store()`. Options, scenario
 * names and helpers come from `<runtimeModule>/mocks` (`@reslayer/runtime/mocks` by default).
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param defaults the factories' defaults and the runtime module
 * @returns the file contents and its exports
 * @see https://mswjs.io/docs/api/http
 */
export function emitHandlers(model: ApiModel, plan: MockPlan, defaults: HandlerDefaults = { baseUrl: '*', delayMs: 1500 }): EmittedModule {
  const r = plan.resource;
  const file = mocksNaming.handlersFile(r);
  const needs: Needs = { fixtures: new Set(), types: new Map(), helpers: new Set(), fields: new Map(), stores: new Map(), jsonBodyType: false, pathParams: false };
  const setup = { optionsType: mocksNaming.handlersOptionsType(r), defaults: `{ baseUrl: ${stringLiteral(defaults.baseUrl)}, delayMs: ${defaults.delayMs} }` };
  const methods = plan.ops.map((op) => ({ op, lines: writeHandler(plan, op, needs, setup) }));
  if (plan.store) needs.fixtures.add(mocksNaming.entityFixtures(r));
  // The operations with a handler: not those answered by another operation's handler (same URL).
  const live = methods.filter((m) => m.lines.some((l) => !l.startsWith('//')));
  const body = [...store(plan, needs), ...fieldLists(plan, needs), ...operationHandlers(plan, methods.flatMap((m) => m.lines)), ...factory(plan, live.map((m) => m.op))].join('\n');
  const msw = [
    ...(live.length > 0 ? ['http', 'HttpResponse', 'type DefaultBodyType'] : []),
    'type HttpHandler',
    ...(live.length > 0 ? ['type HttpResponseResolver'] : []),
    ...(needs.jsonBodyType ? ['type JsonBodyType'] : []),
    ...(needs.pathParams ? ['type PathParams'] : []),
  ];
  const support = [
    ...MOCK_EXPORTS.values.filter((h) => (h === 'mockSetup' && live.length > 0) || needs.helpers.has(h)),
    ...(needs.helpers.has('merge') ? ['type Fields'] : []),
    ...(needs.helpers.has('filterItems') ? ['type Filters'] : []),
    'type HandlersOptions',
  ];
  const lines = [banner(model.meta), importLine(msw, 'msw')];
  const types = [...needs.types].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([t, local]) => (t === local ? t : `${t} as ${local}`));
  if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${importPath(file, clientNaming.indexFile(r))}';`);
  if (needs.fixtures.size > 0) lines.push(`import { ${[...needs.fixtures].sort().join(', ')} } from './${r.resource}.fixtures.js';`);
  // Stores of other resources that this resource's actions update (`contactsStore` for `POST /contacts/{id}/archive`).
  for (const [name, from] of [...needs.stores].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`import { ${name} } from '${importPath(file, mocksNaming.handlersFile(from))}';`);
  lines.push(importLine(support, mocksNaming.supportModule(defaults.runtimeModule)), '', body);
  const values = [mocksNaming.handlersFactory(r), mocksNaming.handlers(r), mocksNaming.operationHandlers(r), ...(plan.store ? [mocksNaming.store(r), mocksNaming.resetStore(r)] : [])];
  return { contents: lines.join('\n'), values, types: [mocksNaming.handlersOptionsType(r)] };
}

/** An import of these names (`type X` for a type); `import type { … }` when every name is a type (no side-effect import left). */
function importLine(names: string[], from: string): string {
  const types = names.every((n) => n.startsWith('type '));
  return `import ${types ? 'type ' : ''}{ ${(types ? names.map((n) => n.slice(5)) : names).join(', ')} } from ${stringLiteral(from)};`;
}

function store(plan: MockPlan, needs: Needs): string[] {
  const s = plan.store;
  if (!s) return [];
  const r = plan.resource;
  const map = mocksNaming.store(r);
  const fixtures = mocksNaming.entityFixtures(r);
  const key = s.entity.key;
  const counter = needs.helpers.has('nextId') && key?.kind !== 'enum';
  const positionKeys = s.positionKeys;
  const seed = key !== undefined
    ? [`  for (const item of ${fixtures}) ${map}.set(String(item${key.path.map(access).join('')}), structuredClone(item));`]
    : positionKeys
      ? [`  ${fixtures}.forEach((item, i) => {`, `    const key = POSITION_KEYS[i];`, `    if (key !== undefined) ${map}.set(key, structuredClone(item));`, '  });']
      : [`  ${fixtures}.forEach((item, i) => ${map}.set(String(i + 1), structuredClone(item)));`];
  const keyedBy = key === undefined ? 'position (no entity property holds it)' : `the entities' \`${key.path.join('.')}\``;
  const lines = [
    '/**',
    ` * The in-memory store of \`${r.resource}\`, keyed by the \`${s.keyParam}\` path parameter, that is ${keyedBy},`,
    ` * and seeded from {@link ${fixtures}}: create adds to it, update changes an item, delete removes it, list and read return it.`,
    ' */',
    `export const ${map} = new Map<string, ${useType(needs, s.entityType)}>();`,
    ...(counter ? ['let sequence = 0;'] : []),
    '',
    ...(positionKeys
      ? [
          `/** The store keys of the fixtures, in order: values of the \`${s.keyParam}\` path parameter (its schema rejects \`'1'\`, \`'2'\`…). */`,
          ...wrapList('const POSITION_KEYS: readonly string[] = [', positionKeys.map(stringLiteral), '];'),
          '',
        ]
      : []),
    `/** Restores {@link ${map}} to the fixtures; call it between tests (e.g. in \`afterEach\`). */`,
    `export function ${mocksNaming.resetStore(r)}(): void {`,
    `  ${map}.clear();`,
    ...(counter ? ['  sequence = 0;'] : []),
    ...seed,
    '}',
    `${mocksNaming.resetStore(r)}();`,
    '',
  ];
  if (needs.helpers.has('nextId')) lines.push(...nextId(s, map));
  if (needs.helpers.has('filterItems')) {
    const filters = s.list?.filters ?? [];
    lines.push('/** List filters: query parameter, entity property, list separator (`\'\'`: repeated parameter). */');
    lines.push(`const FILTERS: Filters = [${filters.map((f) => `[${f.map(stringLiteral).join(', ')}]`).join(', ')}];`, '');
  }
  return lines;
}

function nextId(s: StorePlan, map: string): string[] {
  const key = s.entity.key;
  if (key?.kind === 'enum') {
    return [
      `/** The values of the key \`${key.path.join('.')}\` (an enum). */`,
      `const KEY_VALUES = [${(key.values ?? []).map((v) => flatValue(v)).join(', ')}] as const;`,
      '',
      '/** The first key value no stored item has (the first value when all are taken: the created item replaces that one). */',
      'function nextId(): (typeof KEY_VALUES)[number] {',
      `  return KEY_VALUES.find((key) => !${map}.has(String(key))) ?? KEY_VALUES[0];`,
      '}',
      '',
    ];
  }
  const kind = key?.kind ?? 'none';
  const keyProp = key?.path[key.path.length - 1] ?? 'id';
  const type = kind === 'number' ? 'number' : 'string';
  const make = kind === 'uuid' ? "`00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`"
    : kind === 'number' ? 'sequence' : kind === 'string' ? `${stringLiteral(`${keyProp}-`)} + String(sequence)` : 'String(sequence)';
  const fresh = s.freshKeys?.map((v) => (type === 'number' ? String(v) : stringLiteral(String(v))));
  const freshLines = fresh
    ? [
        '/** Keys for created items: values of the key\'s schema (the plain ones would break its pattern, format or range). */',
        ...wrapList(`const FRESH_KEYS: readonly ${type}[] = [`, fresh, '];'),
        '',
      ]
    : [];
  return [
    ...freshLines,
    fresh
      ? '/** A new, unused key for a created item: the first free one of `FRESH_KEYS`, then (deterministic) counting up and skipping taken keys. */'
      : `/** A new, unused key for a created item (deterministic: counts up and skips taken keys). */`,
    `function nextId(): ${type} {`,
    ...(fresh ? [`  const free = FRESH_KEYS.find((key) => !${map}.has(String(key)));`, '  if (free !== undefined) return free;'] : []),
    `  let id: ${type};`,
    '  do {',
    '    sequence += 1;',
    `    id = ${make};`,
    `  } while (${map}.has(String(id)));`,
    '  return id;',
    '}',
    '',
  ];
}

/** `head item, item, … tail` on one line when it fits in 120 characters, else one item per line. */
function wrapList(head: string, items: string[], tail: string): string[] {
  const flat = `${head}${items.join(', ')}${tail}`;
  return flat.length <= 120 ? [flat] : [head, ...items.map((i) => `  ${i},`), tail];
}

/** A field list as a TypeScript literal. */
function printFields(fields: Fields): string {
  return `[${fields.map((f) => (typeof f === 'string' ? stringLiteral(f) : `[${stringLiteral(f[0])}, ${printFields(f[1])}]`)).join(', ')}]`;
}

/** The field lists of the store's create and update handlers (what `merge` copies), and PUT's server fields. */
function fieldLists(plan: MockPlan, needs: Needs): string[] {
  const out: string[] = [];
  if (needs.helpers.has('SERVER_FIELDS') && plan.store) {
    out.push('/** The key and readOnly properties: PUT keeps them from the stored item. */');
    out.push(`const SERVER_FIELDS: Fields = ${printFields(plan.store.entity.serverFields)};`, '');
  }
  for (const [name, fields] of needs.fields) {
    const op = name.replace(/Fields$/, '');
    const what = fields.length === 0 ? ': nothing (no JSON payload, or no property of the same shape)' : '';
    out.push(`/** What \`${op}\` copies from the payload into the stored item${what}. */`, `const ${name}: Fields = ${printFields(fields)};`, '');
  }
  return out;
}

/** The record of per-operation handler factories, `<r>OperationHandlers`, from the methods' lines. */
function operationHandlers(plan: MockPlan, methods: string[]): string[] {
  const r = plan.resource;
  const name = mocksNaming.operationHandlers(r);
  const head = [
    '/**',
    ` * One handler factory per operation of \`${r.resource}\`, to change what one operation answers in a test:`,
    ` * \`server.use(${name}.<operation>({ scenario: 'error' }))\` fails only that operation (with the`,
    " * contract's error status and body), and `server.use(" + name + ".<operation>(({ request, params }) => …))` answers",
    ' * with an own msw resolver (it runs after the routing checks, in place of the generated answer). Without',
    ` * arguments, a factory returns the operation's \`success\` handler; the second argument holds options (base URL, delay).`,
    ' */',
  ];
  if (methods.length === 0) return [...head, `export const ${name} = {};`, ''];
  return [...head, `export const ${name} = {`, ...methods.map((l) => `  ${l}`), '};', ''];
}

function factory(plan: MockPlan, ops: readonly OperationPlan[]): string[] {
  const r = plan.resource;
  const optionsType = mocksNaming.handlersOptionsType(r);
  const record = mocksNaming.operationHandlers(r);
  const list = ops.length > 0 ? ['  return [', ...ops.map((op) => `    ${record}${access(clientNaming.method(op.sig.op))}(undefined, options),`), '  ];'] : ['  void options;', '  return [];'];
  return [
    `/** Options of {@link ${mocksNaming.handlersFactory(r)}}: scenario, base URL prefix and \`slow\` delay. */`,
    `export type ${optionsType} = HandlersOptions;`,
    '',
    '/**',
    ` * Creates the MSW request handlers of \`${r.resource}\`, one per operation, answering as the scenario says:`,
    ' * `success` (fixtures and store), `empty` (empty lists, 404 for items), `error` (the first error status',
    ' * of the contract, else 500, with a typed error body) or `slow` (success after `delayMs`).',
    ` * One operation's handler alone comes from {@link ${record}}.`,
    ' * @param options scenario, base URL prefix and delay',
    ' * @returns the handlers, for `setupServer(...)`, `setupWorker(...)` or `server.use(...)`',
    ' */',
    `export function ${mocksNaming.handlersFactory(r)}(options: ${optionsType} = {}): HttpHandler[] {`,
    ...list,
    '}',
    '',
    `/** The \`success\` handlers of \`${r.resource}\`: \`setupServer(...${mocksNaming.handlers(r)})\`. */`,
    `export const ${mocksNaming.handlers(r)}: HttpHandler[] = ${mocksNaming.handlersFactory(r)}();`,
  ];
}
