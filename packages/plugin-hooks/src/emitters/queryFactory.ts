import type { HookPlan, QueryPlan } from '../plan/planHook.js';
import { docBlock } from './hookFile.js';

/**
 * The framework-free query factory: a function returning `{ queryKey, queryFn }` that takes the client
 * method's parameters.
 * @param p the hook plan
 * @param q its query plan
 * @param name the function's name (the hook name for `none`, `<hookName>Options` for an adapter)
 * @param docTail doc lines after the summary and route
 * @returns the function's lines
 */
export function queryFactory(p: HookPlan, q: QueryPlan, name: string, docTail: string[]): string[] {
  return [
    ...docBlock([...p.doc, ...docTail]),
    `export function ${name}(${p.args.map((d) => d.text).join(', ')}) {`,
    '  return {',
    `    queryKey: ${queryKeyCall(p, q)},`,
    `    queryFn: ({ signal }: { signal: AbortSignal }) => ${clientCall(p, q.callArgs)},`,
    '  };',
    '}',
  ];
}

/**
 * The query key expression: `contactsQueryKeys.list(params)`.
 * @param p the hook plan
 * @param q its query plan
 * @param wrap prints each key argument (e.g. `toValue(params)`); the bare name by default
 * @returns an expression
 */
export function queryKeyCall(p: HookPlan, q: QueryPlan, wrap: (name: string) => string = (name) => name): string {
  return `${p.keys}.${q.member}(${q.keyArgs.map(wrap).join(', ')})`;
}

/**
 * The client call of a query with its abort signal: `contactsClient.listContacts(params, { signal })`.
 * @param p the hook plan
 * @param args the argument expressions before `{ signal }`
 * @returns an expression
 */
export function clientCall(p: HookPlan, args: readonly string[]): string {
  return `${p.client}.${p.method}(${[...args, '{ signal }'].join(', ')})`;
}
