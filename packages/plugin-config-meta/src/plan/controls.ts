import type { NamedSchema, SchemaNode } from '@reslayer/core';
import { enumValues, resolveSchema } from '@reslayer/core';
import type { CellKind, Constraints, EnumValue, InputKind } from './types.js';

const URL_FORMATS: ReadonlySet<string> = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);
const TEL_FORMATS: ReadonlySet<string> = new Set(['tel', 'phone', 'phone-number']);

/**
 * The enum values a control offers: core's `enumValues` without duplicates, in contract order.
 * @param leaf a resolved leaf (see core's `resolveSchema`)
 * @param byName named schemas by key
 * @returns the values, or undefined when the schema is not a string/number/boolean enum
 */
export function enumOf(leaf: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): EnumValue[] | undefined {
  const values = enumValues(leaf, byName);
  return values ? [...new Set<EnumValue>(values)] : undefined;
}

/**
 * The form control of a resolved schema, and the enum values a select offers.
 * @param leaf a resolved leaf (see core's `resolveSchema`)
 * @param byName named schemas by key (to resolve array items)
 * @param textareaThreshold strings with a larger `maxLength` are textareas
 * @returns the input kind, and the enum values for a select or multiselect
 */
export function inputOf(leaf: SchemaNode, byName: ReadonlyMap<string, NamedSchema>, textareaThreshold: number): { input: InputKind; enum?: EnumValue[] } {
  switch (leaf.kind) {
    case 'string': {
      const values = enumOf(leaf, byName);
      if (values) return { input: 'select', enum: values };
      const format = leaf.format?.toLowerCase() ?? '';
      if (format === 'binary') return { input: 'file' };
      if (format === 'email' || format === 'idn-email') return { input: 'email' };
      if (URL_FORMATS.has(format)) return { input: 'url' };
      if (format === 'password') return { input: 'password' };
      if (TEL_FORMATS.has(format)) return { input: 'tel' };
      if (format === 'date') return { input: 'date' };
      if (format === 'date-time') return { input: 'datetime-local' };
      if (format === 'time') return { input: 'time' };
      return { input: leaf.maxLength !== undefined && leaf.maxLength > textareaThreshold ? 'textarea' : 'text' };
    }
    case 'number': {
      const values = enumOf(leaf, byName);
      return values ? { input: 'select', enum: values } : { input: 'number' };
    }
    case 'boolean':
      return { input: 'checkbox' };
    case 'array': {
      // A tuple (`prefixItems`) has items of different schemas: no single-item control fits it.
      if (leaf.prefixItems) return { input: 'json' };
      const item = resolveSchema(leaf.items, byName).leaf;
      const values = enumOf(item, byName);
      if (values && item.kind !== 'boolean') return { input: 'multiselect', enum: values };
      if (item.kind === 'string' && item.format === 'binary') return { input: 'file' };
      if (item.kind === 'string') return { input: 'tags' };
      return { input: 'json' };
    }
    default:
      return { input: 'json' };
  }
}

/**
 * The table cell kind of a resolved schema.
 * @param leaf a resolved leaf
 * @param byName named schemas by key
 * @returns the cell kind
 */
export function cellOf(leaf: SchemaNode, byName: ReadonlyMap<string, NamedSchema>): CellKind {
  switch (leaf.kind) {
    case 'string': {
      if (enumOf(leaf, byName)) return 'enum';
      const format = leaf.format?.toLowerCase() ?? '';
      if (format === 'date') return 'date';
      if (format === 'date-time') return 'datetime';
      if (format === 'email' || format === 'idn-email') return 'email';
      if (URL_FORMATS.has(format)) return 'url';
      if (format === 'uuid') return 'uuid';
      return 'text';
    }
    case 'number':
      return enumOf(leaf, byName) ? 'enum' : 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'list';
    default:
      return 'json';
  }
}

const KEYS = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'] as const;

/**
 * Validation keywords of a resolved schema, only those present, in a fixed order.
 * @param leaf a resolved leaf
 * @returns the constraints, or undefined when there are none
 */
export function constraintsOf(leaf: SchemaNode): Constraints | undefined {
  const source = leaf as Partial<Record<(typeof KEYS)[number], unknown>>;
  const out: Constraints = {};
  for (const key of KEYS) {
    const value = source[key];
    if ((typeof value === 'number' && Number.isFinite(value)) || (key === 'pattern' && typeof value === 'string')) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
