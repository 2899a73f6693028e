import type { FieldMeta } from '@reslayer/runtime';

/**
 * The value an input holds: text (a checkbox holds `'true'` or `'false'`), or the selected options
 * of a multiselect.
 */
export type FormValue = string | string[];

/** Input values by field name. */
export type FormValues = Record<string, FormValue>;

/** The input value that shows `value` in a control of the field's kind. */
function toInput(field: FieldMeta, value: unknown): FormValue {
  switch (field.input) {
    case 'checkbox':
      return value === true ? 'true' : 'false';
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [];
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/**
 * The values of a new record's form: each field's schema default, else empty.
 * @param fields the resource config's `fields`
 */
export function emptyValues(fields: readonly FieldMeta[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, toInput(field, field.default)]));
}

/**
 * The values of the form that edits `record`.
 * @param fields the resource config's `fields`
 * @param record the record as the API returned it
 */
export function valuesFrom(fields: readonly FieldMeta[], record: object): FormValues {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field.name, toInput(field, source[field.name])]));
}

/** The enum value whose string form is `text` (enum values may be numbers or booleans). */
function enumValue(field: FieldMeta, text: string): unknown {
  return field.enum?.find((option) => String(option) === text) ?? text;
}

/**
 * The request body for the form's values: each value converted to the field's type. An empty
 * optional value is sent as `null` when the field is nullable and left out otherwise.
 * @param fields the resource config's `fields`
 * @param values the form's values
 */
export function toPayload(fields: readonly FieldMeta[], values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.input === 'checkbox') {
      payload[field.name] = value === 'true';
    } else if (Array.isArray(value)) {
      payload[field.name] = value.map((text) => enumValue(field, text));
    } else if (field.input === 'tags') {
      payload[field.name] = value.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
    } else if (value.trim() === '') {
      if (field.nullable) payload[field.name] = null;
    } else if (field.input === 'number') {
      payload[field.name] = Number(value);
    } else if (field.input === 'json') {
      payload[field.name] = JSON.parse(value) as unknown;
    } else if (field.input === 'select') {
      payload[field.name] = enumValue(field, value);
    } else {
      payload[field.name] = value;
    }
  }
  return payload;
}

/**
 * Text of a table cell for a value, by the column's cell kind.
 * @param cell the column's `cell`
 * @param value the record's value
 */
export function formatCell(cell: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  switch (cell) {
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'datetime':
      // ISO 8601 → `YYYY-MM-DD HH:MM` (UTC), the same in every browser locale.
      return typeof value === 'string' ? value.replace('T', ' ').slice(0, 16) : String(value);
    case 'boolean':
      return value === true ? 'yes' : 'no';
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
