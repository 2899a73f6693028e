import type { ApiModel } from '@reslayer/core';
import { banner, importPath } from '@reslayer/core';
import { configMetaNaming } from '../naming.js';

/**
 * Emits the model folder's `index.ts`: re-exports the config, the i18n catalog, the permissions
 * and the permission key type.
 * @param model the API model (for the banner)
 * @param resource the resource name
 * @returns the file contents
 */
export function emitModelIndex(model: ApiModel, resource: string): string {
  const r = { resource };
  const from = (file: string) => importPath(configMetaNaming.indexFile(r), file);
  return [
    banner(model.meta),
    `export { ${configMetaNaming.configObject(r)} } from '${from(configMetaNaming.configFile(r))}';`,
    `export { ${configMetaNaming.i18nObject(r)} } from '${from(configMetaNaming.i18nFile(r))}';`,
    `export { ${configMetaNaming.permissionsObject(r)}, type ${configMetaNaming.permissionKeyType(r)} } from '${from(configMetaNaming.permissionsFile(r))}';`,
  ].join('\n');
}
