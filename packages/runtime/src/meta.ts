/**
 * Types of the resource metadata that `@reslayer/plugin-config-meta` generates per resource:
 * the form/filter/table/pagination config (`<resource>Config`), the permissions map
 * (`<resource>Permissions`) and the i18n catalog (`<resource>I18n`).
 *
 * Generated objects are written as `{ … } as const satisfies ResourceConfig`, so they keep their
 * literal types (field names, enum values) while being checked against these shapes. Absent facts
 * are left out (never `undefined`), so every optional member here is absent or holds a real value.
 *
 * Only types live here: the metadata is plain data and needs no runtime code.
 *
 * @packageDocumentation
 */
import type { HttpMethod } from './types.js';

/**
 * Kind of form control for a field or filter, chosen from the schema:
 *
 * | Input | Schema |
 * |---|---|
 * | `text` | string (no format below, `maxLength` up to the threshold, default 255) |
 * | `textarea` | string with `maxLength` above the threshold |
 * | `email` / `url` / `password` / `tel` | string with format `email` / `uri`,`url`,`iri` / `password` / `tel`,`phone` |
 * | `date` / `datetime-local` / `time` | string with format `date` / `date-time` / `time` |
 * | `file` | string with format `binary`, or an array of those |
 * | `number` | number or integer |
 * | `checkbox` | boolean |
 * | `select` | string or number with `enum` |
 * | `multiselect` | array of an enum |
 * | `tags` | array of plain strings |
 * | `json` | object, unknown, or a union/intersection with more than one non-null member |
 *
 * @example
 * const control = field.input === 'select' ? renderSelect(field.enum ?? []) : renderInput(field.input);
 */
export type InputType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'password'
  | 'tel'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'datetime-local'
  | 'time'
  | 'file'
  | 'tags'
  | 'json';

/**
 * How a table cell renders a column value: `date`/`datetime` for string formats `date`/`date-time`,
 * `email`/`url`/`uuid` for those formats, `enum` for a string or number enum, `number`, `boolean`,
 * `list` for arrays, `json` for objects and anything mixed, `text` otherwise.
 */
export type CellType = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum' | 'email' | 'url' | 'uuid' | 'json' | 'list';

/** A JSON value as it appears in generated metadata (schema `default`s). */
export type MetaValue = string | number | boolean | null | readonly MetaValue[] | { readonly [key: string]: MetaValue };

/** An enum value of a field or filter. */
export type EnumValue = string | number | boolean;

/**
 * Validation constraints of a field, copied from the schema. Only the keywords the contract states
 * are present. For arrays, `minItems`/`maxItems` apply to the array itself.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6
 */
export interface FieldConstraints {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** ECMA-262 regular expression source, as written in the contract. */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/**
 * One form field: a property of the resource's create (else update) request body.
 * readOnly properties are not form fields and never appear.
 * @example
 * { name: 'status', label: 'Status', input: 'select', required: true, nullable: false, enum: ['lead', 'active'] }
 */
export interface FieldMeta {
  /** Property name exactly as in the contract (the payload key). */
  readonly name: string;
  /** Schema `title`, else the humanized name (`firstName` → `First name`). */
  readonly label: string;
  /** Form control kind. */
  readonly input: InputType;
  /** True when the property is listed in the schema's `required`. */
  readonly required: boolean;
  /** True when `null` is an allowed value. */
  readonly nullable: boolean;
  /** Allowed values, for `select` and `multiselect`. */
  readonly enum?: readonly EnumValue[];
  /** Validation constraints; absent when the schema states none. */
  readonly constraints?: FieldConstraints;
  /** Schema `default`, when given. */
  readonly default?: MetaValue;
  /** Schema `description` (raw contract text, for help text), when given. */
  readonly description?: string;
  /**
   * `'Date'` when the value is a `Date` object, not a string: a `date`/`date-time` field of a layer generated with
   * `dates: 'Date'` (bind it with `valueAsDate`). Absent for plain JSON values.
   */
  readonly valueType?: 'Date';
}

/**
 * One list filter: a query parameter of the resource's list (else search, else first GET) operation,
 * other than its pagination and sort parameters.
 */
export interface FilterMeta {
  /** Query parameter name exactly as in the contract. */
  readonly name: string;
  /** Schema `title`, else the humanized name (`q` → `Search`). */
  readonly label: string;
  /** Form control kind (same mapping as {@link FieldMeta.input}). */
  readonly input: InputType;
  /** True for a required query parameter. */
  readonly required: boolean;
  /** True when the parameter takes several values (an array schema). */
  readonly multiple: boolean;
  /** Allowed values, for `select` and `multiselect`. */
  readonly enum?: readonly EnumValue[];
  /** Parameter `description`, when given. */
  readonly description?: string;
  /**
   * `'Date'` when the value is a `Date` object, not a string: a `date`/`date-time` field of a layer generated with
   * `dates: 'Date'` (bind it with `valueAsDate`). Absent for plain JSON values.
   */
  readonly valueType?: 'Date';
}

/**
 * One table column: a property of the list item schema (writeOnly properties left out).
 */
export interface ColumnMeta {
  /** Property name exactly as in the contract. */
  readonly name: string;
  /** Schema `title`, else the humanized name. */
  readonly label: string;
  /** How the cell renders the value. */
  readonly cell: CellType;
  /**
   * True when the list operation has a sort parameter (`sort`, `sortBy`, `order`, `orderBy`, …)
   * whose enum lists this column (as `name`, `-name`, `+name`, `name:asc`, `name.desc`, …).
   */
  readonly sortable: boolean;
  /**
   * `'Date'` when the value is a `Date` object, not a string: a `date`/`date-time` field of a layer generated with
   * `dates: 'Date'` (bind it with `valueAsDate`). Absent for plain JSON values.
   */
  readonly valueType?: 'Date';
  /** How to sort the list by this column; present when `sortable`. */
  readonly sort?: ColumnSort;
}

/**
 * The query parameter that sorts the list by a column and its values, as the contract's sort parameter
 * states them (enum values, or the names its `pattern` lists): `{ param: 'sort', asc: 'lastName', desc: '-lastName' }`
 * gives `?sort=-lastName` for descending order. A direction the parameter does not offer is absent.
 */
export interface ColumnSort {
  /** The query parameter's name (`sort`, `order_by`, …). */
  readonly param: string;
  /** The value for ascending order (`lastName`, `lastName:asc`). */
  readonly asc?: string;
  /** The value for descending order (`-lastName`, `lastName:desc`). */
  readonly desc?: string;
}

/**
 * Where a value sits in a list response: a top-level property's name, or the names from the body down to a
 * nested one (`['meta', 'total']`, `['links', 'next']`).
 */
export type PropertyPath = string | readonly string[];

/**
 * What every paginated list reports. `itemsProperty` is absent when the response body itself is the array of
 * items; a fact the response does not carry is absent.
 */
export interface PageFacts {
  /** Response property holding the items. */
  readonly itemsProperty?: PropertyPath;
  /** Response property holding the total item count (page and offset lists). */
  readonly totalProperty?: PropertyPath;
  /** Boolean response property telling whether more items exist (`has_more`, `hasNextPage`, …). */
  readonly hasMoreProperty?: PropertyPath;
  /** True when the response declares a `Link` header (RFC 8288) whose `rel="next"` link names the next page. */
  readonly linkHeader?: boolean;
}

/** Page-number pagination (`?page=2&pageSize=20`, `?page=2&per_page=20`, `?pageNum=2`). */
export interface PagePagination extends PageFacts {
  readonly mode: 'page';
  /** Query parameter of the page number. */
  readonly pageParam: string;
  /** Query parameter of the page size, when the operation has one. */
  readonly pageSizeParam?: string;
  /** `default` of the page size parameter, when given. */
  readonly defaultPageSize?: number;
  /** Number of the first page when it is not 1 (`0` for zero-based pages). */
  readonly firstPage?: number;
  /** Response property holding the next page's number or URL, empty or null on the last page. */
  readonly nextProperty?: PropertyPath;
  /** True when the page parameter is typed as a string holding a number: the page goes as `String(page)`. */
  readonly numericString?: true;
}

/** Offset pagination (`?offset=40&limit=20`). */
export interface OffsetPagination extends PageFacts {
  readonly mode: 'offset';
  /** Query parameter of the offset (`offset`, `skip`). */
  readonly offsetParam: string;
  /** Query parameter of the page size (`limit`, `take`, …), when the operation has one. */
  readonly limitParam?: string;
  /** `default` of the limit parameter, when given. */
  readonly defaultLimit?: number;
  /** Response property holding the next page's URL, empty or null on the last page. */
  readonly nextProperty?: PropertyPath;
  /** True when the offset parameter is typed as a string holding a number: the offset goes as `String(offset)`. */
  readonly numericString?: true;
}

/**
 * Cursor pagination (`?cursor=abc&limit=20`). The next cursor comes from `nextCursorProperty` (a cursor, or a URL
 * carrying it), else the response header `nextCursorHeader`, else the `Link` header (`linkHeader`), else the
 * `nextCursorItemProperty` of the last item.
 */
export interface CursorPagination extends PageFacts {
  readonly mode: 'cursor';
  /** Query parameter of the cursor (`cursor`, `after`, `page_token`, `starting_after`, …). */
  readonly cursorParam: string;
  readonly limitParam?: string;
  /** Response property holding the next cursor (`nextCursor`, `next`, `next_page_token`, `links.next`, …). */
  readonly nextCursorProperty?: PropertyPath;
  /** True when the cursor parameter is a number (`since` beside a `Link` header): the generated query sends `Number(cursor)`. */
  readonly numericCursor?: true;
  /** Item property whose value in the last item is the next cursor (`id` for `starting_after`; `['data', 'id']` inside a wrapper). */
  readonly nextCursorItemProperty?: PropertyPath;
  /** Response header holding the next cursor, absent on the last page (`NextPageToken`, `X-Files-Cursor-Next`). */
  readonly nextCursorHeader?: string;
  /** `default` of the limit parameter, when given. */
  readonly defaultLimit?: number;
}

/**
 * Link pagination: no query parameter pages, the `Link` response header (RFC 8288) does; each next page is
 * requested with the query of its `rel="next"` URL.
 */
export interface LinkPagination extends PageFacts {
  readonly mode: 'link';
  readonly linkHeader: true;
}

/** The list operation is not paginated (or has no list operation). */
export interface NoPagination {
  readonly mode: 'none';
}

/** How the list operation pages its results. Discriminated by `mode`. */
export type PaginationMeta = PagePagination | OffsetPagination | CursorPagination | LinkPagination | NoPagination;

/**
 * The generated `<resource>Config`: everything a form, filter bar or table needs to know about a
 * resource, derived from the contract.
 * @example
 * import { contactsConfig } from './features/contacts/model';
 * const sortable = contactsConfig.columns.filter((c) => c.sortable).map((c) => c.name);
 */
export interface ResourceConfig {
  /** Form fields, in the contract's property order. Empty when the resource has no JSON/form request body. */
  readonly fields: readonly FieldMeta[];
  /**
   * The property of the request body that wraps the entity (`article` for `{ article: { … } }`): the fields are
   * that object's properties, and a request body is `{ [bodyWrapper]: values }`. Absent when the fields are the body's own.
   */
  readonly bodyWrapper?: string;
  /** List filters, in parameter order. */
  readonly filters: readonly FilterMeta[];
  /** Table columns, in the contract's property order. Empty when there is no object response. */
  readonly columns: readonly ColumnMeta[];
  /** Pagination of the list operation. */
  readonly pagination: PaginationMeta;
}

/**
 * One entry of the generated `<resource>Permissions` map, keyed by the CRUD role (`list`, `read`,
 * `create`, `update`, `delete`) or, for other operations, the operation name (`archiveContact`).
 */
export interface PermissionMeta {
  /** Stable permission string `<resource>:<key>`, e.g. `contacts:create`. */
  readonly permission: string;
  /**
   * Security scopes the contract declares for the operation (all requirements merged), sorted and
   * deduplicated; empty when none.
   */
  readonly scopes: readonly string[];
  /** HTTP method, upper case. */
  readonly method: HttpMethod;
  /** Path template as in the contract. */
  readonly path: string;
}

/** The generated `<resource>Permissions` map. */
export type ResourcePermissions = { readonly [key: string]: PermissionMeta };

/**
 * The generated `<resource>I18n` catalog: default (English) labels a translator can replace.
 * String values only.
 */
export interface ResourceI18n {
  /** Title of the resource, e.g. `Contacts`. */
  readonly title: string;
  /** Label per operation, keyed like {@link PermissionMeta} keys: the operation summary, else the humanized name. */
  readonly actions: { readonly [key: string]: string };
  /** Label per property name of the form fields and table columns, sorted by name. */
  readonly fields: { readonly [key: string]: string };
}
