import type { UserConfig } from './types.js';

/**
 * Identity helper that types a `generator.config.ts` with one run.
 * @param config the user config
 * @returns the same object
 */
export function defineConfig(config: UserConfig): UserConfig;
/**
 * Identity helper that types a `generator.config.ts` with several runs: one contract each, each with its
 * own output root (runs that share one are refused with `RSL_OUTPUT_CONFLICT`).
 * @param configs the user configs, run in this order
 * @returns the same array
 * @example
 * export default defineConfig([
 *   { input: './crm.yaml', output: './src/api/crm', plugins: [pluginClient()] },
 *   { input: './billing.yaml', output: './src/api/billing', plugins: [pluginClient()] },
 * ]);
 */
export function defineConfig(configs: UserConfig[]): UserConfig[];
/**
 * Implementation of the overloads above: returns its argument.
 * @param config one user config or an array of them
 */
export function defineConfig(config: UserConfig | UserConfig[]): UserConfig | UserConfig[] {
  return config;
}
