import type { Plugin } from '../plugin/definePlugin.js';

/** Where generated files are written. */
export interface OutputConfig {
  /** Output root, relative to the config file. @default './generated' */
  root: string;
  /** Folder under the root that generated paths start from. @default 'src' */
  srcDir?: string;
  /**
   * How the generated files are laid out (docs/layouts.md): `'resource'`, a folder per resource under
   * `features/` and `shared/`; `'single-file'`, one client file, one types file, one query file, one model file and
   * one mocks file for the whole contract; `'tag'`, the resource layout inside one folder per tag (the first tag
   * of a resource's first operation). Switching removes the files of the old layout (the manifest owns them).
   * @default 'resource'
   */
  layout?: Layout;
}

/** The layouts of the generated files (see {@link OutputConfig.layout}). */
export const LAYOUTS = ['resource', 'single-file', 'tag'] as const;

/** A layout of the generated files (see {@link OutputConfig.layout}). */
export type Layout = (typeof LAYOUTS)[number];

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
  /**
   * Folders, relative to the config file, that local `$ref`s may read from besides the contract's own folder (and
   * everything below it), e.g. `['../shared-schemas']`. A `$ref` to a file anywhere else (an absolute path, a
   * `file:` URL, `..` out of these folders, a link that resolves outside them) is `RSL_REF_OUTSIDE_ROOT`.
   * See docs/security.md.
   * @default []
   */
  refRoots?: string[];
  /**
   * Largest size, in bytes, of each contract file a run reads (the contract and each file a `$ref` names); a
   * larger one is `RSL_INPUT_TOO_LARGE` and is not read.
   * @default 67108864 (64 MiB: the largest contract of the APIs.guru directory, 47 MB, fits)
   */
  maxInputSize?: number;
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
  /**
   * Format the generated files before they are written (and before `check` compares them) with the formatter the
   * project installed, resolved from the config file's folder and run with the project's own formatter config:
   * `'prettier'` (prettier 3) or `'biome'` (`@biomejs/biome`). Never a dependency of reslayer's own; a missing one
   * is `RSL_FORMATTER_MISSING`.
   * @default false
   */
  format?: FormatterName | false;
}

/** A formatter the `format` option can name (see {@link UserConfig.format}). */
export type FormatterName = 'prettier' | 'biome';

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
  /** The layout of `output.layout`; absent for the default `'resource'`. */
  layout?: Exclude<Layout, 'resource'>;
  plugins: Plugin[];
  allowRemoteRefs: boolean;
  /** Absolute folders local `$ref`s may read from besides the contract's own; absent when the config sets none. */
  refRoots?: string[];
  /** The size limit of each contract file, in bytes; absent for the default (`DEFAULT_MAX_INPUT_SIZE`). */
  maxInputSize?: number;
  /** Validated naming overrides; absent when the config sets none. */
  overrides?: NamingOverrides;
  /** `'Date'` when the config sets `dates: 'Date'`; absent for the default `'string'`. */
  dates?: 'Date';
  /** The formatter of the config's `format`; absent when the output is not formatted (the default). */
  format?: FormatterName;
}
