import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './record.js';

/** The identity of the code in some modules' graphs, or why it cannot be known (the cache is then off). */
export type CodeIdentity = { ok: true; id: string } | { ok: false; reason: string };

/**
 * Module specifiers in a JavaScript or TypeScript source: `from '…'`, `import '…'`, `import('…')` and
 * `require('…')`. A lexical scan, not a parse: a match inside a comment or a string only adds a module to the
 * identity (a spurious miss, never a stale hit); a specifier computed at run time is not seen.
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n\r]{1,500})\1/g;

/**
 * The folder that holds this build's own packages when they are linked, not installed (a checkout of reslayer's
 * workspace: `packages/`): the folder above the nearest `package.json` over this module. Their code is the build's,
 * which its identity (`buildInfo.json`) covers, so it is not read again.
 */
const OWN_PACKAGES = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.dirname(dir);
  }
  return undefined;
})();

/** The extensions a TypeScript loader (jiti) tries for an import without one, in its order. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() === true;
const inNodeModules = (file: string) => file.split(path.sep).includes('node_modules');

/** The file a relative or absolute import names: itself, its `.js` written for a `.ts`, an added extension or an index. */
function resolveLocal(target: string): string | undefined {
  const bases = [target, target.replace(/\.([cm]?)js(x?)$/, '.$1ts$2')];
  for (const base of bases) if (isFile(base)) return base;
  for (const ext of EXTENSIONS) if (isFile(target + ext)) return target + ext;
  for (const ext of EXTENSIONS) if (isFile(path.join(target, `index${ext}`))) return path.join(target, `index${ext}`);
  return undefined;
}

/** The folder of the package a bare specifier names, as Node looks it up from `dir` (`node_modules` upwards). */
function packageDir(name: string, dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The conditions a linked package's `exports` are read with, in order (those of an ESM import under Node). */
const CONDITIONS = ['import', 'node', 'module', 'default', 'require'];

/** The target of an `exports` entry: a path, or the first of {@link CONDITIONS} it has (nested). */
function exportTarget(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry)) return exportTarget(entry[0]);
  if (entry === null || typeof entry !== 'object') return undefined;
  const conditions = entry as Record<string, unknown>;
  for (const condition of CONDITIONS) if (condition in conditions) return exportTarget(conditions[condition]);
  return undefined;
}

/**
 * The file a linked package's specifier names: its `exports` entry for the subpath (exact subpaths only), else
 * `module` or `main` for the package itself, else the subpath as a file of the package.
 */
function packageEntry(real: string, pkg: { exports?: unknown; module?: unknown; main?: unknown }, subpath: string): string | undefined {
  const exports = pkg.exports;
  if (exports !== undefined) {
    const sugar = typeof exports === 'string' || Array.isArray(exports) || (exports !== null && typeof exports === 'object' && !Object.keys(exports).some((k) => k.startsWith('.')));
    const entry = sugar ? (subpath === '.' ? exports : undefined) : (exports as Record<string, unknown>)[subpath];
    const target = exportTarget(entry);
    return target === undefined ? undefined : resolveLocal(path.join(real, target));
  }
  if (subpath !== '.') return resolveLocal(path.join(real, subpath));
  const main = typeof pkg.module === 'string' ? pkg.module : typeof pkg.main === 'string' ? pkg.main : 'index.js';
  return resolveLocal(path.join(real, main));
}

/** What a bare import adds to the graph: an installed package's name and version, or a linked package's entry file. */
function bareImport(spec: string, from: string): { part: string } | { file: string } {
  const segments = spec.split('/');
  const name = segments.slice(0, spec.startsWith('@') ? 2 : 1).join('/');
  const dir = packageDir(name, path.dirname(from));
  if (dir === undefined) return { part: `absent ${spec}` };
  const real = realpathSync.native(dir);
  const manifest = readFileSync(path.join(real, 'package.json'), 'utf8');
  let pkg: { name?: unknown; version?: unknown; exports?: unknown; module?: unknown; main?: unknown };
  try {
    pkg = JSON.parse(manifest) as typeof pkg;
  } catch {
    return { part: `package ${spec} ${sha256(manifest)}` };
  }
  if (inNodeModules(real)) return { part: `package ${String(pkg.name)}@${String(pkg.version)}` };
  if (path.dirname(real) === OWN_PACKAGES && String(pkg.name).startsWith('@reslayer/')) return { part: `build ${String(pkg.name)}` };
  // A linked (workspace) package: its code is read like the project's own.
  const subpath = ['.', ...segments.slice(name.split('/').length)].join('/');
  const entry = packageEntry(real, pkg, subpath);
  return entry !== undefined ? { file: realpathSync.native(entry) } : { part: `linked ${spec} ${sha256(manifest)}` };
}

/** The files and packages one module imports, resolved from its folder. */
function importsOf(file: string, text: string): { files: string[]; parts: string[] } {
  const files: string[] = [];
  const parts: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const spec = match[2] as string;
    // A template's placeholder (`${...}` in a string of generated code) is never a module.
    if (spec.startsWith('node:') || isBuiltin(spec) || spec.includes('${')) continue;
    const local = spec.startsWith('.') || path.isAbsolute(spec) || spec.startsWith('file:');
    if (local) {
      const target = spec.startsWith('file:') ? fileURLToPath(spec) : path.resolve(path.dirname(file), spec);
      const found = resolveLocal(target);
      if (found !== undefined) files.push(realpathSync.native(found));
      else parts.push(`absent ${target}`);
      continue;
    }
    const bare = bareImport(spec, file);
    if ('file' in bare) files.push(bare.file);
    else parts.push(bare.part);
  }
  return { files, parts };
}

/**
 * The identity of the code that `entries` (a config file, or the modules that make the plugins) run: the sha256 of
 * every file in their module graph outside `node_modules`, followed through relative imports and linked (workspace)
 * packages, and the name and version of every package installed under `node_modules` that they import (its own
 * imports are not followed: its version stands for them). A linked package of this build's own workspace counts by
 * its name: the build's identity covers its code. An import that resolves to nothing counts as absent, so
 * creating it later changes the identity. Built-in modules (`node:fs`) do not count.
 * @param entries absolute paths of the entry modules
 * @returns a sha256 over the graph (stable for the same files, contents and packages), or why a file cannot be read
 */
export function codeGraphIdentity(entries: readonly string[]): CodeIdentity {
  const seen = new Set<string>();
  const lines: string[] = [];
  const queue: string[] = [];
  try {
    for (const entry of entries) queue.push(realpathSync.native(entry));
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const content = readFileSync(file);
      lines.push(`file ${file} ${sha256(content)}`);
      if (file.endsWith('.json')) continue;
      const { files, parts } = importsOf(file, content.toString('utf8'));
      lines.push(...parts);
      queue.push(...files);
    }
  } catch (error) {
    return { ok: false, reason: `the plugins' code cannot be read: ${(error as Error).message}` };
  }
  return { ok: true, id: sha256([...new Set(lines)].sort().join('\n')) };
}
