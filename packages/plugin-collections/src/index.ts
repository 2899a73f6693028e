// Public API of @reslayer/plugin-collections.
export { pluginCollections } from './plugin.js';
export { pluginCollections as default } from './plugin.js';
export { collectionsNaming, PLUGIN_COLLECTIONS } from './naming.js';
export { COLLECTIONS_OPTION_RULES, resolveCollectionsOptions } from './options.js';
export type { CollectionsOptions, ResolvedCollectionsOptions } from './options.js';
