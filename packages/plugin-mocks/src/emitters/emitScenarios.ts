import type { ApiModel } from '@reslayer/core';
import { banner, stringLiteral } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import type { MockPlan } from '../plan/mockPlan.js';
import type { EmittedModule } from './emitFixtures.js';

/**
 * Emits `<resource>.scenarios.ts`: the scenario names, one handler set per scenario, and a function that returns
 * a scenario's handlers by name (fresh ones when options are given), from `mockScenarios` of `<runtimeModule>/mocks`
 * over the resource's `create<R>Handlers`.
 * @param model the API model (for the banner)
 * @param plan the resource's mock plan
 * @param runtimeModule the runtime module (the helpers come from `<runtimeModule>/mocks`)
 * @returns the file contents and its exports
 */
export function emitScenarios(model: ApiModel, plan: MockPlan, runtimeModule?: string): EmittedModule {
  const r = plan.resource;
  const nameType = mocksNaming.scenarioNameType(r);
  const scenarios = mocksNaming.scenarios(r);
  const lines = [
    banner(),
    `import { mockScenarios, type ScenarioName } from ${stringLiteral(mocksNaming.supportModule(runtimeModule))};`,
    `import { ${mocksNaming.handlersFactory(r)} } from './${r.resource}.handlers.js';`,
    '',
    '/**',
    ` * The handlers of \`${r.resource}\` by scenario (\`${nameType}\`): \`success\` (fixtures and store), \`empty\` (empty lists, 404 for items), \`error\`, \`slow\`.`,
    ` * \`${scenarios}.error\` for \`server.use(...)\` (back with \`server.resetHandlers()\`); \`${mocksNaming.getScenario(r)}(name, options?)\` makes fresh ones.`,
    ' */',
    `export const { names: ${mocksNaming.scenarioNames(r)}, handlers: ${scenarios}, get: ${mocksNaming.getScenario(r)} } = mockScenarios(${mocksNaming.handlersFactory(r)});`,
    `export type ${nameType} = ScenarioName;`,
  ];
  return { contents: lines.join('\n'), values: [mocksNaming.scenarioNames(r), scenarios, mocksNaming.getScenario(r)], types: [nameType] };
}
