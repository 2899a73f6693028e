import type { OperationSignature, SchemaTypeNames } from '@reslayer/core';
import { deref } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { validatorNaming } from '../naming.js';
import { buildNode, type BuildContext, type Skipped } from './buildNode.js';
import type { VNode } from './vnode.js';

/** One schema constant of a resource's schemas file. */
export interface PlannedSchema {
  /** Exported constant, e.g. `ListContactsParamsSchema`. */
  name: string;
  /** The generated type it is checked against (in the resource's types file), or undefined for none. */
  type?: string;
  node: VNode;
}

/** The schemas of one operation and its registry entry. */
export interface OperationPlan {
  /** `METHOD path`, as the runtime looks it up. */
  key: string;
  schemas: PlannedSchema[];
  /** Registry members: `params`, `path`, `body`, `response` → schema constant. */
  entry: Array<[member: 'params' | 'path' | 'body' | 'response', constant: string]>;
}

/**
 * Plans the schemas of an operation, each mirroring the type plugin-client prints for it:
 * - `params`: the `<Op>Params` object (query, header, cookie parameters, write direction);
 * - `path`: the string-typed path parameters by name (the client method takes `string | number`, so
 *   there is no generated type to check it against);
 * - `body`: `<Op>Payload` for a JSON, form, multipart or text body with a schema;
 * - `response`: `<Op>Response` for a JSON success body (every success status's schema, as a union).
 * @param s the operation's signature
 * @param names the model's schema naming table
 * @param options whether dates are `Date`s (the model's `dates: 'Date'`), the wire schemas then, and where features left out are collected
 */
export function planOperation(s: OperationSignature, names: SchemaTypeNames, options: { dates: boolean; skipped: Skipped[]; wire?: ReadonlyMap<string, string> }): OperationPlan {
  const write: BuildContext = { names, mode: 'write', dates: options.dates, skipped: options.skipped, ...(options.wire ? { wire: options.wire } : {}) };
  const read: BuildContext = { ...write, mode: 'read' };
  const key = `${s.node.method.toUpperCase()} ${s.node.path}`;
  const schemas: PlannedSchema[] = [];
  const entry: OperationPlan['entry'] = [];
  const base = clientNaming.typeBase(s.op);
  if (s.params.length > 0) {
    const type = clientNaming.paramsType(s.op);
    const properties = s.params.map((p) => ({ name: p.key, required: p.param.required, node: buildNode(p.param.schema, write) }));
    schemas.push({ name: validatorNaming.schemaConst(type), type, node: { kind: 'object', properties, checks: [] } });
    entry.push(['params', validatorNaming.schemaConst(type)]);
  }
  const stringPath = s.pathArgs.filter((a) => deref(a.param.schema, names.byName)?.kind === 'string');
  if (stringPath.length > 0) {
    // Path parameters stay strings (`printPathArgumentType`), dates too: they are checked as sent.
    const properties = stringPath.map((a) => ({ name: a.param.name, required: true, node: buildNode(a.param.schema, { ...write, dates: false }) }));
    schemas.push({ name: validatorNaming.pathConst(base), node: { kind: 'object', properties, checks: [] } });
    entry.push(['path', validatorNaming.pathConst(base)]);
  }
  const payload = s.payload;
  if (payload?.content.schema && payload.bodyKind !== 'binary') {
    const type = clientNaming.payloadType(s.op);
    schemas.push({ name: validatorNaming.schemaConst(type), type, node: buildNode(payload.content.schema, write) });
    entry.push(['body', validatorNaming.schemaConst(type)]);
  }
  if (s.response.responseType === 'json') {
    const type = clientNaming.responseType(s.op);
    const variants = s.response.responses.flatMap((r) => {
      const c = r.contents[0];
      return c ? [c.schema ? buildNode(c.schema, read) : ({ kind: 'unknown' } as const)] : [];
    });
    const unique = [...new Map(variants.map((v) => [JSON.stringify(v), v] as const)).values()];
    const node: VNode = unique.length === 0 ? { kind: 'unknown' } : unique.length === 1 ? (unique[0] as VNode) : { kind: 'union', variants: unique };
    schemas.push({ name: validatorNaming.schemaConst(type), type, node });
    entry.push(['response', validatorNaming.schemaConst(type)]);
  }
  return { key, schemas, entry };
}
