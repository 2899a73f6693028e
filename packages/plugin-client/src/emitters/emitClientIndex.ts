import type { ResourceNode } from '@reslayer/core';
import { banner } from '@reslayer/core';
import { clientNaming } from '../naming.js';

/**
 * Emits the resource's `index.ts`: re-exports the client, the query keys and all types.
 * @param resource the resource
 * @returns the file contents
 */
export function emitClientIndex(resource: ResourceNode): string {
  const r = resource.resource;
  return [
    banner(),
    `export { ${clientNaming.clientObject(resource)} } from './${r}.client.js';`,
    `export { ${clientNaming.queryKeysObject(resource)} } from './${r}.query-keys.js';`,
    `export type * from './${r}.types.js';`,
  ].join('\n');
}
