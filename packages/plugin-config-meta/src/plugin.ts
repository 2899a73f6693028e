import type { EmitContext, Plugin } from '@reslayer/core';
import { definePlugin, EmitStage } from '@reslayer/core';
import { resolveConfigMetaOptions, type ConfigMetaOptions } from './options.js';
import { configMetaNaming, PLUGIN_CONFIG_META } from './naming.js';
import { describeResource } from './plan/describeResource.js';
import { emitConfig } from './emitters/emitConfig.js';
import { emitPermissions } from './emitters/emitPermissions.js';
import { emitI18n } from './emitters/emitI18n.js';
import { emitModelIndex } from './emitters/emitModelIndex.js';

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
      hooks.emit.tap({ name: PLUGIN_CONFIG_META, stage: EmitStage.Summarize }, (ctx: EmitContext) => {
        const { model } = ctx;
        const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_CONFIG_META });
        for (const resource of model.resources) {
          const meta = describeResource(model, resource, resolved.textareaThreshold);
          add(configMetaNaming.configFile(resource), emitConfig(model, meta, resolved.runtimeModule));
          add(configMetaNaming.permissionsFile(resource), emitPermissions(model, meta, resolved.runtimeModule));
          add(configMetaNaming.i18nFile(resource), emitI18n(model, meta, resolved.runtimeModule));
          add(configMetaNaming.indexFile(resource), emitModelIndex(model, resource.resource));
        }
      });
    },
  });
}
