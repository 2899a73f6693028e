import { fileURLToPath } from 'node:url';
import type { PluginHooks, RunInfo } from '../hooks/types.js';

/** What a plugin's `apply` receives besides the hooks. */
export interface PluginContext {
  run: RunInfo;
}

/**
 * A reslayer plugin: the object a plugin factory returns. Its `apply` taps hooks; it never calls them.
 * Tap names must equal `name`, so errors and timings are attributed to the plugin.
 */
export interface Plugin {
  /** Unique name, e.g. `plugin-client` or an npm package name. */
  readonly name: string;
  /** Names of plugins that must also be configured (checked before any plugin runs). */
  readonly requires?: readonly string[];
  /** Resolved options, kept for `inspect` and for other plugins; part of the no-change cache's key (plain JSON data only). */
  readonly options?: unknown;
  /**
   * Taps the hooks.
   * @param hooks tap-only view of the hook bus
   * @param ctx run facts
   */
  apply(hooks: PluginHooks, ctx: PluginContext): void;
}

/** Where {@link definePlugin} records the file that made a plugin (a registered symbol: shared by every copy of core). */
const SOURCE = Symbol.for('reslayer.pluginSource');

/**
 * Types a plugin object, and records which file made it (the caller of `definePlugin`), so that the engine can
 * tell when the plugin's code changed: by its package's version when that file is installed in `node_modules`,
 * else by the file's content (see {@link pluginSource}).
 * @param plugin the plugin
 * @returns the same object
 * @example export const pluginRoutes = () => definePlugin({ name: 'routes', apply(hooks) { hooks.emit.tap('routes', (ctx) => {}) } })
 */
export function definePlugin<P extends Plugin>(plugin: P): P {
  const file = callerFile();
  if (file !== undefined && Object.isExtensible(plugin)) Object.defineProperty(plugin, SOURCE, { value: file, enumerable: false });
  return plugin;
}

/**
 * The absolute path of the file whose code called {@link definePlugin} for this plugin, if known (a plugin object
 * made without it, or from code without a file, has none).
 * @param plugin a configured plugin
 */
export function pluginSource(plugin: Plugin): string | undefined {
  const file = (plugin as unknown as Record<symbol, unknown>)[SOURCE];
  return typeof file === 'string' ? file : undefined;
}

/** The file of the function that called `definePlugin`, from V8's structured stack trace. */
function callerFile(): string | undefined {
  const original = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, stack) => stack;
    const holder: { stack?: NodeJS.CallSite[] } = {};
    Error.captureStackTrace(holder, definePlugin);
    const name = holder.stack?.[0]?.getFileName();
    if (!name) return undefined;
    if (name.startsWith('file:')) return fileURLToPath(name.replace(/[?#].*$/, ''));
    return name.startsWith('/') || /^[A-Za-z]:[\\/]/.test(name) ? name : undefined;
  } catch {
    return undefined;
  } finally {
    Error.prepareStackTrace = original;
  }
}
