import type { Plugin } from '@reslayer/core';
import { definePlugin, DetectStage, EmitStage } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { PLUGIN_HOOKS } from './naming.js';
import { resolveHooksOptions, type HooksOptions } from './options.js';

/** The emitters, loaded when the plugin first emits: a run answered by the no-change cache never loads them. */
const emitters = () => import('./emit.js');

/**
 * The hooks plugin: per resource, one file per operation under `features/<resource>/api/` with framework-free
 * TanStack Query option factories (`<name>QueryOptions`, `<name>InfiniteQueryOptions`, `<name>MutationOptions`,
 * `<name>Invalidates`) and, with an adapter, real hooks (see {@link HooksOptions.adapter}), plus an index.
 * Runs at `EmitStage.Derived`.
 * @param options see {@link HooksOptions}; all optional
 * @returns the plugin (requires plugin-client)
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown option or an invalid value (message starts with `plugin-hooks:`)
 */
export function pluginHooks(options: HooksOptions = {}): Plugin {
  const resolved = resolveHooksOptions(options);
  return definePlugin({
    name: PLUGIN_HOOKS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      // After detection (so under `lint` too): the updates and deletes that get no optimistic helper, and why.
      hooks.detect.tapPromise({ name: PLUGIN_HOOKS, stage: DetectStage.Refine }, async (model, ctx) => {
        for (const d of (await import('./plan/optimisticDiagnostics.js')).optimisticDiagnostics(model)) ctx.report(d);
        return model;
      });
      hooks.emit.tapPromise({ name: PLUGIN_HOOKS, stage: EmitStage.Derived }, async (ctx) => (await emitters()).emitHooks(ctx, resolved));
    },
  });
}
