export { pluginMocks, PLUGIN_MOCKS } from './plugin.js';
export { pluginMocks as default } from './plugin.js';
export { mocksNaming } from './naming.js';
export type { MocksOptions, ResolvedMocksOptions } from './options.js';
