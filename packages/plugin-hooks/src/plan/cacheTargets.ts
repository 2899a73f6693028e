import type { ApiModel, OperationSignature, ResourceNode, SchemaNode } from '@reslayer/core';
import { describeOperation, getSchemaTypeNames, memoOnModel, objectProperties, pathShape, resolveSchema } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { KeyRef } from './planMutation.js';

/** A CRUD resource whose cached queries a mutation touches, with the mutation's arguments that scope its keys. */
export interface CrudTarget {
  resource: ResourceNode;
  /**
   * The mutation's path arguments that fill the target's list key after `lists()` (the parent's path
   * parameters of a nested resource: `[...messagesQueryKeys.lists(), threadId]`); `[]` for a top-level list.
   * Undefined when the target has no list operation.
   */
  listArgs?: string[];
  /** The mutation's path arguments that name the target's item (`detail(...)`); undefined when they cannot. */
  detailArgs?: string[];
  /**
   * When the read also takes required query or header parameters (so `detail(...)` needs them): the mutation's
   * path arguments that name the prefix of every cached detail of the item, `[...details(), ...args]`.
   */
  detailPrefixArgs?: string[];
  /** True when the target has a read operation (a `detail` key). */
  hasDetail: boolean;
}

/** Path arguments of the operation of `role` in `resource`, or undefined when it has none of that role. */
function pathArgCount(model: ApiModel, resource: ResourceNode, role: 'list' | 'read'): number | undefined {
  const op = resource.operations.find((o) => o.role === role);
  return op ? describeOperation(model, resource, op).pathArgs.length : undefined;
}

/**
 * The CRUD resource a mutation's keys live in, with the arguments that scope them. Path arguments are matched
 * by position: a nested list's key carries the parent's path parameters in path order, and the mutation's path
 * starts with the same segments.
 * @param model the API model
 * @param s the mutation's signature
 * @param resource a CRUD resource: the mutation's own, or the one whose item the mutation's path is under
 * @returns the target
 */
export function crudTarget(model: ApiModel, s: OperationSignature, resource: ResourceNode): CrudTarget {
  const names = s.pathArgs.map((a) => a.ident);
  const lists = pathArgCount(model, resource, 'list');
  const read = pathArgCount(model, resource, 'read');
  // A read with required query parameters has a `detail` key that needs them too: no mutation can name it.
  const readOp = resource.operations.find((o) => o.role === 'read');
  const named = readOp !== undefined && !describeOperation(model, resource, readOp).paramsRequired;
  return {
    resource,
    hasDetail: read !== undefined,
    ...(lists !== undefined ? { listArgs: lists <= names.length ? names.slice(0, lists) : [] } : {}),
    ...(read !== undefined && read > 0 && read <= names.length ? { [named ? 'detailArgs' : 'detailPrefixArgs']: names.slice(0, read) } : {}),
  };
}

/**
 * The CRUD resource whose item path the operation's path is under (`POST /contacts/{contactId}/archive` →
 * `contacts`), other than the operation's own resource.
 * @param model the API model (the CRUD item paths are indexed once per model)
 * @param s the operation's signature
 * @returns the parent resource, or undefined
 */
export function parentCrudResource(model: ApiModel, s: OperationSignature): ResourceNode | undefined {
  const parents = crudItemShapes(model);
  const segments = shapeKey(s.node.path);
  for (let n = segments.length - 1; n > 0; n--) {
    const parent = parents.get(segments.slice(0, n).join('/'));
    if (parent && parent !== s.resource) return parent;
  }
  return undefined;
}

/**
 * The keys of the other CRUD resources whose item or collection path is a proper prefix of the operation's path
 * (`/threads/{threadId}` and `/threads` for `POST /threads/{threadId}/messages`): an item's `detail(...)` when
 * the operation's path arguments name it, else its `details()`; a collection's `lists()` (scoped by the parent's
 * path arguments), else the resource's root key `all`. Nearest prefix first.
 * @param model the API model
 * @param s the operation's signature
 * @returns the key references, without repeats
 */
export function parentKeys(model: ApiModel, s: OperationSignature): KeyRef[] {
  const segments = shapeKey(s.node.path);
  const byPrefix = crudPathShapes(model);
  const out: KeyRef[] = [];
  for (let n = segments.length - 1; n > 0; n--) {
    for (const { resource: r, kind } of byPrefix.get(segments.slice(0, n).join('/')) ?? []) {
      if (r === s.resource) continue;
      const keysObject = clientNaming.queryKeysObject(r);
      const t = crudTarget(model, s, r);
      if (kind === 'item') out.push(t.detailArgs ? { keysObject, member: 'detail', args: t.detailArgs } : t.hasDetail ? { keysObject, member: 'details', args: [] } : { keysObject, member: 'all', args: [] });
      else out.push(t.listArgs ? { keysObject, member: 'lists', args: t.listArgs } : { keysObject, member: 'all', args: [] });
    }
  }
  return out.filter((k, i) => out.findIndex((x) => x.keysObject === k.keysObject && x.member === k.member) === i);
}

/** A name lowercased without `_`, `-` and `.`: `lineitems` for `line_items` and `lineItems`. */
const flat = (name: string): string => name.toLowerCase().replace(/[_\-.]/g, '');

/**
 * The keys of the parent whose read embeds the collection a write changes (`POST /dialogs/{dialogId}/activities`
 * when `GET /dialogs/{dialogId}` answers `{ activities: [...] }`, or `{ data: { activities: [...] } }`): the parent's
 * `detail(...)` (the prefix of its details, `[...details(), ...args]`, when its read takes required query or header
 * parameters) and its `lists(...)`, which a cached copy of the children goes stale in.
 * @param model the API model
 * @param s the write's signature
 * @returns the key references; `[]` when no parent embeds the collection
 */
export function embeddingParentKeys(model: ApiModel, s: OperationSignature): KeyRef[] {
  const parent = parentCrudResource(model, s);
  const read = parent?.operations.find((o) => o.role === 'read');
  if (!parent || !read || !parent.itemPath) return [];
  const child = pathShape(s.node.path).segments[pathShape(parent.itemPath).segments.length];
  const rs = describeOperation(model, parent, read);
  const body = rs.response.responseType === 'json' ? rs.response.content?.schema : undefined;
  if (!child || child.includes('{') || !body || !embedsOnce(model, body, flat(child))) return [];
  const t = crudTarget(model, s, parent);
  const keysObject = clientNaming.queryKeysObject(parent);
  // A read with required query or header parameters: every cached detail of the parent item, under its key's prefix.
  const detail: KeyRef[] = t.detailArgs ? [{ keysObject, member: 'detail', args: t.detailArgs }] : t.detailPrefixArgs ? [{ keysObject, member: 'details', args: t.detailPrefixArgs }] : [];
  return [...detail, ...(t.listArgs ? [{ keysObject, member: 'lists' as const, args: t.listArgs }] : [])];
}

/**
 * {@link embeds}, once per body and name a run: every write under a parent asks about the parent's read body, in
 * `detect` (the optimistic diagnostics) and again in `emit`.
 */
function embedsOnce(model: ApiModel, body: SchemaNode, name: string): boolean {
  const byBody = memoOnModel(model, 'plugin-hooks:embeds', () => new WeakMap<SchemaNode, Map<string, boolean>>());
  let byName = byBody.get(body);
  if (!byName) byBody.set(body, (byName = new Map()));
  let found = byName.get(name);
  if (found === undefined) byName.set(name, (found = embeds(body, name, getSchemaTypeNames(model))));
  return found;
}

/** True when an object (or the object its `data`/`item`/`result` wrapper holds) has an array property of this flat name. */
function embeds(schema: SchemaNode, name: string, names: ReturnType<typeof getSchemaTypeNames>): boolean {
  const props = objectProperties(schema, names)?.props ?? [];
  if (props.some((p) => flat(p.name) === name && resolveSchema(p.schema, names.byName).leaf.kind === 'array')) return true;
  const wrapper = props.find((p) => ['data', 'item', 'result'].includes(p.name.toLowerCase()));
  return wrapper !== undefined && (objectProperties(wrapper.schema, names)?.props ?? []).some((p) => flat(p.name) === name && resolveSchema(p.schema, names.byName).leaf.kind === 'array');
}

/**
 * CRUD resources by the shape key of their item path and of their collection path, in model order (a resource's
 * item before its collection); built once per model, so that {@link parentKeys} looks up each prefix of a path
 * instead of going through every resource for each (which made planning grow with operations × resources).
 */
function crudPathShapes(model: ApiModel): Map<string, Array<{ resource: ResourceNode; kind: 'item' | 'collection' }>> {
  return memoOnModel(model, 'plugin-hooks:crudPathShapes', () => {
    const map = new Map<string, Array<{ resource: ResourceNode; kind: 'item' | 'collection' }>>();
    const add = (path: string, resource: ResourceNode, kind: 'item' | 'collection') => {
      const key = shapeKey(path).join('/');
      const list = map.get(key);
      if (list) list.push({ resource, kind });
      else map.set(key, [{ resource, kind }]);
    };
    for (const r of model.resources) {
      if (r.resourceKind !== 'crud') continue;
      if (r.itemPath) add(r.itemPath, r, 'item');
      if (r.collectionPath) add(r.collectionPath, r, 'collection');
    }
    return map;
  });
}

/**
 * True when an operation's success body is the resource's entity: the same schema, or a reference to the same
 * named schema, as the read operation's.
 * @param model the API model
 * @param s the operation's signature
 * @returns true when the response can replace the cached detail
 */
export function returnsEntity(model: ApiModel, s: OperationSignature): boolean {
  const read = s.resource.operations.find((o) => o.role === 'read');
  if (!read || s.response.responseType !== 'json') return false;
  const r = describeOperation(model, s.resource, read);
  const a = s.response.content?.schema;
  const b = r.response.responseType === 'json' ? r.response.content?.schema : undefined;
  return a !== undefined && b !== undefined && sameSchema(a, b);
}

/**
 * The same node, references to the same named schema, or the same single-property envelope around them
 * (`{ data: Contact }` beside `{ data: Contact }`: the response replaces the detail behind the envelope too).
 */
function sameSchema(a: SchemaNode, b: SchemaNode): boolean {
  if (a === b || (a.kind === 'ref' && b.kind === 'ref' && a.target === b.target)) return true;
  if (a.kind !== 'object' || b.kind !== 'object' || a.properties.length !== 1 || b.properties.length !== 1) return false;
  const [pa, pb] = [a.properties[0], b.properties[0]];
  return pa !== undefined && pb !== undefined && pa.name === pb.name && sameSchema(pa.schema, pb.schema);
}

/** Shape key of a contract path: segments after the api/version prefix, parameters written as `{}`. */
function shapeKey(path: string): string[] {
  return pathShape(path).segments.map((segment) => (segment.includes('{') ? '{}' : segment));
}

/** CRUD resources with an item path, by item shape key; built once per model. */
function crudItemShapes(model: ApiModel): Map<string, ResourceNode> {
  return memoOnModel(model, 'plugin-hooks:crudItemShapes', () => {
    const map = new Map<string, ResourceNode>();
    for (const r of model.resources) if (r.resourceKind === 'crud' && r.itemPath) map.set(shapeKey(r.itemPath).join('/'), r);
    return map;
  });
}
