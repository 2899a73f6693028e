import { resolvePluginOptions, RUNTIME_MODULE_RULE, type OptionRule } from '@reslayer/core';

/** Options of `pluginMocks()`. */
export interface MocksOptions {
  /**
   * Prefix of every handler path. `'*'` matches any origin and any base path
   * (`http://localhost/api/v1/contacts` and `https://x.test/base/api/v1/contacts` alike).
   * A trailing slash is removed. Handlers can override it at runtime (`create<R>Handlers({ baseUrl })`).
   * @default '*'
   * @example pluginMocks({ baseUrl: 'https://api.example.test' })
   */
  baseUrl?: string;
  /**
   * Delay of the `slow` scenario, in milliseconds (whole number, 0 to 600000).
   * @default 1500
   * @example pluginMocks({ delayMs: 3000 })
   */
  delayMs?: number;
  /**
   * Number of entity fixtures of a CRUD resource (the store's seed), 1 to 100.
   * @default 3
   * @example pluginMocks({ fixtureCount: 5 })
   */
  fixtureCount?: number;
  /**
   * Declare samples of named schemas that several fixtures contain once, in
   * `shared/mocks/components.fixtures.ts`, and refer to them. On very large contracts this shrinks the
   * fixtures and the application's type-check time; it adds that one file to the output, so it is off by
   * default (the layer keeps its fixed per-resource file layout).
   * @default false
   * @example pluginMocks({ shareFixtures: true })
   */
  shareFixtures?: boolean;
  /**
   * Module the generated handlers and scenarios import the mock helpers from, as `<runtimeModule>/mocks`
   * (for a re-published or vendored runtime).
   * @default '@reslayer/runtime'
   * @example pluginMocks({ runtimeModule: '@acme/api-runtime' })
   */
  runtimeModule?: string;
  /**
   * Also emit `shared/mocks/index.ts`: `handlers`, every resource's default handlers in one array (one import
   * starts a mock server: `setupServer(...handlers)`), and `resetAllStores()`, which restores every CRUD
   * resource's store to its fixtures. It adds that one file to the output, so it is off by default; `reslayer
   * init` turns it on in the configs it writes.
   * @default false
   * @example pluginMocks({ index: true })
   */
  index?: boolean;
  /**
   * Seed of the values faker makes for the fixtures (names, e-mails, URLs, words…), a whole number from 0 to
   * 2147483647. With 0 the values depend on the contract alone; another seed gives another data set, as
   * deterministic. Numbers, enums, counted UUIDs and the contract's own examples do not change with it. `reslayer mock --seed <n>`
   * serves the mocks generated with it.
   * @default 0
   * @example pluginMocks({ seed: 7 })
   */
  seed?: number;
}

/** Options with defaults applied. */
export interface ResolvedMocksOptions {
  /** Handler path prefix, without a trailing slash. */
  baseUrl: string;
  /** Delay of the `slow` scenario, in milliseconds. */
  delayMs: number;
  /** Number of entity fixtures of a CRUD resource. */
  fixtureCount: number;
  /** Declare samples several fixtures share once. */
  shareFixtures: boolean;
  /** Module the mock helpers are imported from (`<runtimeModule>/mocks`). */
  runtimeModule: string;
  /** Emit `shared/mocks/index.ts` (`handlers`, `resetAllStores`). */
  index: boolean;
  /** Seed of faker's values; 0: the contract alone seeds them. */
  seed: number;
}

/** The rules of plugin-mocks' options, for core's `resolvePluginOptions`. */
export const MOCKS_OPTION_RULES = {
  baseUrl: {
    kind: 'string',
    default: '*',
    // eslint-disable-next-line no-control-regex
    pattern: /^[^\s\u0000-\u001f\u007f?#`]*$/,
    describe: "'*', '' or a URL prefix without spaces, '?', '#' or backticks",
    normalize: (value: string) => value.replace(/\/+$/, ''),
  },
  delayMs: { kind: 'integer', default: 1500, min: 0, max: 600_000, unit: 'milliseconds' },
  fixtureCount: { kind: 'integer', default: 3, min: 1, max: 100 },
  shareFixtures: { kind: 'boolean', default: false },
  runtimeModule: RUNTIME_MODULE_RULE,
  index: { kind: 'boolean', default: false },
  seed: { kind: 'integer', default: 0, min: 0, max: 2_147_483_647 },
} satisfies Record<string, OptionRule>;

/**
 * Applies defaults and validates the options (core's `resolvePluginOptions` with {@link MOCKS_OPTION_RULES}).
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown option or a value of the wrong type or range
 */
export function resolveMocksOptions(options: MocksOptions = {}): ResolvedMocksOptions {
  return resolvePluginOptions('plugin-mocks', options, MOCKS_OPTION_RULES);
}
