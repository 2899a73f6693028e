// The layouts of the generated files (docs/layouts.md): the plugins always emit the resource layout; this step maps
// each file to its path in the config's layout, rewrites the relative imports, and joins the files that share a path.
import path from 'node:path';
import type { Layout } from '../config/types.js';
import { createGeneratedFile, type GeneratedFile } from '../emit/GeneratedFile.js';
import { importPath } from '../emit/importPath.js';
import type { ApiModel } from '../model/types.js';
import { camelCase } from '../naming/casing.js';
import { renameExportClashes } from './exportClashes.js';
import { mergeModules } from './mergeModules.js';

/** The areas of the resource layout, each a folder of resource folders, and where each goes in the other layouts. */
const AREAS: ReadonlyArray<{ prefix: string; single: (sub: string) => string; tag: string }> = [
  { prefix: 'shared/api/generated/', single: () => 'client.ts', tag: 'client/' },
  { prefix: 'shared/mocks/', single: () => 'mocks.ts', tag: 'mocks/' },
  { prefix: 'features/', single: (sub) => `${sub === 'api' ? 'queries' : sub === 'collection' ? 'collections' : sub}.ts`, tag: '' },
];

/** The single-file layout's types file: the component schemas (the other files import them as a namespace). */
const COMPONENTS = 'shared/api/generated/components.types.ts';

/** Marks an import of a file joined into the same file; {@link mergeModules} drops it. */
const SELF = '\u0000self';

/**
 * The generated files in the config's layout: the same files under the resource layout (the default), or moved
 * and joined for `'single-file'` and `'tag'`. Every relative import is rewritten to the new paths; an import of a
 * path that is not generated keeps pointing at the same place.
 * @param files the files as the plugins emitted them (the resource layout), paths relative to the source root
 * @param layout the config's layout; undefined for `'resource'`
 * @param model the contract model (its resources, and their operations' tags for `'tag'`)
 * @returns the files, sorted by path
 * @throws GeneratorError `RSL_FILE_CONFLICT` when the single-file layout joins two modules that export one name
 */
export function applyLayout(files: readonly GeneratedFile[], layout: Layout | undefined, model: Pick<ApiModel, 'resources' | 'operations'>): GeneratedFile[] {
  if (layout === undefined || layout === 'resource') return [...files];
  const targetOf = layout === 'tag' ? tagTargets(model) : singleFileTarget;
  const moved = new Map(files.map((f) => [f.path, f.kind === 'source' && f.path.endsWith('.ts') ? targetOf(f.path) : f.path] as const));
  const groups = new Map<string, GeneratedFile[]>();
  for (const file of layout === 'single-file' ? renameExportClashes(files, moved, resourceOf) : files) {
    const to = moved.get(file.path) as string;
    groups.set(to, [...(groups.get(to) ?? []), file]);
  }
  const out: GeneratedFile[] = [];
  for (const [to, parts] of groups) {
    const rewritten = dependenciesFirst(parts, moved).map((f) => ({ path: f.path, contents: rewriteImports(f, to, moved) }));
    const contents = rewritten.length === 1 ? (rewritten[0]?.contents ?? '') : mergeModules(rewritten, new Set([SELF]));
    out.push(createGeneratedFile({ path: to, contents, plugin: parts.map((p) => p.plugin).filter((p, i, all) => all.indexOf(p) === i).join('+'), kind: parts[0]?.kind ?? 'source' }));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The generated paths a file imports (relative specifiers resolved, `.js` read as `.ts`). */
function importsOf(file: GeneratedFile): string[] {
  return [...file.contents.matchAll(SPECIFIER)].map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file.path), m[2] as string)).replace(/\.js$/, '.ts'));
}

/**
 * The parts of one joined file, each after the parts it imports (then in the order given): a module's top-level
 * code may use another's at once (a mock store built from another resource's), which ESM ran first.
 */
function dependenciesFirst(parts: readonly GeneratedFile[], moved: ReadonlyMap<string, string>): GeneratedFile[] {
  if (parts.length < 2) return [...parts];
  const byPath = new Map(parts.map((p) => [p.path, p] as const));
  const done = new Set<string>();
  const out: GeneratedFile[] = [];
  const visit = (part: GeneratedFile): void => {
    if (done.has(part.path)) return;
    done.add(part.path);
    for (const dep of importsOf(part)) {
      const other = byPath.get(dep);
      if (other && moved.get(dep) === moved.get(part.path)) visit(other);
    }
    out.push(part);
  };
  parts.forEach(visit);
  return out;
}

/** A relative specifier in an import, a re-export or an `import()` type. */
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.\.?\/[^'\n]*)'/gm;

/** The text of `file` with each relative specifier (`from './x.js'`, `import('./x.js')`) pointing from `to`. */
function rewriteImports(file: GeneratedFile, to: string, moved: ReadonlyMap<string, string>): string {
  return file.contents.replace(SPECIFIER, (_all, lead: string, spec: string) => {
    const old = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec));
    const source = old.replace(/\.js$/, '.ts');
    const target = moved.get(source);
    if (target === to) return `${lead}'${SELF}'`;
    return `${lead}'${importPath(to, target ?? source).replace(/\.ts$/, '.js')}'`;
  });
}

/** The resource a file of the resource layout belongs to (its folder under an area), else its name's first word. */
function resourceOf(file: string): string {
  const area = AREAS.find((a) => file.startsWith(a.prefix));
  const [resource = '', ...rest] = area ? file.slice(area.prefix.length).split('/') : [];
  return rest.length > 0 ? resource : ((file.split('/').pop() ?? '').split('.')[0] ?? '').replace(/[^\w$]/g, '_') || 'module';
}

/** Where a file of the resource layout goes in the single-file layout (files of no area stay). */
function singleFileTarget(file: string): string {
  if (file === COMPONENTS) return 'types.ts';
  for (const area of AREAS) {
    if (!file.startsWith(area.prefix)) continue;
    const [, sub = ''] = file.slice(area.prefix.length).split('/');
    return area.single(sub.endsWith('.ts') ? 'index' : sub);
  }
  return file;
}

/**
 * Where a file goes in the tag layout: a resource's files into `<tag>/<resource>/` (the client's under `client/`,
 * the mocks under `mocks/`, the features' folders as they are); other files stay. A resource's tag is the first
 * tag of its first tagged operation, camelCased (`default` without one); tags that differ only in case share the
 * first one's folder.
 */
function tagTargets(model: Pick<ApiModel, 'resources' | 'operations'>): (file: string) => string {
  const folders = new Map<string, string>();
  const tagOf = new Map<string, string>();
  const tagsByKey = new Map(model.operations.map((o) => [o.key, o.tags] as const));
  for (const r of model.resources) {
    const tag = r.operations.flatMap((o) => tagsByKey.get(o.operationKey) ?? [])[0];
    const name = (tag === undefined ? '' : camelCase(tag).replace(/[^\w-]/g, '')) || 'default';
    const folder = folders.get(name.toLowerCase()) ?? name;
    folders.set(name.toLowerCase(), folder);
    tagOf.set(r.resource, folder);
  }
  return (file) => {
    for (const area of AREAS) {
      if (!file.startsWith(area.prefix)) continue;
      const [resource = '', ...rest] = file.slice(area.prefix.length).split('/');
      const tag = tagOf.get(resource);
      if (tag !== undefined && rest.length > 0) return `${tag}/${resource}/${area.tag}${rest.join('/')}`;
    }
    return file;
  };
}
