import type { EmitContext, Plugin } from '@reslayer/core';
import { definePlugin, describeOperation, EmitStage, UniqueNames } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { emitHookNone } from './emitters/emitHookNone.js';
import { emitHookReact } from './emitters/emitHookReact.js';
import { emitHookVue } from './emitters/emitHookVue.js';
import { emitHooksIndex } from './emitters/emitHooksIndex.js';
import { hooksNaming, PLUGIN_HOOKS } from './naming.js';
import { resolveHooksOptions, type HookAdapter, type HooksOptions } from './options.js';
import { planCache } from './plan/planCache.js';
import { planHook, type HookPlan } from './plan/planHook.js';

/** The file emitter of each adapter. */
const EMITTERS: Record<HookAdapter, (plan: HookPlan) => string> = { none: emitHookNone, 'vue-query': emitHookVue, 'react-query': emitHookReact };

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
  const emitHook = EMITTERS[resolved.adapter];
  return definePlugin({
    name: PLUGIN_HOOKS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      hooks.emit.tap({ name: PLUGIN_HOOKS, stage: EmitStage.Derived }, (ctx: EmitContext) => {
        const { model } = ctx;
        for (const resource of model.resources) {
          const taken = new UniqueNames();
          const signatures = resource.operations.map((op) => describeOperation(model, resource, op));
          const names = signatures.map((s) => taken.take(hooksNaming.hookName(resource, s.op, s.node.method)));
          const listIndex = resource.operations.findIndex((op) => op.role === 'list');
          const listHook = names[listIndex];
          const cache = listHook === undefined ? undefined : planCache(model, resource, listHook);
          signatures.forEach((s, i) => {
            const hookName = names[i] ?? '';
            const plan = planHook(model, s, hookName, resolved.optimistic, cache);
            ctx.files.add({ path: hooksNaming.hookFile(resource, hookName), contents: emitHook(plan), plugin: PLUGIN_HOOKS });
          });
          ctx.files.add({ path: hooksNaming.indexFile(resource), contents: emitHooksIndex(model, names), plugin: PLUGIN_HOOKS });
        }
      });
    },
  });
}
