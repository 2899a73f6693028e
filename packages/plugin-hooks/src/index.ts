export { pluginHooks, PLUGIN_HOOKS } from './plugin.js';
export { pluginHooks as default } from './plugin.js';
export { hooksNaming } from './naming.js';
export { HOOK_ADAPTERS } from './options.js';
export type { HookAdapter, HooksOptions, ResolvedHooksOptions } from './options.js';
