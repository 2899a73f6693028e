import type { Plugin } from '@reslayer/core';
import { definePlugin, DetectStage, EmitStage } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { resolveMocksOptions, type MocksOptions } from './options.js';
import { PLUGIN_MOCKS } from './pluginName.js';
import type { FakedValues } from './values/fakeString.js';

export { PLUGIN_MOCKS } from './pluginName.js';

/** The emitters, loaded when the plugin first emits: a run answered by the no-change cache never loads them. */
const emitters = () => import('./emit.js');

/**
 * The mocks plugin: per resource, MSW 3 fixtures, handlers (a stateful in-memory store for CRUD
 * resources) and scenarios (`success`, `empty`, `error`, `slow`), plus an index. It imports the
 * client's types, so it requires plugin-client, and runs at `EmitStage.Derived`. After detection it warns
 * (`RSL_MOCK_STATELESS`) about each operation of a CRUD resource the store cannot serve.
 * @param options see {@link MocksOptions}
 * @returns the plugin
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid options
 * @example defineConfig({ input: './openapi.yaml', plugins: [pluginClient(), pluginMocks({ delayMs: 800 })] })
 */
export function pluginMocks(options: MocksOptions = {}): Plugin {
  const resolved = resolveMocksOptions(options);
  // faker's values, kept from run to run (see `FakedValues`): a watch's next run makes only those of changed schemas.
  const faked: FakedValues = new Map();
  return definePlugin({
    name: PLUGIN_MOCKS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      // After detection (so under `lint` too): the operations of CRUD resources the store cannot serve.
      hooks.detect.tapPromise({ name: PLUGIN_MOCKS, stage: DetectStage.Refine }, async (model, ctx) => {
        for (const d of (await import('./store/stateless.js')).statelessDiagnostics(model)) ctx.report(d);
        return model;
      });
      hooks.emit.tapPromise({ name: PLUGIN_MOCKS, stage: EmitStage.Derived }, async (ctx) => (await emitters()).emitMocks(ctx, resolved, faked));
    },
  });
}
