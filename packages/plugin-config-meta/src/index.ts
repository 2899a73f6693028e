// Public API of @reslayer/plugin-config-meta.
export { pluginConfigMeta } from './plugin.js';
export { pluginConfigMeta as default } from './plugin.js';
export { configMetaNaming, PLUGIN_CONFIG_META } from './naming.js';
export type { ConfigMetaOptions, ResolvedConfigMetaOptions } from './options.js';
