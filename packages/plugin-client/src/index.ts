export { pluginClient } from './plugin.js';
export { pluginClient as default } from './plugin.js';
export { clientNaming, CLIENT_ROOT, PLUGIN_CLIENT } from './naming.js';
export type { ClientOptions, ResolvedClientOptions } from './options.js';
