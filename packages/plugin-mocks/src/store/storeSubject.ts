import type { ResourceNode, SchemaNode } from '@reslayer/core';
import { listEnvelope, objectProperties, pathNames, stringLiteral, type OperationSignature } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import type { EntityFacts } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { entityFacts, factsOf, keyIn, rekeyed, responseSchema, successBodies } from './entityFacts.js';
import { sameType } from '../plan/sameType.js';

/** What a resource's store holds and how the handlers file types it. */
export interface StoreSubject {
  /** The stored entity. */
  entity: EntityFacts;
  /** Client type of the entity (a response type, or the part of one that holds the entity). */
  entityType: string;
  /** The client type name {@link entityType} is written with. */
  entityImport: string;
  /** The item path parameter's name, MSW name and schema; absent when no operation names an item (a list and a create). */
  keyArg?: { name: string; ident: string; schema: SchemaNode };
  /** Where the entity type comes from, for the fixtures' doc (`the response type of \`getPet\``). */
  origin: string;
  /** True for a relationship: the read answers no body, a PUT of an item adds it (see `StorePlan.relation`). */
  relation?: boolean;
  /** The example of the response the entity comes from (the read's), seeding the fixtures. */
  example?: unknown;
}

/**
 * The entity a CRUD resource's store holds: the read's response (or the object it wraps, see `entityFacts`); for a
 * resource without a read that lists and creates (`GET /menu` and `POST /menu`), the list's item, keyed by the
 * path parameter of its update or delete (`/menu/{menuItemId}`), else by a property named `id` (or, when a path names an item, `name`), else by position;
 * for a relationship whose read answers no body (`GET /user/following/{username}`: 204 or 404), and for a read
 * whose answer holds no key while the list's items hold one (a projection, or another entity's page), the list's
 * item keyed by the read's path parameter. A read whose body the client types `unknown` (its schema beside an
 * unschematized JSON content) gives no wrapped entity: the list's items stand in, when the list is typed.
 * @param resource the resource
 * @param sigs its operations' signatures
 * @param ctx the planning context
 * @returns the subject, or undefined when the resource is not CRUD or its entity is no single object type
 */
export function storeSubject(resource: ResourceNode, sigs: OperationSignature[], ctx: PlanContext): StoreSubject | undefined {
  if (resource.resourceKind !== 'crud') return undefined;
  const list = sigs.find((s) => s.op.role === 'list');
  // A list the client reads as text or a blob (an XML `Results` list) has no items the store can serve.
  const listBody = list?.response.responseType === 'json' ? responseSchema(list) : undefined;
  const envelope = listBody ? listEnvelope(listBody, ctx.names) : undefined;
  const read = sigs.find((s) => s.op.role === 'read');
  if (read && read.response.responseType !== 'none') {
    const keyArg = read.pathArgs[read.pathArgs.length - 1];
    const entity = keyArg && entityFacts(read, keyArg.param.name, ctx, resource.entity, envelope);
    if (!keyArg || !entity) return undefined;
    // A read whose answer carries no key while the list's items do (DigitalOcean's invoice answering its line
    // items, opto22's `{ value }` of a listed float): keyed by position, no listed item would open. The store holds
    // the list's items, keyed by the read's parameter, and the read answers its own body for a listed key.
    const listed = !entity.key && list && envelope ? listSubject(list, envelope, keyArg, false, resource, ctx) : undefined;
    if (listed?.entity.key) return listed;
    // The entity is typed through the read's response type, which is `unknown` to the client when the body's schema
    // sits beside an unschematized JSON content (zuora's `GET /v1/orders/{orderNumber}`): no wrap of it can be
    // reached. The list's items then, when the list is typed.
    if (entity.wrap && !read.response.content?.schema) return list && envelope ? listSubject(list, envelope, keyArg, false, resource, ctx) : undefined;
    const entityImport = clientNaming.responseType(read.op);
    // A wrap at path '' is the body itself, a bare one-item array (`[Entity]`).
    const held = !entity.wrap ? entityImport : entity.wrap.path === '' ? `NonNullable<${entityImport}>` : `NonNullable<NonNullable<${entityImport}>[${stringLiteral(entity.wrap.path)}]>`;
    const entityType = nonNull(entity.wrap?.one ? `${held}[number]` : held, entity, ctx);
    return { entity, entityType, entityImport, origin: `the response type of \`${clientNaming.method(read.op)}\``, keyArg: { name: keyArg.param.name, ident: keyArg.ident, schema: keyArg.param.schema }, example: read.response.content?.example };
  }
  // A read without a body checks a relationship (`GET /user/following/{username}` answering 204 or 404).
  const relation = read !== undefined;
  if (!list || !envelope || (!relation && !sigs.some((s) => s.op.role === 'create'))) return undefined;
  const item = (read ?? sigs.find((s) => (s.op.role === 'delete' || s.op.role === 'update') && s.pathArgs.length > 0))?.pathArgs.at(-1);
  if (relation && !item) return undefined;
  return listSubject(list, envelope, item, relation, resource, ctx);
}

/** The store subject of a list's items, keyed by the item path parameter `item` (by `id` when absent). */
function listSubject(list: OperationSignature, envelope: NonNullable<ReturnType<typeof listEnvelope>>, item: OperationSignature['pathArgs'][number] | undefined, relation: boolean, resource: ResourceNode, ctx: PlanContext): StoreSubject | undefined {
  // The items are typed through the list's response type: a body whose schema sits beside an unschematized JSON
  // content (osf.io) is `unknown` to the client, and a list answering different bodies (visma.net's array, or a
  // 202's acknowledgement) is their union: neither has items to type.
  const own = list.response.content?.schema;
  if (!own || !successBodies(list).every((b) => b !== undefined && sameType(b, own, ctx))) return undefined;
  const found = factsOf(envelope.item, item?.param.name ?? 'id', item?.param.schema, ctx, resource.entity);
  if (!found) return undefined;
  // Items with no key but a `name` (bitbucket's issue attachments under `{path}`) are keyed by it, not by position:
  // a listed item opens by what it carries (as `listedKey` does for a read's entity).
  const named = item && !found.key ? keyIn(found.props, ['name'], ctx.names) : undefined;
  const entity = named ? rekeyed(found, named) : found;
  const entityImport = clientNaming.responseType(list.op);
  const holder = (envelope.itemsProperty === undefined ? [] : pathNames(envelope.itemsProperty)).reduce((type, name) => `NonNullable<${type}>[${stringLiteral(name)}]`, entityImport);
  return { entity, entityType: nonNull(`NonNullable<${holder}>[number]`, entity, ctx), entityImport, origin: `the items of \`${clientNaming.method(list.op)}\``, ...(relation ? { relation } : {}), ...(item ? { keyArg: { name: item.param.name, ident: item.ident, schema: item.param.schema } } : {}) };
}

/** The entity type without `null` when the entity's schema is a nullable object (the store holds its object values). */
function nonNull(type: string, entity: EntityFacts, ctx: PlanContext): string {
  return objectProperties(entity.schema, ctx.names)?.nullable ? `NonNullable<${type}>` : type;
}
