import type { ApiModel, OperationSignature, PropertyPath, ResourceNode, SchemaNode } from '@reslayer/core';
import { camelCase, describeOperation, getSchemaTypeNames, listItemsOf, listPagination, objectProperties } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { hooksNaming } from '../naming.js';

/** The optimistic cache helpers of a CRUD resource (`<resource>Cache`), emitted by its list file. */
export interface CachePlan {
  /** Name of the helpers object: `contactsCache`. */
  name: string;
  /** Hook name of the list operation, which names the file that exports the helpers (`useContactsQuery`). */
  listHook: string;
  /** Response type of the list operation (`ListContactsResponse`). */
  listResponse: string;
  /** Where a list page holds the items; absent when the body is the array. */
  itemsProperty?: PropertyPath;
  /** Where a list page holds the total count (page and offset pagination), kept in step with edits. */
  totalProperty?: PropertyPath;
  /** Property of an item that holds its key, matched against the item path parameter (`id`). */
  keyProperty: string;
  /** Response type of the read operation (`GetContactResponse`), the detail's data; absent without a read. */
  detailResponse?: string;
  /** Property names of a list item and of the detail (read view), for checking that a payload merges into them. */
  itemProps: ReadonlySet<string>;
  detailProps: ReadonlySet<string>;
}

/** Property names of a schema's object view, or undefined when it is no object or may be null. */
function propNames(schema: SchemaNode | undefined, names: ReturnType<typeof getSchemaTypeNames>): Set<string> | undefined {
  const view = schema ? objectProperties(schema, names) : undefined;
  return view && !view.nullable && view.props.length > 0 ? new Set(view.props.map((p) => p.name)) : undefined;
}

/** The JSON success body schema of an operation. */
const jsonBody = (s: OperationSignature): SchemaNode | undefined => (s.response.responseType === 'json' ? s.response.content?.schema : undefined);

/**
 * Plans the `<resource>Cache` helpers of a CRUD resource: the list's items property (listed by
 * `listItemsOf`), its total (from `listPagination`), and the item property that holds the key of an item, the
 * first of: the item path parameter's name, `id`, `<entity>Id`, the parameter without its `Id` suffix.
 * @param model the API model
 * @param resource the resource
 * @param listHook hook name of its list operation (the file that exports the helpers)
 * @returns the plan, or undefined for a non-CRUD resource, one without a list or read, a list whose items
 *   are not found, or items without a key property
 */
export function planCache(model: ApiModel, resource: ResourceNode, listHook: string): CachePlan | undefined {
  const listOp = resource.operations.find((o) => o.role === 'list');
  const readOp = resource.operations.find((o) => o.role === 'read');
  if (resource.resourceKind !== 'crud' || !listOp || !readOp) return undefined;
  const names = getSchemaTypeNames(model);
  const list = describeOperation(model, resource, listOp);
  const read = describeOperation(model, resource, readOp);
  const body = jsonBody(list);
  const found = body ? listItemsOf(body, names) : undefined;
  const itemProps = found ? propNames(found.item, names) : undefined;
  const detailProps = propNames(jsonBody(read), names);
  const param = read.pathArgs[read.pathArgs.length - 1]?.param.name;
  if (!found || !itemProps || !detailProps || param === undefined) return undefined;
  const candidates = [param, 'id', `${camelCase(resource.entity)}Id`, param.replace(/_?id$/i, '')];
  const keyProperty = candidates.find((n) => n !== '' && n !== '__proto__' && itemProps.has(n) && detailProps.has(n));
  if (keyProperty === undefined) return undefined;
  const { pagination } = listPagination(list, names);
  const totalProperty = pagination.mode === 'page' || pagination.mode === 'offset' ? pagination.totalProperty : undefined;
  return {
    name: hooksNaming.cache(resource),
    listHook,
    listResponse: clientNaming.responseType(list.op),
    ...(found.itemsProperty !== undefined ? { itemsProperty: found.itemsProperty } : {}),
    ...(totalProperty !== undefined ? { totalProperty } : {}),
    keyProperty,
    detailResponse: clientNaming.responseType(read.op),
    itemProps,
    detailProps,
  };
}

/**
 * Whether an update's payload can be merged into the cached entity (`{ ...item, ...payload }`): a JSON object
 * whose properties all exist on both a list item and the detail.
 * @param model the API model
 * @param s the update's signature
 * @param cache the resource's cache plan
 * @returns true when the optimistic update can apply the payload
 */
export function payloadMerges(model: ApiModel, s: OperationSignature, cache: CachePlan): boolean {
  const schema = s.payload?.bodyKind === 'json' ? s.payload.content.schema : undefined;
  const props = propNames(schema, getSchemaTypeNames(model));
  return props !== undefined && [...props].every((n) => cache.itemProps.has(n) && cache.detailProps.has(n));
}
