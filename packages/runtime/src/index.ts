/**
 * `@reslayer/runtime`: the runtime of reslayer-generated clients: a fetch-based `request()`, client
 * instances (`createClient`, the default client configured with `configureClient`), interceptors, raw
 * responses, server-sent event streams, OpenAPI 3.1 parameter serialization and `ApiError`; also the names of the
 * `@reslayer/runtime/mocks` entry point (`MOCK_SCENARIOS`, `MOCK_EXPORTS`), which load no `msw`; and the
 * opt-in validation of `@reslayer/plugin-validators`' schemas (`registerValidators`, `ValidationError`), which
 * loads no schema library.
 *
 * @packageDocumentation
 */
export { ApiError, isApiError, isJsonApiError } from './ApiError.js';
export type { ApiErrorInit, ErrorBodyKind, ErrorBodyOf } from './ApiError.js';
export { createClient, defaultClient } from './client.js';
export type { Client } from './client.js';
export { configureClient, getClientConfig, resetClientConfig } from './config.js';
export { contentDispositionFileName } from './disposition.js';
export type { ErrorContext, Interceptors, RequestContext, ResponseContext } from './interceptors.js';
export type { ApiKeyAuth, AuthConfig, BasicAuth, BearerAuth, ClientConfig, HeadersSource, SecretSource } from './config.js';
export { MOCK_EXPORTS, MOCK_SCENARIOS } from './mockNames.js';
export type { MockScenario } from './mockNames.js';
export { decodeDates, encodeDates, encodeRequestDates } from './dates.js';
export type { DateShape, DateSpec } from './dates.js';
export { request } from './request.js';
export { buildUrl } from './serialize.js';
export { readEventItems, readEventStream, readJsonLines, readJsonSeq } from './sse.js';
export type { EventStream, ServerSentEvent } from './sse.js';
export {
  clearValidators,
  getValidators,
  hasPropertyCount,
  hasUniqueItems,
  isMultipleOf,
  isValidationError,
  jsonPath,
  registerValidators,
  ValidationError,
} from './validation.js';
export type {
  IssuePathSegment,
  OperationValidators,
  StandardIssue,
  StandardResult,
  StandardSchemaLike,
  ValidateMode,
  ValidationErrorInit,
  ValidationTarget,
  ValidatorRegistry,
} from './validation.js';
export type {
  BodyType,
  CallOptions,
  CallResult,
  FetchInit,
  HttpMethod,
  ParamStyle,
  RawResult,
  RequestOptions,
  RequestSpec,
  ResponseType,
  StreamType,
} from './types.js';
export type {
  CellType,
  ColumnMeta,
  ColumnSort,
  CursorPagination,
  LinkPagination,
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
  PageFacts,
  PermissionMeta,
  PropertyPath,
  ResourceConfig,
  ResourceI18n,
  ResourcePermissions,
} from './meta.js';
