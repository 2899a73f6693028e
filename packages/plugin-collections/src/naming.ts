import type { ResourceNode } from '@reslayer/core';

/** Name of plugin-collections: its tap name and the name that starts its option errors. */
export const PLUGIN_COLLECTIONS = 'plugin-collections';

/**
 * File and symbol names of plugin-collections: pure functions of names other plugins and tests may import
 * through `@reslayer/plugin-collections/naming`. Every function returns a string and throws nothing.
 */
export const collectionsNaming = {
  /** File of a resource's collection: `features/<resource>/collection/<resource>.collection.ts`. */
  collectionFile: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/collection/${r.resource}.collection.ts`,
  /** The collection options factory: `contactsCollectionOptions`. */
  collectionOptions: (r: Pick<ResourceNode, 'resource'>): string => `${r.resource}CollectionOptions`,
} as const;
