import { importPath, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan } from '../plan/planHook.js';
import type { MutationPlan, OptimisticPlan } from '../plan/planMutation.js';
import { addLayerImports, docBlock, layerModule, runtimeQueryModule, type Imports } from './hookFile.js';
import { keyExpression, keysFunction, member, variablesType } from './mutationKeys.js';

/** The optimistic edit as data for `optimisticMutation`: which cache, lists, item and payload. */
function optimisticEdit(p: HookPlan, m: MutationPlan, o: OptimisticPlan, imports: Imports): string {
  imports.add(importPath(p.file, hooksNaming.hookFile(o.target.resource, o.cache.listHook)), [o.cache.name]);
  const detailArgs = o.target.detailArgs ?? o.target.detailPrefixArgs ?? [];
  const lists = keyExpression(m, { keysObject: p.keys, member: 'lists', args: o.target.listArgs ?? [] });
  const fn = (expr: string): string => `(${expr.includes('variables') ? 'variables' : ''}) => ${expr}`;
  const parts = [`kind: '${o.kind}'`, `cache: ${o.cache.name}`, `lists: ${fn(lists)}`, `id: ${fn(member(m, detailArgs[detailArgs.length - 1] ?? p.s.pathArgs[p.s.pathArgs.length - 1]?.ident ?? ''))}`];
  const patch = `${member(m, 'payload')}${o.payloadProperty === undefined ? '' : `?.[${stringLiteral(o.payloadProperty)}]`}`;
  // A read with required parameters: the edit patches every cached detail of the item, under its key's prefix.
  const detail = o.target.detailArgs ? keyExpression(m, { keysObject: p.keys, member: 'detail', args: detailArgs }) : `[...${p.keys}.details(), ${detailArgs.map((a) => member(m, a)).join(', ')}] as const`;
  if (o.kind === 'update') parts.push(`detail: ${fn(detail)}`, `patch: ${fn(patch)}`);
  if (o.kind === 'update' && o.fields) parts.push(`fields: [${o.fields.map(stringLiteral).join(', ')}]`);
  if (o.kind === 'update' && o.itemFields) parts.push(`itemFields: [${o.itemFields.map(stringLiteral).join(', ')}]`);
  return `{ ${parts.join(', ')} }`;
}

/**
 * The variables type, the cache effects as data (`<name>Invalidates`) and the framework-free mutation options
 * factory `<name>MutationOptions(queryClient?)`: `cacheMutation` of `@reslayer/runtime/query` gives
 * `{ mutationKey, mutationFn, onSuccess }`, where `onSuccess` applies the cache effects through the given client
 * (and does nothing without one); an update or delete of a CRUD item gets `optimisticMutation`, which adds
 * `onMutate` and `onError` for the per-call `optimistic` option. Adds its imports.
 * @param p the hook plan
 * @param m its mutation plan
 * @param tq the TanStack Query module the file imports from
 * @param imports the file's imports
 * @returns the lines
 */
export function mutationOptionsFactory(p: HookPlan, m: MutationPlan, tq: string, imports: Imports): string[] {
  imports.add(tq, [], ['QueryClient']);
  addLayerImports(p, imports, [p.response]);
  for (const k of [...m.effects.invalidate, ...m.effects.remove, ...m.effects.setFromResponse]) {
    if (k.keysObject !== p.keys) imports.add(layerModule(p, { resource: k.keysObject.replace(/QueryKeys$/, '') }), [k.keysObject]);
  }
  const fx = hooksNaming.invalidates(p.hookName);
  const e = m.effects;
  const o = m.optimistic;
  if (o) importErrorType(p, imports);
  imports.add(runtimeQueryModule(p), [o ? 'optimisticMutation' : 'cacheMutation'], ['CacheEffects']);
  const callArgs = m.members.map((x) => member(m, x.name));
  const spec = [
    `mutationKey: [...${p.keys}.all, ${stringLiteral(p.method)}] as const`,
    `mutationFn: (${callArgs.length > 0 ? 'variables' : ''}) => ${p.client}.${p.method}(${callArgs.join(', ')})`,
    `effects: ${fx}`,
  ];
  const types = o ? `${p.response}, ${p.error}, ${m.variables}` : `${p.response}, ${m.variables}`;
  const args = ['queryClient', `{ ${spec.join(', ')} }`, ...(o ? [optimisticEdit(p, m, o, imports), `options.optimistic ?? ${String(o.byDefault)}`] : [])];
  const head = `  return ${o ? 'optimisticMutation' : 'cacheMutation'}<${types}>(`;
  const call = `${head}${args.join(', ')});`;
  return [
    `/** Variables of \`${hooksNaming.mutationOptions(p.hookName)}\`: one object named by the arguments of \`${p.client}.${p.method}\`. */`,
    `export type ${m.variables} = ${variablesType(m)};`,
    `/** Cache effects of \`${p.method}\`, as data: the keys to \`invalidate\`, the details to \`remove\` and those \`setFromResponse\`. */`,
    ...packed(`export const ${fx} = {`, [`invalidate: ${keysFunction(m, e.invalidate)},`, `remove: ${keysFunction(m, e.remove)},`, `setFromResponse: ${keysFunction(m, e.setFromResponse)},`], `} satisfies CacheEffects<${m.variables}>;`),
    '',
    ...docBlock([
      ...p.doc,
      `Mutation options for \`useMutation\`: given a \`QueryClient\`, \`onSuccess\` applies \`${fx}\`.`,
      ...(o ? [`\`optimistic\` edits the cached detail and lists in \`onMutate\` and rolls back on error (default \`${String(o.byDefault)}\`).`] : []),
    ]),
    `export function ${hooksNaming.mutationOptions(p.hookName)}(queryClient?: QueryClient${o ? ', options: { optimistic?: boolean } = {}' : ''}) {`,
    ...(call.length <= 140 ? [call] : [head, ...args.map((a) => `    ${a},`), '  );']),
    '}',
  ];
}

/** `head`, the members packed into lines of at most 140 columns (indented by two), then `tail`. */
function packed(head: string, members: string[], tail: string): string[] {
  const lines: string[] = [];
  for (const m of members) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + m.length <= 140) lines[lines.length - 1] = `${last} ${m}`;
    else lines.push(`  ${m}`);
  }
  return [head, ...lines, tail];
}

/**
 * The error type of an operation (`UpdateContactError`), added to the imports.
 * @param p the hook plan
 * @param imports the file's imports
 * @returns the type name
 */
export function importErrorType(p: HookPlan, imports: Imports): string {
  imports.add(layerModule(p, p.s.resource), [], [clientNaming.errorType(p.s.op)]);
  return p.error;
}
