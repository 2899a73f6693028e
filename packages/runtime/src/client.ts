/**
 * Client instances: a configuration with its own base URL, fetch, headers, auth and interceptors, which the
 * generated resource clients can be bound to (`contactsClient.with(client)`).
 *
 * @packageDocumentation
 */
import { createConfigStore, defaultConfig, type ClientConfig, type ConfigStore } from './config.js';
import { send } from './request.js';
import type { CallOptions, CallResult, RequestOptions, RequestSpec } from './types.js';

/**
 * A client: where and how the generated operations send their requests. {@link defaultClient} is configured
 * with `configureClient`; {@link createClient} makes more, e.g. one per API in an app that talks to two.
 */
export interface Client {
  /**
   * Sends one operation and reads the response, as `request` does, with this client's configuration.
   *
   * @typeParam T - the success body type.
   * @typeParam O - the options' type; `{ raw: true }` makes the call resolve to `{ data, response, fileName }`.
   */
  request<T, O extends CallOptions = RequestOptions>(spec: RequestSpec, options?: O): Promise<CallResult<T, O>>;
  /** Merges settings into this client's configuration, as `configureClient` does for the default client. */
  configure(config: Partial<ClientConfig>): void;
  /** A frozen snapshot of this client's configuration. */
  getConfig(): Readonly<ClientConfig>;
}

function clientOf(store: ConfigStore): Client {
  return {
    request: (spec, options) => send(store.get(), spec, options),
    configure: (config) => store.configure(config),
    getConfig: () => store.get(),
  };
}

/**
 * Makes a client instance with its own configuration; the default client's (`configureClient`) does not
 * apply to it. Bind a generated resource client to it with `<resource>Client.with(client)`.
 *
 * @param config - base URL, fetch, headers, auth, credentials, interceptors, validation and the `RequestInit`
 *   fields `cache`, `keepalive`, `priority`, `mode`, `redirect`; omitted keys take their defaults.
 * @returns the client.
 *
 * @example
 * ```ts
 * const billing = createClient({ baseUrl: 'https://billing.example.test', auth: { type: 'bearer', token: getToken } });
 * const invoices = await invoicesClient.with(billing).listInvoices();
 * ```
 */
export function createClient(config: Partial<ClientConfig> = {}): Client {
  return clientOf(createConfigStore(config));
}

/**
 * The default client, configured with `configureClient`: every generated resource client sends through it
 * unless bound to another instance with `.with(client)`.
 */
export const defaultClient: Client = clientOf(defaultConfig);
