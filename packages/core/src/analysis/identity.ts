import type { ApiModel, ResourceNode, SchemaNode } from '../model/types.js';
import { camelCase } from '../naming/casing.js';
import { stringLiteral } from '../naming/literals.js';
import { listItemsOf, pathNames, type PropertyPath } from './listEnvelope.js';
import { objectProperties } from './schemaQueries.js';
import { getSchemaTypeNames } from './schemaTypeNames.js';
import { describeOperation, type OperationSignature } from './signature.js';

/** The items of a resource's list and the item property that identifies each (see {@link listIdentity}). */
export interface ListIdentity {
  /** The list operation's signature. */
  list: OperationSignature;
  /** The schema of one item. */
  item: SchemaNode;
  /** Where a list response holds the items array; absent when the body is the array. */
  itemsProperty?: PropertyPath;
  /** The item property that holds an item's key (`id`). */
  keyProperty: string;
  /** The property names of an item (its object view). */
  itemProps: ReadonlySet<string>;
}

/**
 * The item properties that may hold an item's key, in order: the item path parameter's name, `id`, `_id`, `<entity>Id`,
 * the parameter without its `Id` suffix, and its last word (`name` of `secret_name`, `key` of `projectKey`).
 */
function keyCandidates(param: string | undefined, entity: string): string[] {
  const last = param === undefined ? undefined : /(?:^|_|-|[a-z0-9])([A-Z]?[a-z0-9]+)$/.exec(param)?.[1]?.toLowerCase();
  const fromParam = param === undefined ? [] : [param.replace(/_?id$/i, ''), ...(last ? [last] : [])];
  return [...new Set([...(param === undefined ? [] : [param]), 'id', '_id', `${camelCase(entity)}Id`, ...fromParam])].filter((n) => n !== '' && n !== '__proto__');
}

/**
 * The item path parameter of a resource: the last path argument of its read operation, else of its update or delete
 * (the first of them that has a path argument); undefined when none has one.
 */
function itemPathParam(model: ApiModel, resource: ResourceNode): string | undefined {
  for (const role of ['read', 'update', 'delete'] as const) {
    const op = resource.operations.find((o) => o.role === role);
    const args = op ? describeOperation(model, resource, op).pathArgs : [];
    const name = args[args.length - 1]?.param.name;
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * The identity of a resource's items: the list operation's items (found by `listItemsOf` in its JSON success body),
 * and the item property that holds the key of an item, the first of: the item path parameter's name (of the read,
 * else the update or delete), `id`, `_id`, `<entity>Id`, the parameter without its `Id` suffix, its last word. A
 * candidate matches a property of the same name, else one spelled with another case or separators (`attributeID`).
 * @param model the API model
 * @param resource the resource
 * @returns the identity, or undefined for a resource without a list, a list whose items are not found or are no
 *   objects, or items without a key property
 */
export function listIdentity(model: ApiModel, resource: ResourceNode): ListIdentity | undefined {
  const listOp = resource.operations.find((o) => o.role === 'list');
  if (!listOp) return undefined;
  const names = getSchemaTypeNames(model);
  const list = describeOperation(model, resource, listOp);
  const body = list.response.responseType === 'json' ? list.response.content?.schema : undefined;
  const found = body ? listItemsOf(body, names) : undefined;
  const view = found ? objectProperties(found.item, names) : undefined;
  if (!found || !view || view.nullable || view.props.length === 0) return undefined;
  const itemProps = new Set(view.props.map((p) => p.name));
  const flat = (n: string): string => n.toLowerCase().replace(/[_-]/g, '');
  const keyProperty = keyCandidates(itemPathParam(model, resource), resource.entity)
    .map((n) => (itemProps.has(n) ? n : [...itemProps].find((p) => p !== '__proto__' && flat(p) === flat(n))))
    .find((n) => n !== undefined);
  if (keyProperty === undefined) return undefined;
  return { list, item: found.item, ...(found.itemsProperty !== undefined ? { itemsProperty: found.itemsProperty } : {}), keyProperty, itemProps };
}

/**
 * The TypeScript type of one list item, down the items path from the list's response type:
 * `NonNullable<NonNullable<ListContactsResponse>['items']>[number]` (`NonNullable<ListContactsResponse>[number]`
 * when the body is the array).
 * @param responseType the list operation's response type name
 * @param itemsProperty where the items are (see {@link ListIdentity.itemsProperty})
 * @returns the type text
 */
export function listItemType(responseType: string, itemsProperty: PropertyPath | undefined): string {
  const page = (itemsProperty === undefined ? [] : pathNames(itemsProperty)).reduce((type, name) => `NonNullable<${type}>[${stringLiteral(name)}]`, responseType);
  return `NonNullable<${page}>[number]`;
}
