import type { PropertyNode } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import type { FieldInfo } from './types.js';
import type { SchemaIndex } from './resolveSchema.js';
import { jsonValue, objectProperties, resolveSchema } from './resolveSchema.js';
import { constraintsOf, inputOf } from './controls.js';
import { cleanLabel, humanize } from '../humanize.js';

const FORM_BODIES: ReadonlySet<string> = new Set(['json', 'form', 'multipart']);

/**
 * The operation whose request body describes the resource's form: the create operation, else
 * the update operation, else the first operation with a JSON, urlencoded or multipart body.
 * @param signatures the resource's operation signatures, in resource order
 */
export function formOperation(signatures: readonly OperationSignature[]): OperationSignature | undefined {
  const withBody = signatures.filter((s) => s.payload && FORM_BODIES.has(s.payload.bodyKind));
  return withBody.find((s) => s.op.role === 'create') ?? withBody.find((s) => s.op.role === 'update') ?? withBody[0];
}

/**
 * Form fields of a resource: the properties of the form operation's body, readOnly ones left out.
 * @param signatures the resource's operation signatures
 * @param schemas named schemas by key
 * @param textareaThreshold see the `textareaThreshold` option
 * @see https://spec.openapis.org/oas/v3.1.0#request-body-object
 */
export function formFields(signatures: readonly OperationSignature[], schemas: SchemaIndex, textareaThreshold: number): FieldInfo[] {
  const schema = formOperation(signatures)?.payload?.content.schema;
  const props = schema ? objectProperties(schema, schemas) : undefined;
  return (props ?? []).flatMap((p) => {
    const field = describeField(p, schemas, textareaThreshold);
    return field ? [field] : [];
  });
}

/**
 * One form field, or undefined for a readOnly property.
 * @param prop the property
 * @param schemas named schemas by key
 * @param textareaThreshold see the `textareaThreshold` option
 */
export function describeField(prop: PropertyNode, schemas: SchemaIndex, textareaThreshold: number): FieldInfo | undefined {
  const resolved = resolveSchema(prop.schema, schemas);
  if (resolved.readOnly) return undefined;
  const { input, enum: values } = inputOf(resolved.leaf, schemas, textareaThreshold);
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
