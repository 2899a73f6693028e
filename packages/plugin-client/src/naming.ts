import type { ArgumentDeclaration, OperationSignature, ResourceNode, ResourceOperation } from '@reslayer/core';
import { declareArguments, isReservedTypeName, noLeadingDigit, pascalName, printPathArgumentType } from '@reslayer/core';

/** Name of plugin-client: its tap name, and what other plugins list in `requires`. */
export const PLUGIN_CLIENT = 'plugin-client';

/** Folder of the generated client layer, relative to the source root. */
export const CLIENT_ROOT = 'shared/api/generated';

/**
 * PascalCase base of an operation's type names. An operation name that starts with a digit is
 * `_`-prefixed (`_2faSettings`); PascalCase would drop the `_`, so it is put back: `_2faSettings` → `_2faSettings`.
 */
const typeBase = (name: string): string => noLeadingDigit(pascalName(name));

const pathArgumentType = (s: OperationSignature, ident: string): string => printPathArgumentType(s.pathArgs.find((p) => p.ident === ident) ?? {});

/** Members every query keys object has; operation-named members avoid them. */
const QUERY_KEY_MEMBERS: ReadonlySet<string> = new Set(['all', 'lists', 'list', 'details', 'detail']);

/**
 * Members of every `<resource>Client` besides the operation methods: `with`. Operation methods never take
 * them (`with` is a reserved word, which core never gives an operation: an operationId `with` is `with_`).
 */
export const CLIENT_MEMBERS: ReadonlySet<string> = new Set(['with']);

/** Names ending in `Client` that generated files import from `@reslayer/runtime` or take as a parameter (TanStack's `queryClient`). */
export const TAKEN_CLIENT_NAMES: ReadonlySet<string> = new Set(['createClient', 'defaultClient', 'configureClient', 'queryClient']);

/**
 * The names plugin-client gives to files and symbols. Other plugins import these pure functions
 * and never rebuild the strings themselves (architecture guide G6).
 */
export const clientNaming = {
  /** `shared/api/generated/components.types.ts`: the shared component types. */
  componentsFile: (): string => `${CLIENT_ROOT}/components.types.ts`,
  /** Folder of a resource: `shared/api/generated/<resource>`. */
  resourceDir: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}`,
  /** `<dir>/<resource>.client.ts`. */
  clientFile: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}/${r.resource}.client.ts`,
  /** `<dir>/<resource>.types.ts`. */
  typesFile: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}/${r.resource}.types.ts`,
  /** `<dir>/<resource>.query-keys.ts`. */
  queryKeysFile: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}/${r.resource}.query-keys.ts`,
  /** `<dir>/index.ts`: re-exports client, query keys and types. */
  indexFile: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}/index.ts`,
  /**
   * Client object: `contactsClient`; `<resource>ResourceClient` where `<resource>Client` is a name the generated
   * files import from the runtime or take as a parameter (`defaultClient`, `createClient`, `configureClient`,
   * `queryClient`), so that no import or parameter shadows it.
   */
  clientObject: (r: Pick<ResourceNode, 'resource'>): string => (TAKEN_CLIENT_NAMES.has(`${r.resource}Client`) ? `${r.resource}ResourceClient` : `${r.resource}Client`),
  /** Private factory of a client's methods in `<resource>.client.ts`: `contactsMethods`. */
  methodsFactory: (r: Pick<ResourceNode, 'resource'>): string => `${r.resource}Methods`,
  /** Query keys object: `contactsQueryKeys`. */
  queryKeysObject: (r: Pick<ResourceNode, 'resource'>): string => `${r.resource}QueryKeys`,
  /** Client method of an operation: its detected name, e.g. `listContacts`. */
  method: (op: Pick<ResourceOperation, 'name'>): string => op.name,
  /**
   * Type alias of a resource's entity in `<resource>.types.ts`: the entity name (`Contact`), with `Type` appended
   * when it would shadow a global type the module uses (`Record` → `RecordType`), as core's `safeTypeName` does.
   */
  entityType: (r: Pick<ResourceNode, 'entity'>): string => (isReservedTypeName(r.entity) ? `${r.entity}Type` : r.entity),
  /** Type of the query/header/cookie parameters object: `ListContactsParams`. */
  paramsType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}Params`,
  /** Type of the request body: `CreateContactPayload`. */
  payloadType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}Payload`,
  /** Type of the success response body: `GetContactResponse`. */
  responseType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}Response`,
  /** Type of one event's data of a `text/event-stream` response: `CreateChatCompletionEvent`. */
  eventType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}Event`,
  /** Type of one item of an OpenAPI 3.2 `itemSchema` stream (SSE, JSON Lines, json-seq): `StreamLogsStreamItem`. */
  streamItemType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}StreamItem`,
  /** Type of the parsed error body: `GetContactErrorBody`. */
  errorBodyType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}ErrorBody`,
  /** Type of the thrown error: `GetContactError` (= `ApiError<GetContactErrorBody>`). */
  errorType: (op: Pick<ResourceOperation, 'name'>): string => `${typeBase(op.name)}Error`,
  /**
   * Query key factory member of a GET operation: `list` and `detail` for the CRUD list and read,
   * the operation name for any other GET.
   */
  queryKey: (op: Pick<ResourceOperation, 'name' | 'role'>): string =>
    op.role === 'list' ? 'list' : op.role === 'read' ? 'detail' : QUERY_KEY_MEMBERS.has(op.name) ? `${op.name}Query` : op.name,
  /** PascalCase base of an operation's type names (`listContacts` → `ListContacts`), always a valid identifier start. */
  typeBase: (op: Pick<ResourceOperation, 'name'>): string => typeBase(op.name),
  /**
   * The positional parameter list of an operation's client method (without `options`): path parameters
   * typed by their schema (`string`, `number`, a literal union…; see `printPathArgumentType`: no import
   * needed), `payload` typed `<Op>Payload`, `params` typed `<Op>Params`.
   */
  argumentList: (s: OperationSignature): ArgumentDeclaration[] =>
    declareArguments(
      s.args.map((a) => ({
        name: a.name,
        type: a.role === 'path' ? pathArgumentType(s, a.name) : a.role === 'body' ? `${typeBase(s.op.name)}Payload` : `${typeBase(s.op.name)}Params`,
        optional: !a.required,
      })),
    ),
  /** Type of the path argument `ident` of an operation (as in {@link clientNaming.argumentList}). */
  pathArgumentType: (s: OperationSignature, ident: string): string => pathArgumentType(s, ident),
  /** Namespace the types file imports the component types under. */
  schemasNamespace: 'Schemas',
} as const;
