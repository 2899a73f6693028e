import { banner, importPath } from '@reslayer/core';
import { configMetaNaming } from '../naming.js';

/**
 * Emits the model folder's `index.ts`: re-exports the config, the i18n catalog, the permissions
 * and the permission key type.
 * @param resource the resource name
 * @returns the file contents
 */
export function emitModelIndex(resource: string): string {
  const r = { resource };
  const from = (file: string) => importPath(configMetaNaming.indexFile(r), file);
  return [
    banner(),
    `export { ${configMetaNaming.configObject(r)} } from '${from(configMetaNaming.configFile(r))}';`,
    `export { ${configMetaNaming.i18nObject(r)} } from '${from(configMetaNaming.i18nFile(r))}';`,
    `export { ${configMetaNaming.permissionsObject(r)}, type ${configMetaNaming.permissionKeyType(r)} } from '${from(configMetaNaming.permissionsFile(r))}';`,
  ].join('\n');
}
