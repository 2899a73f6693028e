import type { ApiModel, ResourceNode } from '@reslayer/core';
import { banner } from '@reslayer/core';
import type { EmittedModule } from './emitFixtures.js';

/**
 * Emits the mocks `index.ts` of a resource: named re-exports of the fixtures, handlers and scenarios.
 * @param model the API model (for the banner)
 * @param resource the resource
 * @param modules the three modules with their exports, by file stem (`contacts.fixtures`, …)
 * @returns the file contents
 */
export function emitMockIndex(model: ApiModel, resource: ResourceNode, modules: Array<[stem: string, module: EmittedModule]>): string {
  const lines = [banner(model.meta)];
  for (const [stem, m] of modules) {
    if (m.values.length > 0) lines.push(`export { ${[...m.values].sort().join(', ')} } from './${stem}.js';`);
    if (m.types.length > 0) lines.push(`export type { ${[...m.types].sort().join(', ')} } from './${stem}.js';`);
  }
  if (lines.length === 1) lines.push(`/** \`${resource.resource}\` has no mocks. */`, 'export {};');
  return lines.join('\n');
}
