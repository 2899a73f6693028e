import type { ConfigInfo } from './types.js';

/** Inputs and cells of the `date`/`date-time` strings (`inputOf`, `cellOf`): the values `dates: 'Date'` makes `Date`s. */
const DATE_INPUTS: ReadonlySet<string> = new Set(['date', 'datetime-local']);
const DATE_CELLS: ReadonlySet<string> = new Set(['date', 'datetime']);

/**
 * Marks the fields, filters and columns of a `date`/`date-time` string with `valueType: 'Date'` when the config
 * sets `dates: 'Date'`: the generated types, the client and the mocks hold `Date` objects there, not strings, so a
 * form binds a `Date` (an `<input type="date">` reads and writes it with `valueAsDate`).
 * @param config the resource's metadata
 * @param dates the model's `dates` setting
 * @returns the metadata, with `valueType` on the date-valued entries when on (unchanged otherwise)
 */
export function withDateValues(config: ConfigInfo, dates: 'Date' | undefined): ConfigInfo {
  if (dates !== 'Date') return config;
  return {
    ...config,
    fields: config.fields.map((f) => (DATE_INPUTS.has(f.input) ? { ...f, valueType: 'Date' } : f)),
    filters: config.filters.map((f) => (DATE_INPUTS.has(f.input) && !f.multiple ? { ...f, valueType: 'Date' } : f)),
    columns: config.columns.map((c) => (DATE_CELLS.has(c.cell) ? { ...c, valueType: 'Date' } : c)),
  };
}
