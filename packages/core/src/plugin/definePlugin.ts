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

/**
 * Types a plugin object; it returns its argument and does nothing else. The engine knows a plugin's code by the
 * module graph of the config that configures it (see docs/engine.md, "The no-change cache"), never by who called this.
 * @param plugin the plugin
 * @returns the same object
 * @example export const pluginRoutes = () => definePlugin({ name: 'routes', apply(hooks) { hooks.emit.tap('routes', (ctx) => {}) } })
 */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin;
}
