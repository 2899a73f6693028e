import { banner, importPath, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { HookPlan } from '../plan/planHook.js';

/**
 * Assembles a hook file: banner, import lines, a blank line, body lines.
 * @param p the hook plan (its model's meta gives the banner)
 * @param imports import lines, in order
 * @param body body lines
 * @returns file contents
 */
export function hookFile(p: HookPlan, imports: string[], body: string[]): string {
  return `${banner(p.model.meta)}${imports.join('\n')}\n\n${body.join('\n')}`;
}

/**
 * An import line: `import { a, b } from 'module';`.
 * @param names the imported names, printed in the order given (`type X` for a type-only name)
 * @param from the module specifier
 * @param typeOnly `import type { … }` instead
 * @returns one line
 */
export function importLine(names: readonly string[], from: string, typeOnly = false): string {
  return `import ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from ${stringLiteral(from)};`;
}

/**
 * Import lines of the generated layer: the client and query keys, a mutation's other targets' query keys,
 * then the types (params, payload and `extraTypes`), all from the client layer's resource index files.
 * @param p the hook plan
 * @param extraTypes more type names from the resource's client index (e.g. the response type)
 * @returns import lines
 */
export function layerImports(p: HookPlan, extraTypes: string[] = []): string[] {
  const r = p.s.resource;
  const index = importPath(p.file, clientNaming.indexFile(r));
  const lines = [importLine([p.client, p.keys].sort(), index)];
  for (const t of p.mutation ? p.mutation.targets.slice(1) : []) {
    lines.push(importLine([clientNaming.queryKeysObject(t.resource)], importPath(p.file, clientNaming.indexFile(t.resource))));
  }
  const types = new Set<string>();
  if (p.s.params.length > 0) types.add(clientNaming.paramsType(p.s.op));
  if (p.s.payload) types.add(clientNaming.payloadType(p.s.op));
  const allTypes = [...types, ...extraTypes].sort();
  if (allTypes.length > 0) lines.push(importLine(allTypes, index, true));
  return lines;
}

/**
 * A JSDoc block.
 * @param lines the comment's lines without the leading ` * `, already safe for a comment (`commentLines`)
 * @returns the block's lines, `/**` to ` *\/`
 */
export function docBlock(lines: string[]): string[] {
  return ['/**', ...lines.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'];
}

/**
 * Doc lines of the framework-free factory an adapter exports next to its hook.
 * @param p the hook plan
 * @returns the lines that follow the summary and route
 */
export function factoryDoc(p: HookPlan): string[] {
  return p.query
    ? [`Framework-free options of \`${p.hookName}\`: \`{ queryKey, queryFn }\` for \`queryOptions\`, \`fetchQuery\` or`, '`prefetchQuery` (route loaders, server rendering, tests).']
    : [`Framework-free options of \`${p.hookName}\`: \`{ mutationKey, mutationFn, invalidates }\`, where \`invalidates\``, 'returns the query keys this mutation makes stale.'];
}
