import type { PropertyNode, ResponseNode, SchemaNode, SchemaTypeNames } from '@reslayer/core';
import { camelCase, deref, isJsonMediaType, keyWord, listEnvelope, objectProperties, resolveSchema, type OperationSignature } from '@reslayer/core';
import type { EntityFacts, EntityKey, Fields, Wrap } from '../plan/mockPlan.js';
import type { PlanContext } from '../plan/planContext.js';
import { listsKeys, sameType } from '../plan/sameType.js';
import { sampleValue } from '../values/sampleSchema.js';

/** Where a list's items are (core's `listEnvelope`). */
type ListEnvelope = NonNullable<ReturnType<typeof listEnvelope>>;

/** Names of a property that wraps a single entity (`{ data: {...} }`), in order of preference (lower case). */
const WRAPPERS = ['data', 'item', 'result', 'record', 'resource', 'entity', 'object'];

/**
 * The property of an object schema that holds a value the predicate accepts (`{ data: Contact, meta }` holds a
 * `Contact` in `data`): the one named like the entity's key parameter without its suffix first (openai's
 * `{ group: Group, role: Role }` answering a role assignment under `/roles/{role_id}` holds it in `role`), then
 * required ones and those named like a wrapper; with the other required properties sampled (what a response must
 * carry beside the entity).
 * @param schema a response or request body schema
 * @param holds whether a property's schema is the entity's
 * @param ctx the planning context
 * @param keyParam the item path parameter's name (`role_id`, `roleId`), when known
 * @returns where the entity is, or undefined when no property holds it
 */
export function wrapperOf(schema: SchemaNode, holds: (schema: SchemaNode) => boolean, ctx: PlanContext, keyParam?: string): Wrap | undefined {
  // A nullable body (stream's `GetBlockListResponse`, `nullable: true`) still wraps the entity: the mocks answer its object.
  const view = objectProperties(schema, ctx.names);
  if (!view) return undefined;
  const named = keyParam === undefined ? undefined : paramStem(keyParam);
  const rank = (p: PropertyNode): number => (named !== undefined && norm(p.name) === named ? -4 : 0) + (p.required ? 0 : 2) + (WRAPPERS.includes(p.name.toLowerCase()) ? 0 : 1);
  const found = view.props.filter((p) => p.name !== '__proto__' && holds(p.schema)).sort((a, b) => rank(a) - rank(b))[0];
  if (!found) return undefined;
  const others = view.props.filter((p) => p !== found && p.required);
  const sample = others.length > 0 ? sampleValue(schema, { ...ctx.scope, requiredOnly: true }) : undefined;
  if (sample !== null && typeof sample === 'object') delete (sample as Record<string, unknown>)[found.name];
  return { path: found.name, schema: found.schema, ...(sample !== undefined && sample !== null && typeof sample === 'object' && Object.keys(sample).length > 0 ? { with: sample } : {}) };
}

/** What an item path parameter names, without its key suffix (`role_id`, `roleId` → `role`), or undefined. */
function paramStem(param: string): string | undefined {
  const stem = norm(param).replace(/(id|uuid|guid|key)$/, '');
  return stem.length > 1 && stem !== norm(param) ? stem : undefined;
}

/**
 * The wrapper of a value in one variant of a union body (DigitalOcean's create answering
 * `oneOf: [{ droplet, links }, { droplets, links }]`): the first variant that holds it (see {@link wrapperOf}).
 * @param schema a response body schema
 * @param holds whether a property's schema is the entity's
 * @param ctx the planning context
 * @returns where the entity is in that variant, or undefined when the body is no union or no variant holds it
 */
export function variantWrap(schema: SchemaNode, holds: (schema: SchemaNode) => boolean, ctx: PlanContext): Wrap | undefined {
  const n = deref(schema, ctx.names.byName);
  if (n?.kind !== 'union') return undefined;
  for (const variant of n.variants) {
    const wrap = wrapperOf(variant, holds, ctx);
    if (wrap) return wrap;
  }
  return undefined;
}

/** The schema of a JSON or wildcard-media-type content of a response, for a response whose first content has none. */
const schemaBeside = (r: ResponseNode): SchemaNode | undefined => r.contents.find((c) => c.schema && (c.mediaType === '*/*' || isJsonMediaType(c.mediaType)))?.schema;

/**
 * The schema of an operation's JSON success body: its content's, else, when that content has none (osf.io's
 * `application/json` without a schema beside a wildcard media type with one), the schema of another JSON or
 * wildcard content of the same response. The client types such a body `unknown`; the mocks' store still keeps its shape.
 * @param sig the operation's signature
 * @returns the schema, or undefined
 */
export function responseSchema(sig: OperationSignature): SchemaNode | undefined {
  const own = sig.response.content?.schema;
  if (own || sig.response.responseType !== 'json') return own;
  const first = sig.response.responses[0];
  return first && schemaBeside(first);
}

/**
 * The schemas of an operation's success bodies: each response's first content's schema, else (none there) the
 * schema of another JSON or wildcard content of that response; a response without content gives none.
 * @param sig the operation's signature
 * @returns one schema (or undefined) per success response with content
 */
export function successBodies(sig: OperationSignature): Array<SchemaNode | undefined> {
  return sig.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema ?? schemaBeside(r)] : []));
}

/**
 * The entity facts of a read operation, or undefined when its response is not a single non-null object type.
 * The entity is the read's response, or the object it wraps: the property holding the list's item type
 * (`{ data: Contact }` beside a list of `Contact`), else a lone required object property (`{ article: {...} }`) when
 * the response itself has no key property, else the item of a bare array (a read answering `[Entity]`). The key
 * property is the first usable one (a non-null string, number or enum) named like a {@link keyCandidates} name; else
 * the one string property whose `format` or `pattern` is the item path parameter's; else the one whose example is the
 * parameter's; else one named `uuid`, `key`, `slug` or `code`, or `name` when the parameter is the entity's own name.
 * A key the list's items do not carry is looked for again among the properties both have ({@link listedKey}); a
 * bare list of scalars must list keys ({@link listsKeys}).
 * @param read signature of the CRUD read operation
 * @param keyParam name of the path parameter that identifies an item
 * @param ctx the planning context
 * @param entity entity name of the resource
 * @param list the envelope of the resource's list (its item schema), when it has one
 * @returns the facts, or undefined
 */
export function entityFacts(read: OperationSignature, keyParam: string, ctx: PlanContext, entity: string, list?: ListEnvelope): EntityFacts | undefined {
  const response = responseSchema(read);
  if (read.response.responseType !== 'json' || !response) return undefined;
  const listItem = list?.item;
  // A list that is itself an array of scalars (GitHub's gitignore template names) lists the keys of the read's store
  // when they fit its key (see `listsKeys`); else the read answers its fixture, or every listed key would answer 404.
  const keysOnly = list !== undefined && list.itemsProperty === undefined && !objectProperties(list.item, ctx.names);
  const bodies = successBodies(read);
  if (!bodies.every((b) => sameType(b, response, ctx))) return undefined;
  const param = read.pathArgs[read.pathArgs.length - 1]?.param.schema;
  const keyed = (schema: SchemaNode): boolean => factsOf(schema, keyParam, param, ctx, entity)?.key !== undefined;
  const wrap = wrapOfRead(response, keyed, ctx, listItem);
  const example = read.response.content?.example;
  const held = wrap && wrap.path !== '' && example !== null && typeof example === 'object' ? (example as Record<string, unknown>)[wrap.path] : example;
  const shown = wrap?.one && Array.isArray(held) ? held[0] : held;
  const found = factsOf(wrap?.schema ?? response, keyParam, param, ctx, entity, shown);
  const facts = keysOnly ? (found && listsKeys(list.item, found, ctx) ? found : undefined) : found && listItem ? listedKey(found, listItem, keyParam, param, ctx, entity) : found;
  return facts && wrap ? { ...facts, wrap } : facts;
}

/**
 * The facts keyed by a property the list's items carry, when the entity has no key or its key is not one of them: a
 * listed item opens its detail by a key it carries (AWS appintegrations' `DataIntegrationSummary` lists `Arn` and
 * `Name`, not the detail's `Id`, under `{Identifier}`; bitbucket's issue changes have no id, but a `name`). The key
 * is found among the properties both have as the entity's is, with `name` last; the entity's own key stays a server
 * field. Else the facts unchanged (an entity without a key is kept by position).
 */
function listedKey(facts: EntityFacts, listItem: SchemaNode, keyParam: string, param: SchemaNode | undefined, ctx: PlanContext, entity: string): EntityFacts {
  const listed = objectProperties(listItem, ctx.names)?.props;
  const own = facts.key?.path[0];
  // A keyless read beside a list whose items have a key of their own (redirection.io's users listed with an `id`,
  // read as `{ name }`) stays keyless: the store keeps the list's items.
  if (!listed || listed.some((p) => p.name === own) || (own === undefined && factsOf(listItem, keyParam, param, ctx, entity)?.key)) return facts;
  const shared = facts.props.filter((p) => listed.some((l) => l.name === p.name));
  const key = keyIn(shared, keyCandidates(keyParam, entity), ctx.names) ?? (param && keyByShape(shared, param, ctx)) ?? keyIn(shared, [...conventional(keyParam, entity), 'name'], ctx.names);
  return key ? rekeyed(facts, key) : facts;
}

/** The facts keyed by another property, which becomes a field the store sets. */
export const rekeyed = (facts: EntityFacts, key: EntityKey): EntityFacts => ({ ...facts, key, serverFields: [...new Set([...facts.serverFields, ...key.path])].sort() });

/**
 * The entity facts of an entity schema (see {@link entityFacts} for how the key property is found), or undefined
 * when the schema is not an object type with properties (a nullable one is held as its object values).
 * @param schema the entity's schema (a read's response, or a list's item)
 * @param keyParam name of the path parameter that identifies an item (`id` when no path names one)
 * @param param that parameter's schema, when a path names it
 * @param ctx the planning context
 * @param entity entity name of the resource
 * @param example an example of the entity (the read response's), to find the key by the parameter's example
 * @returns the facts, or undefined
 */
export function factsOf(schema: SchemaNode, keyParam: string, param: SchemaNode | undefined, ctx: PlanContext, entity: string, example?: unknown): EntityFacts | undefined {
  // A nullable object (stream's `GetCommandResponse`) is an entity too: the store holds its object values.
  const view = objectProperties(schema, ctx.names);
  if (!view || view.props.length === 0) return undefined;
  const props = view.props;
  const key =
    keyIn(props, keyCandidates(keyParam, entity), ctx.names) ??
    (param && (keyByShape(props, param, ctx) ?? keyByExample(props, param, example, ctx))) ??
    keyIn(props, conventional(keyParam, entity), ctx.names);
  const serverFields: Fields = [...new Set([...(key ? key.path : []), ...props.filter((p) => p.schema.readOnly).map((p) => p.name)])].sort();
  return { schema, props, serverFields, ...(key ? { key } : {}) };
}

/**
 * Names an identity property commonly has, tried when no property is named like the item path parameter nor has
 * its shape: `uuid`, `key`, `slug`, `code`, then `name` when the parameter names the entity: the entity's name
 * ends with it, a plural `s` ignored (`{branch}` of a `Branch` or a `RepoBranch`, `{tags}` of a `Tag`).
 * @param keyParam name of the item path parameter
 * @param entity entity name of the resource
 * @returns the names, normalized
 */
export function conventional(keyParam: string, entity: string): string[] {
  const param = norm(keyParam).replace(/s$/, '');
  const own = norm(camelCase(entity)).replace(/s$/, '');
  const named = param.length > 1 && own.endsWith(param);
  return ['uuid', 'key', 'slug', 'code', ...(named ? ['name'] : [])];
}

/**
 * The one string property whose `format` or `pattern` is the item path parameter's (`{ref}` of `format: uuid`
 * and an entity whose only uuid is `reference`); undefined when the parameter has neither, or several fit.
 */
function keyByShape(props: PropertyNode[], param: SchemaNode, ctx: PlanContext): EntityKey | undefined {
  const shape = (node: SchemaNode): string | undefined => {
    const n = resolveSchema(node, ctx.names.byName).leaf;
    return n.kind === 'string' && !n.enum?.length && (n.format || n.pattern) ? `${n.format ?? ''}\u0000${n.pattern ?? ''}` : undefined;
  };
  const wanted = shape(param);
  if (wanted === undefined) return undefined;
  const fits = props.filter((p) => shape(p.schema) === wanted);
  return fits.length === 1 && fits[0] ? keyIn(fits, [norm(fits[0].name)], ctx.names) : undefined;
}

/**
 * The one property whose example is the item path parameter's (`{hash_or_number}` of example `4ea1…` and an entity
 * whose `block_hash` has that example, in its schema or in the entity's example); undefined when the parameter has
 * no example, or not exactly one property shares it.
 */
function keyByExample(props: PropertyNode[], param: SchemaNode, example: unknown, ctx: PlanContext): EntityKey | undefined {
  const exampleOf = (node: SchemaNode): unknown => node.example ?? resolveSchema(node, ctx.names.byName).leaf.example;
  const wanted = exampleOf(param);
  if (wanted === undefined || wanted === null || typeof wanted === 'object' || wanted === '') return undefined;
  const shown = example !== null && typeof example === 'object' ? (example as Record<string, unknown>) : {};
  const fits = props.filter((p) => [exampleOf(p.schema), Object.hasOwn(shown, p.name) ? shown[p.name] : undefined].some((v) => v !== undefined && String(v) === String(wanted)));
  return fits.length === 1 && fits[0] ? keyIn(fits, [norm(fits[0].name)], ctx.names) : undefined;
}

/** Normalized property name: case, `_`, `-` and `.` ignored (`pet_id`, `petId` and `PetID` are one name). */
export const norm = (name: string): string => name.toLowerCase().replace(/[_\-.]/g, '');

/**
 * Names the key property may have, most telling first: the item path parameter's own name, the property its last
 * word names (core's `keyWord`: Azure's `{vaultName}` → `name`, GitHub's `{issue_number}` → `number`, ahead
 * of an `id` the entity also has), `id`, `<entity>Id`, the parameter without its `Id`/`_id` suffix (not a naming word
 * such as `key` of `{key_id}`), the parameter
 * without the entity's name before it, and its last word (`{floating_ip}` → `ip`). Compared with {@link norm}.
 * The order docs/mocks.md gives: the property the item path's parameter names first.
 * @param keyParam name of the item path parameter
 * @param entity entity name of the resource
 * @returns the candidate names, normalized, without repeats
 */
export function keyCandidates(keyParam: string, entity: string): string[] {
  const param = norm(keyParam);
  const own = norm(camelCase(entity));
  const words = keyParam.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[_\-.]+/).filter((w) => w !== '');
  const last = words.length > 1 ? norm(words[words.length - 1] as string) : undefined;
  const named = keyWord(keyParam);
  // The parameter without its `Id` suffix names a property (`{namespace_id}` → `namespace`), unless it is a naming
  // word itself: `{key_id}` is an SSH key's id, not its `key` (the public key's text).
  const stem = norm(keyParam.replace(/(_id|Id|ID)$/, ''));
  const names = [param, ...(named === undefined ? [] : [named]), 'id', `${own}id`, ...(stem !== param && keyWord(`item_${stem}`) === stem ? [] : [stem])];
  // The parameter without a leading entity name, or without its first word when the entity is named otherwise.
  if (own !== '' && param.startsWith(own)) names.push(param.slice(own.length));
  if (last !== undefined) names.push(last);
  return [...new Set(names)].filter((n) => n !== '');
}

/**
 * The property of a body that holds a one-item array of the entity (Xero's read `{ Accounts: [Account] }`), as a
 * wrap of the item (`one`); with `bare`, also a body that is itself an array of the entity (paylocity's and visma's
 * reads answering `[LocalTax]` for one tax code), as a wrap at path `''` (the body). Undefined when neither holds
 * an array of `item`'s type.
 * @param schema a response or request body schema
 * @param item the entity's schema
 * @param ctx the planning context
 * @param bare whether the body itself may be the array (a response; a request body that is an array is a batch)
 * @returns the wrap, or undefined
 */
export function oneItemWrap(schema: SchemaNode, item: SchemaNode, ctx: PlanContext, bare = false): Wrap | undefined {
  const own = bare ? itemsOf(schema, ctx) : undefined;
  if (own && sameType(own, item, ctx)) return { path: '', schema: own, one: true };
  const wrap = wrapperOf(schema, (s) => { const items = itemsOf(s, ctx); return items !== undefined && sameType(items, item, ctx); }, ctx);
  const items = wrap && itemsOf(wrap.schema, ctx);
  return wrap && items ? { ...wrap, schema: items, one: true } : undefined;
}

/** The item schema of a non-nullable array schema, or undefined. */
function itemsOf(schema: SchemaNode, ctx: PlanContext): SchemaNode | undefined {
  const n = deref(schema, ctx.names.byName);
  return n?.kind === 'array' && !n.nullable ? n.items : undefined;
}

/** Where the read's response wraps the entity, if it does (see {@link entityFacts}). */
function wrapOfRead(response: SchemaNode, keyed: (schema: SchemaNode) => boolean, ctx: PlanContext, listItem: SchemaNode | undefined): Wrap | undefined {
  if (listItem && sameType(response, listItem, ctx)) return undefined;
  // Only an object item is looked for inside the read: a list of ids (data2crm's `similarTo: [string]`) is not held
  // by the read's `id`.
  const holding = listItem && objectProperties(listItem, ctx.names) ? (wrapperOf(response, (s) => sameType(s, listItem, ctx), ctx) ?? oneItemWrap(response, listItem, ctx)) : undefined;
  if (holding) return holding;
  // A bare array of objects answering a read by key is that item, alone in an array (paylocity's `[LocalTax]` beside
  // a list of `LocalTax`, ritc.io's `[RuleFullResponse]` beside a list of `RuleShortResponse`): the list's items are
  // then checked as summaries of it, as for any entity.
  const own = itemsOf(response, ctx);
  const ownView = own && objectProperties(own, ctx.names);
  if (own && ownView && !ownView.nullable && ownView.props.length > 0) return { path: '', schema: own, one: true };
  // A lone object property (`{ article: {...} }` beside a list of article summaries): required, or optional when the
  // object it holds carries a key property (found as the entity's is: by name, shape, example or a conventional
  // name, AWS evidently's `{ experiment }` keyed by `name`) and the response does not.
  const view = objectProperties(response, ctx.names);
  const lone = view && !view.nullable && view.props.length === 1 ? view.props[0] : undefined;
  if (!lone || keyed(response)) return undefined;
  const inner = objectProperties(lone.schema, ctx.names);
  if (!inner || inner.nullable || inner.props.length === 0 || (!lone.required && !keyed(lone.schema))) return undefined;
  return wrapperOf(response, (s) => s === lone.schema, ctx);
}

/** The first property named like a candidate ({@link keyCandidates}) that can hold a key (a non-null string, number or enum). */
export function keyIn(props: PropertyNode[], candidates: string[], names: SchemaTypeNames): EntityKey | undefined {
  for (const name of candidates) {
    const p = props.find((x) => norm(x.name) === name);
    const resolved = p && resolveSchema(p.schema, names.byName);
    const n = resolved && scalarOf(resolved.leaf, names);
    // `__proto__` cannot be assigned as a plain property: no such key. A nullable key (visma's `guid`, nullable and
    // readOnly) holds a value in every stored item: the store sets it.
    if (!p || !n || p.name === '__proto__' || names.cut.has(p.schema)) continue;
    const path = [p.name];
    if (n.kind === 'string' && n.format !== 'binary') {
      if (n.enum?.length) return { path, kind: 'enum', schema: p.schema, values: [...new Set(n.enum)] };
      return { path, kind: n.format === 'uuid' ? 'uuid' : 'string', schema: p.schema };
    }
    if (n.kind === 'number') {
      if (n.enum?.length) return { path, kind: 'enum', schema: p.schema, values: [...new Set(n.enum)] };
      return { path, kind: 'number', schema: p.schema };
    }
  }
  return undefined;
}

/**
 * A key's scalar schema: the schema itself, or for a union of plain strings (or of plain numbers) the first of them.
 * Each variant of a union entity declaring its own `id` with its own description (openai's `ConversationItem`)
 * makes the entity's `id` such a union.
 */
function scalarOf(leaf: SchemaNode, names: SchemaTypeNames): SchemaNode {
  if (leaf.kind !== 'union') return leaf;
  const leaves = leaf.variants.map((v) => resolveSchema(v, names.byName).leaf);
  const first = leaves[0];
  const plain = (n: SchemaNode): boolean => (n.kind === 'string' && n.format !== 'binary') || n.kind === 'number';
  return first && leaves.every((n) => plain(n) && n.kind === first.kind && !('enum' in n && n.enum?.length)) ? first : leaf;
}
