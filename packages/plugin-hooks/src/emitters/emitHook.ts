import type { ApiModel, ResourceNode } from '@reslayer/core';
import { banner, commentLines, importPath } from '@reslayer/core';
import { clientNaming, type OperationSignature } from '@reslayer/plugin-client';
import { hooksNaming } from '../naming.js';

/** A resource whose query keys a mutation makes stale, with the arguments of its `detail` key. */
export interface InvalidationTarget {
  resource: ResourceNode;
  /** Expressions for `detail(...)`, or undefined to invalidate `details()` / nothing. */
  detailArgs?: string[];
  /** True when the target resource has a `detail` key. */
  hasDetail: boolean;
}

/**
 * Emits one hook file: a query hook returning `{ queryKey, queryFn }` or a mutation hook returning
 * `{ mutationKey, mutationFn, invalidates }` — the option objects TanStack Query accepts in any framework.
 * @param model the API model
 * @param s the operation's signature (from plugin-client)
 * @param hookName the hook's unique name
 * @param targets resources whose keys the mutation invalidates (own resource first)
 * @returns file contents
 * @see https://tanstack.com/query/v5/docs/reference/QueryClient#queryclientinvalidatequeries
 */
export function emitHook(model: ApiModel, s: OperationSignature, hookName: string, targets: InvalidationTarget[]): string {
  const r = s.resource;
  const file = hooksNaming.hookFile(r, hookName);
  const client = clientNaming.clientObject(r);
  const keys = clientNaming.queryKeysObject(r);
  const values = new Set([client, keys]);
  const types = new Set<string>();
  if (s.params.length > 0) types.add(clientNaming.paramsType(s.op));
  if (s.payload) types.add(clientNaming.payloadType(s.op));
  const doc = [
    ...(s.node.summary ? commentLines(s.node.summary, 300) : []),
    `\`${s.node.method.toUpperCase()} ${commentLines(s.node.path, 300).join(' ')}\` through \`${client}.${s.method}\`.`,
  ];
  const body: string[] = [];
  const imports = (extra: string[] = []) => {
    const lines = [`import { ${[...values].sort().join(', ')} } from '${importPath(file, clientNaming.indexFile(r))}';`];
    for (const t of targets.slice(1)) lines.push(`import { ${clientNaming.queryKeysObject(t.resource)} } from '${importPath(file, clientNaming.indexFile(t.resource))}';`);
    const allTypes = [...types, ...extra].sort();
    if (allTypes.length > 0) lines.push(`import type { ${allTypes.join(', ')} } from '${importPath(file, clientNaming.indexFile(r))}';`);
    return lines.join('\n');
  };
  if (hooksNaming.isQuery(s.node.method)) {
    const member = clientNaming.queryKey(s.op);
    const keyArgs = [...s.pathArgs.map((a) => a.ident), ...(s.params.length > 0 ? ['params'] : [])];
    const callArgs = [...s.argumentNames, '{ signal }'];
    body.push('/**', ...doc.map((l) => ` * ${l}`.trimEnd()), ' * Returns TanStack Query options: pass them to `useQuery`, `queryOptions` or `fetchQuery`.', ' */');
    body.push(`export function ${hookName}(${s.argumentDeclarations.join(', ')}) {`);
    body.push('  return {');
    body.push(`    queryKey: ${keys}.${member}(${keyArgs.join(', ')}),`);
    body.push(`    queryFn: ({ signal }: { signal: AbortSignal }) => ${client}.${s.method}(${callArgs.join(', ')}),`);
    body.push('  };');
    body.push('}');
    return `${banner(model.meta)}${imports()}\n\n${body.join('\n')}`;
  }
  const variables = hooksNaming.variablesType(s.op);
  const argTypes = s.argumentDeclarations.map((d) => d.replace(/^(\w+): (.*) \| undefined$/, '$1?: $2'));
  const single = s.argumentNames.length === 1;
  let variablesDecl: string;
  let callArgs: string[];
  if (s.argumentNames.length === 0) {
    variablesDecl = 'void';
    callArgs = [];
  } else if (single) {
    const [decl] = argTypes;
    const optional = decl?.includes('?:') ?? false;
    variablesDecl = `${decl?.replace(/^[^:]+\??:\s*/, '') ?? 'unknown'}${optional ? ' | undefined' : ''}`;
    callArgs = ['variables'];
  } else {
    variablesDecl = `{ ${argTypes.join('; ')} }`;
    callArgs = s.argumentNames.map((n) => `variables.${n}`);
  }
  const byName = new Map(s.pathArgs.map((a) => [a.ident, single ? 'variables' : `variables.${a.ident}`] as const));
  const stale: string[] = [];
  for (const t of targets) {
    const k = clientNaming.queryKeysObject(t.resource);
    if (t.resource.resourceKind !== 'crud') {
      stale.push(`${k}.all`);
      continue;
    }
    stale.push(`${k}.lists()`);
    if (s.op.role === 'create' && t.resource === r) continue;
    if (t.hasDetail && t.detailArgs && t.detailArgs.every((a) => byName.has(a))) stale.push(`${k}.detail(${t.detailArgs.map((a) => byName.get(a)).join(', ')})`);
    else if (t.hasDetail) stale.push(`${k}.details()`);
  }
  const usesVariables = stale.some((x) => x.includes('variables'));
  body.push(`/** Variables of \`${hookName}\`: the arguments of \`${client}.${s.method}\`. */`);
  body.push(`export type ${variables} = ${variablesDecl};`, '');
  body.push('/**', ...doc.map((l) => ` * ${l}`.trimEnd()));
  body.push(' * Returns TanStack Query mutation options plus `invalidates`: the query keys this mutation makes stale', ' * (invalidate them in `onSuccess`).', ' */');
  body.push(`export function ${hookName}() {`);
  body.push('  return {');
  body.push(`    mutationKey: [...${keys}.all, '${s.method}'] as const,`);
  body.push(`    mutationFn: (variables: ${variables}) => ${client}.${s.method}(${callArgs.join(', ')}),`);
  body.push(`    invalidates: (${usesVariables ? 'variables' : '_variables'}: ${variables}) => [${stale.join(', ')}] as const,`);
  body.push('  };');
  body.push('}');
  return `${banner(model.meta)}${imports()}\n\n${body.join('\n')}`;
}
