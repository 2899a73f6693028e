import { banner, docComment, stringLiteral } from '@reslayer/core';
import type { ResourceMeta } from '../plan/types.js';
import { configMetaNaming } from '../naming.js';
import { printValue } from './printValue.js';

/**
 * Emits `<resource>.config.ts`: `<resource>Config` with `fields` (and `bodyWrapper` when the request body wraps
 * the entity), `filters`, `columns` and `pagination`, written `as const satisfies ResourceConfig` so literal types survive and the shape is checked.
 * @param meta the resource description
 * @param runtimeModule module the `ResourceConfig` type is imported from
 * @returns the file contents
 */
export function emitConfig(meta: ResourceMeta, runtimeModule: string): string {
  const r = { resource: meta.resource };
  const { fields, bodyWrapper, filters, columns, pagination } = meta.config;
  return [
    banner(),
    `import type { ResourceConfig } from ${stringLiteral(runtimeModule)};`,
    '',
    docComment({ description: [
      `Form fields, list filters, table columns and pagination of the \`${meta.resource}\` resource,`,
      `derived from the contract. Labels are English defaults; \`${configMetaNaming.i18nObject(r)}\` holds them`,
      'for translation.',
    ].join('\n') }, 0),
    `export const ${configMetaNaming.configObject(r)} = {`,
    `  fields: ${printValue(fields, 1, 1, 0, 120)},`,
    ...(bodyWrapper !== undefined ? [`  bodyWrapper: ${stringLiteral(bodyWrapper)},`] : []),
    `  filters: ${printValue(filters, 1, 1, 0, 120)},`,
    `  columns: ${printValue(columns, 1, 1, 0, 120)},`,
    `  pagination: ${printValue(pagination, 1, 0, 'pagination: '.length)},`,
    '} as const satisfies ResourceConfig;',
  ].join('\n');
}
