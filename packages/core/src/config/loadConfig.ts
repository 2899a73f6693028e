import path from 'node:path';
import { existsSync } from 'node:fs';
import type { NamingOverrides, ResolvedConfig, UserConfig } from './types.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { RESERVED_WORDS } from '../naming/identifiers.js';

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
  const overrides = resolveOverrides(c.overrides, fail);
  if (overrides) resolved.overrides = overrides;
  if (configFile) resolved.configFile = configFile;
  return resolved;
}

/** Longest name an override may set (the detector's own limit). */
const MAX_OVERRIDE_LENGTH = 80;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates `overrides` (shape and names; whether an entry matches a detected resource or an
 * operationId is checked by detection). Returns undefined when there is no entry at all.
 */
function resolveOverrides(value: unknown, fail: (message: string) => never): NamingOverrides | undefined {
  if (value === undefined) return undefined;
  const shape = '`overrides` must be { resources?: { <detected name>: { name?, entity? } }, operations?: { <operationId>: { name } } }';
  if (!isRecord(value)) fail(shape);
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) if (key !== 'resources' && key !== 'operations') fail(`\`overrides.${key}\` is not an option; ${shape}`);
  const checkName = (where: string, name: unknown, kind: 'resource' | 'entity' | 'method'): string => {
    if (typeof name !== 'string' || !IDENTIFIER.test(name) || name.length > MAX_OVERRIDE_LENGTH) {
      fail(`\`${where}\` must be an identifier of at most ${MAX_OVERRIDE_LENGTH} characters (letters, digits, _ and $, not starting with a digit)`);
    }
    if (kind === 'method' && RESERVED_WORDS.has(name as string)) fail(`\`${where}\` must not be a reserved word ("${name as string}")`);
    return name as string;
  };
  const out: NamingOverrides = {};
  if (v['resources'] !== undefined) {
    if (!isRecord(v['resources'])) fail(`\`overrides.resources\` must be an object keyed by detected resource name; ${shape}`);
    const resources: Array<[string, NonNullable<NamingOverrides['resources']>[string]]> = [];
    for (const [key, entry] of Object.entries(v['resources'] as Record<string, unknown>)) {
      const where = `overrides.resources.${key}`;
      if (!isRecord(entry)) fail(`\`${where}\` must be { name?, entity? }`);
      const e = entry as Record<string, unknown>;
      for (const k of Object.keys(e)) if (k !== 'name' && k !== 'entity') fail(`\`${where}.${k}\` is not an option (use name or entity)`);
      if (e['name'] === undefined && e['entity'] === undefined) fail(`\`${where}\` sets neither name nor entity`);
      resources.push([
        key,
        {
          ...(e['name'] !== undefined ? { name: checkName(`${where}.name`, e['name'], 'resource') } : {}),
          ...(e['entity'] !== undefined ? { entity: checkName(`${where}.entity`, e['entity'], 'entity') } : {}),
        },
      ]);
    }
    // fromEntries defines own properties, so a key such as `__proto__` stays a plain key.
    if (resources.length > 0) out.resources = Object.fromEntries(resources);
  }
  if (v['operations'] !== undefined) {
    if (!isRecord(v['operations'])) fail(`\`overrides.operations\` must be an object keyed by operationId; ${shape}`);
    const operations: Array<[string, { name: string }]> = [];
    for (const [key, entry] of Object.entries(v['operations'] as Record<string, unknown>)) {
      const where = `overrides.operations.${key}`;
      if (!isRecord(entry)) fail(`\`${where}\` must be { name }`);
      const e = entry as Record<string, unknown>;
      for (const k of Object.keys(e)) if (k !== 'name') fail(`\`${where}.${k}\` is not an option (use name)`);
      operations.push([key, { name: checkName(`${where}.name`, e['name'], 'method') }]);
    }
    if (operations.length > 0) out.operations = Object.fromEntries(operations);
  }
  return out.resources || out.operations ? out : undefined;
}
