import { banner, importPath, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { HookPlan } from '../plan/planHook.js';

/** Names a file imports from one module: values and types (printed `type X`). */
export class Imports {
  private readonly byModule = new Map<string, { values: Set<string>; types: Set<string> }>();

  /**
   * Adds names imported from a module.
   * @param from the module specifier
   * @param values value names
   * @param types type-only names
   * @returns this collector
   */
  add(from: string, values: readonly string[], types: readonly string[] = []): this {
    const entry = this.byModule.get(from) ?? { values: new Set<string>(), types: new Set<string>() };
    for (const v of values) entry.values.add(v);
    for (const t of types) entry.types.add(t);
    this.byModule.set(from, entry);
    return this;
  }

  /**
   * The import lines, modules in insertion order: `import { a, type B } from 'm';`, or `import type { … }` when
   * only types come from the module.
   * @returns import lines
   */
  lines(): string[] {
    return [...this.byModule].flatMap(([from, { values, types }]) => {
      if (values.size === 0 && types.size === 0) return [];
      // A name imported as a value also serves as its type (`QueryClient`, an Angular injection token).
      const names = [...[...values].sort(), ...[...types].filter((t) => !values.has(t)).sort().map((t) => (values.size > 0 ? `type ${t}` : t))];
      return [`import ${values.size === 0 ? 'type ' : ''}{ ${names.join(', ')} } from ${stringLiteral(from)};`];
    });
  }
}

/**
 * Assembles a hook file: banner, import lines, a blank line, body lines.
 * @param imports the file's imports
 * @param body body lines
 * @returns file contents
 */
export function hookFile(imports: Imports, body: string[]): string {
  return `${banner()}${imports.lines().join('\n')}\n\n${body.join('\n')}`;
}

/**
 * Module specifier of the client layer's index of a resource, relative to the hook file.
 * @param p the hook plan
 * @param resource the resource (`{ resource }`)
 * @returns e.g. `../../../shared/api/generated/contacts/index.js`
 */
export function layerModule(p: HookPlan, resource: { resource: string }): string {
  return importPath(p.file, clientNaming.indexFile(resource));
}

/**
 * The runtime module the query helpers come from: `<runtimeModule>/query` (`@reslayer/runtime/query`).
 * @param p the hook plan
 * @returns the module specifier
 */
export function runtimeQueryModule(p: HookPlan): string {
  return `${p.runtimeModule}/query`;
}

/**
 * Adds the generated layer's imports of an operation: its client and query keys, the params and payload
 * types, and `types` (response, error…), from the resource's client index.
 * @param p the hook plan
 * @param imports the file's imports
 * @param types more type names from the resource's client index
 */
export function addLayerImports(p: HookPlan, imports: Imports, types: string[]): void {
  const index = layerModule(p, p.s.resource);
  const all = new Set(types);
  if (p.s.params.length > 0) all.add(clientNaming.paramsType(p.s.op));
  if (p.s.payload) all.add(clientNaming.payloadType(p.s.op));
  imports.add(index, [p.client, p.keys], [...all]);
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
 * The name an adapter gives a hook: the planned `use…` name with another prefix (`useContactsQuery` →
 * `createContactsQuery` for Svelte, `injectContactsQuery` for Angular); the name itself for `use`.
 * @param hookName the planned hook name, `use…`
 * @param prefix the adapter's prefix (`use` when not given)
 * @returns the exported name
 */
export function adapterHookName(hookName: string, prefix = 'use'): string {
  return `${prefix}${hookName.slice(3)}`;
}

/**
 * Parameter declarations with their types wrapped: `T` becomes `<wrapper><T>`, an optional one
 * `<wrapper><T | undefined>` (Vue's `MaybeRefOrGetter`, the runtime's `MaybeAccessor`).
 * @param declarations `name: T` or `name?: T` texts
 * @param wrapper the generic type to wrap them in
 * @returns the new declarations
 */
export function wrapParameters(declarations: readonly string[], wrapper: string): string[] {
  return declarations.map((d) => {
    const m = /^([^?:]+)(\??): (.*)$/.exec(d);
    if (!m) return d;
    const [, name = '', optional = '', type = ''] = m;
    return optional ? `${name}?: ${wrapper}<${type} | undefined>` : `${name}: ${wrapper}<${type}>`;
  });
}
