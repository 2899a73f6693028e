import { reachable } from '@reslayer/core/host';
import { type ChangeLevel, worseLevel } from '../codes.js';
import { compareSymbol } from './compatibility.js';
import { type OutputSymbol, type SymbolKind, outputSymbols } from './outputSymbols.js';
import { compareLiteral, literalRename } from './literalChange.js';
import { type TypeProject, createTypeProject, relativeImports } from './typeProject.js';

/** A generated file that a new generation creates, changes or removes. */
export interface FileChange {
  /** Path relative to the output root, e.g. `src/shared/api/generated/contacts/contacts.client.ts`. */
  path: string;
  status: 'created' | 'changed' | 'removed';
}

/** An exported symbol of the generated layer that is added, removed, renamed or changed. */
export interface SymbolChange {
  /** `<file>#<name>` (of the old version for removed and renamed symbols). */
  id: string;
  file: string;
  name: string;
  kind: SymbolKind;
  status: 'added' | 'removed' | 'changed' | 'renamed';
  /** `breaking`: code using it may no longer compile (or behave); `non-breaking`: compatible. */
  level: ChangeLevel;
  /** Why, for changed symbols (the checker's or the literal comparison's findings). */
  reasons: string[];
  /** For a rename: the new file and name. */
  to?: { file: string; name: string };
  /** The client method a hook, fixture or mock handler is about, or a client method's own name. */
  operation?: string;
  /** For a mock handler: `METHOD path`. */
  route?: string;
  /** Properties gone from, or new in, the symbol's type (or the literal entry's key, for config entries). */
  removedProperties?: string[];
  addedProperties?: string[];
}

/** What changes in the generated layer between two generations. */
export interface OutputImpact {
  files: FileChange[];
  /** Changed, added, removed and renamed symbols, sorted by file and name. */
  symbols: SymbolChange[];
  /** How many symbols the TypeScript checker compared. */
  checked: number;
  /** Milliseconds spent in the TypeScript program and checker. */
  checkerMs: number;
}

/** A rename of generated names: each `[from, to]` is applied to a removed symbol's id to find its new id. */
export type NameRename = ReadonlyArray<readonly [string, string]>;

/**
 * Compares two generations of the layer: files created, changed and removed, and for every exported
 * symbol whether it is added, removed, renamed (see `renames`) or changed in a way that breaks its
 * callers. Only files whose text changed, and the files that import them (directly or not), are looked
 * at: a symbol elsewhere cannot have changed. Symbols in both versions are compared by their literal
 * values (config, permissions, i18n: `compareLiteral`) or by the TypeScript checker (`compareSymbol`),
 * which loads both versions side by side under `base`.
 * @param before old files: path relative to the output root → contents
 * @param after new files
 * @param options `base`: absolute folder for the in-memory program (inside the project, so imports
 *   resolve); `renames`: id rewrites that pair a removed symbol with an added one
 */
export function compareOutputs(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>, options: { base: string; renames?: NameRename[] }): OutputImpact {
  const files: FileChange[] = [];
  for (const [path, text] of before) {
    const now = after.get(path);
    if (now === undefined) files.push({ path, status: 'removed' });
    else if (now !== text) files.push({ path, status: 'changed' });
  }
  for (const path of after.keys()) if (!before.has(path)) files.push({ path, status: 'created' });
  files.sort((a, b) => a.path.localeCompare(b.path));

  const affected = importersOf(files.map((f) => f.path), [before, after]);
  const symbolsOf = (map: ReadonlyMap<string, string>) => {
    const out = new Map<string, OutputSymbol>();
    for (const file of affected) {
      const text = map.get(file);
      if (text !== undefined) for (const s of outputSymbols(file, text)) out.set(s.id, s);
    }
    return out;
  };
  const oldSymbols = symbolsOf(before);
  const newSymbols = symbolsOf(after);
  const changes: SymbolChange[] = [];
  const base = (s: OutputSymbol) => ({ id: s.id, file: s.file, name: s.name, kind: s.kind, ...(s.operation ? { operation: s.operation } : {}), ...(s.route ? { route: s.route } : {}) });
  const toCheck: OutputSymbol[] = [];
  for (const [id, s] of oldSymbols) {
    const now = newSymbols.get(id);
    if (!now) continue;
    if (s.compare === 'literal' || now.compare === 'literal') {
      const c = compareLiteral(s, now);
      if (c) changes.push({ ...base(now), status: 'changed', ...c });
    } else if (s.compare !== 'presence' && s.compare === now.compare) toCheck.push(now);
  }
  const removed = [...oldSymbols.values()].filter((s) => !newSymbols.has(s.id));
  const added = new Map([...newSymbols.values()].filter((s) => !oldSymbols.has(s.id)).map((s) => [s.id, s] as const));
  for (const s of removed) {
    const renamed = renameTarget(s.id, options.renames ?? [], added) ?? literalRename(s, added.values());
    if (renamed) {
      added.delete(renamed.id);
      changes.push({ ...base(s), status: 'renamed', level: 'breaking', reasons: [`renamed to \`${renamed.name}\``], to: { file: renamed.file, name: renamed.name } });
    } else changes.push({ ...base(s), status: 'removed', level: 'breaking', reasons: [] });
  }
  for (const s of added.values()) changes.push({ ...base(s), status: 'added', level: 'non-breaking', reasons: [] });

  const start = performance.now();
  if (toCheck.length > 0) {
    const project = loadProject(toCheck, before, after, options.base);
    for (const s of toCheck) {
      const verdict = compareSymbol(project, s);
      if (!verdict) continue;
      if (!verdict.breaking && !verdict.differs && oldSymbols.get(s.id)?.text === s.text) continue;
      changes.push({
        ...base(s),
        status: 'changed',
        level: verdict.breaking ? 'breaking' : 'non-breaking',
        reasons: verdict.reasons,
        ...(verdict.removedProperties.length ? { removedProperties: verdict.removedProperties } : {}),
        ...(verdict.addedProperties.length ? { addedProperties: verdict.addedProperties } : {}),
      });
    }
  }
  changes.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
  return { files, symbols: changes, checked: toCheck.length, checkerMs: performance.now() - start };
}

/** The worst level among symbol changes (`non-breaking` when there are none). */
export function worstSymbolLevel(symbols: readonly SymbolChange[]): ChangeLevel {
  return symbols.reduce<ChangeLevel>((w, s) => worseLevel(w, s.level), 'non-breaking');
}

/** The changed files plus every file that imports one of them, directly or not, in either version. */
function importersOf(changed: string[], versions: ReadonlyArray<ReadonlyMap<string, string>>): Set<string> {
  const importers = new Map<string, Set<string>>();
  for (const map of versions) {
    for (const [file, text] of map) {
      for (const target of relativeImports(file, text)) {
        let set = importers.get(target);
        if (!set) importers.set(target, (set = new Set()));
        set.add(file);
      }
    }
  }
  return reachable(changed, importers);
}

/** Loads the files of the symbols to check, and everything they import, of both versions. */
function loadProject(symbols: readonly OutputSymbol[], before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>, base: string): TypeProject {
  const closure = (map: ReadonlyMap<string, string>) => {
    const out = new Map<string, string>();
    const queue = [...new Set(symbols.map((s) => s.file))];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const text = map.get(file);
      if (text === undefined || out.has(file)) continue;
      out.set(file, text);
      queue.push(...relativeImports(file, text));
    }
    return out;
  };
  return createTypeProject(base, { old: closure(before), new: closure(after) });
}

/** The added symbol a removed one was renamed to, when a rename rewrites its id into an added id. */
function renameTarget(id: string, renames: readonly NameRename[], added: ReadonlyMap<string, OutputSymbol>): OutputSymbol | undefined {
  for (const rename of renames) {
    let next = id;
    for (const [from, to] of rename) next = next.split(from).join(to);
    if (next !== id && added.has(next)) return added.get(next);
  }
  return undefined;
}
