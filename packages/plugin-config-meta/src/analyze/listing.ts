import type { ParameterNode, PropertyNode, SchemaNode } from '@reslayer/core';
import type { OperationSignature } from '@reslayer/core';
import type { ColumnInfo, FilterInfo } from './types.js';
import type { SchemaIndex } from './resolveSchema.js';
import { objectProperties, resolveSchema } from './resolveSchema.js';
import { cellOf, enumOf, inputOf } from './controls.js';
import { cleanLabel, humanize } from '../humanize.js';

/** Normalized form of a parameter or property name: lower case, without `_`, `-`, `.`, `[`, `]`. */
export const norm = (name: string): string => name.toLowerCase().replace(/[_\-.[\]]/g, '');

/** Normalized names of sort parameters. */
const SORT_PARAMS: ReadonlySet<string> = new Set(['sort', 'sortby', 'order', 'orderby', 'ordering', 'sortorder', 'sortdir', 'sortdirection']);

/** Preferred names of the items array in a page object, in order. */
const ITEMS_NAMES = ['items', 'data', 'results', 'content', 'records'];

/**
 * The operation that lists the resource: the `list` operation, else `search`, else the first GET.
 * @param signatures the resource's operation signatures, in resource order
 */
export function collectionOperation(signatures: readonly OperationSignature[]): OperationSignature | undefined {
  return (
    signatures.find((s) => s.op.role === 'list') ??
    signatures.find((s) => s.op.role === 'search') ??
    signatures.find((s) => s.node.method === 'get')
  );
}

/** True for a query parameter that orders the list. */
export function isSortParam(param: ParameterNode): boolean {
  return param.in === 'query' && SORT_PARAMS.has(norm(param.name));
}

/**
 * The JSON success body of an operation, or undefined (no body, or not JSON).
 * @param signature an operation signature
 */
export function responseSchema(signature: OperationSignature | undefined): SchemaNode | undefined {
  return signature?.response.responseType === 'json' ? signature.response.content?.schema : undefined;
}

/**
 * Where the items of a list response are: the body itself when it is an array (no `itemsProperty`),
 * else the preferred-name array property (`items`, `data`, `results`, `content`, `records`), else
 * the first array property.
 * @param schema the response body schema
 * @param schemas named schemas by key
 * @returns the item schema and the property holding the array, or undefined when no array is found
 */
export function listItems(schema: SchemaNode, schemas: SchemaIndex): { item: SchemaNode; itemsProperty?: string } | undefined {
  const top = resolveSchema(schema, schemas).leaf;
  if (top.kind === 'array') return { item: top.items };
  const arrays = (objectProperties(schema, schemas) ?? []).flatMap((p) => {
    const leaf = resolveSchema(p.schema, schemas).leaf;
    return leaf.kind === 'array' ? [{ name: p.name, item: leaf.items }] : [];
  });
  const found = ITEMS_NAMES.map((n) => arrays.find((a) => a.name === n)).find((a) => a !== undefined) ?? arrays[0];
  return found ? { item: found.item, itemsProperty: found.name } : undefined;
}

/**
 * Filters: the collection operation's query parameters except the pagination and sort ones.
 * @param signature the collection operation, if any
 * @param exclude names of the pagination parameters
 * @param schemas named schemas by key
 * @param textareaThreshold see the `textareaThreshold` option
 */
export function listFilters(signature: OperationSignature | undefined, exclude: ReadonlySet<string>, schemas: SchemaIndex, textareaThreshold: number): FilterInfo[] {
  const params = signature?.node.parameters.filter((p) => p.in === 'query' && !exclude.has(p.name) && !isSortParam(p)) ?? [];
  return params.map((param) => {
    const leaf = resolveSchema(param.schema, schemas).leaf;
    const { input, enum: values } = inputOf(leaf, schemas, textareaThreshold);
    const filter: FilterInfo = {
      name: param.name,
      label: cleanLabel(param.schema.title) ?? humanize(param.name),
      input,
      required: param.required,
      multiple: leaf.kind === 'array',
    };
    if (values) filter.enum = values;
    if (param.description !== undefined && param.description.trim() !== '') filter.description = param.description;
    return filter;
  });
}

/**
 * Table columns: the properties of the list item schema (writeOnly ones left out). The list item is
 * found in the collection operation's response when it is a `list` or `search` operation or returns
 * an array; otherwise the columns describe the object the main operation returns.
 * @param signatures the resource's operation signatures
 * @param schemas named schemas by key
 */
export function listColumns(signatures: readonly OperationSignature[], schemas: SchemaIndex): ColumnInfo[] {
  const collection = collectionOperation(signatures);
  const source = collection ?? signatures.find((s) => s.op.role === 'read') ?? signatures[0];
  const schema = responseSchema(source);
  if (!schema) return [];
  const listLike = source?.op.role === 'list' || source?.op.role === 'search' || resolveSchema(schema, schemas).leaf.kind === 'array';
  const item = listLike ? listItems(schema, schemas)?.item : schema;
  const props: PropertyNode[] = (item ? objectProperties(item, schemas) : undefined) ?? [];
  const sortKeys = sortValues(collection, schemas);
  return props.flatMap((p) => {
    const resolved = resolveSchema(p.schema, schemas);
    if (resolved.writeOnly) return [];
    const column: ColumnInfo = {
      name: p.name,
      label: cleanLabel(p.schema.title) ?? humanize(p.name),
      cell: cellOf(resolved.leaf),
      sortable: isSortable(p.name, sortKeys),
    };
    return [column];
  });
}

/** The string enum values of every sort parameter of the operation. */
function sortValues(signature: OperationSignature | undefined, schemas: SchemaIndex): Set<string> {
  const values = new Set<string>();
  for (const param of signature?.node.parameters.filter(isSortParam) ?? []) {
    const top = resolveSchema(param.schema, schemas).leaf;
    const leaf = top.kind === 'array' ? resolveSchema(top.items, schemas).leaf : top;
    for (const v of enumOf(leaf) ?? []) if (typeof v === 'string') values.add(v);
  }
  return values;
}

/** True when a sort value names the column: `name`, `-name`, `+name`, `name:asc`, `name.desc`, `name asc`. */
function isSortable(name: string, values: ReadonlySet<string>): boolean {
  for (const v of values) {
    const bare = v.replace(/^[-+]/, '').replace(/[:. ](asc|desc)$/i, '');
    if (bare === name) return true;
  }
  return false;
}
