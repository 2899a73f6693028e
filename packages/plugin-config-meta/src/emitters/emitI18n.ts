import { banner, docComment, stringLiteral } from '@reslayer/core';
import type { ResourceMeta } from '../plan/types.js';
import { configMetaNaming } from '../naming.js';
import { printValue } from './printValue.js';

/**
 * Emits `<resource>.i18n.ts`: `<resource>I18n`, a catalog of English default labels (string values
 * only): the resource title, one action label per operation and one label per field/column.
 * @param meta the resource description
 * @param runtimeModule module the `ResourceI18n` type is imported from
 * @returns the file contents
 */
export function emitI18n(meta: ResourceMeta, runtimeModule: string): string {
  const catalog = {
    title: meta.title,
    actions: Object.fromEntries(meta.operations.map((op) => [op.key, op.label])),
    fields: Object.fromEntries(meta.fieldLabels),
  };
  return [
    banner(),
    `import type { ResourceI18n } from ${stringLiteral(runtimeModule)};`,
    '',
    docComment({ description: [
      `Default (English) labels of the \`${meta.resource}\` resource: copy this catalog to translate it.`,
      '`actions` is keyed like the permissions, `fields` by property name.',
    ].join('\n') }, 0),
    `export const ${configMetaNaming.i18nObject({ resource: meta.resource })} = ${printValue(catalog, 0, 2)} as const satisfies ResourceI18n;`,
  ].join('\n');
}
