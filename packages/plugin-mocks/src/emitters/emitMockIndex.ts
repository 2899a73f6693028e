import type { ResourceNode } from '@reslayer/core';
import { banner } from '@reslayer/core';
import { mocksNaming } from '../naming.js';
import type { EmittedModule } from './emitFixtures.js';

/**
 * Emits the mocks `index.ts` of a resource: named re-exports of the fixtures, handlers and scenarios.
 * @param resource the resource
 * @param modules the three modules with their exports, by file stem (`contacts.fixtures`, …)
 * @returns the file contents
 */
export function emitMockIndex(resource: ResourceNode, modules: Array<[stem: string, module: EmittedModule]>): string {
  const lines = [banner()];
  for (const [stem, m] of modules) {
    if (m.values.length > 0) lines.push(`export { ${[...m.values].sort().join(', ')} } from './${stem}.js';`);
    if (m.types.length > 0) lines.push(`export type { ${[...m.types].sort().join(', ')} } from './${stem}.js';`);
  }
  if (lines.length === 1) lines.push(`/** \`${resource.resource}\` has no mocks. */`, 'export {};');
  return lines.join('\n');
}

/** A resource of the root mocks index, with the values its handlers module exports. */
export interface RootIndexEntry {
  resource: ResourceNode;
  exports: readonly string[];
}

/**
 * Emits `shared/mocks/index.ts` (plugin option `index`): `handlers`, the default (success) handlers of every
 * resource in the model's order, and `resetAllStores()`, which restores the store of every CRUD resource to its
 * fixtures. The generic work stays in each resource's handlers module; this file only gathers them.
 * @param entries every resource with the values its handlers module exports
 * @returns the file contents, or undefined when no resource has handlers (no file: an empty `handlers` would be `any[]`)
 */
export function emitRootMockIndex(entries: readonly RootIndexEntry[]): string | undefined {
  const lines = [banner()];
  const lists: string[] = [];
  const resets: string[] = [];
  for (const { resource, exports } of entries) {
    const names = [mocksNaming.handlers(resource), mocksNaming.resetStore(resource)].filter((n) => exports.includes(n));
    if (names.length === 0) continue;
    lines.push(`import { ${names.join(', ')} } from './${resource.resource}/${resource.resource}.handlers.js';`);
    if (names.includes(mocksNaming.handlers(resource))) lists.push(mocksNaming.handlers(resource));
    if (names.includes(mocksNaming.resetStore(resource))) resets.push(mocksNaming.resetStore(resource));
  }
  if (lists.length === 0) return undefined;
  lines.push(
    '',
    `/** The default (success) handlers of every resource (${lists.length}), for \`setupServer(...handlers)\` or \`setupWorker(...handlers)\`. */`,
    'export const handlers = [',
    ...lists.map((h) => `  ...${h},`),
    '];',
    '',
    `/** Restores the store of every CRUD resource (${resets.length}) to its fixtures: call it between tests, e.g. in \`afterEach\`. */`,
    'export function resetAllStores(): void {',
    ...resets.map((r) => `  ${r}();`),
    '}',
    '',
  );
  return lines.join('\n');
}
