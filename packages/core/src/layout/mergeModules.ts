// Joins generated modules into one (the single-file layout): one banner, their imports merged by module, the
// imports and re-exports between the joined modules dropped, private names that clash renamed.
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { renameLocals } from './renameLocals.js';

/** One module to join: its path (for messages and renames) and its text, imports already pointing at the new paths. */
export interface ModulePart {
  path: string;
  contents: string;
}

/** A statement that brings names in or sends them on: `import … from '…'` or `export … from '…'`. */
const LINK = /^(import|export)\s+(type\s+)?(?:(\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+)?'([^']+)';$/;
/** A top-level declaration: its `export`, and its name (or a destructuring pattern). */
const DECLARATION = /^(export\s+)?(?:declare\s+)?(?:const|let|var|function\*?|async\s+function|class|interface|type|enum)\s+([\w$]+|\{[^=]*\})/;

/** Named imports of one module, by local name; `type` when every part imports it as a type only. */
type Named = Map<string, { imported: string; type: boolean }>;

/**
 * One module made of `parts`, in order: the first part's banner (its leading `//` lines), every import merged by
 * module specifier (a name imported as a value by any part is a value import), each other import and re-export
 * once, then the parts' bodies. An import or re-export whose specifier is `self` (a part importing another part) is
 * dropped. A private top-level name that another part also declares or imports is renamed in its part
 * (`all` in `contacts.query-keys.ts` → `contactsAll`).
 * @param parts the modules, imports already rewritten for the joined file's path
 * @param self the specifiers by which the parts name the joined file itself (e.g. `./client.js`)
 * @returns the joined module's text
 * @throws GeneratorError `RSL_FILE_CONFLICT` when two parts export the same name, or one exports a name
 *   another imports
 */
export function mergeModules(parts: readonly ModulePart[], self: ReadonlySet<string>): string {
  const banner = leadingComments(parts[0]?.contents ?? '');
  const named = new Map<string, Named>();
  const other = new Set<string>();
  const bodies = parts.map((part) => {
    const joined = new Map<string, string>();
    const body = splitLinks(part.contents.slice(part.contents.startsWith(banner) ? banner.length : 0), self, named, other, joined);
    return joined.size > 0 ? renameLocals(body, joined) : body;
  });
  const renamed = renameClashes(parts, bodies, named);
  const imports = [...named].map(([from, names]) => importOf(from, names));
  const head = [...imports, ...other];
  return `${banner}${head.length > 0 ? `\n${head.join('\n')}\n` : ''}${renamed.map((b) => b.trim()).filter((b) => b !== '').map((b) => `\n${b}\n`).join('')}`;
}

/** The leading `//` comment lines of a text. */
function leadingComments(text: string): string {
  let end = 0;
  while (text.startsWith('//', end)) end = text.indexOf('\n', end) + 1 || text.length;
  return text.slice(0, end);
}

/**
 * The body of a part without its import and re-export statements, which go into `named` and `other`; a namespace
 * import of the joined file itself (`import type * as T from './contacts.types.js'`) goes into `joined` (`T` → `''`),
 * its qualifier to be dropped.
 */
function splitLinks(text: string, self: ReadonlySet<string>, named: Map<string, Named>, other: Set<string>, joined: Map<string, string>): string {
  const body: string[] = [];
  for (const line of text.split('\n')) {
    const link = LINK.exec(line);
    if (!link) {
      body.push(line);
      continue;
    }
    const [, kind, typeOnly, clause, from] = link as unknown as [string, string, string | undefined, string | undefined, string];
    if (self.has(from)) {
      const namespace = /^\*\s+as\s+([\w$]+)$/.exec(clause ?? '')?.[1];
      if (kind === 'import' && namespace !== undefined) joined.set(namespace, '');
      continue;
    }
    if (kind === 'import' && clause?.startsWith('{')) {
      const names = named.get(from) ?? new Map<string, { imported: string; type: boolean }>();
      named.set(from, names);
      for (const spec of clause.slice(1, -1).split(',').map((s) => s.trim()).filter((s) => s !== '')) {
        const type = typeOnly !== undefined || spec.startsWith('type ');
        const [imported, local = imported] = spec.replace(/^type\s+/, '').split(/\s+as\s+/) as [string, string?];
        names.set(local, { imported, type: type && (names.get(local)?.type ?? true) });
      }
    } else other.add(line);
  }
  return body.join('\n');
}

/** One merged `import` statement. */
function importOf(from: string, names: Named): string {
  const all = [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const everyType = all.every(([, n]) => n.type);
  const specs = all.map(([local, n]) => `${n.type && !everyType ? 'type ' : ''}${n.imported === local ? local : `${n.imported} as ${local}`}`);
  return `import ${everyType ? 'type ' : ''}{ ${specs.join(', ')} } from '${from}';`;
}

/** The bodies with each part's clashing private names renamed; an exported clash is an error. */
function renameClashes(parts: readonly ModulePart[], bodies: string[], named: Map<string, Named>): string[] {
  const declared = bodies.map(declarationsOf);
  const imported = new Set([...named.values()].flatMap((n) => [...n.keys()]));
  const owners = new Map<string, number[]>();
  declared.forEach((names, i) => names.forEach((_, name) => owners.set(name, [...(owners.get(name) ?? []), i])));
  const taken = new Set([...owners.keys(), ...imported]);
  const exporters = (name: string) => (owners.get(name) ?? []).filter((o) => declared[o]?.get(name) === true);
  return bodies.map((body, i) => {
    const renames = new Map<string, string>();
    for (const [name, exported] of declared[i] as Map<string, boolean>) {
      const owning = owners.get(name) ?? [];
      if (owning.length < 2 && !imported.has(name)) continue;
      if (exported && (exporters(name).length > 1 || imported.has(name))) {
        const others = owning.filter((o) => o !== i).map((o) => parts[o]?.path);
        throw new GeneratorError('RSL_FILE_CONFLICT', `the single-file layout joins ${parts[i]?.path ?? ''} with ${others.join(', ') || 'a module that imports it'}, and both name \`${name}\``, {
          hint: "Rename one of them (`overrides` in the config), or use `output.layout: 'resource'` or `'tag'`.",
        });
      }
      const keeper = imported.has(name) ? -1 : (exporters(name)[0] ?? owning[0]);
      if (keeper === i) continue;
      renames.set(name, freeName(`${prefixOf(parts[i]?.path ?? '')}${name.charAt(0).toUpperCase()}${name.slice(1)}`, taken));
    }
    return renames.size > 0 ? renameLocals(body, renames) : body;
  });
}

/**
 * The top-level names a module's body declares, with whether each is exported.
 * @param body the module's text
 * @returns name → exported
 */
export function declarationsOf(body: string): Map<string, boolean> {
  const names = new Map<string, boolean>();
  for (const line of body.split('\n')) {
    const m = DECLARATION.exec(line);
    if (!m) continue;
    const exported = m[1] !== undefined;
    const target = m[2] as string;
    const list = target.startsWith('{') ? target.slice(1, target.lastIndexOf('}')).split(',').map((s) => s.split(':').pop()?.trim() ?? '') : [target];
    for (const name of list) if (/^[\w$]+$/.test(name)) names.set(name, exported || names.get(name) === true);
  }
  return names;
}

/** The first word of a file's name, as an identifier prefix: `contacts.query-keys.ts` → `contacts`. */
function prefixOf(path: string): string {
  return (path.split('/').pop() ?? '').split('.')[0]?.replace(/[^\w$]/g, '_') || 'module';
}

/**
 * `name`, or `name2`, `name3`…: the first not taken, then taken.
 * @param name the wanted name
 * @param taken the names taken (updated)
 * @returns the free name
 */
export function freeName(name: string, taken: Set<string>): string {
  let free = name;
  for (let n = 2; taken.has(free); n++) free = `${name}${n}`;
  taken.add(free);
  return free;
}
