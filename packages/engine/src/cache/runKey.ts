import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, type ResolvedConfig, pluginSource } from '@reslayer/core';
import { buildIdentity } from '../buildInfo.js';
import { sha256 } from './record.js';

/** Everything but the contract that decides a run's output, hashed; or why it cannot be known (the cache is off). */
export type RunKey = { ok: true; key: string } | { ok: false; reason: string };

/**
 * Canonical JSON (sorted keys) of plain data; undefined for anything without a faithful JSON form (functions,
 * class instances, symbols, cycles, non-finite numbers).
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
 * Where a plugin's code comes from: the package and version of the file that made it (`definePlugin`'s caller)
 * when that file is installed under `node_modules`; otherwise the sha256 of that file's content (a plugin loaded
 * from a path, or a workspace package); for a plugin made without `definePlugin`, the config file's content (it
 * is written there).
 */
function codeIdentity(plugin: Plugin, configFile: string | undefined): { ok: true; id: string } | { ok: false; reason: string } {
  const source = pluginSource(plugin) ?? configFile;
  if (source === undefined) return { ok: false, reason: `plugin "${plugin.name}" was not made with definePlugin, so its code cannot be identified` };
  try {
    const real = realpathSync.native(source);
    if (real.split(path.sep).includes('node_modules')) {
      for (let dir = path.dirname(real); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
        let pkg: { name?: unknown; version?: unknown };
        try {
          pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as typeof pkg;
        } catch {
          continue;
        }
        if (typeof pkg.name === 'string' && typeof pkg.version === 'string') return { ok: true, id: `${pkg.name}@${pkg.version}` };
      }
    }
    return { ok: true, id: `sha256:${sha256(readFileSync(real))}` };
  } catch (error) {
    return { ok: false, reason: `the code of plugin "${plugin.name}" (${source}) cannot be read: ${(error as Error).message}` };
  }
}

/**
 * The run key: a sha256 over the build's identity, the Node version, the config's paths, flags and naming
 * overrides, and each plugin's name, code identity (see {@link codeIdentity}), options and `requires`. The
 * contract's content is not part of it (the record fingerprints the contract files).
 * @param config the resolved config
 * @param buildHash the build identity to use instead of `buildInfo.json` (tests)
 * @returns the key, or why the cache is off
 */
export async function computeRunKey(config: ResolvedConfig, buildHash?: string): Promise<RunKey> {
  const build = buildHash !== undefined ? { ok: true as const, key: buildHash } : await buildIdentity();
  if (!build.ok) return build;
  const plugins: unknown[] = [];
  for (const plugin of config.plugins) {
    const code = codeIdentity(plugin, config.configFile);
    if (!code.ok) return code;
    const options = plugin.options === undefined ? 'null' : stableJson(plugin.options);
    if (options === undefined) return { ok: false, reason: `the options of plugin "${plugin.name}" are not plain JSON data` };
    plugins.push({ name: plugin.name, code: code.id, options, requires: [...(plugin.requires ?? [])] });
  }
  const { input, outputRoot, srcDir, allowRemoteRefs, overrides, dates } = config;
  const parts = { format: 1, build: build.key, node: process.version, input, outputRoot, srcDir, allowRemoteRefs, overrides, dates, plugins };
  return { ok: true, key: sha256(JSON.stringify(parts)) };
}
