import type { Plugin } from '@reslayer/core';
import { definePlugin, EmitStage } from '@reslayer/core';
import { resolveClientOptions, type ClientOptions } from './options.js';
import { PLUGIN_CLIENT } from './naming.js';

/** The emitters, loaded when the plugin first emits: a run answered by the no-change cache never loads them. */
const emitters = () => import('./emit.js');

/**
 * The client plugin: emits `components.types.ts` once and, per resource, the typed fetch client,
 * the operation types, the query keys and an index.
 * @param options see {@link ClientOptions}
 * @returns the plugin
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid options
 */
export function pluginClient(options: ClientOptions = {}): Plugin {
  const resolved = resolveClientOptions(options);
  return definePlugin({
    name: PLUGIN_CLIENT,
    options: resolved,
    apply(hooks) {
      hooks.emit.tapPromise({ name: PLUGIN_CLIENT, stage: EmitStage.Types }, async (ctx) => (await emitters()).emitTypes(ctx, resolved));
      hooks.emit.tapPromise({ name: PLUGIN_CLIENT, stage: EmitStage.Client }, async (ctx) => (await emitters()).emitClients(ctx, resolved));
    },
  });
}
