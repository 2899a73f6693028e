import type { ResolvedConfig } from '@reslayer/core/host';
import { buildIdentity } from '../buildInfo.js';
import { formatterIdentity } from '../format.js';
import { codeGraphIdentity } from './codeGraph.js';
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
 * The run key: a sha256 over the build's identity, the Node version, the config's paths and layout, flags, input limits
 * (`refRoots`, `maxInputSize`: a run the narrower limits refuse must not hit the record of a wider one) and naming
 * overrides, the formatter the output goes through with its version and its config files' bytes
 * (`formatterIdentity`: `.prettierrc`, `biome.json`… from the output root's and the config's folders up), the code of the plugins, and each plugin's name, options and `requires`. The code is the module graph
 * of `pluginModules`, or else of the config file (see {@link codeGraphIdentity}): local files by content, installed
 * packages by name and version; with neither the cache is off. The contract's content is not part of the key (the
 * record fingerprints the contract files).
 * @param config the resolved config
 * @param buildHash the build identity to use instead of `buildInfo.json` (tests)
 * @param pluginModules the modules that make the plugins, when they are not the config file's (`[]`: the plugins
 *   are this build's own, which its identity covers)
 * @returns the key, or why the cache is off
 */
export async function computeRunKey(config: ResolvedConfig, buildHash?: string, pluginModules?: readonly string[]): Promise<RunKey> {
  const build = buildHash !== undefined ? { ok: true as const, key: buildHash } : await buildIdentity();
  if (!build.ok) return build;
  const entries = pluginModules ?? (config.configFile !== undefined ? [config.configFile] : undefined);
  if (entries === undefined) return { ok: false, reason: "the plugins' code cannot be identified without a config file (pass pluginModules)" };
  const code = codeGraphIdentity(entries);
  if (!code.ok) return code;
  const plugins: unknown[] = [];
  for (const plugin of config.plugins) {
    const options = plugin.options === undefined ? 'null' : stableJson(plugin.options);
    if (options === undefined) return { ok: false, reason: `the options of plugin "${plugin.name}" are not plain JSON data` };
    plugins.push({ name: plugin.name, options, requires: [...(plugin.requires ?? [])] });
  }
  const { input, outputRoot, srcDir, layout, allowRemoteRefs, refRoots, maxInputSize, overrides, dates, format: formatter } = config;
  const parts = { format: 2, build: build.key, node: process.version, input, outputRoot, srcDir, layout, allowRemoteRefs, refRoots, maxInputSize, overrides, dates, formatter, formatterConfig: formatterIdentity(config), code: code.id, plugins };
  return { ok: true, key: sha256(JSON.stringify(parts)) };
}
