import type { NamedSchema, OperationSignature, PropertyNode } from '@reslayer/core';
import { jsonValue, objectProperties, resolveSchema } from '@reslayer/core';
import type { FieldInfo, SchemaLookup } from './types.js';
import { constraintsOf, inputOf } from './controls.js';
import { cleanLabel, humanize } from './humanize.js';

const FORM_BODIES: ReadonlySet<string> = new Set(['json', 'form', 'multipart']);

/**
 * The operation whose request body describes the resource's form: the create operation, else
 * the update operation, else the first operation with a JSON, urlencoded or multipart body.
 * @param signatures the resource's operation signatures, in resource order
 * @returns the form operation, or undefined when no operation has such a body
 */
export function formOperation(signatures: readonly OperationSignature[]): OperationSignature | undefined {
  const withBody = signatures.filter((s) => s.payload && FORM_BODIES.has(s.payload.bodyKind));
  return withBody.find((s) => s.op.role === 'create') ?? withBody.find((s) => s.op.role === 'update') ?? withBody[0];
}

/**
 * Form fields of a resource: the properties of the form operation's body as core's `objectProperties`
 * sees a value sent to the API (`write` mode: `allOf` merged, later member wins; a union's common
 * properties), readOnly ones left out.
 * @param signatures the resource's operation signatures
 * @param names the model's schema lookup
 * @param textareaThreshold see the `textareaThreshold` option
 * @returns the fields, in property order, and the wrapping property when the body wraps the entity in one
 * @see https://spec.openapis.org/oas/v3.1.0#request-body-object
 */
export function formFields(signatures: readonly OperationSignature[], names: SchemaLookup, textareaThreshold: number): { fields: FieldInfo[]; bodyWrapper?: string } {
  const schema = formOperation(signatures)?.payload?.content.schema;
  let props = schema ? objectProperties(schema, names, 'write')?.props : undefined;
  // A body that wraps the entity (`{ article: { title, body, … } }`, as the RealWorld API does): one property
  // holding an object with properties. The fields are that object's, and the wrapper is recorded.
  const only = props?.length === 1 ? props[0] : undefined;
  const inner = only && !only.schema.readOnly ? objectProperties(only.schema, names, 'write') : undefined;
  const wrapped = inner && !inner.nullable && inner.props.length > 0 && only ? only.name : undefined;
  if (wrapped !== undefined) props = inner?.props;
  const fields = (props ?? []).flatMap((p) => {
    const field = describeField(p, names.byName, textareaThreshold);
    return field ? [field] : [];
  });
  return { fields, ...(wrapped !== undefined ? { bodyWrapper: wrapped } : {}) };
}

/**
 * One form field.
 * @param prop the property
 * @param byName named schemas by key
 * @param textareaThreshold see the `textareaThreshold` option
 * @returns the field, or undefined for a property that is readOnly at any level of its schema
 */
export function describeField(prop: PropertyNode, byName: ReadonlyMap<string, NamedSchema>, textareaThreshold: number): FieldInfo | undefined {
  const resolved = resolveSchema(prop.schema, byName);
  if (resolved.readOnly) return undefined;
  const { input, enum: values } = inputOf(resolved.leaf, byName, textareaThreshold);
  const field: FieldInfo = {
    name: prop.name,
    label: cleanLabel(prop.schema.title) ?? humanize(prop.name),
    input,
    required: prop.required,
    nullable: resolved.nullable,
  };
  if (values) field.enum = values;
  const constraints = constraintsOf(resolved.leaf);
  if (constraints) field.constraints = constraints;
  const value = jsonValue(resolved.default);
  if (value !== undefined) field.default = value;
  if (resolved.description !== undefined) field.description = resolved.description;
  return field;
}
