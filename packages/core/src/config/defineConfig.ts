import type { UserConfig } from './types.js';

/**
 * Identity helper that types a `generator.config.ts`.
 * @param config the user config
 * @returns the same object
 */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
