import type { ApiModel } from '@reslayer/core';
import { banner, stringLiteral } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import type { MockPlan } from '../plan/mockPlan.js';
import type { EmittedModule } from './emitFixtures.js';

/**
 * Emits `<resource>.scenarios.ts`: the scenario names, one handler set per scenario, and a
 * function that returns a scenario's handlers by name (fresh ones when options are given).
 * The names and option types are the shared ones of `<runtimeModule>/mocks`, under the resource's names.
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param runtimeModule the runtime module (the helpers come from `<runtimeModule>/mocks`)
 * @returns the file contents and its exports
 */
export function emitScenarios(model: ApiModel, plan: MockPlan, runtimeModule?: string): EmittedModule {
  const r = plan.resource;
  const nameType = mocksNaming.scenarioNameType(r);
  const names = mocksNaming.scenarioNames(r);
  const factory = mocksNaming.handlersFactory(r);
  const scenarios = mocksNaming.scenarios(r);
  const file = mocksNaming.scenariosFile(r);
  const lines = [
    banner(model.meta),
    "import type { HttpHandler } from 'msw';",
    `import { scenarioNames, type HandlersOptions, type ScenarioName } from ${stringLiteral(mocksNaming.supportModule(runtimeModule))};`,
    `import { ${factory}, ${mocksNaming.handlers(r)} } from './${r.resource}.handlers.js';`,
    '',
    `/** Names of the mock scenarios of \`${r.resource}\`. */`,
    `export const ${names} = scenarioNames;`,
    '',
    '/**',
    ' * A scenario: `success` (fixtures and store), `empty` (empty lists, 404 for items), `error` (the',
    " * contract's first error status, else 500) or `slow` (success after a delay).",
    ' */',
    `export type ${nameType} = ScenarioName;`,
    '',
    '/**',
    ` * The handlers of \`${r.resource}\` by scenario. Switch at runtime with \`server.use(...${scenarios}.error)\``,
    ' * (or `worker.use(...)`), and back with `server.resetHandlers()`.',
    ' */',
    `export const ${scenarios}: Readonly<Record<${nameType}, HttpHandler[]>> = {`,
    ...mocksNaming.scenarioList.map((s) => (s === 'success' ? `  success: ${mocksNaming.handlers(r)},` : `  ${s}: ${factory}({ scenario: '${s}' }),`)),
    '};',
    '',
    '/**',
    ' * The handlers of a scenario by name.',
    ' * @param name the scenario',
    ' * @param options base URL or delay; when given, fresh handlers are created with them',
    ' * @returns the handlers, e.g. for `server.use(...)`',
    ' */',
    `export function ${mocksNaming.getScenario(r)}(name: ${nameType}, options?: Omit<HandlersOptions, 'scenario'>): HttpHandler[] {`,
    `  return options ? ${factory}({ ...options, scenario: name }) : ${scenarios}[name];`,
    '}',
  ];
  return { contents: lines.join('\n'), values: [names, scenarios, mocksNaming.getScenario(r)], types: [nameType] };
}
