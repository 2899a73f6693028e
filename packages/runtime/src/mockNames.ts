/**
 * Names of `@reslayer/runtime/mocks` as plain constants, so code generators (`@reslayer/plugin-mocks`) can
 * use them without loading `msw`: this module imports nothing. A test pins them against the real exports.
 */

/** Names of the mock scenarios, in order (`@reslayer/runtime/mocks` exports them as `scenarioNames`). */
export const MOCK_SCENARIOS = ['success', 'empty', 'error', 'slow'] as const;

/** A mock scenario name. */
export type MockScenario = (typeof MOCK_SCENARIOS)[number];

/**
 * What `@reslayer/runtime/mocks` exports, sorted: `values` (functions and constants) and `types`. Generated
 * handlers and scenarios import from these; a generated local name must not take one of them.
 */
export const MOCK_EXPORTS = {
  values: ['createStore', 'filterItems', 'intParam', 'listAnswer', 'merge', 'mockResource', 'mockScenarios', 'readJson', 'scenarioNames', 'sequenceUuid'],
  types: [
    'Answer', 'Embed', 'Fields', 'Filters', 'HandlersOptions', 'KeySpec', 'ListSpec', 'MockResource', 'MockResourceSpec', 'MockScenarios', 'MockStore', 'OperationHandlers',
    'OperationSpec', 'OwnResolver', 'Owner', 'PageField', 'PageSource', 'PageWindow', 'QueryPair', 'ScenarioName', 'StoreSpec', 'SuccessBody',
  ],
} as const;
