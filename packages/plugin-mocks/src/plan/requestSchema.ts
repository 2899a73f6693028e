import type { NamedSchema, SchemaNode } from '@reslayer/core';

/** A JSON Schema (draft-07) object, as printed into the handlers file. */
export type JsonSchema = Record<string, unknown>;

/** Formats ajv-formats validates (the OpenAPI ones included); other formats are left out (any value passes). */
const FORMATS: ReadonlySet<string> = new Set([
  'date', 'time', 'date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname', 'ipv4', 'ipv6',
  'regex', 'uuid', 'json-pointer', 'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double',
]);

/** Named schemas reached from request bodies: type name → JSON Schema (`#/definitions/<TypeName>`). */
export type Definitions = Map<string, JsonSchema>;

/**
 * Named schemas already converted in a run, by definition name: the JSON Schema and the definitions it refers to
 * directly (target key, `open`). A named schema converts the same for every resource; only the set of definitions a
 * resource reaches differs, so later resources take the conversion from here and follow its references.
 */
export type ConvertedSchemas = Map<string, { readonly schema: JsonSchema; readonly refs: ReadonlyArray<readonly [string, boolean]> }>;

/** What a conversion reads and fills. */
interface Scope {
  /** Named schemas by key (`ApiModel.schemas`). */
  readonly schemas: ReadonlyMap<string, NamedSchema>;
  /** Receives the named schemas reached. */
  readonly definitions: Definitions;
  /** The run's converted named schemas, read and filled. */
  readonly converted: ConvertedSchemas;
  /** Receives the references met (target key, `open`) while a named schema is converted. */
  readonly refs: Array<readonly [string, boolean]> | undefined;
}

/** True when a `pattern` compiles as ajv compiles it (a Unicode regular expression). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** `type` with `null` added for a nullable schema; `enum` gets `null` too. */
function typed(type: string, node: SchemaNode, rest: JsonSchema): JsonSchema {
  const out: JsonSchema = { type: node.nullable ? [type, 'null'] : type, ...rest };
  if (node.nullable && Array.isArray(out['enum'])) out['enum'] = [...(out['enum'] as unknown[]), null];
  return out;
}

/** The defined keys of an object (absent values left out). */
const defined = (o: JsonSchema): JsonSchema => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A reference to a named schema, its definition added on first use (`open`: without `additionalProperties: false` on top). */
function reference(target: string, scope: Scope, open: boolean): JsonSchema {
  const named = scope.schemas.get(target);
  if (!named) return {};
  const name = open ? `${named.typeName}__open` : named.typeName;
  scope.refs?.push([target, open]);
  if (!scope.definitions.has(name)) {
    const known = scope.converted.get(name);
    scope.definitions.set(name, known?.schema ?? {});
    if (known) {
      const outer = { ...scope, refs: undefined };
      for (const [t, o] of known.refs) reference(t, outer, o);
    } else {
      const refs: Array<readonly [string, boolean]> = [];
      const schema = convert(named.schema, { ...scope, refs }, open);
      scope.definitions.set(name, schema);
      scope.converted.set(name, { schema, refs });
    }
  }
  return { $ref: `#/definitions/${name}` };
}

/** An object schema: properties, required (readOnly ones are not, in a request), closed unless `open`. */
function objectSchema(node: Extract<SchemaNode, { kind: 'object' }>, scope: Scope, open: boolean): JsonSchema {
  // A readOnly property is the server's: a client may echo it back, and a server ignores it, so any value passes.
  const properties = Object.fromEntries(node.properties.map((p) => [p.name, p.schema.readOnly === true ? {} : convert(p.schema, scope)]));
  const required = node.properties.filter((p) => p.required && p.schema.readOnly !== true).map((p) => p.name);
  const extra = node.additionalProperties;
  const additional = extra === undefined ? (node.closed && !open ? false : undefined) : extra === true ? undefined : convert(extra, scope);
  const c = node.conditional;
  return typed('object', node, defined({
    properties: node.properties.length > 0 ? properties : undefined,
    required: required.length > 0 ? required : undefined,
    additionalProperties: additional,
    minProperties: node.minProperties,
    maxProperties: node.maxProperties,
    if: c ? convert(c.if, scope) : undefined,
    then: c?.then ? convert(c.then, scope) : undefined,
    else: c?.else ? convert(c.else, scope) : undefined,
  }));
}

/** Adds `null` to a schema without a `type` of its own. */
const orNull = (node: SchemaNode, schema: JsonSchema): JsonSchema => (node.nullable ? { anyOf: [schema, { type: 'null' }] } : schema);

/**
 * An `enum` with values, else none: an enum the resource model emptied (values not of the schema's type, as
 * visualstudio.com's `type: integer` with `"0 (User)"`) is invalid JSON Schema, and a schema ajv cannot compile
 * would accept every body, its required properties too.
 */
const listed = <T>(values: readonly T[] | undefined): readonly T[] | undefined => (values?.length ? values : undefined);

/**
 * A schema node as JSON Schema (draft-07), in the request view: what a server checks a request body against.
 * - readOnly properties are neither required nor checked (OpenAPI 3: they apply to responses; a server ignores them);
 * - unions become `anyOf` (a body matching several `oneOf` variants is not refused), intersections `allOf` whose
 *   members do not close the object (`additionalProperties: false` on a member would refuse the others' properties),
 *   the discriminator values core pins by `allOf` inheritance (`ObjectSchema.tag`) only required, not checked;
 * - formats ajv-formats does not know, and patterns that are not valid Unicode regular expressions, are left out;
 * - references become `#/definitions/<TypeName>`, added to `scope.definitions` (recursive schemas stay finite).
 * @param node the schema node
 * @param scope the named schemas, and the definitions reached
 * @param open true for an `allOf` member: its object (or the named schema it refers to) is not closed
 * @returns the JSON Schema
 */
export function convert(node: SchemaNode, scope: Scope, open = false): JsonSchema {
  switch (node.kind) {
    case 'ref':
      return orNull(node, reference(node.target, scope, open));
    case 'string':
      return typed('string', node, defined({
        format: node.format && FORMATS.has(node.format) ? node.format : undefined,
        enum: listed(node.enum),
        minLength: node.minLength,
        maxLength: node.maxLength,
        pattern: node.pattern !== undefined && compiles(node.pattern) ? node.pattern : undefined,
      }));
    case 'number': {
      const { enum: values, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = node;
      const format = node.format && FORMATS.has(node.format) ? node.format : undefined;
      return typed(node.integer ? 'integer' : 'number', node, defined({ format, enum: listed(values), minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf }));
    }
    case 'boolean':
      return typed('boolean', node, defined({ enum: listed(node.enum) }));
    case 'null':
      return { type: 'null' };
    case 'array':
      return typed('array', node, defined({
        items: node.prefixItems ? node.prefixItems.map((s) => convert(s, scope)) : convert(node.items, scope),
        additionalItems: node.prefixItems ? convert(node.items, scope) : undefined,
        minItems: node.minItems,
        maxItems: node.maxItems,
        uniqueItems: node.uniqueItems,
      }));
    case 'object':
      return objectSchema(node, scope, open);
    case 'union':
      return orNull(node, { anyOf: node.variants.map((v) => convert(v, scope, open)) });
    case 'intersection':
      // A discriminator value core pins by inheritance (`type: 'comment'` on an `allOf` of `object`) is not the
      // contract's JSON Schema: the property must be there (OpenAPI), but a request is not refused for another value
      // (bitbucket's `commit_comment`, itself a `comment`, or a server that reads the tag).
      return orNull(node, { allOf: node.members.map((m) => (m.kind === 'object' && m.tag ? { required: m.properties.map((p) => p.name) } : convert(m, scope, true))) });
    case 'unknown':
      return {};
  }
}

/**
 * The JSON Schema of a request body, with the named schemas it reaches added to `definitions`.
 * @param schema the request body's schema node
 * @param schemas named schemas by key (`ApiModel.schemas`)
 * @param definitions the resource's definitions, filled
 * @param converted the run's named schemas converted so far (shared by its resources), read and filled
 * @returns the schema (references point into `definitions`)
 */
export function requestSchema(schema: SchemaNode, schemas: ReadonlyMap<string, NamedSchema>, definitions: Definitions, converted: ConvertedSchemas = new Map()): JsonSchema {
  return convert(schema, { schemas, definitions, converted, refs: undefined });
}
