export { pluginConfigMeta, PLUGIN_CONFIG_META } from './plugin.js';
export { pluginConfigMeta as default } from './plugin.js';
export { configMetaNaming } from './naming.js';
export type { ConfigMetaOptions, ResolvedConfigMetaOptions } from './options.js';
