/** What `@reslayer/runtime/mocks` exports that the generated handlers and scenarios import (local names must not clash). */
export const SUPPORT_EXPORTS = {
  values: ['claimedElsewhere', 'filterItems', 'intParam', 'merge', 'mockSetup', 'readJson', 'scenarioNames'],
  types: ['Fields', 'Filters', 'HandlersOptions', 'MockSetup', 'ScenarioName'],
} as const;
