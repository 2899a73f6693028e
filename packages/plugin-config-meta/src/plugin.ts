import type { Plugin } from '@reslayer/core';
import { definePlugin, EmitStage } from '@reslayer/core';
import { resolveConfigMetaOptions, type ConfigMetaOptions } from './options.js';
import { PLUGIN_CONFIG_META } from './naming.js';

/** The emitters, loaded when the plugin first emits: a run answered by the no-change cache never loads them. */
const emitters = () => import('./emit.js');

/**
 * The config-meta plugin: per resource, emits under `features/<resource>/model/` the form, filter,
 * table and pagination config (`<resource>.config.ts`), the permissions map
 * (`<resource>.permissions.ts`), the i18n catalog (`<resource>.i18n.ts`) and an `index.ts`.
 * Runs at `EmitStage.Summarize`. It requires no other plugin: its files import only the runtime's
 * types, and it reads the contract through core's analysis layer (`describeOperation`,
 * `getSchemaTypeNames`, `objectProperties`), so it agrees with the client on request bodies and responses.
 * @param options see {@link ConfigMetaOptions}
 * @returns the plugin
 * @throws GeneratorError `RSL_CONFIG_INVALID` for invalid or unknown options
 * @example
 * defineConfig({ input: './openapi.yaml', plugins: [pluginClient(), pluginConfigMeta()] })
 */
export function pluginConfigMeta(options?: ConfigMetaOptions): Plugin {
  const resolved = resolveConfigMetaOptions(options);
  return definePlugin({
    name: PLUGIN_CONFIG_META,
    options: resolved,
    apply(hooks) {
      hooks.emit.tapPromise({ name: PLUGIN_CONFIG_META, stage: EmitStage.Summarize }, async (ctx) => (await emitters()).emitModels(ctx, resolved));
    },
  });
}
