import type { PropertyNode, SchemaTypeNames } from '@reslayer/core';
import { camelCase, deref, objectProperties, type OperationSignature } from '@reslayer/core';
import type { EntityFacts, EntityKey, Fields } from './mockPlan.js';
import type { PlanContext } from './planContext.js';
import { sameType } from './sameType.js';

/**
 * The entity facts of a read operation, or undefined when its response is not a single non-null object type.
 * The key property is the first usable one (a non-null string, number or enum) named like the item path
 * parameter, `id`, `<entity>Id`, or the parameter without its `Id`/`_id` suffix; when the entity has none and
 * wraps the item in one required property (`{ article: Article }`), the wrapped object's property of such a name.
 * @param read signature of the CRUD read operation
 * @param keyParam name of the path parameter that identifies an item
 * @param ctx the planning context
 * @param entity entity name of the resource
 */
export function entityFacts(read: OperationSignature, keyParam: string, ctx: PlanContext, entity: string): EntityFacts | undefined {
  const schema = read.response.content?.schema;
  if (read.response.responseType !== 'json' || !schema) return undefined;
  const bodies = read.response.responses.flatMap((r) => (r.contents[0] ? [r.contents[0].schema] : []));
  const view = objectProperties(schema, ctx.names);
  if (!bodies.every((b) => sameType(b, schema, ctx)) || !view || view.nullable || view.props.length === 0) return undefined;
  const props = view.props;
  const candidates = [...new Set([keyParam, 'id', `${camelCase(entity)}Id`, keyParam.replace(/_?id$/i, '')])].filter((n) => n !== '');
  let key = keyIn(props, candidates, ctx.names);
  const wrapper = props.length === 1 && props[0]?.required ? props[0] : undefined;
  const inner = !key && wrapper ? objectProperties(wrapper.schema, ctx.names) : undefined;
  if (wrapper && inner && !inner.nullable) {
    const found = keyIn(inner.props, candidates, ctx.names);
    if (found) key = { ...found, path: [wrapper.name, ...found.path] };
  }
  const readOnly = (list: PropertyNode[]) => list.filter((p) => p.schema.readOnly).map((p) => p.name);
  const top = [...new Set([...(key?.path.length === 1 ? key.path : []), ...readOnly(props)])].sort();
  const serverFields: Fields = top;
  if (wrapper && inner && key && key.path.length === 2) serverFields.push([wrapper.name, [...new Set([key.path[1] as string, ...readOnly(inner.props)])].sort()]);
  return { schema, props, serverFields, ...(key ? { key } : {}) };
}

/** The first property of these names that can hold a key (a non-null string, number or enum). */
function keyIn(props: PropertyNode[], candidates: string[], names: SchemaTypeNames): EntityKey | undefined {
  for (const name of candidates) {
    const p = props.find((x) => x.name === name);
    const n = p && deref(p.schema, names.byName);
    // `__proto__` cannot be assigned as a plain property: no such key.
    if (!p || !n || p.name === '__proto__' || p.schema.nullable || n.nullable || names.cut.has(p.schema)) continue;
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
