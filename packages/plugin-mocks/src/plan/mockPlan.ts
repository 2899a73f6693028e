import type { CrudRole, PropertyNode, PropertyPath, ResourceNode, SchemaNode } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import type { ListQuery } from '../store/listQuery.js';
import type { Definitions, JsonSchema } from './requestSchema.js';
import type { SharedUrl } from './sharedUrls.js';

// The data model of a resource's mocks: what the planning layer (`src/plan`) works out and the emitters print.

/** A typed constant of the fixtures file. */
export interface FixtureDecl {
  /** Name of the exported constant, e.g. `searchFixture`. */
  name: string;
  /** Client type; the constant is typed `type` (or `type[]` when `array`). */
  type: string;
  /** The client type name `type` is written with, when `type` is not a name (`NonNullable<GetNoteResponse['data']>`). */
  typeImport?: string;
  /** True for a list of entities (`type[]`). */
  array?: boolean;
  /** The sampled value (JSON-like data, see `sampleSchema`). */
  value: unknown;
  /** One-line TSDoc text (no contract text). */
  doc: string;
  /** False when the type has no possible value; the constant is then cast (see `Sample.exact`). */
  exact?: boolean;
  /** The schema sampled (an error body's), to find an earlier fixture of the same value and type. */
  schema?: SchemaNode;
  /** An earlier fixture of the same value and type: this constant is declared as that one. */
  alias?: string;
}

/** What a handler answers with, or an error answer. */
export type Body =
  | { kind: 'none' }
  | { kind: 'entity'; wrap?: Wrap }
  /**
   * The stored entity's properties over a sample: of a response that extends the entity (`allOf: [Entity, {…}]`,
   * every property), or of one that is a view carrying its key (`{ uuid, status }`, the `pick`ed properties); `at`
   * the property of a wrapper that holds such a view (`{ command: { name, args }, duration }`), `with` its other
   * required properties.
   */
  | { kind: 'view'; sample: object; pick?: string[]; text?: string[]; at?: string; with?: object }
  | { kind: 'json'; fixture: string; emptyFixture: string; cast: boolean }
  | { kind: 'text'; fixture: string; mediaType: string }
  | { kind: 'blob'; mediaType: string };

/** An error answer: status and, when the contract gives a JSON schema, a typed fixture. */
export interface ErrorAnswer {
  /** HTTP status of the answer. */
  status: number;
  /** Name of the error body fixture; no body without it. */
  fixture?: string;
  /** True when the body may be typed `unknown` and needs a cast (see `mayBeUnknown`). */
  cast: boolean;
}

/** Everything the handler of one operation needs. */
export interface OperationPlan {
  /** The operation's signature (core's `describeOperation`). */
  sig: OperationSignature;
  /** `http` member: the operation's method, `all` for TRACE, QUERY and `additionalOperations` methods. */
  method: 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  /** The request method an `all` handler answers, upper case (`QUERY`); absent for the others (TRACE answers any). */
  verb?: string;
  /**
   * MSW path pattern without the base prefix, e.g. `/api/v1/contacts/:contactId`: from the URL path the client
   * sends (`sig.urlPath`: the path key without a literal `?query` or `#fragment`).
   */
  pattern: string;
  /**
   * How the handler shares its URL with other operations (path keys that differ by a literal query or a fragment
   * only), or checks its literal query; absent for an operation alone on its URL. `answered`: no handler.
   */
  shared?: SharedUrl;
  /** MSW names of the path parameters, by contract name. */
  params: Map<string, string>;
  /** Success status (a 2XX status of the contract, else 200). */
  status: number;
  /** The success answer. */
  body: Body;
  /** The answer in the `error` scenario. */
  error: ErrorAnswer;
  /** The 404 answer of a missing item (store item operations, and item operations in the `empty` scenario). */
  notFound?: ErrorAnswer;
  /** Role when the handler is served from the store. */
  storeRole?: CrudRole;
  /** Path parameter values (by MSW name) for which another operation's literal path is meant: the handler steps aside. */
  stepAside: Array<Array<[string, string]>>;
  /**
   * MSW patterns (without the base) of the same method's more precise paths that may match what this pattern
   * matches with a different split into base and path (`*` + `/assets` also matches `…/tags/assets`): when one
   * of them matches the request (with the handler's base), the handler steps aside.
   */
  yieldTo: string[];
  /** Payload properties a store create/update copies into the entity (see `writableFields`). */
  writable?: Fields;
  /** Where the request body holds the entity, when a wrapper holds it (`{ contact: {...} }`, `['Accounts', '0']`). */
  payload?: string | string[];
  /** The key property a create's payload may name for itself (see `givenKey`). */
  givenKey?: string;
  /** How a list that answers its fixture filters, sorts and pages the fixture's items (see `fixtureListPlan`). */
  page?: ListPlan;
  /** An action on a stored item that answers the item: it updates the store (see `planEntityAction`). */
  action?: ActionPlan;
  /** How the JSON request body is validated (see `requestSchema`), when the operation has one. */
  request?: RequestPlan;
}

/** How an operation's JSON request body is validated: its schema, whether it is required, the answer to a bad one. */
export interface RequestPlan {
  /** JSON Schema (draft-07) of the body; references point into the resource's `definitions`. */
  schema: JsonSchema;
  /** True when the contract marks the request body `required`. */
  required: boolean;
  /** The answer to a body that breaks the schema (see `invalidAnswer`). */
  invalid: ErrorAnswer;
  /** True when no response of the contract covers 400 (no 400, 422, 4XX or default): the runtime answers 400 with a problem body. */
  problem: boolean;
}

/** How an action on an item (`POST /contacts/{contactId}/archive`) updates the store that holds it. */
export interface ActionPlan {
  /** The store's exported name (`contactsStore`). */
  store: string;
  /** The resource whose handlers file declares the store, when it is not the action's own resource. */
  from?: ResourceNode;
  /** MSW name of the path parameter holding the item key. */
  keyParam: string;
  /** Top-level properties the action sets, with their values (`['status', 'archived']`). */
  set: Array<[string, string | boolean]>;
  /** Payload properties merged into the item (see `writableFields`). */
  writable: Fields;
}

/** The store of a CRUD resource. */
export interface StorePlan {
  /** Facts about the stored entity. */
  entity: EntityFacts;
  /** Client type of the entity: the read operation's response type, or the type of the property that wraps it there. */
  entityType: string;
  /** The client type name {@link entityType} is written with (the read operation's response type). */
  entityImport: string;
  /** MSW name of the item path parameter. */
  keyParam: string;
  /**
   * Store keys of the seed fixtures when no entity property holds the key (keyed by position): `'1'`, `'2'`… when
   * the item path parameter accepts them, else values of its schema (`…-000000000001` for a `format: uuid` parameter),
   * so that a request with a valid parameter finds the items.
   */
  positionKeys?: string[];
  /**
   * Where the items carry their store key when no entity property holds it but the entity allows one more property
   * (Bitbucket's branch restrictions and snippet comments, read by `{id}` and `{comment_id}`): the item path
   * parameter's name (the name the contract gives the key), or `id` when the entity declares a property of that name
   * that does not hold the key. The store writes each item's key there, so a list, a create's
   * answer and a detail show the key a client opens the item by; views and summaries take it as the entity's key
   * (see listPlan's `summaryOf`). Its schema (and so its kind) is the parameter's.
   */
  carriedKey?: EntityKey;
  /**
   * Keys for created items when the plain ones (`<property>-<n>`, counting numbers, `String(n)`) would break the
   * key's schema (a `pattern` such as `^ord_[0-9a-z]{26}$`, a format, a length or a range): values of that schema
   * no seed fixture has, used first (`nextId`).
   */
  freshKeys?: Array<string | number>;
  /** The list operation served from the store, when its response holds the entity. */
  list?: ListPlan;
  /** The time stamps a create sets (all) and an update sets (`updated`), later than every seed's (see `stampsOf`). */
  stamps?: { created: string[]; updated: string[] };
  /** The sub-collections the entity embeds, answered from their stores by the read (see `planEmbeds`). */
  embeds?: EmbedPlan[];
  /** A relationship (the read answers no body): a PUT without a request body adds the item the path names. */
  relation?: boolean;
}

/** A sub-collection an entity embeds: the array property and the store of the child resource that fills it. */
export interface EmbedPlan {
  /** The entity's array property (`comments`). */
  property: string;
  /** The child store's exported name (`postsCommentsStore`). */
  store: string;
  /** The child resource, whose handlers file declares the store. */
  from: ResourceNode;
}

/** The mocks of one resource: operations, store and fixtures. */
export interface MockPlan {
  /** The resource. */
  resource: ResourceNode;
  /** Its operations, most precise path first (the order of the handlers). */
  ops: OperationPlan[];
  /** The in-memory store of a CRUD resource. */
  store?: StorePlan;
  /** The constants of the fixtures file, in order. */
  fixtures: FixtureDecl[];
  /** Named schemas the request schemas refer to, by type name (`#/definitions/<TypeName>`). */
  definitions: Definitions;
}

/** How the list reads its page window from the query string (the runtime's `PageWindow`). */
export type PageWindow =
  | { mode: 'page'; param: string; size?: string; first?: number; defaultPage?: number; defaultSize: number }
  | { mode: 'offset'; param: string; limit?: string; defaultSize: number }
  | { mode: 'cursor'; param: string; limit?: string; defaultSize: number; after?: PropertyPath; encode?: 'base64' };

/** What fills a property of the page object (the runtime's `PageSource`). */
export type PageSource = 'items' | 'total' | 'pages' | 'page' | 'size' | 'offset' | 'hasMore' | 'hasPrevious' | 'nextCursor' | 'nextUrl' | 'nextPage';

/** A property of the page object, what fills it, and for a next cursor, URL or page its value on the last page. */
export type PageField = [path: PropertyPath, source: PageSource, last?: null | ''];

/** The list operation served from the store (the runtime's `ListSpec`). */
export interface ListPlan {
  /** Where the items are; absent when the body is the array. */
  items?: PropertyPath;
  /** The page window; absent when the list has no pagination. */
  page?: PageWindow;
  /** The page object's computed properties. */
  fields: PageField[];
  /** The page object's other required properties, sampled. */
  template?: object;
  /** Query parameters named like a scalar entity property: `[query name, property, list separator]`. */
  filters: Array<[string, string, string]>;
  /** Free-text parameters and the string properties they search (see `listQueryOf`). */
  search?: ListQuery['search'];
  /** Sort parameters and the direction parameter (see `listQueryOf`). */
  sort?: ListQuery['sort'];
  /** The entity properties a list item carries, when the list answers a summary of each stored item. */
  pick?: string[];
  /** Of {@link pick}, those carried as their text (a numeric key the item declares a string, see `summaryOf`). */
  text?: string[];
  /** What a summary item starts from before the picked properties are copied in (see `summaryOf`). */
  itemDefaults?: object;
  /** The key property, when the list answers the stored items' keys (`['Actionscript', 'Ada']`, see `listsKeys`). */
  keys?: string;
  /** True when the list sends a `Link` header with the next page. */
  link?: boolean;
  /** The response header that holds the next cursor, sent while more items follow (`NextPageToken`). */
  nextHeader?: string;
}

/**
 * Properties a merge copies: a name (the value is copied as is), `[name, fields]` (the object value is merged into
 * the object the target holds, one level down) or `[name, 'non-null']` (copied unless it is `null`).
 */
export type Fields = Array<string | [string, Fields] | [string, 'non-null']>;

/** The item key of a store: the entity property that holds the item path parameter's value. */
export interface EntityKey {
  /** Property path: `['id']`. */
  path: string[];
  /** How a created item gets its key: a counting UUID, `<property>-<n>`, a counting number, or the first unused enum value. */
  kind: 'uuid' | 'string' | 'number' | 'enum';
  /** The key property's schema. */
  schema: SchemaNode;
  /** The values of an enum key. */
  values?: Array<string | number>;
}

/** Where an entity sits in a body that wraps it: `{ [path]: entity, ...with }`. */
export interface Wrap {
  /** The property holding the entity; `''` for the body itself (a bare one-item array, `one`). */
  path: string;
  /** Its schema. */
  schema: SchemaNode;
  /** The body's other required properties, sampled. */
  with?: unknown;
  /** True when the property holds a one-item array of the entity (Xero's `{ Accounts: [Account] }`). */
  one?: boolean;
}

/** Facts about the entity of a store-backed CRUD resource. */
export interface EntityFacts {
  /** The entity's schema (the read operation's response schema, or the object it wraps). */
  schema: SchemaNode;
  /** Where the read's response holds the entity, when it wraps it. */
  wrap?: Wrap;
  /** Its properties in responses (core's `objectProperties`, read mode). */
  props: PropertyNode[];
  /** Absent when no property holds the item key: the store is then keyed by position (`'1'`, `'2'`…). */
  key?: EntityKey;
  /** The key and readOnly properties: a payload cannot change them and PUT keeps them. */
  serverFields: Fields;
}
