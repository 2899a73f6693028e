/**
 * The normalized intermediate representation (IR) of a contract: the `ApiModel`.
 *
 * Plugins read this model, never the raw OpenAPI document. Every node carries a `pointer`
 * (an RFC 6901 JSON pointer into the bundled contract) that diagnostics use as location.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#openapi-object
 */

import type { SchemaNode, NamedSchema } from './schemaTypes.js';

export type {
  SchemaMeta,
  RefSchema,
  StringSchema,
  NumberSchema,
  BooleanSchema,
  NullSchema,
  ArraySchema,
  PropertyNode,
  ObjectSchema,
  ConditionalNode,
  DiscriminatorNode,
  UnionSchema,
  IntersectionSchema,
  UnknownSchema,
  SchemaNode,
  NamedSchema,
} from './schemaTypes.js';

/**
 * An HTTP method of an operation, lower-case as in a path item object: one of the path item's fixed fields
 * (`query` since OpenAPI 3.2, a safe read with a request body), or a method named in the 3.2 path item's
 * `additionalOperations` map (such as `link` or `purge`), lower-cased; clients send it upper-cased.
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 */
export type HttpMethod = FixedHttpMethod | (string & {});

/** A method with a fixed field of its own in a path item object (OpenAPI 3.2 added `query`). */
export type FixedHttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';

/** All HTTP methods a path item object may hold as fixed fields, in the order the spec lists them. */
export const HTTP_METHODS: readonly FixedHttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];


/** Where a parameter lives. @see https://spec.openapis.org/oas/v3.1.0#parameter-locations */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** A parameter of an operation (path-item and operation level merged, `$ref`s resolved). */
export interface ParameterNode {
  kind: 'parameter';
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: SchemaNode;
  /** Serialization style; defaults per location as the spec says (`form` for query, `simple` for path/header). */
  style: string;
  /** Explode flag; defaults to true for `form`, false otherwise. */
  explode: boolean;
  description?: string;
  deprecated?: boolean;
  pointer: string;
}

/** One media type of a request body or response. */
export interface MediaContent {
  /** Media type as written, e.g. `application/json`, `multipart/form-data`. */
  mediaType: string;
  /** Its schema, or undefined when the contract gives none. */
  schema?: SchemaNode;
  /**
   * OpenAPI 3.2 `itemSchema`: the schema of each item of a sequential media type (`text/event-stream`,
   * `application/jsonl`, `application/json-seq`…), read one by one as they arrive.
   * @see https://spec.openapis.org/oas/v3.2.0#media-type-object
   */
  itemSchema?: SchemaNode;
  /** First example given for the media type, if any. */
  example?: unknown;
}

/** A request body. @see https://spec.openapis.org/oas/v3.1.0#request-body-object */
export interface RequestBodyNode {
  kind: 'request-body';
  required: boolean;
  description?: string;
  /** Media types sorted with JSON first, then by name. */
  contents: MediaContent[];
  pointer: string;
}

/** A response. @see https://spec.openapis.org/oas/v3.1.0#responses-object */
export interface ResponseNode {
  kind: 'response';
  /** Status code key as written: `200`, `2XX`, `default`. */
  status: string;
  description?: string;
  contents: MediaContent[];
  /** Names of the response headers it declares, as written, sorted (`Link`, `X-Total-Count`); absent when none. */
  headers?: string[];
  pointer: string;
}

/** A security requirement of an operation: scheme name and scopes. */
export interface SecurityRequirementNode {
  scheme: string;
  scopes: string[];
}

/** An operation. @see https://spec.openapis.org/oas/v3.1.0#operation-object */
export interface OperationNode {
  kind: 'operation';
  /** Stable unique key: `METHOD path`, e.g. `GET /api/v1/contacts`. */
  key: string;
  method: HttpMethod;
  /** Path template as written in `paths`. */
  path: string;
  /** `operationId` as written, if any. */
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Parameters, path-item level merged with operation level; sorted path → query → header → cookie, then by position. */
  parameters: ParameterNode[];
  requestBody?: RequestBodyNode;
  /** Responses sorted by status key. */
  responses: ResponseNode[];
  /** Effective security requirements (operation level, else document level). Empty when none. */
  security: SecurityRequirementNode[];
  /** `#/paths/<escaped path>/<method>`. */
  pointer: string;
}

/** The five CRUD operations, in the order spec §2 lists missing operations. */
export type CrudRole = 'list' | 'read' | 'create' | 'update' | 'delete';

/** The five CRUD roles in canonical order. */
export const CRUD_ROLES: readonly CrudRole[] = ['list', 'read', 'create', 'update', 'delete'];

/** Role of an operation inside its resource. */
export type OperationRole = CrudRole | 'search' | 'summary' | 'action' | 'download' | 'other';

/** Kind of a detected resource (issue "Resource detection", kinds). */
export type ResourceKind = 'crud' | 'search' | 'summary' | 'action' | 'download' | 'other';

/** An operation as a member of a resource. */
export interface ResourceOperation {
  role: OperationRole;
  /** camelCase name, unique within the resource, e.g. `listContacts`, `archiveContact`. Plugins derive symbols from it. */
  name: string;
  /** Key of the operation in {@link ApiModel.operations}. */
  operationKey: string;
  /**
   * Why the operation got its role and name, in one line, e.g.
   * `list: GET on collection /pets; operationId listPets agrees`. Core's detector always sets it.
   */
  reason?: string;
}

/**
 * A detection record (spec §2 "Detection record").
 *
 * `resource` is unique across the model and is used for folder and symbol names.
 */
export interface ResourceNode {
  kind: 'resource';
  /** Resource kind. */
  resourceKind: ResourceKind;
  /** Plural collection name in camelCase, unique in the model, e.g. `contacts`, `contactsArchive`. */
  resource: string;
  /** Singular PascalCase entity name, e.g. `Contact`. */
  entity: string;
  /** Plural PascalCase name, e.g. `Contacts`. */
  plural: string;
  /** PascalCase verb of an action or download resource, e.g. `Archive`, `Download`. */
  action?: string;
  /** True when the group has at least list and read. */
  crudCandidate: boolean;
  /** Absent CRUD operations among list, read, create, update, delete, in that order; `[]` for full CRUD and for non-CRUD kinds. */
  missingOperations: CrudRole[];
  /** Collection path (for crud), as written in the contract. */
  collectionPath?: string;
  /** Item path (for crud), as written in the contract. */
  itemPath?: string;
  /** Member operations sorted by role order, then method and path. */
  operations: ResourceOperation[];
  /** Pointer of the first operation, for diagnostics. */
  pointer: string;
}

/** Document-level facts. */
export interface ApiMeta {
  /** `info.title`. */
  title: string;
  /** `info.version`. */
  version: string;
  /** `openapi` field, e.g. `3.1.0` (after any upgrade). */
  openapi: string;
  /** First server URL, if any. */
  serverUrl?: string;
  /** Absolute path of the entry file. */
  sourceFile: string;
  /** Names of declared security schemes, sorted. */
  securitySchemes: string[];
  /** Count of webhook operations (they are not resources). */
  webhookOperations: number;
}

/**
 * The normalized contract: what every plugin reads.
 */
export interface ApiModel {
  meta: ApiMeta;
  /** Named schemas sorted by `typeName`. */
  schemas: NamedSchema[];
  /** All operations of `paths`, sorted by path then method. */
  operations: OperationNode[];
  /** Detected resources sorted by `resource`. Filled by the `detect` hook. */
  resources: ResourceNode[];
  /**
   * `'Date'` when the config sets `dates: 'Date'`: `date` and `date-time` strings are `Date` objects in the
   * generated layer (see `isDateString`). Absent for the default, plain strings.
   */
  dates?: 'Date';
}
