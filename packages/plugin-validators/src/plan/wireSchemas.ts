import type { ApiModel, SchemaTypeNames } from '@reslayer/core';
import { datedSchemas, UniqueNames } from '@reslayer/core';
import { validatorNaming } from '../naming.js';

/**
 * With `dates: 'Date'` the read schema of a named schema decodes date strings while a request holds `Date` objects,
 * so a request schema cannot reuse it: every named schema that holds dates (directly or through references,
 * core's `datedSchemas`) and has no Writable variant gets a request ("wire") schema of its own,
 * `<Name>WireSchema` (made unique against every other schema constant), checked against the same type.
 * @param model the API model
 * @param names the naming table
 * @returns the wire schema constant by schema key
 */
export function wireSchemaNames(model: ApiModel, names: SchemaTypeNames): ReadonlyMap<string, string> {
  const dated = datedSchemas(model);
  const unique = new UniqueNames();
  for (const s of model.schemas) {
    unique.reserve(validatorNaming.schemaConst(s.typeName));
    const w = names.writable.get(s.name);
    if (w) unique.reserve(validatorNaming.schemaConst(w));
  }
  const out = new Map<string, string>();
  for (const s of model.schemas) if (dated.has(s.name) && !names.writable.has(s.name)) out.set(s.name, unique.take(`${s.typeName}WireSchema`));
  return out;
}
