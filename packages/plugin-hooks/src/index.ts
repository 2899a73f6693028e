export { pluginHooks, PLUGIN_HOOKS } from './plugin.js';
export { pluginHooks as default } from './plugin.js';
export { hooksNaming } from './naming.js';
export type { HooksOptions, ResolvedHooksOptions } from './options.js';
