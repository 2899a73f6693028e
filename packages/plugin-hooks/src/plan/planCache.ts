import type { ApiModel, OperationSignature, PropertyPath, ResourceNode, SchemaNode } from '@reslayer/core';
import { deref, describeOperation, getSchemaTypeNames, listIdentity, listIdentityProblem, listPagination, memoOnModel, objectProperties, pathNames } from '@reslayer/core';
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
  /** Set when the list also answers another body than its array (visma.net's 202 acknowledgement): the items are the array's. */
  orOther?: true;
  /** Where a list page holds the total count (page and offset pagination), kept in step with edits. */
  totalProperty?: PropertyPath;
  /** Property of an item that holds its key, matched against the item path parameter (`id`), or the path to it (`['metadata', 'name']`). */
  keyProperty: PropertyPath;
  /** Set when the key property holds the item's own URI or path (`uri: "/videos/123"`): the segment before the key in it (`videos`). */
  keyFromUri?: string;
  /** Response type of the read operation (`GetContactResponse`), the detail's data; absent without a read. */
  detailResponse?: string;
  /** The property of the detail's data that holds the entity (`data` of `{ data: Contact }`); absent when it is the entity. */
  detailProperty?: string;
  /** Property names of a list item and of the detail's entity (read view), for checking that a payload merges into them; empty for a detail whose entity is not found. */
  itemProps: ReadonlySet<string>;
  detailProps: ReadonlySet<string>;
}

/** Property names of a schema's object view, or undefined when it is no object or (unless `orNull`) may be null. */
function propNames(schema: SchemaNode | undefined, names: ReturnType<typeof getSchemaTypeNames>, orNull = false): Set<string> | undefined {
  const view = schema ? objectProperties(schema, names) : undefined;
  return view && (orNull || !view.nullable) && view.props.length > 0 ? new Set(view.props.map((p) => p.name)) : undefined;
}

/** The JSON success body schema of an operation. */
const jsonBody = (s: OperationSignature): SchemaNode | undefined => (s.response.responseType === 'json' ? s.response.content?.schema : undefined);

/**
 * Plans the `<resource>Cache` helpers of a CRUD resource: the list's items property and the item property that
 * holds the key of an item (core's `listIdentity`), and its total (from `listPagination`).
 * @param model the API model
 * @param resource the resource
 * @param listHook hook name of its list operation (the file that exports the helpers)
 * @returns the plan, or undefined for a non-CRUD resource, one without a list or read, a list whose items
 *   are not found, or items without a key property ({@link cacheProblem} says which)
 */
export function planCache(model: ApiModel, resource: ResourceNode, listHook: string): CachePlan | undefined {
  const planned = plannedOnce(model, resource);
  return typeof planned === 'string' ? undefined : { ...planned, listHook };
}

/**
 * Why a CRUD resource with a list and a read gets no `<resource>Cache` helpers (see {@link planCache}), in words
 * for a diagnostic; undefined when it gets them (or has no list or read, where none are expected).
 * @param model the API model
 * @param resource the resource
 */
export function cacheProblem(model: ApiModel, resource: ResourceNode): string | undefined {
  const planned = plannedOnce(model, resource);
  return typeof planned === 'string' && planned !== '' ? planned : undefined;
}

/**
 * {@link planOrProblem} of a resource, computed once per model: `lint`'s diagnostics (at detect) and the emit of
 * the same run share it.
 */
function plannedOnce(model: ApiModel, resource: ResourceNode): Omit<CachePlan, 'listHook'> | string {
  const plans = memoOnModel(model, 'plugin-hooks:cachePlans', () => new Map<ResourceNode, Omit<CachePlan, 'listHook'> | string>());
  let planned = plans.get(resource);
  if (planned === undefined) plans.set(resource, (planned = planOrProblem(model, resource)));
  return planned;
}

/** The cache plan of {@link planCache}, or why there is none (empty when the resource has no list or read). */
function planOrProblem(model: ApiModel, resource: ResourceNode): Omit<CachePlan, 'listHook'> | string {
  const listOp = resource.operations.find((o) => o.role === 'list');
  const readOp = resource.operations.find((o) => o.role === 'read');
  if (resource.resourceKind !== 'crud' || !listOp || !readOp) return '';
  const read = describeOperation(model, resource, readOp);
  if (read.pathArgs.length === 0) return `the read ${read.node.path} takes no path parameter to find an item by`;
  const identity = listIdentity(model, resource);
  if (!identity) return listIdentityProblem(model, resource) ?? '';
  const { list, itemProps, keyProperty } = identity;
  const names = getSchemaTypeNames(model);
  // The client types the list's data as the union of its success bodies (visma.net's `AccountDto[]` or, with 202,
  // `BackgroundApiAcceptedDto`): no index reaches the items of that union.
  const bodies = new Set(list.response.responses.flatMap((r) => (r.contents[0]?.schema ? [deref(r.contents[0].schema, names.byName) ?? r.contents[0].schema] : [])));
  // A bare array beside another body keeps its items (`Extract<…, readonly unknown[]>`); a page object does not.
  if (bodies.size > 1 && identity.itemsProperty !== undefined) return `the list ${list.node.path} answers ${bodies.size} different bodies (${list.response.responses.map((r) => r.status).join(', ')}), so its items are no one type`;
  const detail = detailEntity(jsonBody(read), pathNames(keyProperty)[0] ?? '', resource.entity, names);
  const { pagination } = listPagination(list, names);
  const totalProperty = pagination.mode === 'page' || pagination.mode === 'offset' ? pagination.totalProperty : undefined;
  return {
    name: hooksNaming.cache(resource),
    listResponse: clientNaming.responseType(list.op),
    ...(identity.itemsProperty !== undefined ? { itemsProperty: identity.itemsProperty } : {}),
    ...(bodies.size > 1 ? { orOther: true as const } : {}),
    ...(totalProperty !== undefined ? { totalProperty } : {}),
    keyProperty,
    ...(identity.keyFromUri !== undefined ? { keyFromUri: identity.keyFromUri } : {}),
    detailResponse: clientNaming.responseType(read.op),
    ...(detail?.property !== undefined ? { detailProperty: detail.property } : {}),
    itemProps,
    detailProps: detail?.props ?? new Set(),
  };
}

/** Names of a property that wraps a single entity (`{ data: {...} }`, `{ item: {...} }`), as the mocks' envelope analysis knows them. */
const WRAPPERS = ['data', 'item', 'result', 'record', 'resource', 'entity', 'object'];

/** A name lowercased without `_`, `-` and `.`: `domainrecord` for `domain_record`. */
const flat = (name: string): string => name.toLowerCase().replace(/[_\-.]/g, '');

/** True when a property is named after the entity (`domain_record` of `DomainRecord`, `version` of `ApiVersion`). */
const namedAfter = (name: string, entity: string): boolean => flat(name).length >= 3 && (flat(entity).endsWith(flat(name)) || flat(name).endsWith(flat(entity)));

/**
 * The entity of a read's response: the body itself when it holds the key, else the object a wrapper property
 * holds: one named as a wrapper (`{ data: Contact }`) or after the entity (`{ domain_record: {...} }` of a
 * `DomainRecord`, `{ Analysis: {...}, Status, RequestId }`).
 */
function detailEntity(schema: SchemaNode | undefined, key: string, entity: string, names: ReturnType<typeof getSchemaTypeNames>): { props: Set<string>; property?: string } | undefined {
  const props = propNames(schema, names);
  if (!props || props.has(key)) return props && { props };
  const view = schema ? objectProperties(schema, names) : undefined;
  const holders = (view?.props ?? []).flatMap((w) => {
    const inner = propNames(w.schema, names);
    return inner?.has(key) ? [{ name: w.name, props: inner }] : [];
  });
  const found = holders.find((h) => WRAPPERS.includes(h.name.toLowerCase())) ?? holders.find((h) => namedAfter(h.name, entity));
  return found && { props: found.props, property: found.name };
}

/** Where an update's patch is in its payload and which of its properties each cached copy takes (see {@link payloadMerges}). */
export interface PayloadMerge {
  /** The payload property that holds the patch (`data` of `{ data: {...} }`); absent when the payload is the patch. */
  payloadProperty?: string;
  /** The patch properties the detail's entity has, when not all are. */
  fields?: string[];
  /** The patch properties a list item has, when they are not those of `fields`. */
  itemFields?: string[];
}

/** The properties of a patch that the detail's entity and a list item have; undefined when neither has any. */
function mergeOf(props: Set<string>, cache: CachePlan): Omit<PayloadMerge, 'payloadProperty'> | undefined {
  const detail = [...props].filter((n) => cache.detailProps.has(n));
  const item = [...props].filter((n) => cache.itemProps.has(n));
  if (detail.length === 0 && item.length === 0) return undefined;
  const same = detail.length === item.length && detail.every((n, i) => n === item[i]);
  return { ...(detail.length === props.size ? {} : { fields: detail }), ...(same ? {} : { itemFields: item }) };
}

/**
 * How an update's payload merges into the cached copies (`{ ...entity, ...patch }`): the payload, or the object a
 * wrapper property of it holds (`{ data: {...} }`, or one named after the entity: `{ live_stream: {...} }`), a JSON object (or null) some of whose properties the detail's
 * entity or a list item has. Each copy takes only the properties it has (`fields` for the detail, `itemFields` for
 * the list items when they differ); the others wait for the server's answer.
 * @param model the API model
 * @param s the update's signature
 * @param cache the resource's cache plan
 * @returns where the patch is and which of its fields merge, or undefined when none can
 */
export function payloadMerges(model: ApiModel, s: OperationSignature, cache: CachePlan): PayloadMerge | undefined {
  const names = getSchemaTypeNames(model);
  const schema = s.payload?.bodyKind === 'json' ? s.payload.content.schema : undefined;
  const direct = propNames(schema, names, true);
  const own = direct && mergeOf(direct, cache);
  if (own) return own;
  const view = schema ? objectProperties(schema, names) : undefined;
  const wrappers = view?.props.filter((p) => WRAPPERS.includes(p.name.toLowerCase()) || namedAfter(p.name, s.resource.entity)) ?? [];
  for (const w of wrappers) {
    const inner = propNames(w.schema, names);
    const merge = inner && mergeOf(inner, cache);
    if (merge) return { payloadProperty: w.name, ...merge };
  }
  return undefined;
}
