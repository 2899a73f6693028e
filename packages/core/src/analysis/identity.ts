import type { ApiModel, PropertyNode, ResourceNode, SchemaNode } from '../model/types.js';
import { camelCase } from '../naming/casing.js';
import { stringLiteral } from '../naming/literals.js';
import { kindOf, listItemsOf, pathNames, type PropertyPath } from './listEnvelope.js';
import { deref, objectProperties } from './schemaQueries.js';
import { getSchemaTypeNames, type SchemaTypeNames } from './schemaTypeNames.js';
import { describeOperation, type OperationSignature } from './signature.js';

/** The items of a resource's list and the item property that identifies each (see {@link listIdentity}). */
export interface ListIdentity {
  /** The list operation's signature. */
  list: OperationSignature;
  /** The schema of one item. */
  item: SchemaNode;
  /** Where a list response holds the items array; absent when the body is the array. */
  itemsProperty?: PropertyPath;
  /**
   * The item property that holds an item's key (`id`), or the path to it inside the item's metadata
   * (`['metadata', 'name']`); the empty path `[]` when each item is its own key (a list of names or ids).
   */
  keyProperty: PropertyPath;
  /** The property names of an item (its object view). */
  itemProps: ReadonlySet<string>;
  /**
   * Set when the key property holds the item's own URI or path (`uri: "/videos/123"`), which ends in the key: the
   * literal path segment before the item path parameter (`videos` of `/videos/{video_id}`) that precedes the key in
   * the URI, or `''` when the parameter follows another parameter.
   */
  keyFromUri?: string;
}

/** The words of a name: `inboundSharedUserProfile-userId` → `inbound`, `shared`, `user`, `profile`, `user`, `id`. */
function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9$]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter((w) => w !== '').map((w) => w.toLowerCase());
}

/** Last words of an item path parameter that name the key property (`name` of `{vaultName}`). */
const NAMING_WORDS: ReadonlySet<string> = new Set(['name', 'slug', 'key', 'code', 'uuid', 'guid', 'number', 'hash', 'path']);

/**
 * The key property an item path parameter of two words or more names by its last word (Azure's `{vaultName}` →
 * `name`, GitHub's `{issue_number}` → `number`, `{projectKey}` → `key`): the property the path takes, tried right
 * after the parameter's own name and ahead of an `id` the item also has (docs/mocks.md: the property the item
 * path's parameter names comes first). Undefined for a one-word parameter (`{hostname}`) or another last word (`{petId}`).
 * @param param the item path parameter's name
 * @returns the named property (lower case), or undefined
 */
export function keyWord(param: string): string | undefined {
  const list = words(param);
  const last = list.length > 1 ? list[list.length - 1] : undefined;
  return last !== undefined && NAMING_WORDS.has(last) ? last : undefined;
}

/** The suffixes of two words or more of a word list, longest first, in camel case: `groupName` of `billingGroupName`. */
const suffixes = (list: string[]): string[] => list.slice(1, -1).map((_, i) => camelCase(list.slice(i + 1).join(' ')));

/**
 * Names of an item's own identifier, tried when the path parameter names an id (`…Id`, `…_id`, `…Uuid`, `…Guid`).
 * Not `uid`: in many contracts it names another entity (Drupal's author of a comment or a node, a user's id).
 */
const OWN_IDS = ['uuid', 'guid', 'entity_id', 'object_id'];

/**
 * The item properties that may hold an item's key, in order: the item path parameter's name, the property its last
 * word names ({@link keyWord}), `id`, `_id`, `$id`,
 * `<entity>Id`, the parameter without its `Id` suffix, the parameter's trailing words (`groupName` of
 * `billingGroupName`, `userId` of `inboundSharedUserProfile-userId`), its last word (`name` of `secret_name`, `key`
 * of `projectKey`), a `…Number` parameter's usual abbreviations (`receiptNbr`, `receiptNo`, `receiptNum`, `receiptNr`
 * of `receiptNumber`), the entity's trailing words with `Id` (`wrappingId` of `GiftWrapping`), and, for a parameter
 * that names an id, an own identifier (`uuid`, `guid`, `uid`, `entity_id`, `object_id`).
 */
function keyCandidates(param: string | undefined, entity: string): string[] {
  const last = param === undefined ? undefined : /(?:^|_|-|[a-z0-9])([A-Z]?[a-z0-9]+)$/.exec(param)?.[1]?.toLowerCase();
  const number = param === undefined ? null : /^(.+?)(_?)([Nn])umber$/.exec(param);
  const abbreviations = number ? ['br', 'o', 'um', 'r'].map((tail) => `${number[1] ?? ''}${number[2] ?? ''}${number[3] ?? ''}${tail}`) : [];
  const fromParam = param === undefined ? [] : [param.replace(/_?(?:uu|gu)?id$/i, ''), ...suffixes(words(param)), ...(last ? [last] : []), ...abbreviations];
  const fromEntity = suffixes([...words(entity), 'id']);
  const ownIds = param !== undefined && /(?:^|[_-])(?:id|uuid|guid)$|[a-z0-9](?:Id|ID|Uuid|UUID|Guid|GUID)$/.test(param) ? OWN_IDS : [];
  const named = param === undefined ? undefined : keyWord(param);
  const all = [...(param === undefined ? [] : [param]), ...(named === undefined ? [] : [named]), 'id', '_id', '$id', `${camelCase(entity)}Id`, ...fromParam, ...fromEntity, ...ownIds];
  return [...new Set(all)].filter((n) => n !== '' && n !== '__proto__');
}

/** Names of an item property that holds the item's own metadata or reference (`metadata.name`, `modelReference.modelId`). */
const isKeyContainer = (name: string): boolean => /^(metadata|meta)$|reference$/.test(name.toLowerCase().replace(/[_-]/g, ''));

/**
 * The item path parameter of a resource: the last path argument of its read operation, else of its update or delete
 * (the first of them that has a path argument), with the literal path segment before it (`videos` of
 * `/videos/{video_id}`; `''` after another parameter) and its schema; undefined when none has one.
 */
function itemPathParam(model: ApiModel, resource: ResourceNode): { name: string; segment: string; schema: SchemaNode } | undefined {
  for (const role of ['read', 'update', 'delete'] as const) {
    const op = resource.operations.find((o) => o.role === role);
    const s = op ? describeOperation(model, resource, op) : undefined;
    const param = s?.pathArgs[s.pathArgs.length - 1]?.param;
    if (s === undefined || param === undefined) continue;
    const before = s.urlPath.split(`{${param.name}}`)[0]?.replace(/\/+$/, '') ?? '';
    const segment = before.slice(before.lastIndexOf('/') + 1);
    return { name: param.name, segment: /[{}]/.test(segment) ? '' : segment, schema: param.schema };
  }
  return undefined;
}

/**
 * The identity of a resource's items: the list operation's items (found by `listItemsOf` in its JSON success body),
 * and the item property that holds the key of an item, the first of: the item path parameter's name (of the read,
 * else the update or delete), `id`, `_id`, `<entity>Id`, the parameter without its `Id` suffix, its last word, a
 * `…Number` parameter's abbreviations. A candidate matches a property of the same name, else one spelled with another
 * case or separators (`attributeID`). Failing those, an item that holds its own URI or path (`uri: "/videos/123"`,
 * `_links.self.href`) is keyed by the end of its path (`keyFromUri`: the item path parameter's segment and the key).
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
  if (list.response.content && list.response.responseType !== 'json') return `${where} answers ${list.response.content.mediaType}, read as ${list.response.responseType}, not JSON`;
  const body = list.response.content?.schema;
  const found = body ? listItemsOf(body, names) : undefined;
  if (!found) return `the items of ${where} are not found (no array, bare or in an envelope, answers it)`;
  const view = objectProperties(found.item, names);
  const itemParam = itemPathParam(model, resource);
  if (!view || view.nullable || view.props.length === 0) {
    // Items that are the keys themselves (EKS's `{ clusters: [string] }` beside `DELETE /clusters/{name}`): each
    // item is its own key, where the item path parameter takes a value of the same kind.
    const own = kindOf(found.item, names.byName);
    const sameKind = own !== undefined && own !== 'boolean' && !found.item.nullable && itemParam !== undefined && kindOf(itemParam.schema, names.byName) === own;
    if (!sameKind) return `the items of ${where} are no objects with properties, nor keys of the kind the item path parameter takes`;
    return { list, item: found.item, ...(found.itemsProperty !== undefined ? { itemsProperty: found.itemsProperty } : {}), itemProps: new Set(), keyProperty: [] };
  }
  const itemProps = new Set(view.props.map((p) => p.name));
  const param = itemParam?.name;
  const candidates = keyCandidates(param, resource.entity);
  const keyProperty = candidates.map((n) => propertyNamed(view.props, n)).find((n) => n !== undefined) ?? nestedKey(view.props, param, names);
  const uri = keyProperty === undefined && itemParam !== undefined ? selfLink(view.props, names) : undefined;
  const items = { list, item: found.item, ...(found.itemsProperty !== undefined ? { itemsProperty: found.itemsProperty } : {}), itemProps };
  if (uri !== undefined && itemParam !== undefined) return { ...items, keyProperty: uri, keyFromUri: itemParam.segment };
  if (keyProperty === undefined) return `no property of a list item holds the key \`${param ?? 'id'}\` (none of ${candidates.map((n) => `\`${n}\``).join(', ')}, nor a URI of the item's own such as \`uri\`, \`self\`, \`href\`, \`_links.self.href\`)`;
  return { ...items, keyProperty };
}

/** A name lowercased without `_` and `-`: `thingid` for `thing_ID`. */
const flat = (n: string): string => n.toLowerCase().replace(/[_-]/g, '');

/** The property of this name, else the one spelled with another case or separators (`attributeID` for `attributeId`). */
function propertyNamed(props: readonly PropertyNode[], name: string): string | undefined {
  return props.find((p) => p.name === name)?.name ?? props.find((p) => p.name !== '__proto__' && flat(p.name) === flat(name))?.name;
}

/**
 * The path parameter's own name inside an item's metadata or reference object (`metadata.name` of a Kubernetes
 * object for `{name}`, `modelReference.modelId` for `{modelId}`): the key of an item that keeps it there.
 */
function nestedKey(props: readonly PropertyNode[], param: string | undefined, names: SchemaTypeNames): string[] | undefined {
  if (param === undefined) return undefined;
  for (const container of props.filter((p) => isKeyContainer(p.name))) {
    const inner = objectProperties(container.schema, names);
    const key = inner && !inner.nullable ? propertyNamed(inner.props, param) : undefined;
    if (key !== undefined) return [container.name, key];
  }
  return undefined;
}

/**
 * Names of an item property that holds the item's own URI or path (`uri: "/videos/123"` of Vimeo, `self`, `selfLink`,
 * `_selfUrl`, `href`, `resource_uri`), compared lowercased without `_` and `-`. Not `url` or `link`: they often hold
 * another address (a web page, a webhook's target).
 */
const SELF_LINKS = ['uri', 'self', 'selflink', 'selfuri', 'selfurl', 'href', 'resourceuri'];

/** True when a schema is a string (through references). */
const isString = (schema: SchemaNode, names: SchemaTypeNames): boolean => deref(schema, names.byName)?.kind === 'string';

/**
 * The item property that holds the item's own URI or path, which ends in the key: one named in
 * {@link SELF_LINKS}, else the `self` link of a `_links` or `links` object (HAL's `_links.self.href`, or a string
 * `links.self`). Tried only when no property holds the key itself.
 */
function selfLink(props: readonly PropertyNode[], names: SchemaTypeNames): PropertyPath | undefined {
  for (const name of SELF_LINKS) {
    const found = props.find((p) => flat(p.name) === name && isString(p.schema, names));
    if (found) return found.name;
  }
  const links = props.find((p) => /^_?links$/i.test(p.name));
  const self = links && objectProperties(links.schema, names)?.props.find((p) => p.name === 'self');
  if (!links || !self) return undefined;
  if (isString(self.schema, names)) return [links.name, 'self'];
  return objectProperties(self.schema, names)?.props.some((p) => p.name === 'href' && isString(p.schema, names)) ? [links.name, 'self', 'href'] : undefined;
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
