import type { Plugin } from '@reslayer/core';
import { definePlugin, EmitStage } from '@reslayer/core';
import { PLUGIN_CLIENT } from '@reslayer/plugin-client/naming';
import { PLUGIN_COLLECTIONS } from './naming.js';
import { resolveCollectionsOptions, type CollectionsOptions } from './options.js';

/** The emitter, loaded when the plugin first emits: a run answered by the no-change cache never loads it. */
const emitter = () => import('./emit.js');

/**
 * The collections plugin: for each resource with a list and a key, `features/<resource>/collection/<resource>.collection.ts`
 * with `<resource>CollectionOptions(queryClient, params?)`, the options of a TanStack DB collection built with
 * `queryCollectionOptions` of `@tanstack/query-db-collection` over the generated client and query keys.
 * Runs after `EmitStage.Derived`, so the validators' schemas are there when `pluginValidators()` is configured.
 * @param options see {@link CollectionsOptions}; all optional
 * @returns the plugin (requires plugin-client)
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown option or an invalid value (message starts with `plugin-collections:`)
 * @example defineConfig({ input: './openapi.yaml', plugins: [pluginClient(), pluginCollections()] })
 */
export function pluginCollections(options: CollectionsOptions = {}): Plugin {
  const resolved = resolveCollectionsOptions(options);
  return definePlugin({
    name: PLUGIN_COLLECTIONS,
    requires: [PLUGIN_CLIENT],
    options: resolved,
    apply(hooks) {
      hooks.emit.tapPromise({ name: PLUGIN_COLLECTIONS, stage: EmitStage.Derived + 10 }, async (ctx) => (await emitter()).emitCollections(ctx, resolved));
    },
  });
}
