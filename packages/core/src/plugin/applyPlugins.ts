import type { Plugin } from './definePlugin.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { cmp } from '../diagnostics/Diagnostics.js';

/**
 * Validates the configured plugins and returns them in apply order: each plugin after the ones it
 * requires, ties broken by name (never by position in the user's array).
 * @param plugins configured plugins
 * @returns the plugins sorted for `apply`
 * @throws GeneratorError `RSL_PLUGIN_DUPLICATE`, `RSL_PLUGIN_MISSING_REQUIREMENT` (naming both plugins) or `RSL_PLUGIN_CYCLE` (listing the cycle)
 */
export function orderPlugins(plugins: readonly Plugin[]): Plugin[] {
  const byName = new Map<string, Plugin>();
  for (const plugin of plugins) {
    // A function also has `name` and `apply` (Function.prototype.apply): reject a factory that was not called.
    if (!plugin || typeof plugin !== 'object' || typeof plugin.name !== 'string' || typeof plugin.apply !== 'function') {
      throw new GeneratorError('RSL_CONFIG_INVALID', `a configured plugin is not a plugin object ({ name, apply }): ${JSON.stringify(plugin)?.slice(0, 80)}`, {
        hint: 'Call the plugin factory in the plugins array, e.g. pluginClient().',
      });
    }
    if (byName.has(plugin.name)) {
      throw new GeneratorError('RSL_PLUGIN_DUPLICATE', `plugin "${plugin.name}" is configured twice`, { hint: 'Remove one of them from plugins.' });
    }
    byName.set(plugin.name, plugin);
  }
  for (const plugin of byName.values()) {
    for (const required of plugin.requires ?? []) {
      if (!byName.has(required)) {
        throw new GeneratorError('RSL_PLUGIN_MISSING_REQUIREMENT', `plugin "${plugin.name}" requires plugin "${required}", which is not configured`, {
          hint: `Add ${required} to plugins in generator.config.ts, or remove ${plugin.name}.`,
        });
      }
    }
  }
  const ordered: Plugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: Plugin, trail: string[]): void => {
    const s = state.get(plugin.name);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(plugin.name)), plugin.name];
      throw new GeneratorError('RSL_PLUGIN_CYCLE', `plugin requirements form a cycle: ${cycle.join(' → ')}`);
    }
    state.set(plugin.name, 'visiting');
    for (const required of [...(plugin.requires ?? [])].sort(cmp)) {
      const dep = byName.get(required);
      if (dep) visit(dep, [...trail, plugin.name]);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const name of [...byName.keys()].sort(cmp)) {
    const plugin = byName.get(name);
    if (plugin) visit(plugin, []);
  }
  return ordered;
}
