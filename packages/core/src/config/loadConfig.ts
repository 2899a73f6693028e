import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { LAYOUTS, type NamingOverrides, type OperationOverride, type OverridableRole, type ResolvedConfig, type UserConfig } from './types.js';
import type { Plugin } from '../plugin/definePlugin.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { RESERVED_WORDS } from '../naming/identifiers.js';
import { describeLoadError, typeScriptLoader } from './configModule.js';
import { assertKnownFields, assertOwnableOutputRoot, CONFIG_FIELDS, OUTPUT_FIELDS } from './configGuards.js';

/** The roles `overrides.operations.<operationId>.role` accepts. */
const OVERRIDABLE_ROLES: readonly OverridableRole[] = ['list', 'read', 'create', 'update', 'delete', 'action', 'other'];

/**
 * The files config discovery looks for in each folder, in this order (the first found wins): a
 * `generator.config.*`, a `reslayer.config.*`, then a `reslayer` key in `package.json`.
 */
export const CONFIG_SEARCH_PLACES: readonly string[] = [
  'generator.config.ts',
  'generator.config.mts',
  'generator.config.js',
  'generator.config.mjs',
  'reslayer.config.ts',
  'reslayer.config.mts',
  'reslayer.config.js',
  'reslayer.config.mjs',
  'package.json',
];

/** A plugin factory a config may name by package instead of calling it (see {@link LoadConfigOptions}). */
export type NamedPluginFactory = (options?: Record<string, unknown>) => Plugin;

/** Options of {@link loadConfig} and {@link loadConfigs}. */
export interface LoadConfigOptions {
  /**
   * Plugins a config may name instead of calling their factory: `"@reslayer/plugin-client"` or
   * `["@reslayer/plugin-hooks", { "adapter": "vue-query" }]` in `plugins`. This is how a config that
   * cannot hold code (a `reslayer` key in `package.json`, a JSON file) lists plugins.
   */
  namedPlugins?: Readonly<Record<string, NamedPluginFactory>> | undefined;
  /** Plugins for a config that leaves `plugins` out (without them, `plugins` is required). */
  defaultPlugins?: (() => Plugin[]) | undefined;
}

async function explorer() {
  const { cosmiconfig } = await import('cosmiconfig');
  const loadTs = await typeScriptLoader();
  return cosmiconfig('reslayer', { searchPlaces: [...CONFIG_SEARCH_PLACES], searchStrategy: 'none', loaders: { '.ts': loadTs, '.mts': loadTs } });
}

/**
 * Finds the config of a folder the way the CLI does without `--config`: cosmiconfig's search of
 * {@link CONFIG_SEARCH_PLACES} in `cwd`, then in each parent folder up to the file-system root (a
 * `package.json` counts only when it has a `reslayer` key). Loads nothing.
 * @param cwd the folder to start from
 * @returns the absolute path of the config file, or undefined when there is none
 */
export function findConfig(cwd = process.cwd()): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const place of CONFIG_SEARCH_PLACES) {
      const file = path.join(dir, place);
      if (!existsSync(file)) continue;
      if (place !== 'package.json') return file;
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
        if (pkg && typeof pkg === 'object' && pkg['reslayer'] !== undefined) return file;
      } catch {
        // An unreadable package.json is not a config; go on searching.
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Loads a config file that defines one run (`generator.config.ts`, `.js`/`.mjs`/`.json`, or a
 * `package.json` with a `reslayer` key) with cosmiconfig (TypeScript through jiti, see `typeScriptLoader`:
 * nothing is written into the project), and resolves its paths relative to the config file's folder.
 * @param configPath path of the config file (absolute, or relative to `cwd`)
 * @param cwd working directory for a relative `configPath` (default `process.cwd()`)
 * @param options see {@link LoadConfigOptions}
 * @returns the resolved config
 * @throws GeneratorError `RSL_CONFIG_INVALID` when the file is missing, fails to load, is not a valid
 *   config, or defines several runs (use {@link loadConfigs} for those)
 */
export async function loadConfig(configPath: string, cwd = process.cwd(), options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const configs = await loadConfigs(configPath, cwd, options);
  if (configs.length !== 1) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: the config defines ${configs.length} runs; load it with loadConfigs`, { file: configPath });
  }
  return configs[0] as ResolvedConfig;
}

/**
 * Loads a config file that defines one run or several (`export default defineConfig([{ ... }, { ... }])`),
 * resolving each one's paths from the config file's folder and refusing runs that share an output root
 * (see {@link assertDistinctOutputs}).
 * @param configPath path of the config file (absolute, or relative to `cwd`)
 * @param cwd working directory for a relative `configPath` (default `process.cwd()`)
 * @param options see {@link LoadConfigOptions}
 * @returns the resolved configs, in the order the file lists them
 * @throws GeneratorError `RSL_CONFIG_INVALID` when the file is missing, empty, fails to load or is not a
 *   valid config (the message names the run, from 1, when there are several); `RSL_OUTPUT_CONFLICT`
 *   when two runs write into the same output root
 */
export async function loadConfigs(configPath: string, cwd = process.cwd(), options: LoadConfigOptions = {}): Promise<ResolvedConfig[]> {
  const file = path.resolve(cwd, configPath);
  if (!existsSync(file)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: config file not found`, {
      file: configPath,
      hint: 'Pass --config <path to generator.config.ts>, or run `reslayer init` to write one.',
    });
  }
  let loaded: { config: unknown; isEmpty?: boolean } | null;
  try {
    loaded = await (await explorer()).load(file);
  } catch (error) {
    const { cause, hint } = describeLoadError(error, configPath);
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: the config file failed to load: ${cause}`, { file: configPath, hint, cause: error });
  }
  if (loaded === null || loaded.isEmpty === true || loaded.config === undefined) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${configPath}: the config file is empty or exports nothing`, {
      file: configPath,
      hint: 'Export the config: `export default defineConfig({ input, output, plugins })`; `reslayer init` writes a working one.',
    });
  }
  const value = unwrapDefault(loaded.config);
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0) {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${file}: the config exports an empty array of runs`, { file, hint: 'List at least one run: `defineConfig([{ input, output, plugins }])`.' });
  }
  const configs = entries.map((entry, i) => resolveConfig(entry, file, cwd, { ...options, ...(entries.length > 1 ? { run: i + 1 } : {}) }));
  assertDistinctOutputs(configs);
  return configs;
}

function unwrapDefault(config: unknown): unknown {
  let c = config;
  for (let i = 0; i < 2 && c && typeof c === 'object' && !Array.isArray(c) && 'default' in c && !('input' in c); i++) c = (c as { default: unknown }).default;
  return c;
}

/**
 * Refuses runs that would write into the same output root, or into one inside another: each run owns its
 * root (it removes the generated files it no longer produces), so they would delete each other's files.
 * @param configs the resolved runs of one config
 * @throws GeneratorError `RSL_OUTPUT_CONFLICT` naming both runs and the root
 */
export function assertDistinctOutputs(configs: readonly ResolvedConfig[]): void {
  const label = (i: number) => `${i + 1} (${path.basename((configs[i] as ResolvedConfig).input)})`;
  for (let i = 0; i < configs.length; i++) {
    for (let j = i + 1; j < configs.length; j++) {
      const a = path.resolve((configs[i] as ResolvedConfig).outputRoot);
      const b = path.resolve((configs[j] as ResolvedConfig).outputRoot);
      const inside = (outer: string, inner: string) => inner.startsWith(outer + path.sep);
      if (a !== b && !inside(a, b) && !inside(b, a)) continue;
      const where = a === b ? `both write into ${a}` : inside(a, b) ? `write into ${a} and ${b}, which is inside it` : `write into ${a}, which is inside ${b}`;
      throw new GeneratorError('RSL_OUTPUT_CONFLICT', `runs ${label(i)} and ${label(j)} ${where}`, {
        ...((configs[i] as ResolvedConfig).configFile ? { file: (configs[i] as ResolvedConfig).configFile as string } : {}),
        hint: 'Give every run of the config its own output folder, side by side (e.g. ./src/api/crm and ./src/api/billing).',
      });
    }
  }
}

/** Options of {@link resolveConfig}: those of loading, plus the run's number in a config with several. */
export interface ResolveConfigOptions extends LoadConfigOptions {
  /** The run's number (from 1) in a config that defines several; named in error messages. */
  run?: number | undefined;
}

/**
 * Validates a user config and applies defaults; paths resolve from the config file's folder (or `cwd` without one).
 * @param config the value the config file exports
 * @param configFile absolute path of the config file, if any
 * @param cwd base folder when there is no config file
 * @param options named and default plugins (see {@link LoadConfigOptions}) and the run's number
 * @throws GeneratorError `RSL_CONFIG_INVALID` naming the bad field (an unknown one with a "did you mean");
 *   `RSL_OUTPUT_ROOT_UNSAFE` for an output root no run may own (see {@link assertOwnableOutputRoot})
 */
export function resolveConfig(config: unknown, configFile: string | undefined, cwd = process.cwd(), options: ResolveConfigOptions = {}): ResolvedConfig {
  const where = `${configFile ?? 'config'}${options.run !== undefined ? ` (run ${options.run})` : ''}`;
  const fail = (message: string): never => {
    throw new GeneratorError('RSL_CONFIG_INVALID', `${where}: ${message}`, { ...(configFile ? { file: configFile } : {}), hint: 'See "Config reference" in the README.' });
  };
  if (!config || typeof config !== 'object' || Array.isArray(config)) fail('the config must export an object, e.g. `export default defineConfig({ ... })`');
  const c = config as Partial<UserConfig> & { plugins?: unknown };
  assertKnownFields(c, CONFIG_FIELDS, '', fail);
  if (typeof c.input !== 'string' || c.input === '') fail('`input` must be the path of the OpenAPI contract');
  const plugins = c.plugins === undefined && options.defaultPlugins ? options.defaultPlugins() : resolvePlugins(c.plugins, options, fail);
  const base = configFile ? path.dirname(configFile) : cwd;
  const output = c.output ?? './generated';
  const root = typeof output === 'string' ? output : output.root;
  if (typeof root !== 'string' || root === '') fail('`output` must be a path or { root, srcDir }');
  if (typeof output === 'object') assertKnownFields(output, OUTPUT_FIELDS, 'output.', fail);
  const srcDir = typeof output === 'string' ? 'src' : (output.srcDir ?? 'src');
  if (path.isAbsolute(srcDir) || srcDir.split(/[\\/]/).includes('..')) fail('`output.srcDir` must be a relative folder inside the output root');
  const layout = typeof output === 'string' ? undefined : output.layout;
  if (layout !== undefined && !(LAYOUTS as readonly unknown[]).includes(layout)) fail(`\`output.layout\` must be one of ${LAYOUTS.map((l) => `'${l}'`).join(', ')}`);
  const resolved: ResolvedConfig = {
    input: path.resolve(base, c.input as string),
    outputRoot: path.resolve(base, root),
    srcDir,
    plugins,
    allowRemoteRefs: c.allowRemoteRefs === true,
  };
  if (layout !== undefined && layout !== 'resource') resolved.layout = layout;
  const overrides = resolveOverrides(c.overrides, fail);
  if (overrides) resolved.overrides = overrides;
  if (c.dates !== undefined && c.dates !== 'string' && c.dates !== 'Date') fail("`dates` must be 'string' or 'Date'");
  if (c.dates === 'Date') resolved.dates = 'Date';
  if (c.format !== undefined && c.format !== false && c.format !== 'prettier' && c.format !== 'biome') fail("`format` must be 'prettier', 'biome' or false");
  if (c.format === 'prettier' || c.format === 'biome') resolved.format = c.format;
  if (c.refRoots !== undefined) {
    if (!Array.isArray(c.refRoots) || !c.refRoots.every((r) => typeof r === 'string' && r !== '')) fail('`refRoots` must be an array of folder paths, e.g. [\'../shared\']');
    resolved.refRoots = c.refRoots.map((r) => path.resolve(base, r));
  }
  if (c.maxInputSize !== undefined) {
    if (!Number.isSafeInteger(c.maxInputSize) || c.maxInputSize <= 0) fail('`maxInputSize` must be a positive whole number of bytes');
    resolved.maxInputSize = c.maxInputSize;
  }
  if (configFile) resolved.configFile = configFile;
  assertOwnableOutputRoot(resolved);
  return resolved;
}

/** Checks `plugins` and turns named entries (`"pkg"`, `["pkg", options]`) into plugins. */
function resolvePlugins(value: unknown, options: LoadConfigOptions, fail: (message: string) => never): Plugin[] {
  if (!Array.isArray(value)) return fail('`plugins` must be an array of plugins, e.g. [pluginClient()]');
  const named = options.namedPlugins ?? {};
  return value.map((entry: unknown) => {
    const [name, pluginOptions] = typeof entry === 'string' ? [entry, undefined] : Array.isArray(entry) && typeof entry[0] === 'string' ? [entry[0] as string, entry[1] as unknown] : [undefined, undefined];
    if (name === undefined) return entry as Plugin;
    const factory = Object.hasOwn(named, name) ? named[name] : undefined;
    if (!factory) {
      const known = Object.keys(named);
      return fail(`plugin "${name}" cannot be named here${known.length > 0 ? ` (only ${known.join(', ')} can)` : ''}; import it and call its factory in generator.config.ts`);
    }
    if (pluginOptions !== undefined && (pluginOptions === null || typeof pluginOptions !== 'object' || Array.isArray(pluginOptions))) {
      return fail(`the options of plugin "${name}" must be an object`);
    }
    return factory(pluginOptions as Record<string, unknown> | undefined);
  });
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
  const shape = '`overrides` must be { resources?: { <detected name>: { name?, entity? } }, operations?: { <operationId>: { name?, role? } } }';
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
    const operations: Array<[string, OperationOverride]> = [];
    for (const [key, entry] of Object.entries(v['operations'] as Record<string, unknown>)) {
      const where = `overrides.operations.${key}`;
      if (!isRecord(entry)) fail(`\`${where}\` must be { name?, role? }`);
      const e = entry as Record<string, unknown>;
      for (const k of Object.keys(e)) if (k !== 'name' && k !== 'role') fail(`\`${where}.${k}\` is not an option (use name or role)`);
      if (e['name'] === undefined && e['role'] === undefined) fail(`\`${where}\` sets neither name nor role`);
      const role = e['role'];
      if (role !== undefined && !OVERRIDABLE_ROLES.includes(role as OverridableRole)) fail(`\`${where}.role\` must be one of ${OVERRIDABLE_ROLES.join(', ')}`);
      operations.push([
        key,
        { ...(e['name'] !== undefined ? { name: checkName(`${where}.name`, e['name'], 'method') } : {}), ...(role !== undefined ? { role: role as OverridableRole } : {}) },
      ]);
    }
    if (operations.length > 0) out.operations = Object.fromEntries(operations);
  }
  return out.resources || out.operations ? out : undefined;
}
