import { GeneratorError } from '@reslayer/core';

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
}

/** Options with defaults applied. */
export interface ResolvedMocksOptions {
  baseUrl: string;
  delayMs: number;
  fixtureCount: number;
  shareFixtures: boolean;
}

const KNOWN = new Set(['baseUrl', 'delayMs', 'fixtureCount', 'shareFixtures']);

/**
 * Applies defaults and validates the options.
 * @param options user options
 * @returns resolved options
 * @throws GeneratorError `RSL_CONFIG_INVALID` for an unknown option or a value of the wrong type or range
 */
export function resolveMocksOptions(options: MocksOptions = {}): ResolvedMocksOptions {
  const fail = (message: string): never => {
    throw new GeneratorError('RSL_CONFIG_INVALID', `plugin-mocks: ${message}`, { hint: 'See the options in the README of @reslayer/plugin-mocks.' });
  };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('options must be an object');
  for (const key of Object.keys(options)) if (!KNOWN.has(key)) fail(`unknown option ${JSON.stringify(key)}`);
  const baseUrl = options.baseUrl ?? '*';
  // eslint-disable-next-line no-control-regex
  if (typeof baseUrl !== 'string' || /[\s\u0000-\u001f\u007f?#`]/.test(baseUrl)) {
    fail(`baseUrl must be '*', '' or a URL prefix without spaces, '?', '#' or backticks, got ${JSON.stringify(baseUrl)}`);
  }
  const delayMs = options.delayMs ?? 1500;
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) {
    fail(`delayMs must be a whole number of milliseconds from 0 to 600000, got ${JSON.stringify(delayMs)}`);
  }
  const fixtureCount = options.fixtureCount ?? 3;
  if (typeof fixtureCount !== 'number' || !Number.isInteger(fixtureCount) || fixtureCount < 1 || fixtureCount > 100) {
    fail(`fixtureCount must be a whole number from 1 to 100, got ${JSON.stringify(fixtureCount)}`);
  }
  const shareFixtures = options.shareFixtures ?? false;
  if (typeof shareFixtures !== 'boolean') fail(`shareFixtures must be true or false, got ${JSON.stringify(shareFixtures)}`);
  return { baseUrl: baseUrl.replace(/\/+$/, ''), delayMs, fixtureCount, shareFixtures };
}
