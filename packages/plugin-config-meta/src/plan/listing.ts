import type { NamedSchema, OperationSignature, ParameterNode, PropertyNode, SchemaNode } from '@reslayer/core';
import { cmp, listItemsOf, objectProperties, resolveSchema } from '@reslayer/core';
import type { ColumnInfo, FilterInfo, SchemaLookup } from './types.js';
import { cellOf, enumOf, inputOf } from './controls.js';
import { cleanLabel, humanize } from './humanize.js';

/**
 * Normalized form of a parameter or property name: lower case, without `_`, `-`, `.`, `[`, `]`.
 * @param name a parameter or property name
 * @returns e.g. `pagesize` for `page_size` or `pageSize`
 */
const norm = (name: string): string => name.toLowerCase().replace(/[_\-.[\]]/g, '');

/** Normalized names of sort parameters. */
const SORT_PARAMS: ReadonlySet<string> = new Set(['sort', 'sortby', 'order', 'orderby', 'ordering', 'sortorder', 'sortdir', 'sortdirection']);

/**
 * The operation that lists the resource: the `list` operation, else `search`, else the first GET.
 * @param signatures the resource's operation signatures, in resource order
 * @returns the collection operation, or undefined when the resource has none
 */
export function collectionOperation(signatures: readonly OperationSignature[]): OperationSignature | undefined {
  return (
    signatures.find((s) => s.op.role === 'list') ??
    signatures.find((s) => s.op.role === 'search') ??
    signatures.find((s) => s.node.method === 'get')
  );
}

/**
 * True for a query parameter that orders the list (`sort`, `sortBy`, `order_by`, `ordering`, …).
 * @param param a parameter
 * @returns true for a sort parameter
 */
export function isSortParam(param: ParameterNode): boolean {
  return param.in === 'query' && SORT_PARAMS.has(norm(param.name));
}

/**
 * The JSON success body of an operation, or undefined (no body, or not JSON).
 * @param signature an operation signature
 * @returns the schema of the success response's JSON body
 */
function responseSchema(signature: OperationSignature | undefined): SchemaNode | undefined {
  return signature?.response.responseType === 'json' ? signature.response.content?.schema : undefined;
}

/**
 * Filters: the collection operation's query parameters except the pagination and sort ones.
 * @param signature the collection operation, if any
 * @param exclude names of the pagination parameters
 * @param byName named schemas by key
 * @param textareaThreshold see the `textareaThreshold` option
 * @returns the filters, in parameter order
 */
export function listFilters(signature: OperationSignature | undefined, exclude: ReadonlySet<string>, byName: ReadonlyMap<string, NamedSchema>, textareaThreshold: number): FilterInfo[] {
  const params = signature?.node.parameters.filter((p) => p.in === 'query' && !exclude.has(p.name) && !isSortParam(p)) ?? [];
  return params.map((param) => {
    const leaf = resolveSchema(param.schema, byName).leaf;
    const { input, enum: values } = inputOf(leaf, byName, textareaThreshold);
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
 * Table columns: the properties of the list item schema as core's `objectProperties` sees a value the API
 * returns (`read` mode), writeOnly ones left out. The list item is found in the collection operation's
 * response when it is a `list` or `search` operation or returns an array; otherwise the columns describe
 * the object the main operation returns.
 * @param signatures the resource's operation signatures
 * @param names the model's schema lookup
 * @returns the columns, in property order
 */
export function listColumns(signatures: readonly OperationSignature[], names: SchemaLookup): ColumnInfo[] {
  const collection = collectionOperation(signatures);
  const source = collection ?? signatures.find((s) => s.op.role === 'read') ?? signatures[0];
  const schema = responseSchema(source);
  if (!schema) return [];
  const listLike = source?.op.role === 'list' || source?.op.role === 'search' || resolveSchema(schema, names.byName).leaf.kind === 'array';
  const item = listLike ? listItemsOf(schema, names)?.item : schema;
  const props: PropertyNode[] = (item ? objectProperties(item, names)?.props : undefined) ?? [];
  const sorts = sortParams(collection, names.byName);
  return props.flatMap((p) => {
    const resolved = resolveSchema(p.schema, names.byName);
    if (resolved.writeOnly) return [];
    const sort = sortOf(p.name, sorts);
    const column: ColumnInfo = {
      name: p.name,
      label: cleanLabel(p.schema.title) ?? humanize(p.name),
      cell: cellOf(resolved.leaf, names.byName),
      sortable: sort !== undefined,
      ...(sort ? { sort } : {}),
    };
    return [column];
  });
}

/** A sort parameter and the values it accepts (enum values, or names read from its pattern). */
interface SortParam {
  param: string;
  values: string[];
}

/**
 * The sort parameters of the operation with the values they accept: the string enum values (of the items, for
 * an array parameter), else the names a `pattern` of the form `^[-+]?(a|b|c)$` (or `^-?(?:a|b)$`) lists, both
 * directions (`a`, `-a`) when the prefix is optional.
 */
function sortParams(signature: OperationSignature | undefined, byName: ReadonlyMap<string, NamedSchema>): SortParam[] {
  return (signature?.node.parameters.filter(isSortParam) ?? []).map((param) => {
    const top = resolveSchema(param.schema, byName).leaf;
    const leaf = top.kind === 'array' ? resolveSchema(top.items, byName).leaf : top;
    const values = (enumOf(leaf, byName) ?? []).filter((v): v is string => typeof v === 'string');
    if (values.length > 0 || leaf.kind !== 'string' || leaf.pattern === undefined) return { param: param.name, values };
    const m = /^\^?(\[[-+]{1,2}\]\?|-\?|\+\?)?\((?:\?:)?([\w|]+)\)\$?$/.exec(leaf.pattern);
    const names = m?.[2]?.split('|').filter((n) => n !== '') ?? [];
    return { param: param.name, values: names.flatMap((n) => (m?.[1] ? [n, `-${n}`] : [n])) };
  });
}

/** The bare column name of a sort value and its direction: `-name`, `name:desc`, `name.desc`, `name desc` are descending. */
function sortValue(v: string): { name: string; desc: boolean } {
  const suffix = /[:. ](asc|desc)$/i.exec(v);
  const name = v.replace(/^[-+]/, '').replace(/[:. ](asc|desc)$/i, '');
  return { name, desc: v.startsWith('-') || suffix?.[1]?.toLowerCase() === 'desc' };
}

/**
 * How to sort by a column: the first sort parameter with a value naming it, and the values for ascending and
 * descending order (`{ param: 'sort', asc: 'lastName', desc: '-lastName' }`); a direction the parameter does not
 * offer is left out.
 */
function sortOf(name: string, params: readonly SortParam[]): ColumnInfo['sort'] {
  for (const { param, values } of params) {
    const matching = values.filter((v) => sortValue(v).name === name);
    if (matching.length === 0) continue;
    const asc = matching.find((v) => !sortValue(v).desc);
    const desc = matching.find((v) => sortValue(v).desc);
    return { param, ...(asc !== undefined ? { asc } : {}), ...(desc !== undefined ? { desc } : {}) };
  }
  return undefined;
}
