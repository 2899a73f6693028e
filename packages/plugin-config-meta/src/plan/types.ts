/**
 * The plugin's own description of a resource's metadata, built by `describeResource()` and printed
 * by the emitters. It mirrors the types of `@reslayer/runtime`'s `meta.ts` (ResourceConfig,
 * PermissionMeta, ResourceI18n); the type-check test of the generated output keeps them in step.
 * Key order in these objects is the key order in the generated files.
 */

import type { ListPagination, SchemaTypeNames } from '@reslayer/core';

/** Form control kind; see `InputType` in `@reslayer/runtime`. */
export type InputKind =
  | 'text' | 'textarea' | 'email' | 'url' | 'password' | 'tel' | 'number' | 'checkbox'
  | 'select' | 'multiselect' | 'date' | 'datetime-local' | 'time' | 'file' | 'tags' | 'json';

/** Table cell kind; see `CellType` in `@reslayer/runtime`. */
export type CellKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum' | 'email' | 'url' | 'uuid' | 'json' | 'list';

/** An enum value of a field or filter. */
export type EnumValue = string | number | boolean;

/** Validation keywords copied from a schema (only those present). */
export type Constraints = Partial<Record<
  'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf' | 'minItems' | 'maxItems',
  number | string
>>;

/** A form field; printed as a `FieldMeta`. */
export interface FieldInfo {
  name: string;
  label: string;
  input: InputKind;
  required: boolean;
  nullable: boolean;
  enum?: EnumValue[];
  constraints?: Constraints;
  default?: unknown;
  description?: string;
  /** `'Date'` when the value is a `Date` object (config `dates: 'Date'`); absent for plain JSON values. */
  valueType?: 'Date';
}

/** A list filter; printed as a `FilterMeta`. */
export interface FilterInfo {
  name: string;
  label: string;
  input: InputKind;
  required: boolean;
  multiple: boolean;
  enum?: EnumValue[];
  description?: string;
  /** `'Date'` when the value is a `Date` object (config `dates: 'Date'`); absent for plain JSON values. */
  valueType?: 'Date';
}

/** A table column; printed as a `ColumnMeta`. */
export interface ColumnInfo {
  name: string;
  label: string;
  cell: CellKind;
  sortable: boolean;
  /** `'Date'` when the value is a `Date` object (config `dates: 'Date'`); absent for plain JSON values. */
  valueType?: 'Date';
  /** The sort parameter and its values for this column (present when `sortable`); see `ColumnSort` in `@reslayer/runtime`. */
  sort?: { param: string; asc?: string; desc?: string };
}

/** Pagination of the list operation; printed as a `PaginationMeta`. Absent facts are absent keys. */
export type PaginationInfo = ListPagination;

/** The members of `<resource>Config` (`bodyWrapper` only when the request body wraps the entity). */
export interface ConfigInfo {
  fields: FieldInfo[];
  /** The request body property that wraps the entity, when the fields are its properties (`article`). */
  bodyWrapper?: string;
  filters: FilterInfo[];
  columns: ColumnInfo[];
  pagination: PaginationInfo;
}

/** One operation of the resource: its permission entry and its i18n action label. */
export interface OperationInfo {
  /** Key in the permissions map and in `actions`: the CRUD role, else the operation name. */
  key: string;
  permission: string;
  scopes: string[];
  /** Upper-case HTTP method. */
  method: string;
  path: string;
  /** Operation summary, else humanized operation name. */
  label: string;
}

/** Everything the four files of a resource are printed from. */
export interface ResourceMeta {
  resource: string;
  /** Humanized resource name, e.g. `Contacts`. */
  title: string;
  config: ConfigInfo;
  operations: OperationInfo[];
  /** Field labels for the i18n catalog: form fields and columns, sorted by name. */
  fieldLabels: Array<[name: string, label: string]>;
}

/**
 * What the planners look schemas up in: the model's named schemas and the references cut to break
 * type-alias cycles (`getSchemaTypeNames(model)`), as core's `objectProperties` needs them.
 */
export type SchemaLookup = Pick<SchemaTypeNames, 'byName' | 'cut'>;
