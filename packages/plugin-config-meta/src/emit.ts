import type { EmitContext } from '@reslayer/core';
import type { ResolvedConfigMetaOptions } from './options.js';
import { configMetaNaming, PLUGIN_CONFIG_META } from './naming.js';
import { describeResource } from './plan/describeResource.js';
import { emitConfig } from './emitters/emitConfig.js';
import { emitPermissions } from './emitters/emitPermissions.js';
import { emitI18n } from './emitters/emitI18n.js';
import { emitModelIndex } from './emitters/emitModelIndex.js';

/**
 * The config-meta plugin's work: per resource, the config, permissions, i18n and index files. Loaded by
 * plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 */
export function emitModels(ctx: EmitContext, resolved: ResolvedConfigMetaOptions): void {
  const { model } = ctx;
  const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_CONFIG_META });
  for (const resource of model.resources) {
    const meta = describeResource(model, resource, resolved.textareaThreshold);
    add(configMetaNaming.configFile(resource), emitConfig(meta, resolved.runtimeModule));
    add(configMetaNaming.permissionsFile(resource), emitPermissions(meta, resolved.runtimeModule));
    add(configMetaNaming.i18nFile(resource), emitI18n(meta, resolved.runtimeModule));
    add(configMetaNaming.indexFile(resource), emitModelIndex(resource.resource));
  }
}
