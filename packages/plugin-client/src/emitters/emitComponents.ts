import type { ApiModel, SchemaTypeNames } from '@reslayer/core';
import { banner, docComment, printType } from '@reslayer/core';

/**
 * Emits `components.types.ts`: one exported type per named schema (read mode), plus a
 * `<Name>Writable` variant (write mode) for schemas whose request shape differs.
 * @param model the API model
 * @param names the schema naming table
 * @returns the file contents
 * @see https://spec.openapis.org/oas/v3.1.0#components-object
 */
export function emitComponents(model: ApiModel, names: SchemaTypeNames): string {
  const out: string[] = [banner()];
  if (model.schemas.length === 0) out.push('export {};');
  for (const schema of model.schemas) {
    const doc = docComment(schema.schema, 0);
    if (doc) out.push(doc);
    out.push(`export type ${schema.typeName} = ${printType(schema.schema, { mode: 'read', names })};`);
    const writable = names.writable.get(schema.name);
    if (writable) {
      out.push(`/** Request (write) shape of {@link ${schema.typeName}}: readOnly properties left out. */`);
      out.push(`export type ${writable} = ${printType(schema.schema, { mode: 'write', names })};`);
    }
    out.push('');
  }
  return out.join('\n');
}
