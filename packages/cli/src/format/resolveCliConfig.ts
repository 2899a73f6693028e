import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfig, resolveConfig, type BuiltinPlugin, type Plugin, type ResolvedConfig } from '@reslayer/core';
import { pluginClient } from '@reslayer/plugin-client';
import { pluginConfigMeta } from '@reslayer/plugin-config-meta';
import { pluginHooks } from '@reslayer/plugin-hooks';
import { pluginMocks } from '@reslayer/plugin-mocks';

/** Output root used when the CLI runs with a contract argument and no `--output`. */
export const DEFAULT_OUTPUT = './generated';

/** Where a command's config comes from: a config file, or a contract path (plus optional output root). */
export interface CliInput {
  /** Path of `generator.config.ts`, relative to `cwd` or absolute. */
  config?: string | undefined;
  /** Path of the OpenAPI contract, relative to `cwd` or absolute. */
  contract?: string | undefined;
  /** Output root for contract mode, relative to `cwd` or absolute. @default './generated' */
  output?: string | undefined;
}

/**
 * Resolves the config of a CLI run.
 *
 * - With `config`: loads the config file with core's `loadConfig` (its paths resolve from its folder).
 * - With `contract`: runs the four built-in plugins (client, hooks, config-meta, mocks) with their
 *   defaults; the contract and `output` resolve from `cwd`.
 *
 * @param input the config file or the contract (the command line guarantees exactly one)
 * @param cwd working directory for relative paths
 * @returns the resolved config
 * @throws GeneratorError `RSL_CONFIG_INVALID` for a missing or invalid config file
 */
export async function resolveCliConfig(input: CliInput, cwd: string): Promise<ResolvedConfig> {
  if (input.config !== undefined) return loadConfig(input.config, cwd);
  return resolveConfig(
    {
      input: input.contract,
      output: input.output ?? DEFAULT_OUTPUT,
      plugins: [pluginClient(), pluginHooks(), pluginConfigMeta(), pluginMocks()],
    },
    undefined,
    cwd,
  );
}

/** The four built-in plugins: their npm packages and factories (in the order contract mode runs them). */
const BUILTIN_PACKAGES: ReadonlyArray<readonly [string, () => Plugin]> = [
  ['@reslayer/plugin-client', pluginClient],
  ['@reslayer/plugin-hooks', pluginHooks],
  ['@reslayer/plugin-config-meta', pluginConfigMeta],
  ['@reslayer/plugin-mocks', pluginMocks],
];

let builtins: BuiltinPlugin[] | undefined;

/**
 * The four built-in plugins by package, for core's run key (no-change cache): each plugin's name with
 * its npm package name and the version in that package's installed `package.json`. A configured plugin
 * of one of these names that declares no `version` of its own is keyed by that package and version.
 * Read once per process.
 */
export function builtinPlugins(): readonly BuiltinPlugin[] {
  if (builtins) return builtins;
  const require = createRequire(import.meta.url);
  builtins = BUILTIN_PACKAGES.map(([pkg, factory]) => {
    const manifest = require(`${pkg}/package.json`) as { name: string; version: string };
    return { name: factory().name, package: manifest.name, version: manifest.version };
  });
  return builtins;
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
