import type { ApiModel, OperationSignature, PropertyNode, PropertyPath, ResourceNode, SchemaTypeNames } from '@reslayer/core';
import { describeOperation, getSchemaTypeNames, listIdentity, objectProperties, pathNames } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';

/** How a row key becomes the item path argument: `String(key)`, `Number(key)`, or the key as it is (`string | number`). */
export type KeyCast = 'String' | 'Number' | '';

/** A write a collection sends: the client method and the body fields it takes from a row. */
export interface WritePlan {
  /** Client method (`createContact`). */
  method: string;
  /** The request body's properties a row has, in the contract's order; absent for a write without a body. */
  fields?: string[];
}

/** What one resource's collection file needs. */
export interface CollectionPlan {
  resource: ResourceNode;
  /** List method of the client (`listContacts`) and its query-keys member (`list`). */
  listMethod: string;
  listKey: string;
  /** The list's `params` argument as the client declares it (`params?: ListContactsParams`), when it has one. */
  params?: { text: string; type: string };
  /** The list's response type (`ListContactsResponse`). */
  listResponse: string;
  /** Where a list response holds the items; absent when the body is the array. */
  itemsProperty?: PropertyPath;
  /** The row property that holds the key (`id`). */
  keyProperty: PropertyPath;
  /** The item's named schema type (`Contact`), when the item is a reference to one. */
  itemTypeName?: string;
  create?: WritePlan;
  /** `whole`: the body has required properties, so the whole row after the change is sent, not only the changes. */
  update?: WritePlan & { cast: KeyCast; whole: boolean };
  delete?: WritePlan & { cast: KeyCast };
}

/** The arguments of a signature by role; undefined when a `params` argument is required (a collection cannot supply it). */
function argsOf(s: OperationSignature): { path: string[]; payload: boolean } | undefined {
  if (s.args.some((a) => a.role === 'params' && a.required)) return undefined;
  return { path: s.args.filter((a) => a.role === 'path').map((a) => a.name), payload: s.args.some((a) => a.role === 'body') };
}

/** The cast of a row key to the type of an item path argument, or undefined for another type (an enum). */
function keyCast(s: OperationSignature, ident: string): KeyCast | undefined {
  const type = clientNaming.pathArgumentType(s, ident);
  return type === 'string' ? 'String' : type === 'number' ? 'Number' : type === 'string | number' ? '' : undefined;
}

/**
 * Keys of a schema node that do not change its generated TypeScript type: where it is, annotations, and the
 * string and number constraints (array bounds stay: they can make a tuple).
 */
const NOT_TYPE = new Set([
  'pointer', 'title', 'description', 'readOnly', 'writeOnly', 'deprecated', 'default', 'example',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
]);

/** A schema's type as text: the node without the keys of {@link NOT_TYPE}, keys sorted, so two copies of one type compare equal. */
function typeText(node: unknown): string {
  return JSON.stringify(node, (key, value: unknown) => {
    if (NOT_TYPE.has(key)) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** The item's properties by name (its read view). */
export type ItemProps = ReadonlyMap<string, PropertyNode>;

/**
 * The JSON object body fields of a write that a row has (write view: read-only properties left out), and whether the
 * body requires any. Undefined when the body is no JSON object, or a row cannot fill it as its type says: a required
 * property rows lack or may leave out, or a property of another schema than the row's (a row's value would not fit).
 */
function bodyFields(s: OperationSignature, item: ItemProps, names: SchemaTypeNames): { fields: string[]; required: boolean } | undefined {
  if (s.payload?.bodyKind !== 'json' || !s.payload.content.schema) return undefined;
  const view = objectProperties(s.payload.content.schema, names, 'write');
  if (!view || view.nullable) return undefined;
  const fits = (p: PropertyNode): boolean => {
    const own = item.get(p.name);
    if (!own) return !p.required;
    return (!p.required || own.required) && typeText(own.schema) === typeText(p.schema);
  };
  if (!view.props.every(fits)) return undefined;
  const fields = view.props.filter((p) => item.has(p.name)).map((p) => p.name);
  return fields.length > 0 ? { fields, required: view.props.some((p) => p.required) } : undefined;
}

/** The signature of the resource's operation of a role, if any. */
function opOf(model: ApiModel, resource: ResourceNode, role: string): OperationSignature | undefined {
  const op = resource.operations.find((o) => o.role === role);
  return op && describeOperation(model, resource, op);
}

/** The create: no path argument, a JSON object body whose required properties rows have. */
function planCreate(s: OperationSignature | undefined, item: ItemProps, names: SchemaTypeNames): WritePlan | undefined {
  const args = s && argsOf(s);
  const body = s && args && args.path.length === 0 && args.payload ? bodyFields(s, item, names) : undefined;
  return s && body ? { method: clientNaming.method(s.op), fields: body.fields } : undefined;
}

/** An update or delete: one path argument (the row key) and, for an update, a JSON object body. */
function planItemWrite(s: OperationSignature | undefined, item: ItemProps, names: SchemaTypeNames, withBody: boolean): (WritePlan & { cast: KeyCast; whole: boolean }) | undefined {
  const args = s && argsOf(s);
  if (!s || !args || args.path.length !== 1 || args.payload !== withBody) return undefined;
  const cast = keyCast(s, args.path[0] as string);
  const body = withBody ? bodyFields(s, item, names) : undefined;
  if (cast === undefined || (withBody && !body)) return undefined;
  return { method: clientNaming.method(s.op), ...(body ? { fields: body.fields } : {}), cast, whole: body?.required ?? false };
}

/**
 * Plans the collection of a resource: its list (a `GET` without path arguments or required body, found with its
 * items and key by core's `listIdentity`), and the create, update and delete it can send rows through: a create
 * without path arguments, an update or delete whose one path argument is the row key, none with a required
 * `params`; a body must be a JSON object whose required properties rows have.
 * @param model the API model
 * @param resource the resource
 * @returns the plan, or undefined for a resource without such a list or without a key (or whose items are keyed by
 *   their own URI, a key the writes cannot send)
 */
export function planCollection(model: ApiModel, resource: ResourceNode): CollectionPlan | undefined {
  const identity = listIdentity(model, resource);
  const list = identity?.list;
  const listArgs = list && argsOf(list);
  // A row keyed by its own URI (`keyFromUri`) has no key to send as the item path argument; a list of bare keys
  // (`keyProperty` `[]`) has no rows to show.
  if (!identity || identity.keyFromUri !== undefined || pathNames(identity.keyProperty).length === 0 || !list || list.node.method !== 'get' || !listArgs || listArgs.path.length > 0 || listArgs.payload) return undefined;
  const names = getSchemaTypeNames(model);
  const params = clientNaming.argumentList(list).find((a) => a.name === 'params');
  const item = identity.item.kind === 'ref' ? model.schemas.find((n) => n.name === (identity.item as { target: string }).target) : undefined;
  const props: ItemProps = new Map(objectProperties(identity.item, names)?.props.map((p) => [p.name, p]));
  const create = planCreate(opOf(model, resource, 'create'), props, names);
  const update = planItemWrite(opOf(model, resource, 'update'), props, names, true);
  const remove = planItemWrite(opOf(model, resource, 'delete'), props, names, false);
  return {
    resource,
    listMethod: clientNaming.method(list.op),
    listKey: clientNaming.queryKey(list.op),
    ...(params ? { params: { text: params.text, type: clientNaming.paramsType(list.op) } } : {}),
    listResponse: clientNaming.responseType(list.op),
    ...(identity.itemsProperty !== undefined ? { itemsProperty: identity.itemsProperty } : {}),
    keyProperty: identity.keyProperty,
    ...(item ? { itemTypeName: item.typeName } : {}),
    ...(create ? { create } : {}),
    ...(update ? { update } : {}),
    ...(remove ? { delete: { method: remove.method, cast: remove.cast } } : {}),
  };
}
