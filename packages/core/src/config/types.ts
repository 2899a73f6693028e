import type { Plugin } from '../plugin/definePlugin.js';

/** Where generated files are written. */
export interface OutputConfig {
  /** Output root, relative to the config file. @default './generated' */
  root: string;
  /** Folder under the root that generated paths start from. @default 'src' */
  srcDir?: string;
}

/** A rename of one detected resource. */
export interface ResourceOverride {
  /** New resource name (folder, file and symbol prefix), e.g. `albumMembers`. */
  name?: string;
  /** New entity type name (PascalCase), e.g. `AlbumMember`; CRUD method names follow it (`getAlbumMember`). */
  entity?: string;
}

/** A rename of one operation's method. */
export interface OperationOverride {
  /** New method name (camelCase identifier), e.g. `removeAlbumUser`. */
  name?: string;
  /**
   * The role the operation takes instead of the detected one (`reslayer inspect --operations` shows each reason).
   * A CRUD role (`list`, `read`, `create`, `update`, `delete`) only for an operation of a CRUD resource.
   */
  role?: OverridableRole;
}

/** A role an override may give an operation: a CRUD role, `action` or `other`. */
export type OverridableRole = 'list' | 'read' | 'create' | 'update' | 'delete' | 'action' | 'other';

/**
 * Names the config sets instead of the detected ones (see docs/naming.md). An entry that matches
 * nothing is a config error.
 */
export interface NamingOverrides {
  /** Keyed by the detected resource name, as `reslayer inspect` prints it. */
  resources?: Record<string, ResourceOverride>;
  /** Keyed by the operationId as written in the contract. */
  operations?: Record<string, OperationOverride>;
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
  /** Resource, entity and method names to use instead of the detected ones. */
  overrides?: NamingOverrides;
  /**
   * How `date` and `date-time` strings appear in the generated layer. `'Date'`: as `Date` objects in every
   * generated type (responses and requests); the client decodes them in success responses and encodes them
   * in requests (`date` as `YYYY-MM-DD`, `date-time` as an ISO 8601 string); the validators, mocks and
   * config metadata follow. Experimental.
   * @default 'string'
   */
  dates?: DateMode;
}

/** How `date`/`date-time` strings appear in the generated layer (see {@link UserConfig.dates}). */
export type DateMode = 'string' | 'Date';

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
  /** Validated naming overrides; absent when the config sets none. */
  overrides?: NamingOverrides;
  /** `'Date'` when the config sets `dates: 'Date'`; absent for the default `'string'`. */
  dates?: 'Date';
}
