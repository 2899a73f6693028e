import type { EmitContext, Plugin } from '@reslayer/core';
import { definePlugin, EmitStage } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { emitFixtures } from './emitters/emitFixtures.js';
import { emitHandlers } from './emitters/emitHandlers.js';
import { emitMockIndex } from './emitters/emitMockIndex.js';
import { emitScenarios } from './emitters/emitScenarios.js';
import { mocksNaming } from './naming.js';
import { resolveMocksOptions, type MocksOptions } from './options.js';
import { createPlanContext } from './plan/planContext.js';
import { planResource } from './plan/planResource.js';
import { SharedSamples } from './plan/SharedSamples.js';

/** Name of the mocks plugin (also its tap name). */
export const PLUGIN_MOCKS = 'plugin-mocks';

/**
 * The mocks plugin: per resource, MSW 3 fixtures, handlers (a stateful in-memory store for CRUD
 * resources) and scenarios (`success`, `empty`, `error`, `slow`), plus an index. It imports the
 * client's types, so it requires plugin-client, and runs at `EmitStage.Derived`.
 * @param options see {@link MocksOptions}
 * @returns the plugin
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid options
 * @example defineConfig({ input: './openapi.yaml', plugins: [pluginClient(), pluginMocks({ delayMs: 800 })] })
 */
export function pluginMocks(options: MocksOptions = {}): Plugin {
  const resolved = resolveMocksOptions(options);
  const { baseUrl, delayMs, runtimeModule } = resolved;
  return definePlugin({
    name: PLUGIN_MOCKS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      hooks.emit.tap({ name: PLUGIN_MOCKS, stage: EmitStage.Derived }, (ctx: EmitContext) => {
        const { model } = ctx;
        const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_MOCKS });
        const plan = createPlanContext(model);
        // Two passes over the (deterministic) plans: the first finds the samples several fixtures share, the
        // second prints every file. Plans are not kept between resources, so memory stays flat with the contract's size.
        const shared = new SharedSamples(plan.names, plan.scope.origins);
        if (resolved.shareFixtures) for (const resource of model.resources) shared.count(planResource(plan, resource, resolved.fixtureCount).fixtures);
        shared.decide();
        for (const resource of model.resources) {
          const mocks = planResource(plan, resource, resolved.fixtureCount);
          const fixtures = emitFixtures(model, mocks, shared);
          const handlers = emitHandlers(model, mocks, { baseUrl, delayMs, runtimeModule });
          const scenarios = emitScenarios(model, mocks, runtimeModule);
          add(mocksNaming.fixturesFile(resource), fixtures.contents);
          add(mocksNaming.handlersFile(resource), handlers.contents);
          add(mocksNaming.scenariosFile(resource), scenarios.contents);
          const r = resource.resource;
          add(mocksNaming.indexFile(resource), emitMockIndex(model, resource, [[`${r}.fixtures`, fixtures], [`${r}.handlers`, handlers], [`${r}.scenarios`, scenarios]]));
        }
        const samples = shared.emit(model);
        if (samples !== undefined) add(mocksNaming.sharedFixturesFile(), samples);
      });
    },
  });
}
