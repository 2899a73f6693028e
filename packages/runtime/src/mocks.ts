/**
 * `@reslayer/runtime/mocks`: what every resource's generated MSW mocks share — the store and handlers built
 * from data (`mockResource`), the scenarios (`mockScenarios`), the list envelope and paging of a store-backed
 * list, and the helpers they are made of. The generated `<resource>.handlers.ts` declares routes, answers and
 * store roles; this module acts on them, once instead of in every resource, so an application's compiler checks
 * it once. Needs `msw` (3.x); the client entry point `@reslayer/runtime` never imports this module.
 *
 * @see https://mswjs.io/docs/api/http
 * @packageDocumentation
 */
import { MOCK_SCENARIOS } from './mockNames.js';

/** Names of the mock scenarios, in order. */
export const scenarioNames: typeof MOCK_SCENARIOS = MOCK_SCENARIOS;

/**
 * A scenario: `success` (fixtures and store), `empty` (empty lists, 404 for items), `error` (the
 * contract's first error status, else 500) or `slow` (success after a delay).
 */
export type ScenarioName = (typeof scenarioNames)[number];

export { mockResource, mockScenarios } from './mockHandlers.js';
export type { Answer, HandlersOptions, MockResource, MockResourceSpec, MockScenarios, OperationHandlers, OperationSpec, OwnResolver, QueryPair, SuccessBody } from './mockHandlers.js';
export { filterItems, intParam, listAnswer } from './mockList.js';
export type { Filters, ListSpec, PageField, PageSource, PageWindow } from './mockList.js';
export { createStore, merge, readJson, sequenceUuid } from './mockStore.js';
export type { Fields, KeySpec, MockStore, StoreSpec } from './mockStore.js';
export type { Embed, Owner } from './mockOwners.js';
