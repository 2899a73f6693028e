import type { Plugin } from '../plugin/definePlugin.js';

/** Where generated files are written. */
export interface OutputConfig {
  /** Output root, relative to the config file. @default './generated' */
  root: string;
  /** Folder under the root that generated paths start from. @default 'src' */
  srcDir?: string;
}

/**
 * The user config, as written in `generator.config.ts` with {@link defineConfig}.
 * @example
 * export default defineConfig({
 *   input: './openapi.yaml',
 *   output: './generated',
 *   plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()],
 * });
 */
export interface UserConfig {
  /** Path of the OpenAPI contract (YAML or JSON), relative to the config file. */
  input: string;
  /** Output root (a path, relative to the config file) or an {@link OutputConfig}. @default './generated' */
  output?: string | OutputConfig;
  /** Plugins to run. Leaving one out removes its outputs. */
  plugins: Plugin[];
  /** Fetch `$ref`s to http(s) URLs. @default false */
  allowRemoteRefs?: boolean;
}

/** A config with every path absolute and every default applied. */
export interface ResolvedConfig {
  /** Absolute path of the config file, or undefined when run without one. */
  configFile?: string;
  /** Absolute contract path. */
  input: string;
  /** Absolute output root. */
  outputRoot: string;
  /** Source folder under the root (`src` by default). */
  srcDir: string;
  plugins: Plugin[];
  allowRemoteRefs: boolean;
}
