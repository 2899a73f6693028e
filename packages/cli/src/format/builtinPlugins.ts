// The four built-in plugins, for runs whose config does not list its own. resolveCliConfig.ts imports this
// module only when it resolves a config, so `explain` and the other commands that run no plugin load none.
import type { Plugin } from '@reslayer/core';
import type { NamedPluginFactory } from '@reslayer/core/host';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginMocks } from '@reslayer/plugin-mocks';

/** The four built-in plugins with their defaults, in the order contract mode runs them. */
export function defaultPlugins(): Plugin[] {
  return [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()];
}

/**
 * The built-in plugins by package name, for configs that cannot hold code (a `reslayer` key in
 * `package.json`): `"plugins": ["@reslayer/plugin-client", ["@reslayer/plugin-hooks", { "adapter": "vue-query" }]]`.
 */
export const NAMED_PLUGINS: Readonly<Record<string, NamedPluginFactory>> = {
  '@reslayer/plugin-client': pluginClient as NamedPluginFactory,
  '@reslayer/plugin-hooks': pluginHooks as NamedPluginFactory,
  '@reslayer/plugin-config-meta': pluginConfigMeta as NamedPluginFactory,
  '@reslayer/plugin-mocks': pluginMocks as NamedPluginFactory,
};
