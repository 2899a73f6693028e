// Public API of @reslayer/plugin-hooks.
export { pluginHooks } from './plugin.js';
export { pluginHooks as default } from './plugin.js';
export { hooksNaming, PLUGIN_HOOKS } from './naming.js';
export { HOOK_ADAPTERS, HOOKS_OPTION_RULES, resolveHooksOptions } from './options.js';
export type { HookAdapter, HooksOptions, ResolvedHooksOptions } from './options.js';
