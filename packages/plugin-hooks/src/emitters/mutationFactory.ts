import { stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';
import type { HookPlan } from '../plan/planHook.js';
import type { MutationPlan } from '../plan/planMutation.js';
import { addLayerImports, docBlock, layerModule, type Imports } from './hookFile.js';
import { keysFunction, member, variablesType } from './mutationKeys.js';
import { optimisticMembers } from './optimistic.js';

/**
 * The variables type, the cache effects as data (`<name>Invalidates`) and the framework-free mutation options
 * factory `<name>MutationOptions(queryClient?)`: `{ mutationKey, mutationFn, onSuccess }`, where `onSuccess`
 * applies the cache effects through the given client (and does nothing without one). Adds its imports.
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
  const call = m.members.map((x) => member(m, x.name));
  // The keys are typed `QueryKey` where they are only matched (invalidate, cancel, remove): TanStack's filter methods
  // then use their default instantiation instead of one per key tuple (on GitHub's output, 42 % of the mutation
  // files' instantiations and 58 % of their symbols). `setQueryData` keeps the precise key, whose data tag types `data`.
  if (e.invalidate.length > 0 || e.remove.length > 0) imports.add(tq, [], ['QueryKey']);
  const onSuccess = [
    ...(e.setFromResponse.length > 0 ? [`      for (const queryKey of ${fx}.setFromResponse(variables)) queryClient.setQueryData(queryKey, data);`] : []),
    ...(e.remove.length > 0
      ? [
          `      const removed: readonly QueryKey[] = ${fx}.remove(variables);`,
          '      for (const queryKey of removed) {',
          '        await queryClient.cancelQueries({ queryKey, exact: true });',
          '        // A mounted detail keeps its last data until it unmounts (then gcTime removes it): removing it under',
          '        // an observer would build a new query that refetches the deleted item.',
          '        queryClient.removeQueries({ queryKey, exact: true, predicate: (query) => query.getObserversCount() === 0 });',
          '      }',
        ]
      : []),
    ...(e.invalidate.length > 0 ? [`      await Promise.all(${fx}.invalidate(variables).map((queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey })));`] : []),
  ];
  const usesData = e.setFromResponse.length > 0;
  const usesVariables = onSuccess.length > 0;
  return [
    `/** Variables of \`${hooksNaming.mutationOptions(p.hookName)}\`: one object named by the arguments of \`${p.client}.${p.method}\`. */`,
    `export type ${m.variables} = ${variablesType(m)};`,
    '',
    ...docBlock([
      `Cache effects of \`${p.method}\`, derived from the resource model, as data: the query keys (prefixes) to`,
      '`invalidate` after success, the detail keys to `remove` (never refetched: removed when no component shows them,',
      'else left to unmount), and the detail keys',
      'to `setFromResponse` (the response is the entity).',
    ]),
    `export const ${fx} = {`,
    `  invalidate: ${keysFunction(m, e.invalidate)},`,
    `  remove: ${keysFunction(m, e.remove)},`,
    `  setFromResponse: ${keysFunction(m, e.setFromResponse)},`,
    '};',
    '',
    ...docBlock([
      ...p.doc,
      `Framework-free mutation options: \`{ mutationKey, mutationFn, ${o ? 'onMutate, onError, ' : ''}onSuccess }\` for \`useMutation\` or`,
      `\`mutationOptions\`. Given a \`QueryClient\`, \`onSuccess\` applies \`${fx}\`.`,
      '@param queryClient the client whose cache the mutation updates; without one `onSuccess` does nothing',
      ...(o ? [`@param options \`optimistic\`: apply the change to the cached detail and lists in \`onMutate\` and roll it back on error (default \`${String(o.byDefault)}\`)`] : []),
    ]),
    `export function ${hooksNaming.mutationOptions(p.hookName)}(queryClient?: QueryClient${o ? ', options: { optimistic?: boolean } = {}' : ''}) {`,
    ...(o ? [`  const optimistic = options.optimistic ?? ${String(o.byDefault)};`] : []),
    '  return {',
    `    mutationKey: [...${p.keys}.all, ${stringLiteral(p.method)}] as const,`,
    `    mutationFn: (${call.length > 0 ? 'variables' : '_variables'}: ${m.variables}) => ${p.client}.${p.method}(${call.join(', ')}),`,
    ...(o ? optimisticMembers(p, m, o, tq, imports) : []),
    `    onSuccess: async (${usesData ? 'data' : '_data'}: ${p.response}, ${usesVariables ? 'variables' : '_variables'}: ${m.variables}): Promise<void> => {`,
    ...(usesVariables ? ['      if (!queryClient) return;', ...onSuccess] : []),
    '    },',
    '  };',
    '}',
  ];
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
