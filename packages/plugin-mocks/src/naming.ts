import { RUNTIME_MODULE_RULE, type ResourceNode, type ResourceOperation } from '@reslayer/core';
// The names-only entry point: loading the whole runtime here would slow every CLI start-up.
import { MOCK_SCENARIOS } from '@reslayer/runtime/names';

/** Folder of the generated mocks, relative to the source root. */
export const MOCKS_ROOT = 'shared/mocks';

type R = Pick<ResourceNode, 'resource'>;
type Op = Pick<ResourceOperation, 'name'>;

/** The resource name with an upper-case first letter (`contacts` → `Contacts`, `_1Clicks` → `_1Clicks`); stays an identifier. */
const upper = (r: R): string => r.resource.charAt(0).toUpperCase() + r.resource.slice(1);

/**
 * The names plugin-mocks gives to files and symbols, for other plugins and for tests
 * (architecture guide G6). Type names of the client (responses, payloads, error bodies)
 * come from `clientNaming` of plugin-client, never from here.
 */
export const mocksNaming = {
  /** Folder of a resource's mocks: `shared/mocks/<resource>`. */
  resourceDir: (r: R): string => `${MOCKS_ROOT}/${r.resource}`,
  /** `<dir>/<resource>.fixtures.ts`. */
  fixturesFile: (r: R): string => `${MOCKS_ROOT}/${r.resource}/${r.resource}.fixtures.ts`,
  /** `<dir>/<resource>.handlers.ts`. */
  handlersFile: (r: R): string => `${MOCKS_ROOT}/${r.resource}/${r.resource}.handlers.ts`,
  /** `<dir>/<resource>.scenarios.ts`. */
  scenariosFile: (r: R): string => `${MOCKS_ROOT}/${r.resource}/${r.resource}.scenarios.ts`,
  /**
   * Module with the scenario names, handler options and helpers every resource's handlers share (in the runtime
   * package, so no extra generated file): `<runtimeModule>/mocks`, by default `@reslayer/runtime/mocks`.
   */
  supportModule: (runtimeModule: string = RUNTIME_MODULE_RULE.default): string => `${runtimeModule}/mocks`,
  /** `shared/mocks/components.fixtures.ts`: the samples of named schemas several fixtures share. */
  sharedFixturesFile: (): string => `${MOCKS_ROOT}/components.fixtures.ts`,
  /** A shared sample of a named schema: `simpleUserSample1` (type name with a lower-case first letter, then a count). */
  sharedSample: (typeName: string, n: number): string => `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Sample${n}`,
  /** `shared/mocks/index.ts` (option `index`): `handlers` and `resetAllStores` of every resource. */
  rootIndexFile: (): string => `${MOCKS_ROOT}/index.ts`,
  /** `<dir>/index.ts`: re-exports fixtures, handlers and scenarios. */
  indexFile: (r: R): string => `${MOCKS_ROOT}/${r.resource}/index.ts`,
  /** Entity fixtures of a CRUD resource (the store's seed): `contactsFixtures`. */
  entityFixtures: (r: R): string => `${r.resource}Fixtures`,
  /** Values a created entity starts from (required fields only): `contactsEntityDefaults`. */
  entityDefaults: (r: R): string => `${r.resource}EntityDefaults`,
  /** Success response fixture of an operation: `searchFixture`. */
  fixture: (op: Op): string => `${op.name}Fixture`,
  /** Response fixture of an operation in the `empty` scenario: `searchEmptyFixture`. */
  emptyFixture: (op: Op): string => `${op.name}EmptyFixture`,
  /** Error body of an operation in the `error` scenario: `getContactErrorFixture`. */
  errorFixture: (op: Op): string => `${op.name}ErrorFixture`,
  /** 404 body of an operation when the item is missing: `getContactNotFoundFixture`. */
  notFoundFixture: (op: Op): string => `${op.name}NotFoundFixture`,
  /** Body of an operation's answer to a request body that breaks its schema: `createContactInvalidFixture`. */
  invalidFixture: (op: Op): string => `${op.name}InvalidFixture`,
  /** Handler factory: `createContactsHandlers`. */
  handlersFactory: (r: R): string => `create${upper(r)}Handlers`,
  /** Options type of the handler factory: `ContactsHandlersOptions`. */
  handlersOptionsType: (r: R): string => `${upper(r)}HandlersOptions`,
  /** Record of per-operation handler factories, keyed by client method name: `contactsOperationHandlers`. */
  operationHandlers: (r: R): string => `${r.resource}OperationHandlers`,
  /** Default (success) handler list: `contactsHandlers`. */
  handlers: (r: R): string => `${r.resource}Handlers`,
  /** In-memory store of a CRUD resource: `contactsStore`. */
  store: (r: R): string => `${r.resource}Store`,
  /** Function that restores the store to the fixtures: `resetContactsStore`. */
  resetStore: (r: R): string => `reset${upper(r)}Store`,
  /** Record of handler sets by scenario name: `contactsScenarios` (`mockScenarioSets` for `mock`: the runtime's `mockScenarios` is imported beside it). */
  scenarios: (r: R): string => (r.resource === 'mock' ? 'mockScenarioSets' : `${r.resource}Scenarios`),
  /** The scenario names as a constant tuple: `contactsScenarioNames`. */
  scenarioNames: (r: R): string => `${r.resource}ScenarioNames`,
  /** Union type of the scenario names: `ContactsScenarioName`. */
  scenarioNameType: (r: R): string => `${upper(r)}ScenarioName`,
  /** Function returning the handlers of a scenario by name: `getContactsScenario`. */
  getScenario: (r: R): string => `get${upper(r)}Scenario`,
  /** The scenario names every resource has, in order (the runtime's `MOCK_SCENARIOS`). */
  scenarioList: MOCK_SCENARIOS,
} as const;
