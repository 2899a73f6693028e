/**
 * The schema nodes of the normalized intermediate representation (IR): one interface per JSON Schema
 * kind, their union {@link SchemaNode}, and the named schemas of `ApiModel.schemas`. Re-exported by
 * `types.ts`; every node carries a `pointer` (RFC 6901) into the bundled contract.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */

/** Facts shared by every schema node. */
export interface SchemaMeta {
  /** JSON pointer of the schema in the bundled contract, e.g. `#/components/schemas/Contact`. */
  pointer: string;
  /** `title` of the schema, if any. */
  title?: string;
  /** `description` of the schema, if any (raw text: emitters must escape it). */
  description?: string;
  /** True when the value may be `null` (3.0 `nullable: true`, or 3.1 `type: [T, "null"]`). */
  nullable?: boolean;
  /** True for `readOnly: true`: present in responses, absent from request payloads. */
  readOnly?: boolean;
  /** True for `writeOnly: true`: present in request payloads, absent from responses. */
  writeOnly?: boolean;
  /** True for `deprecated: true`. */
  deprecated?: boolean;
  /** `default` value, if any. */
  default?: unknown;
  /** First example found: `example`, else the first of `examples`. */
  example?: unknown;
}

/** A reference to a named schema of `ApiModel.schemas`, by its key. */
export interface RefSchema extends SchemaMeta {
  kind: 'ref';
  /** Key of the target in `ApiModel.schemas` (the component name, or a hoisted name). */
  target: string;
}

/** A string schema. `enum`/`const` become a literal union. */
export interface StringSchema extends SchemaMeta {
  kind: 'string';
  /** `format`, e.g. `date-time`, `uuid`, `email`, `binary`. */
  format?: string;
  /** Allowed values (`enum`, or `[const]`). */
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** A number or integer schema. */
export interface NumberSchema extends SchemaMeta {
  kind: 'number';
  /** True for `type: integer`. */
  integer: boolean;
  format?: string;
  enum?: number[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/** A boolean schema. */
export interface BooleanSchema extends SchemaMeta {
  kind: 'boolean';
  enum?: boolean[];
}

/** The `null` type (3.1 `type: "null"` alone). */
export interface NullSchema extends SchemaMeta {
  kind: 'null';
}

/** An array schema. */
export interface ArraySchema extends SchemaMeta {
  kind: 'array';
  /** Item schema (`unknown` when absent); with {@link ArraySchema.prefixItems}, the schema of the items after them. */
  items: SchemaNode;
  /**
   * 3.1 / JSON Schema 2020-12 `prefixItems` (or a pre-2020 `items` array): the schemas of the first items, by
   * position. Absent when the contract gives none. An item beyond the array's length is simply missing.
   * @see https://json-schema.org/draft/2020-12/json-schema-core#name-prefixitems
   */
  prefixItems?: SchemaNode[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** One property of an object schema. */
export interface PropertyNode {
  /** Property name exactly as in the contract (emitters quote it when needed). */
  name: string;
  /** True when the name is listed in `required`. */
  required: boolean;
  schema: SchemaNode;
}

/** An object schema. */
export interface ObjectSchema extends SchemaMeta {
  kind: 'object';
  /** Properties in the contract's declaration order (deterministic: the order of the parsed document's keys). */
  properties: PropertyNode[];
  /** `additionalProperties`: a schema, `true` (any value), or `false`/absent (none). */
  additionalProperties?: SchemaNode | true;
  /** True for `additionalProperties: false`: the contract forbids properties beyond `properties` (absent says nothing). */
  closed?: true;
  minProperties?: number;
  maxProperties?: number;
  /** `if`/`then`/`else` written on the object schema, if any (see {@link ConditionalNode}). */
  conditional?: ConditionalNode;
  /**
   * True for the `allOf` member core adds to a schema that extends a component with a discriminator: the
   * discriminator property pinned to this schema's value (its mapping key, else its name). OpenAPI's inheritance
   * reading, not a keyword of the contract's JSON Schema.
   * @see https://spec.openapis.org/oas/v3.1.0#discriminator-object
   */
  tag?: true;
}

/**
 * JSON Schema 2020-12 `if`/`then`/`else`: when a value validates against `if`, it must validate against `then`,
 * otherwise against `else`. Types do not show it; mock samples keep to it. A `then`/`else` that only lists
 * `required` names becomes an object whose properties are those names, required, with an `unknown` schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-keywords-for-applying-subsche
 */
export interface ConditionalNode {
  if: SchemaNode;
  then?: SchemaNode;
  else?: SchemaNode;
}

/** A discriminator of a union. @see https://spec.openapis.org/oas/v3.1.0#discriminator-object */
export interface DiscriminatorNode {
  /** Name of the property that tells the variants apart. */
  propertyName: string;
  /** Discriminator value → index into the union's `variants`. */
  mapping: Array<{ value: string; variant: number }>;
}

/** `oneOf`/`anyOf` (and 3.1 multi-type `type` arrays): a TypeScript union. */
export interface UnionSchema extends SchemaMeta {
  kind: 'union';
  /** `oneOf`, `anyOf`, or `type` for a 3.1 type array. */
  source: 'oneOf' | 'anyOf' | 'type';
  variants: SchemaNode[];
  discriminator?: DiscriminatorNode;
}

/** `allOf`: a TypeScript intersection. */
export interface IntersectionSchema extends SchemaMeta {
  kind: 'intersection';
  members: SchemaNode[];
}

/** A schema that allows any value (`{}`, `true`, or something not representable). */
export interface UnknownSchema extends SchemaMeta {
  kind: 'unknown';
}

/** A normalized schema. Discriminated by `kind`. */
export type SchemaNode =
  | RefSchema
  | StringSchema
  | NumberSchema
  | BooleanSchema
  | NullSchema
  | ArraySchema
  | ObjectSchema
  | UnionSchema
  | IntersectionSchema
  | UnknownSchema;

/** A named schema: a `components.schemas` entry, or a schema hoisted to break a `$ref` cycle. */
export interface NamedSchema {
  kind: 'named-schema';
  /** Unique key (the component name as written in the contract). */
  name: string;
  /** Unique, safe PascalCase TypeScript type name. */
  typeName: string;
  schema: SchemaNode;
  pointer: string;
}
