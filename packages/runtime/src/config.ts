/**
 * Global client configuration shared by every generated operation.
 *
 * @packageDocumentation
 */
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

/** Configuration of the generated resource layer, set once with {@link configureClient}. */
export interface ClientConfig {
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
}

const DEFAULTS: Readonly<ClientConfig> = Object.freeze({ baseUrl: '' });

let current: ClientConfig = { ...DEFAULTS };

/**
 * Merges `config` into the global client configuration (shallow: a given `headers` or `auth`
 * replaces the previous one). A key explicitly set to `undefined` is removed (for `baseUrl`:
 * reset to `''`), which works when the caller's TypeScript settings allow it.
 *
 * @param config - the settings to change; omitted keys keep their current value.
 */
export function configureClient(config: Partial<ClientConfig>): void {
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
}

/**
 * Returns the current global client configuration.
 *
 * @returns a frozen snapshot; later {@link configureClient} calls do not change it.
 */
export function getClientConfig(): Readonly<ClientConfig> {
  return Object.freeze({ ...current });
}

/** Restores the default configuration (`{ baseUrl: '' }`); meant for tests. */
export function resetClientConfig(): void {
  current = { ...DEFAULTS };
}
