import type { ResourceNode } from '@reslayer/core';
import { safeTypeName } from '@reslayer/core';

/** Name of the config-meta plugin (also its tap name and the `plugin` of every file it emits). */
export const PLUGIN_CONFIG_META = 'plugin-config-meta';

/** What the naming functions read of a resource: its name. */
type R = Pick<ResourceNode, 'resource'>;

/**
 * The names plugin-config-meta gives to files and symbols. Other plugins and application code
 * import these pure functions instead of rebuilding the strings (architecture guide G6).
 * Paths are relative to the generated source root.
 */
export const configMetaNaming = {
  /** Folder of a resource's metadata: `features/<resource>/model`. */
  modelDir: (r: R): string => `features/${r.resource}/model`,
  /** `features/<resource>/model/<resource>.config.ts`. */
  configFile: (r: R): string => `features/${r.resource}/model/${r.resource}.config.ts`,
  /** `features/<resource>/model/<resource>.permissions.ts`. */
  permissionsFile: (r: R): string => `features/${r.resource}/model/${r.resource}.permissions.ts`,
  /** `features/<resource>/model/<resource>.i18n.ts`. */
  i18nFile: (r: R): string => `features/${r.resource}/model/${r.resource}.i18n.ts`,
  /** `features/<resource>/model/index.ts`: re-exports the three. */
  indexFile: (r: R): string => `features/${r.resource}/model/index.ts`,
  /** Config object: `contactsConfig`. */
  configObject: (r: R): string => `${r.resource}Config`,
  /** Permissions object: `contactsPermissions`. */
  permissionsObject: (r: R): string => `${r.resource}Permissions`,
  /**
   * Type of the permission keys: core's `safeTypeName` of the resource plus `PermissionKey`:
   * `ContactsPermissionKey`; `_1Clicks` → `T1ClicksPermissionKey`.
   */
  permissionKeyType: (r: R): string => `${safeTypeName(r.resource, 'Resource')}PermissionKey`,
  /** i18n catalog object: `contactsI18n`. */
  i18nObject: (r: R): string => `${r.resource}I18n`,
  /** Stable permission string of an operation key: `contacts:create`. */
  permission: (r: R, key: string): string => `${r.resource}:${key}`,
} as const;
