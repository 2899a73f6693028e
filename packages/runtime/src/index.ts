/**
 * `@reslayer/runtime`: the runtime of reslayer-generated clients: a fetch-based `request()`,
 * global client configuration, OpenAPI 3.1 parameter serialization and `ApiError`.
 *
 * @packageDocumentation
 */
export { ApiError, isApiError, isJsonApiError } from './ApiError.js';
export type { ApiErrorInit, ErrorBodyKind, ErrorBodyOf } from './ApiError.js';
export { configureClient, getClientConfig, resetClientConfig } from './config.js';
export type { ApiKeyAuth, AuthConfig, BasicAuth, BearerAuth, ClientConfig, HeadersSource, SecretSource } from './config.js';
export { request } from './request.js';
export { buildUrl } from './serialize.js';
export type { BodyType, HttpMethod, ParamStyle, RequestOptions, RequestSpec, ResponseType } from './types.js';
export type {
  CellType,
  ColumnMeta,
  CursorPagination,
  EnumValue,
  FieldConstraints,
  FieldMeta,
  FilterMeta,
  InputType,
  MetaValue,
  NoPagination,
  OffsetPagination,
  PagePagination,
  PaginationMeta,
  PermissionMeta,
  ResourceConfig,
  ResourceI18n,
  ResourcePermissions,
} from './meta.js';
