import type { ResolvedConfig } from '../config/types.js';
import type { Plugin } from '../plugin/definePlugin.js';
import { sha256 } from '../emit/cacheRecord.js';
import { readBuildIdentity } from './buildInfo.js';

/** Everything but the contract that decides a run's output, hashed; or why it cannot be known. */
export type RunKey =
  | {
      ok: true;
      key: string;
      /**
       * The same key without the contract's path: what an emit unit's key is built on (see `EmitUnits`), so a
       * copy of the contract under another name reuses the units of the output root.
       */
      emitKey: string;
    }
  | { ok: false; reason: string };

/**
 * A built-in plugin, identified by the package it ships in: the configured plugin of that `name` (that
 * declares no `version` of its own) is keyed by `package` and `version` (see {@link computeRunKey}).
 */
export interface BuiltinPlugin {
  /** The plugin's `name`, e.g. `plugin-client`. */
  name: string;
  /** The npm package that ships it, e.g. `@reslayer/plugin-client`. */
  package: string;
  /** That package's installed version (from its `package.json`). */
  version: string;
}

/** Options of {@link computeRunKey}. */
export interface RunKeyOptions {
  /**
   * The built-in plugins, by package (the CLI passes the four it ships, read from their installed
   * `package.json`). A configured plugin with one of these names and no `version` of its own is keyed by
   * that package name and version; its code is also covered by the generator-build hash.
   */
  builtins?: readonly BuiltinPlugin[];
  /** The generator-build hash to use instead of `buildInfo.json` (tests). */
  buildHash?: string;
}

/**
 * Canonical JSON (sorted keys) of plain data: null, booleans, finite numbers, strings, arrays and plain
 * objects. Anything else (functions, class instances, symbols, bigints, cycles, non-finite numbers,
 * `undefined` in an array) has no faithful JSON form.
 * @returns the JSON text, or undefined when the value is not plain data
 */
export function stableJson(value: unknown, seen: Set<object> = new Set()): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((v) => stableJson(v, seen));
      return items.every((i) => i !== undefined) ? `[${items.join(',')}]` : undefined;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return undefined;
    if (Object.getOwnPropertySymbols(value).length > 0) return undefined;
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const json = stableJson(v, seen);
      if (json === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${json}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

/**
 * The identity of one configured plugin, or why it has none: its name, its package and version (a plugin
 * that declares its own `version`, or a built-in one keyed by its installed package), its options and
 * `requires`. Its code is not read: a plugin that is neither built in nor versioned has no identity.
 */
function pluginIdentity(plugin: Plugin, builtins: ReadonlyMap<string, BuiltinPlugin>): { ok: true; id: unknown } | { ok: false; reason: string } {
  const name = String(plugin.name);
  const declared = (plugin as { version?: unknown }).version;
  const builtin = builtins.get(name);
  let from: { package?: string; version: string };
  if (typeof declared === 'string' && declared !== '') from = { version: declared };
  else if (builtin !== undefined) from = { package: builtin.package, version: builtin.version };
  else return { ok: false, reason: `plugin "${name}" declares no version` };
  const options = plugin.options === undefined ? 'null' : stableJson(plugin.options);
  if (options === undefined) return { ok: false, reason: `the options of plugin "${name}" are not plain JSON data` };
  const requires = stableJson(plugin.requires ?? []);
  if (requires === undefined) return { ok: false, reason: `the requires list of plugin "${name}" is not plain data` };
  return { ok: true, id: { name, ...from, options, requires } };
}

/**
 * Computes the run key: a sha256 over the generator build (`buildInfo.json`), the Node version, the
 * config's paths, flags and naming overrides, and every plugin's name, package and version (see {@link BuiltinPlugin}),
 * resolved options and `requires`. The contract's contents are not part of it (see `cacheRecordFor`).
 * @param config the resolved config
 * @param options see {@link RunKeyOptions}
 * @returns the key, or why the no-change cache is off for this run
 */
export async function computeRunKey(config: ResolvedConfig, options: RunKeyOptions = {}): Promise<RunKey> {
  let build = options.buildHash;
  if (build === undefined) {
    const identity = await readBuildIdentity();
    if (!identity.ok) return identity;
    build = identity.hash;
  }
  const builtins = new Map((options.builtins ?? []).map((b) => [b.name, b] as const));
  const plugins: unknown[] = [];
  for (const plugin of config.plugins) {
    const id = pluginIdentity(plugin, builtins);
    if (!id.ok) return id;
    plugins.push(id.id);
  }
  const parts = {
    format: 2,
    build,
    node: process.version,
    input: config.input,
    outputRoot: config.outputRoot,
    srcDir: config.srcDir,
    allowRemoteRefs: config.allowRemoteRefs,
    // Absent overrides leave the key as it was (JSON.stringify drops undefined).
    overrides: config.overrides,
    // Likewise the default `dates: 'string'` (absent).
    dates: config.dates,
    plugins,
  };
  return { ok: true, key: sha256(JSON.stringify(parts)), emitKey: sha256(JSON.stringify({ ...parts, input: undefined })) };
}
