import type { EmitContext } from '@reslayer/core';
import { banner, commentLines, importPath, listItemType, pathNames, stringLiteral, valueLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { PLUGIN_VALIDATORS, validatorNaming } from '@reslayer/plugin-validators/naming';
import { collectionsNaming, PLUGIN_COLLECTIONS } from './naming.js';
import type { ResolvedCollectionsOptions } from './options.js';
import { planCollection, type CollectionPlan, type KeyCast } from './plan.js';

/**
 * The collections plugin's work: one collection file per resource that has a list and a key. Loaded by plugin.ts on first use.
 * @param ctx the emit context
 * @param resolved the plugin's resolved options
 */
export function emitCollections(ctx: EmitContext, resolved: ResolvedCollectionsOptions): void {
  const schemas = resolved.schema && ctx.run.plugins.includes(PLUGIN_VALIDATORS);
  for (const resource of ctx.model.resources) {
    const plan = planCollection(ctx.model, resource);
    if (plan) ctx.files.add({ path: collectionsNaming.collectionFile(resource), contents: emitCollection(plan, resolved.runtimeModule, schemas), plugin: PLUGIN_COLLECTIONS });
  }
}

/** A row key as the item path argument: `String(key)`, `Number(key)` or `key`. */
const castKey = (cast: KeyCast, key: string): string => (cast === '' ? key : `${cast}(${key})`);

/** The `create`, `update` and `delete` members of the spec, one line each, for the writes the plan has. */
function writeLines(p: CollectionPlan, client: string): string[] {
  const fields = (f: string[] | undefined): string => valueLiteral(f ?? []);
  return [
    ...(p.create ? [`create: (row) => ${client}.${p.create.method}(pick(row, ${fields(p.create.fields)})),`] : []),
    ...(p.update ? [`update: (u) => ${client}.${p.update.method}(${castKey(p.update.cast, 'u.key')}, pick(u.${p.update.whole ? 'modified' : 'changes'}, ${fields(p.update.fields)})),`] : []),
    ...(p.delete ? [`delete: (key) => ${client}.${p.delete.method}(${castKey(p.delete.cast, 'key')}),`] : []),
  ];
}

/** The doc comment of a collection factory. */
function docLines(p: CollectionPlan, client: string, schema: string | undefined): string[] {
  const writes = [['onInsert', p.create], ['onUpdate', p.update], ['onDelete', p.delete]] as const;
  const handlers = writes.filter(([, w]) => w).map(([name, w]) => `\`${name}\` → \`${client}.${w?.method}\``);
  return [
    '/**',
    ` * Options of a TanStack DB collection of \`${p.resource.resource}\`, for \`createCollection\`: the rows of \`${client}.${p.listMethod}\``,
    ` * under its query key (\`${clientNaming.queryKeysObject(p.resource)}.${p.listKey}\`), keyed by \`${pathNames(p.keyProperty).join('.')}\`${schema ? `, validated by \`${schema}\`` : ''}.`,
    ` * ${handlers.length > 0 ? `Persistence: ${handlers.join(', ')}; a failed request rolls the optimistic change back.` : 'Read-only: the resource has no create, update or delete a row can be sent through.'}`,
    ' * @param queryClient the app\'s TanStack Query client',
    ...(p.params ? [' * @param params the list\'s parameters (one collection per set of parameters)'] : []),
    ' */',
  ];
}

/**
 * One collection file: `<resource>CollectionOptions(queryClient, params?)` returning `queryCollectionOptions({ … })`.
 * @param p the plan
 * @param runtimeModule the runtime module (`@reslayer/runtime`)
 * @param schemas whether the validators' schemas are generated (and wanted)
 * @returns the file contents
 */
export function emitCollection(p: CollectionPlan, runtimeModule: string, schemas: boolean): string {
  const file = collectionsNaming.collectionFile(p.resource);
  const client = clientNaming.clientObject(p.resource);
  const keys = clientNaming.queryKeysObject(p.resource);
  const schema = schemas && p.itemTypeName !== undefined ? validatorNaming.schemaConst(p.itemTypeName) : undefined;
  const writes = writeLines(p, client);
  const types = [p.listResponse, ...(p.params ? [p.params.type] : [])].sort().map((t) => `type ${t}`);
  const imports = [
    `import type { QueryClient } from '@tanstack/query-core';`,
    `import { queryCollectionOptions } from '@tanstack/query-db-collection';`,
    `import { collectionParts${p.create || p.update ? ', pick' : ''} } from ${stringLiteral(`${runtimeModule}/collections`)};`,
    `import { ${client}, ${keys}, ${types.join(', ')} } from ${stringLiteral(importPath(file, clientNaming.indexFile(p.resource)))};`,
    ...(schema ? [`import { ${schema} } from ${stringLiteral(importPath(file, validatorNaming.componentsFile()))};`] : []),
  ];
  const spec = [
    ...(p.itemsProperty !== undefined ? [`items: ${valueLiteral(p.itemsProperty)},`] : []),
    `key: ${valueLiteral(p.keyProperty)},`,
    ...writes,
  ];
  const arg = p.params ? 'params' : '';
  const body = [
    ...docLines(p, client, schema),
    `export function ${collectionsNaming.collectionOptions(p.resource)}(queryClient: QueryClient${p.params ? `, ${p.params.text}` : ''}) {`,
    '  return queryCollectionOptions({',
    `    queryKey: ${keys}.${p.listKey}(${arg}),`,
    `    queryFn: ({ signal }: { signal: AbortSignal }) => ${client}.${p.listMethod}(${arg ? `${arg}, ` : ''}{ signal }),`,
    '    queryClient,',
    ...(schema ? [`    schema: ${schema},`] : []),
    `    ...collectionParts<${listItemType(p.listResponse, p.itemsProperty)}, ${p.listResponse}>({`,
    ...spec.map((l) => `      ${l}`),
    '    }),',
    '  });',
    '}',
  ];
  return `${banner()}${imports.join('\n')}\n\n${body.join('\n')}\n`;
}
