// The single-file layout on contracts whose resources export the same name (GitHub's three resources with
// `SetSelectedReposForOrgSecretVariables`): each later module's copy is renamed after its resource, and every import
// of it (directly, through a barrel, or through a namespace) follows.
import path from 'node:path';
import { createGeneratedFile, type GeneratedFile } from '../emit/GeneratedFile.js';
import { declarationsOf, freeName } from './mergeModules.js';
import { renameLocals } from './renameLocals.js';

/** `export { a, b as c } from './x.js';`, `export * from './x.js';` (and their `type` forms). */
const REEXPORT = /^export\s+(?:type\s+)?(\*|\{[^}]*\})\s+from\s+'(\.\.?\/[^']+)';$/gm;
/** `import { a, type B } from './x.js';`, `import type { … } from …`. */
const NAMED_IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.\.?\/[^']+)';$/gm;
/** `import type * as T from './x.js';`. */
const NAMESPACE_IMPORT = /^import\s+(?:type\s+)?\*\s+as\s+([\w$]+)\s+from\s+'(\.\.?\/[^']+)';$/gm;

const resolve = (from: string, spec: string): string => path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '.ts');
const entry = (spec: string): { typed: boolean; imported: string; local: string } => {
  const [imported = '', local = imported] = spec.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
  return { typed: spec.trim().startsWith('type '), imported, local };
};

/**
 * The files with each exported name that an earlier file joined into the same path also exports renamed after its
 * resource (`SetSelectedReposForOrgSecretVariables` → `DependabotSecretsRepositoriesSetSelectedReposForOrgSecretVariables`),
 * in its module and in every module that imports it (the import and the references: two joined importers may
 * each have had their own `Name`).
 * @param files the files of the resource layout
 * @param moved each file's path in the layout
 * @param prefixOf the name a file's copies take as their prefix (its resource)
 * @returns the files, renamed where needed (the same array's files otherwise)
 */
export function renameExportClashes(files: readonly GeneratedFile[], moved: ReadonlyMap<string, string>, prefixOf: (file: string) => string): GeneratedFile[] {
  const byPath = new Map(files.map((f) => [f.path, f] as const));
  const declared = new Map(files.map((f) => [f.path, declarationsOf(f.contents)] as const));
  const taken = new Map<string, Set<string>>();
  for (const f of files) taken.set(moved.get(f.path) ?? f.path, new Set([...(taken.get(moved.get(f.path) ?? f.path) ?? []), ...(declared.get(f.path)?.keys() ?? [])]));
  const owners = new Set<string>();
  const renames = new Map<string, Map<string, string>>();
  for (const f of files) {
    const to = moved.get(f.path) ?? f.path;
    for (const [name, exported] of declared.get(f.path) ?? []) {
      if (!exported || !owners.has(`${to}\u0000${name}`)) {
        if (exported) owners.add(`${to}\u0000${name}`);
        continue;
      }
      const p = prefixOf(f.path);
      const base = /^[A-Z]/.test(name) ? `${p.charAt(0).toUpperCase()}${p.slice(1)}${name}` : `${p}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      renames.set(f.path, (renames.get(f.path) ?? new Map<string, string>()).set(name, freeName(base, taken.get(to) ?? new Set())));
    }
  }
  if (renames.size === 0) return [...files];
  /** The file that declares what `file` exports as `name`, and its name there (through re-exports). */
  const origin = (file: string, name: string, depth = 0): [string, string] | undefined => {
    if (declared.get(file)?.get(name) === true) return [file, name];
    for (const m of depth > 8 ? [] : (byPath.get(file)?.contents ?? '').matchAll(REEXPORT)) {
      const target = resolve(file, m[2] as string);
      const found = m[1] === '*' ? origin(target, name, depth + 1) : (m[1] as string).slice(1, -1).split(',').map(entry).filter((e) => e.local === name).map((e) => origin(target, e.imported, depth + 1))[0];
      if (found) return found;
    }
    return undefined;
  };
  const freshOf = (from: string, name: string): string | undefined => {
    const o = origin(from, name);
    return o ? renames.get(o[0])?.get(o[1]) : undefined;
  };
  return files.map((f) => {
    const to = moved.get(f.path);
    const body = new Map(renames.get(f.path) ?? []);
    let text = f.contents.replace(NAMED_IMPORT, (line, type: string | undefined, clause: string, spec: string) => {
      const from = resolve(f.path, spec);
      let changed = false;
      const specs = clause.split(',').filter((s) => s.trim() !== '').map((s) => {
        const e = entry(s);
        const fresh = freshOf(from, e.imported);
        if (fresh === undefined) return s.trim();
        // The references follow the fresh name (two joined importers may each have had their own `Name`); an
        // import that named its own alias keeps it.
        const aliased = e.local !== e.imported;
        if (!aliased) body.set(e.local, fresh);
        if (moved.get(from) === to) return s.trim();
        changed = true;
        return `${e.typed ? 'type ' : ''}${fresh}${aliased ? ` as ${e.local}` : ''}`;
      });
      return changed ? `import ${type ?? ''}{ ${specs.join(', ')} } from '${spec}';` : line;
    });
    for (const m of text.matchAll(NAMESPACE_IMPORT)) {
      for (const [name, fresh] of renames.get(resolve(f.path, m[2] as string)) ?? []) text = text.replaceAll(new RegExp(`\\b${m[1] as string}\\.${name}\\b`, 'g'), `${m[1] as string}.${fresh}`);
    }
    if (body.size > 0) text = renameLocals(text, body);
    return text === f.contents ? f : createGeneratedFile({ path: f.path, contents: text, plugin: f.plugin, kind: f.kind });
  });
}
