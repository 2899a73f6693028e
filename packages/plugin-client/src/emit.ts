import type { EmitContext } from '@reslayer/core';
import { describeOperation, getSchemaTypeNames } from '@reslayer/core';
import type { ResolvedClientOptions } from './options.js';
import { clientNaming, PLUGIN_CLIENT } from './naming.js';
import { emitComponents } from './emitters/emitComponents.js';
import { emitResourceTypes } from './emitters/emitResourceTypes.js';
import { emitResourceClient } from './emitters/emitResourceClient.js';
import { emitQueryKeys } from './emitters/emitQueryKeys.js';
import { emitClientIndex } from './emitters/emitClientIndex.js';
import { datesFile, emitComponentDates } from './emitters/emitDates.js';

/**
 * The client plugin's `EmitStage.Types` work: `components.types.ts` (and the component date codecs, with
 * `dates: 'Date'`), reporting each `$ref` cut out of a type-alias cycle. Loaded by plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 */
export function emitTypes(ctx: EmitContext, resolved: ResolvedClientOptions): void {
  const names = getSchemaTypeNames(ctx.model);
  for (const c of names.cuts) {
    ctx.report({
      code: 'RSL_SCHEMA_UNSUPPORTED',
      severity: c.inheritance ? 'info' : 'warning',
      message: c.inheritance
        ? `schema "${c.from}" extends "${c.target}" (allOf), which already lists it; the parent is left out of its type to avoid a circular type alias`
        : `$ref from "${c.from}" to "${c.target}" closes a cycle of plain aliases that TypeScript cannot express; it is typed as unknown`,
      location: c.pointer,
      hint: c.inheritance ? 'Nothing to do: the union of the parent keeps every member.' : 'Give one of the schemas in the cycle an object shape (properties) so the recursion is well-founded.',
    });
  }
  ctx.files.add({ path: clientNaming.componentsFile(), contents: emitComponents(ctx.model, names), plugin: PLUGIN_CLIENT });
  const dates = emitComponentDates(ctx.model, names, resolved.runtimeModule);
  if (dates !== undefined) ctx.files.add({ path: datesFile(), contents: dates, plugin: PLUGIN_CLIENT });
}

/**
 * The client plugin's `EmitStage.Client` work: per resource, the client, the operation types, the query
 * keys and an index. Loaded by plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 */
export function emitClients(ctx: EmitContext, resolved: ResolvedClientOptions): void {
  const { model } = ctx;
  const add = (path: string, contents: string) => ctx.files.add({ path, contents, plugin: PLUGIN_CLIENT });
  for (const resource of model.resources) {
    const signatures = resource.operations.map((op) => describeOperation(model, resource, op));
    add(clientNaming.clientFile(resource), emitResourceClient(model, resource, signatures, resolved.runtimeModule));
    add(clientNaming.typesFile(resource), emitResourceTypes(resource, signatures, getSchemaTypeNames(model), resolved.runtimeModule));
    add(clientNaming.queryKeysFile(resource), emitQueryKeys(resource, signatures));
    add(clientNaming.indexFile(resource), emitClientIndex(resource));
  }
}
