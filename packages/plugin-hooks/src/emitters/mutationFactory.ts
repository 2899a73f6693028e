import { propertyKey, stringLiteral } from '@reslayer/core';
import type { HookPlan } from '../plan/planHook.js';
import type { MutationPlan, StaleKey } from '../plan/planMutation.js';
import { docBlock } from './hookFile.js';

/**
 * The variables type of a mutation and its framework-free factory: a function returning
 * `{ mutationKey, mutationFn, invalidates }`.
 * @param p the hook plan
 * @param m its mutation plan
 * @param name the function's name (the hook name for `none`, `<hookName>Options` for an adapter)
 * @param docTail doc lines after the summary and route
 * @returns the type's and the function's lines
 */
export function mutationFactory(p: HookPlan, m: MutationPlan, name: string, docTail: string[]): string[] {
  const callArgs = m.shape === 'none' ? [] : m.shape === 'single' ? ['variables'] : p.args.map((a) => variablesMember(a.name));
  return [
    `/** Variables of \`${p.hookName}\`: the arguments of \`${p.client}.${p.method}\`. */`,
    `export type ${m.variables} = ${variablesType(p, m)};`,
    '',
    ...docBlock([...p.doc, ...docTail]),
    `export function ${name}() {`,
    '  return {',
    `    mutationKey: [...${p.keys}.all, ${stringLiteral(p.method)}] as const,`,
    `    mutationFn: (variables: ${m.variables}) => ${p.client}.${p.method}(${callArgs.join(', ')}),`,
    `    invalidates: (${m.usesVariables ? 'variables' : '_variables'}: ${m.variables}) => [${m.stale.map((k) => staleKey(m, k)).join(', ')}] as const,`,
    '  };',
    '}',
  ];
}

/**
 * The body of an adapter's mutation hook: invalidates the stale keys through the app's `QueryClient`
 * (`useQueryClient()` at hook call time; no client is created at module level).
 * @param factory name of the option factory
 * @returns the body's lines (inside the function's braces)
 */
export function mutationHookBody(factory: string): string[] {
  return [
    '  const queryClient = useQueryClient();',
    `  const { mutationKey, mutationFn, invalidates } = ${factory}();`,
    '  return useMutation({',
    '    mutationKey,',
    '    mutationFn,',
    '    onSuccess: async (_data, variables) => {',
    '      await Promise.all(invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));',
    '    },',
    '  });',
  ];
}

/**
 * The variables type: `void`, the single argument's type (`| undefined` when optional), or an object type with
 * one member per argument, an optional argument as an optional member.
 */
function variablesType(p: HookPlan, m: MutationPlan): string {
  const [single] = p.args;
  if (m.shape === 'none' || !single) return 'void';
  if (m.shape === 'single') return single.optional ? `${single.type} | undefined` : single.type;
  return `{ ${p.args.map((a) => `${propertyKey(a.name)}${a.optional ? '?' : ''}: ${a.type}`).join('; ')} }`;
}

/** Reads one argument from an object-shaped `variables`. */
function variablesMember(name: string): string {
  return `variables.${name}`;
}

/** One stale query key expression: `contactsQueryKeys.lists()`, `contactsQueryKeys.detail(variables.contactId)`. */
function staleKey(m: MutationPlan, k: StaleKey): string {
  if (k.member === 'all') return `${k.keysObject}.all`;
  const args = k.args.map((name) => (m.shape === 'single' ? 'variables' : variablesMember(name)));
  return `${k.keysObject}.${k.member}(${args.join(', ')})`;
}
