import type { EmitContext, ResourceNode } from '@reslayer/core';
import { emitFixtures } from './emitters/emitFixtures.js';
import { emitHandlers } from './emitters/emitHandlers.js';
import { emitMockIndex, emitRootMockIndex, type RootIndexEntry } from './emitters/emitMockIndex.js';
import { emitScenarios } from './emitters/emitScenarios.js';
import { mocksNaming } from './naming.js';
import type { ResolvedMocksOptions } from './options.js';
import { createPlanContext, type PlanContext } from './plan/planContext.js';
import { planResource } from './plan/planResource.js';
import { SharedSamples } from './values/SharedSamples.js';
import type { FakedValues } from './values/fakeString.js';
import { MAX_SAMPLE_NODES } from './values/sampleLimit.js';
import { PLUGIN_MOCKS } from './pluginName.js';

/**
 * The most faker values a plugin keeps after a run (about 100 bytes each; GitHub's contract makes 4,504): more are
 * dropped when the run ends, so a large contract's run holds no more memory after its emit than before.
 */
const MAX_KEPT_FAKED = 50_000;

/**
 * The mocks plugin's work: per resource, fixtures, handlers, scenarios and an index, plus the shared
 * fixtures file. Loaded by plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 * @param faked faker's values the plugin keeps from run to run (see `FakedValues`); emptied at the end when it holds
 *   more than {@link MAX_KEPT_FAKED}
 */
export function emitMocks(ctx: EmitContext, resolved: ResolvedMocksOptions, faked: FakedValues = new Map()): void {
  const { baseUrl, delayMs, runtimeModule } = resolved;
  const { model } = ctx;
  const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_MOCKS });
  // Built on first use: a contract without resources needs none.
  let context: { plan: PlanContext; shared: SharedSamples } | undefined;
  const plans = () => {
    if (context) return context;
    const plan = createPlanContext(model, resolved.seed, faked);
    // Two passes over the (deterministic) plans: the first finds the samples several fixtures share, the
    // second prints every file. Plans are not kept from one pass to the other, so memory stays flat with the
    // contract's size (keeping the stores' seeds cost Graph beta's peak 30–50 MiB for no steady gain).
    const shared = new SharedSamples(plan.names, plan.scope.origins);
    if (resolved.shareFixtures) for (const resource of model.resources) shared.count(planResource(plan, resource, resolved.fixtureCount).fixtures);
    shared.decide();
    plan.stores.clear();
    return (context = { plan, shared });
  };
  const roots: RootIndexEntry[] = [];
  const emitResource = (resource: ResourceNode) => {
    const { plan, shared } = plans();
    const mocks = planResource(plan, resource, resolved.fixtureCount);
    // Printed now: a later resource that embeds its items or acts on them plans the store again (memory stays flat).
    plan.stores.delete(resource);
    const cut = mocks.fixtures.filter((f) => f.value !== null && typeof f.value === 'object' && plan.scope.cut.has(f.value)).map((f) => f.name);
    if (cut.length > 0) {
      ctx.report({
        code: 'RSL_MOCK_SAMPLE_LIMIT',
        severity: 'warning',
        plugin: PLUGIN_MOCKS,
        message: `the fixtures ${cut.join(', ')} of ${resource.resource} reached the limit of ${MAX_SAMPLE_NODES} values of one sample and were cut; they are cast`,
        hint: 'Required properties that refer to schemas with further required references multiply; make some optional, or give the schema an example.',
      });
    }
    const fixtures = emitFixtures(model, mocks, shared, plan.scope.cut);
    const handlers = emitHandlers(model, mocks, { baseUrl, delayMs, runtimeModule }, plan.definitionTexts);
    const scenarios = emitScenarios(model, mocks, runtimeModule);
    add(mocksNaming.fixturesFile(resource), fixtures.contents);
    add(mocksNaming.handlersFile(resource), handlers.contents);
    add(mocksNaming.scenariosFile(resource), scenarios.contents);
    const r = resource.resource;
    add(mocksNaming.indexFile(resource), emitMockIndex(resource, [[`${r}.fixtures`, fixtures], [`${r}.handlers`, handlers], [`${r}.scenarios`, scenarios]]));
    if (resolved.index) roots.push({ resource, exports: handlers.values });
  };
  for (const resource of model.resources) emitResource(resource);
  const rootIndex = resolved.index ? emitRootMockIndex(roots) : undefined;
  if (rootIndex !== undefined) add(mocksNaming.rootIndexFile(), rootIndex);
  const samples = context?.shared.emit(model);
  if (samples !== undefined) add(mocksNaming.sharedFixturesFile(), samples);
  if (faked.size > MAX_KEPT_FAKED) faked.clear();
}
