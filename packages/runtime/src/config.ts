/**
 * Client configuration: the default client's (`configureClient`) and the store every client instance holds.
 *
 * @packageDocumentation
 */
import type { Interceptors } from './interceptors.js';
import type { FetchInit } from './types.js';
import type { ValidateMode } from './validation.js';

/** A secret given directly, or a (possibly async) getter called before every request. */
export type SecretSource = string | (() => string | undefined | Promise<string | undefined>);

/** Static headers, or a (possibly async) function returning headers, called before every request. */
export type HeadersSource =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/**
 * `Authorization: Bearer <token>` (OpenAPI 3.1 Security Scheme `http` / `bearer`). A getter that
 * returns `undefined` or `''` sends no Authorization header.
 */
export interface BearerAuth {
  type: 'bearer';
  token: SecretSource;
}

/** `Authorization: Basic base64(username:password)` (OpenAPI 3.1 Security Scheme `http` / `basic`, RFC 7617; UTF-8). */
export interface BasicAuth {
  type: 'basic';
  username: string;
  password: string;
}

/**
 * An API key sent as a header, a query parameter or a cookie (OpenAPI 3.1 Security Scheme
 * `apiKey`). A getter that returns `undefined` or `''` sends nothing.
 */
export interface ApiKeyAuth {
  type: 'apiKey';
  in: 'header' | 'query' | 'cookie';
  name: string;
  value: SecretSource;
}

/** Authentication applied to every request. */
export type AuthConfig = BearerAuth | BasicAuth | ApiKeyAuth;

/**
 * Configuration of a client: of the default client, set with {@link configureClient}, or of an instance
 * made with `createClient`. The `RequestInit` fields of {@link FetchInit} (`cache`, `keepalive`, `priority`,
 * `mode`, `redirect`) are passed to fetch for every request; a call's options override them.
 */
export interface ClientConfig extends FetchInit {
  /**
   * Base URL, may include a path part: `'https://api.example.test/prefix'`. Default `''`
   * (same-origin relative URLs). A trailing slash is tolerated.
   */
  baseUrl: string;
  /** Static headers or a (possibly async) function returning headers, merged into every request. */
  headers?: HeadersSource;
  /** Auth applied to every request: bearer token, basic, or API key in header/query/cookie. */
  auth?: AuthConfig;
  /**
   * fetch implementation. Defaults to `globalThis.fetch`, looked up at call time (so MSW and
   * test spies installed later still intercept requests).
   */
  fetch?: typeof fetch;
  /** `credentials` mode passed to fetch (e.g. `'include'` for cross-origin cookies). */
  credentials?: RequestCredentials;
  /**
   * Run-time validation against the schemas of `@reslayer/plugin-validators` (experimental): `'off'`
   * (default), `'request'`, `'response'` or `'both'`. The schemas must be registered by importing the
   * generated `<resource>.schemas.js` modules; a call's `options.validate` overrides this.
   */
  validate?: ValidateMode;
  /**
   * Interceptors run around every request (`onRequest`, `onResponse`, `onError`), in the order given;
   * see {@link Interceptors}.
   */
  interceptors?: Interceptors | readonly Interceptors[];
}

const DEFAULTS: Readonly<ClientConfig> = Object.freeze({ baseUrl: '' });

/** A mutable client configuration: what {@link configureClient} changes, and what every client instance holds. */
export interface ConfigStore {
  /** A frozen snapshot of the configuration. */
  get(): Readonly<ClientConfig>;
  /** Merges `config` in, as {@link configureClient} describes. */
  configure(config: Partial<ClientConfig>): void;
  /** Back to `{ baseUrl: '' }`. */
  reset(): void;
}

/**
 * Makes a configuration store starting from `initial` merged into the defaults.
 *
 * @param initial - the first settings (a key set to `undefined` is left out).
 * @returns the store.
 */
export function createConfigStore(initial: Partial<ClientConfig> = {}): ConfigStore {
  let current: ClientConfig = { ...DEFAULTS };
  const configure = (config: Partial<ClientConfig>): void => {
    const merged: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(config)) {
      if (value === undefined) {
        delete merged[key];
      } else {
        merged[key] = value;
      }
    }
    const { baseUrl, ...rest } = merged as Partial<ClientConfig>;
    current = { ...rest, baseUrl: baseUrl ?? DEFAULTS.baseUrl };
  };
  configure(initial);
  return {
    get: () => Object.freeze({ ...current }),
    configure,
    reset: () => {
      current = { ...DEFAULTS };
    },
  };
}

/** The configuration of the default client, which the generated resource clients use unless bound elsewhere. */
export const defaultConfig: ConfigStore = createConfigStore();

/**
 * Merges `config` into the default client's configuration (shallow: a given `headers`, `auth` or
 * `interceptors` replaces the previous one). A key explicitly set to `undefined` is removed (for
 * `baseUrl`: reset to `''`), which works when the caller's TypeScript settings allow it.
 *
 * @param config - the settings to change; omitted keys keep their current value.
 */
export function configureClient(config: Partial<ClientConfig>): void {
  defaultConfig.configure(config);
}

/**
 * Returns the default client's current configuration.
 *
 * @returns a frozen snapshot; later {@link configureClient} calls do not change it.
 */
export function getClientConfig(): Readonly<ClientConfig> {
  return defaultConfig.get();
}

/** Restores the default client's configuration (`{ baseUrl: '' }`); meant for tests. */
export function resetClientConfig(): void {
  defaultConfig.reset();
}
