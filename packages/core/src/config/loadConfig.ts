import path from 'node:path';
import { existsSync } from 'node:fs';
import type { ResolvedConfig, UserConfig } from './types.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';

/**
 * Loads `generator.config.ts` (or `.js`/`.mjs`/`.json`) with cosmiconfig and its TypeScript loader,
 * and resolves its paths relative to the config file's folder.
 * @param configPath path of the config file (absolute, or relative to `cwd`)
 * @param cwd working directory for a relative `configPath` (default `process.cwd()`)
 * @returns the resolved config
 * @throws GeneratorError `RSL_CONFIG_INVALID` when the file is missing, fails to load, or is not a valid config
 */
export async function loadConfig(configPath: string, cwd = process.cwd()): Promise<ResolvedConfig> {
  const file = path.resolve(cwd, configPath);
  if (!existsSync(file)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: config file not found`, { file: configPath, hint: 'Pass --config <path to generator.config.ts>.' });
  }
  const [{ cosmiconfig }, { TypeScriptLoader }] = await Promise.all([import('cosmiconfig'), import('cosmiconfig-typescript-loader')]);
  let loaded: { config: unknown } | null;
  try {
    const explorer = cosmiconfig('reslayer', { loaders: { '.ts': TypeScriptLoader(), '.mts': TypeScriptLoader() } });
    loaded = await explorer.load(file);
  } catch (error) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: the config file failed to load: ${(error as Error).message}`, { file: configPath, cause: error });
  }
  return resolveConfig(unwrapDefault(loaded?.config), file);
}

function unwrapDefault(config: unknown): unknown {
  let c = config;
  for (let i = 0; i < 2 && c && typeof c === 'object' && 'default' in c && !('input' in c); i++) c = (c as { default: unknown }).default;
  return c;
}

/**
 * Validates a user config and applies defaults; paths resolve from the config file's folder (or `cwd` without one).
 * @param config the value the config file exports
 * @param configFile absolute path of the config file, if any
 * @param cwd base folder when there is no config file
 * @throws GeneratorError `RSL_CONFIG_INVALID` naming the bad field
 */
export function resolveConfig(config: unknown, configFile: string | undefined, cwd = process.cwd()): ResolvedConfig {
  const where = configFile ?? 'config';
  const fail = (message: string): never => {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${where}: ${message}`, { ...(configFile ? { file: configFile } : {}), hint: 'See "Config reference" in the README.' });
  };
  if (!config || typeof config !== 'object') fail('the config must export an object, e.g. `export default defineConfig({ ... })`');
  const c = config as Partial<UserConfig>;
  if (typeof c.input !== 'string' || c.input === '') fail('`input` must be the path of the OpenAPI contract');
  if (!Array.isArray(c.plugins)) fail('`plugins` must be an array of plugins, e.g. [pluginClient()]');
  const base = configFile ? path.dirname(configFile) : cwd;
  const output = c.output ?? './generated';
  const root = typeof output === 'string' ? output : output.root;
  if (typeof root !== 'string' || root === '') fail('`output` must be a path or { root, srcDir }');
  const srcDir = typeof output === 'string' ? 'src' : (output.srcDir ?? 'src');
  if (path.isAbsolute(srcDir) || srcDir.split(/[\\/]/).includes('..')) fail('`output.srcDir` must be a relative folder inside the output root');
  const resolved: ResolvedConfig = {
    input: path.resolve(base, c.input as string),
    outputRoot: path.resolve(base, root),
    srcDir,
    plugins: c.plugins as UserConfig['plugins'],
    allowRemoteRefs: c.allowRemoteRefs === true,
  };
  if (configFile) resolved.configFile = configFile;
  return resolved;
}
