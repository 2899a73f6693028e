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
 * the parameter without its `Id` suffix, its last word (`name` of `secret_name`, `key` of `projectKey`), and a
 * `…Number` parameter's usual abbreviations (`receiptNbr`, `receiptNo`, `receiptNum`, `receiptNr` of `receiptNumber`).
 */
function keyCandidates(param: string | undefined, entity: string): string[] {
  const last = param === undefined ? undefined : /(?:^|_|-|[a-z0-9])([A-Z]?[a-z0-9]+)$/.exec(param)?.[1]?.toLowerCase();
  const number = param === undefined ? null : /^(.+?)(_?)([Nn])umber$/.exec(param);
  const abbreviations = number ? ['br', 'o', 'um', 'r'].map((tail) => `${number[1] ?? ''}${number[2] ?? ''}${number[3] ?? ''}${tail}`) : [];
  const fromParam = param === undefined ? [] : [param.replace(/_?id$/i, ''), ...(last ? [last] : []), ...abbreviations];
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
 * else the update or delete), `id`, `_id`, `<entity>Id`, the parameter without its `Id` suffix, its last word, a
 * `…Number` parameter's abbreviations. A candidate matches a property of the same name, else one spelled with another
 * case or separators (`attributeID`).
 * @param model the API model
 * @param resource the resource
 * @returns the identity, or undefined for a resource without a list, a list whose items are not found or are no
 *   objects, or items without a key property ({@link listIdentityProblem} says which)
 */
export function listIdentity(model: ApiModel, resource: ResourceNode): ListIdentity | undefined {
  const found = identityOrProblem(model, resource);
  return typeof found === 'string' ? undefined : found;
}

/**
 * Why {@link listIdentity} finds no identity for a resource, in words for a diagnostic (`the items of GET /things are
 * not found …`, `no property of a list item holds the key \`thingId\` …`); an empty string for a resource without a
 * list, undefined when the identity is found.
 * @param model the API model
 * @param resource the resource
 */
export function listIdentityProblem(model: ApiModel, resource: ResourceNode): string | undefined {
  const found = identityOrProblem(model, resource);
  return typeof found === 'string' ? found : undefined;
}

/** {@link listIdentity}'s identity, or why there is none (empty without a list). */
function identityOrProblem(model: ApiModel, resource: ResourceNode): ListIdentity | string {
  const listOp = resource.operations.find((o) => o.role === 'list');
  if (!listOp) return '';
  const names = getSchemaTypeNames(model);
  const list = describeOperation(model, resource, listOp);
  const where = `${list.node.method.toUpperCase()} ${list.node.path}`;
  const body = list.response.responseType === 'json' ? list.response.content?.schema : undefined;
  const found = body ? listItemsOf(body, names) : undefined;
  if (!found) return `the items of ${where} are not found (no array, bare or in an envelope, answers it)`;
  const view = objectProperties(found.item, names);
  if (!view || view.nullable || view.props.length === 0) return `the items of ${where} are no objects with properties`;
  const itemProps = new Set(view.props.map((p) => p.name));
  const flat = (n: string): string => n.toLowerCase().replace(/[_-]/g, '');
  const param = itemPathParam(model, resource);
  const candidates = keyCandidates(param, resource.entity);
  const keyProperty = candidates.map((n) => (itemProps.has(n) ? n : [...itemProps].find((p) => p !== '__proto__' && flat(p) === flat(n)))).find((n) => n !== undefined);
  if (keyProperty === undefined) return `no property of a list item holds the key \`${param ?? 'id'}\` (none of ${candidates.map((n) => `\`${n}\``).join(', ')})`;
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
