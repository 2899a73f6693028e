import type { ApiModel, SchemaTypeNames } from '@reslayer/core';
import { banner, importPath } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { validatorNaming } from '../naming.js';
import { buildNode, type Skipped } from '../plan/buildNode.js';
import { DIALECTS, printContext, RUNTIME_NS, usesRuntime } from './library.js';
import type { ValidatorLibrary } from '../options.js';

/**
 * Emits `components.schemas.ts`: one schema per named schema (response direction), plus one for its
 * `<Name>Writable` variant (request direction) when plugin-client prints one. Each is annotated with the
 * generated type, so a schema whose output does not fit the type fails to compile.
 * @param model the API model
 * @param names the schema naming table
 * @param options library, dates (and then the wire schemas), runtime module and where left-out features are collected
 * @returns the file contents
 */
export function emitComponentSchemas(
  model: ApiModel,
  names: SchemaTypeNames,
  options: { library: ValidatorLibrary; dates: boolean; runtimeModule: string; skipped: Skipped[]; wire?: ReadonlyMap<string, string> },
): string {
  const dialect = DIALECTS[options.library];
  const ns = validatorNaming.typesNamespace;
  const ctx = printContext('');
  const body: string[] = [];
  for (const schema of model.schemas) {
    const variants: Array<['read' | 'write', string, string]> = [['read', schema.typeName, validatorNaming.schemaConst(schema.typeName)]];
    const writable = names.writable.get(schema.name);
    if (writable) variants.push(['write', writable, validatorNaming.schemaConst(writable)]);
    const wire = options.wire?.get(schema.name);
    if (wire) variants.push(['write', schema.typeName, wire]);
    for (const [mode, typeName, constant] of variants) {
      const node = buildNode(schema.schema, { names, mode, dates: options.dates, skipped: options.skipped, ...(options.wire ? { wire: options.wire } : {}) });
      const type = `${ns}.${typeName}`;
      body.push(`/** Checks {@link ${ns}.${typeName}} (${mode === 'read' ? (options.dates ? 'as the API returns it, dates decoded' : 'as the API returns it') : 'as a request sends it'}). */`);
      body.push(`export const ${constant}: ${dialect.annotation(type)} = ${dialect.print(node, ctx)};`, '');
    }
  }
  const text = body.join('\n');
  const head = [banner()];
  if (model.schemas.length === 0) return `${head.join('\n')}\nexport {};\n`;
  head.push(dialect.importLine);
  if (usesRuntime(text)) head.push(`import * as ${RUNTIME_NS} from '${options.runtimeModule}';`);
  head.push(`import type * as ${ns} from '${importPath(validatorNaming.componentsFile(), clientNaming.componentsFile())}';`);
  return `${head.join('\n')}\n\n${text}`;
}
