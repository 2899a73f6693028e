import path from 'node:path';
import { GeneratorError } from '@reslayer/core';
import { CONFIG_SEARCH_PLACES, findConfig, loadConfigs, resolveConfig, type ResolvedConfig } from '@reslayer/core/host';

/** Output root used when the CLI runs with a contract argument and no `--output`. */
export const DEFAULT_OUTPUT = './generated';

/** Where a command's config comes from: a config file, a contract path (plus optional output root), or neither (discovery). */
export interface CliInput {
  /** Path of `generator.config.ts`, relative to `cwd` or absolute. */
  config?: string | undefined;
  /** Path of the OpenAPI contract, relative to `cwd` or absolute. */
  contract?: string | undefined;
  /** Output root for contract mode, relative to `cwd` or absolute. @default './generated' */
  output?: string | undefined;
}

/**
 * The modules that make a config's plugins, for the engine's no-change cache: the config file's module graph
 * (undefined: the engine's default), or none beside this build for a run without a config file, whose plugins are
 * the built-in ones (builtinPlugins.ts; the build's identity covers them).
 * @param config a resolved config
 */
export function pluginModulesOf(config: ResolvedConfig): readonly string[] | undefined {
  return config.configFile === undefined ? [] : undefined;
}

/**
 * Resolves the config of a CLI run: one run, or several when the config file exports an array.
 *
 * - With `config`: loads the config file with core's `loadConfigs` (its paths resolve from its folder).
 * - With `contract`: runs the four built-in plugins (client, hooks, config-meta, mocks) with their
 *   defaults; the contract and `output` resolve from `cwd`.
 * - With neither: finds the config from `cwd` upwards (core's `findConfig`: `generator.config.*`,
 *   `reslayer.config.*`, or a `reslayer` key in `package.json`).
 *
 * A config may name the built-in plugins by package (builtinPlugins.ts, `NAMED_PLUGINS`) and may leave `plugins` out
 * (then the four built-in plugins run with their defaults).
 * @param input the config file, the contract, or neither
 * @param cwd working directory for relative paths
 * @returns the resolved runs, in config order
 * @throws GeneratorError `RSL_CONFIG_INVALID` for a missing or invalid config file, `RSL_OUTPUT_CONFLICT`
 *   for runs that share an output root, `RSL_USAGE` when there is no input and no config is found
 */
export async function resolveCliConfigs(input: CliInput, cwd: string): Promise<ResolvedConfig[]> {
  const { NAMED_PLUGINS, defaultPlugins } = await import('./builtinPlugins.js');
  const options = { namedPlugins: NAMED_PLUGINS, defaultPlugins };
  if (input.config !== undefined) return loadConfigs(input.config, cwd, options);
  if (input.contract !== undefined) return [resolveConfig({ input: input.contract, output: input.output ?? DEFAULT_OUTPUT, plugins: defaultPlugins() }, undefined, cwd)];
  const found = findConfig(cwd);
  if (found === undefined) {
    const names = CONFIG_SEARCH_PLACES.filter((p) => p.endsWith('.ts')).join(', ');
    throw new GeneratorError('RSL_USAGE', `missing input: no config found in ${cwd} or its parent folders (looked for ${names} and a "reslayer" key in package.json)`, {
      hint: 'Pass a contract (`reslayer generate ./openapi.yaml`) or --config <file>, or run `reslayer init` to write a generator.config.ts.',
    });
  }
  return loadConfigs(found, cwd, options);
}

/**
 * Resolves the config of a CLI run that must be a single run.
 * @param input the config file, the contract, or neither
 * @param cwd working directory for relative paths
 * @throws GeneratorError as {@link resolveCliConfigs}, and `RSL_CONFIG_INVALID` for a config with several runs
 */
export async function resolveCliConfig(input: CliInput, cwd: string): Promise<ResolvedConfig> {
  const configs = await resolveCliConfigs(input, cwd);
  if (configs.length !== 1) throw new GeneratorError('RSL_CONFIG_INVALID', `the config defines ${configs.length} runs, where one is expected`);
  return configs[0] as ResolvedConfig;
}

/**
 * A path for display: relative to `from` when it lies inside it, else absolute; POSIX separators.
 * @param target absolute path
 * @param from base folder (usually the working directory)
 */
export function displayPath(target: string, from: string): string {
  const rel = path.relative(from, target);
  if (rel === '') return '.';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return target.split(path.sep).join('/');
  return rel.split(path.sep).join('/');
}

/**
 * A path relative to `from`, always relative (with `..` segments when needed) and with POSIX separators,
 * so output that embeds it (the HTML report) does not depend on where the repository lives.
 * @param target absolute path
 * @param from base folder
 */
export function portableRelativePath(target: string, from: string): string {
  return path.relative(from, target).split(path.sep).join('/') || '.';
}
