import type { OperationSignature, ResourceNode } from '@reslayer/core';
import { banner, printKeyPartType, stringLiteral } from '@reslayer/core';
import { clientNaming } from '../naming.js';

/**
 * Emits `<resource>.query-keys.ts`: a hierarchical query key factory (`all`, `lists()`, `list(params)`,
 * `details()`, `detail(id)`, plus one member per other GET operation), so prefix invalidation works.
 * @param resource the resource
 * @param signatures the resource's operation signatures
 * @returns the file contents
 * @see https://tanstack.com/query/v5/docs/framework/react/guides/query-keys
 */
export function emitQueryKeys(resource: ResourceNode, signatures: OperationSignature[]): string {
  const name = clientNaming.queryKeysObject(resource);
  const queries = signatures.filter((s) => s.node.method === 'get');
  const paramTypes = queries.filter((s) => s.params.length > 0).map((s) => clientNaming.paramsType(s.op));
  const lines: string[] = [banner()];
  if (paramTypes.length > 0) lines.push(`import type { ${[...new Set(paramTypes)].sort().join(', ')} } from './${resource.resource}.types.js';`, '');
  lines.push(`const all = [${stringLiteral(resource.resource)}] as const;`);
  lines.push(`const lists = () => [...all, 'list'] as const;`);
  lines.push(`const details = () => [...all, 'detail'] as const;`, '');
  lines.push(`/**`, ` * Query keys of the \`${resource.resource}\` resource, from broad to narrow:`);
  lines.push(` * \`all\` ⊃ \`lists()\` ⊃ \`list(params)\` and \`all\` ⊃ \`details()\` ⊃ \`detail(id)\`.`);
  lines.push(` * Invalidating a prefix invalidates every key under it.`, ` */`);
  lines.push(`export const ${name} = {`, '  all,', '  lists,', '  details,');
  for (const s of queries) {
    const member = clientNaming.queryKey(s.op);
    const args = [
      // Keys take any path value (core's one rule, `printKeyPartType`): a mutation invalidates them with its own
      // path arguments, which a contract may type differently from the query's.
      ...s.pathArgs.map((a) => `${a.ident}: ${printKeyPartType(a)}`),
      ...(s.params.length > 0 ? [`params${s.paramsRequired ? '' : '?'}: ${clientNaming.paramsType(s.op)}`] : []),
    ];
    const prefix = s.op.role === 'list' ? '...lists()' : s.op.role === 'read' ? '...details()' : `...all, ${stringLiteral(s.op.name)}`;
    const parts = [prefix, ...s.pathArgs.map((a) => a.ident), ...(s.params.length > 0 ? [s.paramsRequired ? 'params' : 'params ?? {}'] : [])];
    lines.push(`  /** Key of \`${clientNaming.method(s.op)}\`. */`);
    lines.push(`  ${member}: (${args.join(', ')}) => [${parts.join(', ')}] as const,`);
  }
  lines.push('};');
  return lines.join('\n');
}
