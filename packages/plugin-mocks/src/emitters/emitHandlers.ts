import type { ApiModel } from '@reslayer/core';
import { banner, importPath, objectKey, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { MockPlan, OperationPlan, StorePlan } from '../plan/mockPlan.js';
import type { EmittedModule } from './emitFixtures.js';
import { Code, printPacked, printSample, printSpec, type Spec } from './printSpec.js';
import { operationSpec, type SpecImports } from './operationSpec.js';

/** What the handler factories default to, and where the generated handlers import the mock helpers from. */
export interface HandlerDefaults {
  /** Default handler path prefix (the plugin's `baseUrl`). */
  baseUrl: string;
  /** Default `slow` delay in milliseconds (the plugin's `delayMs`). */
  delayMs: number;
  /** The runtime module; the helpers come from `<runtimeModule>/mocks`. @default '@reslayer/runtime' */
  runtimeModule?: string;
}

/** Names the handlers file declares or imports besides the client types and fixtures; a client type of one of these names is imported under an alias. */
const OWN_NAMES: ReadonlySet<string> = new Set(['mocks', 'mockResource', 'HandlersOptions']);

/** The store of a CRUD resource as data for `mockResource`: seed, defaults, key and the fields a PUT keeps. */
function storeSpec(plan: MockPlan, s: StorePlan, imports: SpecImports): Spec {
  const r = plan.resource;
  imports.fixtures.add(mocksNaming.entityFixtures(r)).add(mocksNaming.entityDefaults(r));
  const carried = s.carriedKey;
  const key = s.entity.key ?? carried;
  const replaces = plan.ops.some((op) => op.storeRole === 'update' && op.sig.node.method === 'put');
  return {
    seed: new Code(mocksNaming.entityFixtures(r)),
    defaults: new Code(mocksNaming.entityDefaults(r)),
    key: key ? { path: key.path[0] ?? 'id', kind: key.kind, values: key.values, fresh: s.freshKeys } : undefined,
    positionKeys: s.entity.key ? undefined : s.positionKeys,
    carried: carried ? true : undefined,
    serverFields: replaces ? ([...s.entity.serverFields, ...(carried?.path ?? [])] as Spec) : undefined,
    stamps: s.stamps ? { created: s.stamps.created, updated: s.stamps.updated.length > 0 ? s.stamps.updated : undefined } : undefined,
  };
}

/**
 * Emits `<resource>.handlers.ts`: the resource's mocks as data — the store of a CRUD resource (seed, defaults,
 * key) and one entry per operation (route, answers, store role, list envelope and paging) — given to
 * `mockResource` of `<runtimeModule>/mocks`, which builds the MSW 3 handlers and the store. Exports the store and
 * `reset<R>Store()` (CRUD resources), `<r>OperationHandlers`, `create<R>Handlers({ scenario, baseUrl, delayMs })`
 * and the default (`success`) list.
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param defaults the factories' defaults and the runtime module
 * @param texts the printed entries of `definitions`, by converted schema (`PlanContext.definitionTexts`): read and filled
 * @returns the file contents and its exports
 * @see https://mswjs.io/docs/api/http
 */
export function emitHandlers(model: ApiModel, plan: MockPlan, defaults: HandlerDefaults = { baseUrl: '*', delayMs: 1500 }, texts = new WeakMap<object, string>()): EmittedModule {
  const r = plan.resource;
  const file = mocksNaming.handlersFile(r);
  const imports: SpecImports = { fixtures: new Set(), stores: new Map() };
  const ops = plan.ops.flatMap((op) => {
    const spec = operationSpec(plan, op, imports);
    return spec ? [{ op, spec }] : [];
  });
  const store = plan.store;
  const entity = store ? (OWN_NAMES.has(store.entityImport) ? `${store.entityImport}Body` : store.entityImport) : undefined;
  const entityType = store && entity ? store.entityType.replace(store.entityImport, entity) : 'never';
  const params = ops.map(({ op }) => `${objectKey(clientNaming.method(op.sig.op))}: ${[...op.params.values()].map(stringLiteral).join(' | ') || 'never'}`);
  const head: Array<[string, Spec | undefined]> = [['baseUrl', defaults.baseUrl], ['delayMs', defaults.delayMs], ['store', store ? storeSpec(plan, store, imports) : undefined], ['definitions', definitionsSpec(plan, ops.map(({ op }) => op), texts)]];
  // One operation per line where it fits in 140 columns, else its properties packed into lines.
  const operations = ops.map(({ op, spec: s }) => `    ${objectKey(clientNaming.method(op.sig.op))}: ${printPacked(s as Record<string, Spec>, 2, 140, objectKey(clientNaming.method(op.sig.op)).length + 2)},`);
  const lines = [banner()];
  if (store && entity) lines.push(`import type { ${store.entityImport === entity ? entity : `${store.entityImport} as ${entity}`} } from '${importPath(file, clientNaming.indexFile(r))}';`);
  if (imports.fixtures.size > 0) lines.push(`import { ${[...imports.fixtures].sort().join(', ')} } from './${r.resource}.fixtures.js';`);
  for (const [name, from] of [...imports.stores].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`import { ${name} } from '${importPath(file, mocksNaming.handlersFile(from))}';`);
  lines.push(`import { mockResource, type HandlersOptions } from ${stringLiteral(mocksNaming.supportModule(defaults.runtimeModule))};`, '');
  const typeArgs = `<${entityType}, { ${params.join('; ')} }>`;
  lines.push(
    ...exportsDoc(plan),
    `export const { ${exportNames(plan)} } = mockResource${typeArgs}({`,
    ...head.flatMap(([key, value]) => (value === undefined ? [] : [`  ${key}: ${printSpec(value, 1, 140, key.length + 2)},`])),
    ...(ops.length > 0 ? ['  operations: {', ...operations, '  },'] : ['  operations: {},']),
    '});',
    `/** Options of {@link ${mocksNaming.handlersFactory(r)}}: scenario, base URL prefix and \`slow\` delay. */`,
    `export type ${mocksNaming.handlersOptionsType(r)} = HandlersOptions;`,
  );
  const values = [mocksNaming.handlersFactory(r), mocksNaming.handlers(r), mocksNaming.operationHandlers(r), ...(store ? [mocksNaming.store(r), mocksNaming.resetStore(r)] : [])];
  return { contents: lines.join('\n'), values, types: [mocksNaming.handlersOptionsType(r)] };
}

/** The named schemas the emitted operations' request schemas refer to, printed as a `Sample` is; undefined when none. */
function definitionsSpec(plan: MockPlan, ops: readonly OperationPlan[], texts: WeakMap<object, string>): Spec | undefined {
  if (plan.definitions.size === 0 || !ops.some((op) => op.request)) return undefined;
  const value = Object.fromEntries([...plan.definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return new Code(printSample(value, 1, 140, 'definitions'.length + 2, texts));
}

/** The names the handlers file exports from what `mockResource` returns. */
function exportNames(plan: MockPlan): string {
  const r = plan.resource;
  const store = plan.store ? [`store: ${mocksNaming.store(r)}`, `reset: ${mocksNaming.resetStore(r)}`] : [];
  return [...store, `operations: ${mocksNaming.operationHandlers(r)}`, `createHandlers: ${mocksNaming.handlersFactory(r)}`, `handlers: ${mocksNaming.handlers(r)}`].join(', ');
}

/** The doc of the exports: what the resource's mocks are and what each exported name is. */
function exportsDoc(plan: MockPlan): string[] {
  const r = plan.resource;
  const s = plan.store;
  const keyedBy = s?.entity.key ? `the entities' \`${s.entity.key.path.join('.')}\`` : s?.carriedKey ? `position, carried in \`${s.carriedKey.path.join('.')}\`` : 'position (no entity property holds it)';
  return [
    '/**',
    ` * The mocks of \`${r.resource}\`, declared as data and built by \`mockResource\`: one MSW handler per operation, most precise path first.`,
    ...(s
      ? [
          ` * - \`${mocksNaming.store(r)}\`: the in-memory store by the \`${s.keyParam}\` path parameter, that is ${keyedBy}; create adds, update changes, delete removes;`,
          ` * - \`${mocksNaming.resetStore(r)}()\`: restores the store to the fixtures (call it between tests, e.g. in \`afterEach\`);`,
        ]
      : []),
    ` * - \`${mocksNaming.operationHandlers(r)}.<operation>(answer?, options?)\`: one operation's handler (\`{ scenario: 'error' }\` or an own msw resolver);`,
    ` * - \`${mocksNaming.handlersFactory(r)}(options)\`: every handler, answering as the scenario says (\`success\`, \`empty\`, \`error\`, \`slow\`);`,
    ` * - \`${mocksNaming.handlers(r)}\`: the \`success\` handlers, for \`setupServer(...${mocksNaming.handlers(r)})\`.`,
    ' */',
  ];
}
