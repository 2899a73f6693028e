import type { ApiModel, Diagnostic, OperationSignature, ResourceNode } from '@reslayer/core';
import { describeOperation, listEnvelope } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { entityFacts, responseSchema } from './entityFacts.js';
import { storeSubject } from './storeSubject.js';
import { listPlan } from './listPlan.js';
import type { EntityFacts, ListPlan } from '../plan/mockPlan.js';
import { createPlanContext, type PlanContext } from '../plan/planContext.js';

/** The CRUD roles whose operations the store serves. */
const CRUD: ReadonlySet<string> = new Set(['list', 'read', 'create', 'update', 'delete']);

/** Why the store cannot serve the resource at all, or undefined when it can (the structural part of `planStore`). */
function storeProblem(sigs: OperationSignature[], ctx: PlanContext, resource: ResourceNode): string | undefined {
  // A list and a create without a read, or a relationship, keep a store of the list's items (see `storeSubject`).
  if (storeSubject(resource, sigs, ctx)) return undefined;
  const read = sigs.find((s) => s.op.role === 'read');
  if (!read) return 'the resource has no read operation to find an item by';
  const keyArg = read.pathArgs[read.pathArgs.length - 1];
  if (!keyArg) return `its read operation ${clientNaming.method(read.op)} has no path parameter to key the items by`;
  const list = sigs.find((s) => s.op.role === 'list');
  const body = list ? responseSchema(list) : undefined;
  if (!entityFacts(read, keyArg.param.name, ctx, resource.entity, body ? listEnvelope(body, ctx.names) : undefined)) return `the response of ${clientNaming.method(read.op)} is not one object type`;
  return undefined;
}

/** The read operation of a list's resource and the entity the store would keep, found as `planStore` finds them. */
function listEntity(list: OperationSignature, sigs: OperationSignature[], ctx: PlanContext, resource: ResourceNode): { read?: OperationSignature; entity?: EntityFacts } {
  const read = sigs.find((x) => x.op.role === 'read');
  const keyArg = read?.pathArgs[read.pathArgs.length - 1];
  const body = responseSchema(list);
  const entity = (read && keyArg ? entityFacts(read, keyArg.param.name, ctx, resource.entity, body ? listEnvelope(body, ctx.names) : undefined) : undefined) ?? storeSubject(resource, sigs, ctx)?.entity;
  return { ...(read ? { read } : {}), ...(entity ? { entity } : {}) };
}

/**
 * Why the store cannot serve one operation of a resource it can serve (`reason`), or, for a list it serves, the
 * list's plan (`plan`, none when the store keeps no entity it could find).
 */
function operationProblem(s: OperationSignature, sigs: OperationSignature[], ctx: PlanContext, resource: ResourceNode): { reason?: string; plan?: ListPlan } {
  const role = s.op.role;
  if (role === 'list') {
    const { read, entity } = listEntity(s, sigs, ctx, resource);
    const plan = entity ? listPlan(s, entity, ctx) : undefined;
    if (entity && !plan) return { reason: `its items are neither the entity of ${read ? clientNaming.method(read.op) : 'the read'} nor a summary of it` };
    return plan ? { plan } : {};
  }
  if ((role === 'update' || role === 'delete') && s.pathArgs.length === 0) return { reason: 'its path names no item' };
  if (role === 'update' && s.node.method !== 'put' && s.node.method !== 'patch') return { reason: `an update by ${s.node.method.toUpperCase()} is answered from its fixture` };
  return {};
}

/** The query parameters a store-backed list reads: its window's, its filters', its free text's and its sort's. */
function honoured(plan: ListPlan): Set<string> {
  const page = plan.page;
  const window = page ? [page.param, page.mode === 'page' ? page.size : page.limit] : [];
  return new Set([...window, ...plan.filters.map((f) => f[0]), ...(plan.search?.params ?? []), ...(plan.sort?.params ?? []), plan.sort?.order].filter((n): n is string => n !== undefined));
}

/** `RSL_MOCK_LIST_PARAM`: the query parameters a store-backed list ignores, in one `info` diagnostic. */
function ignoredParams(s: OperationSignature, plan: ListPlan): Diagnostic[] {
  const reads = honoured(plan);
  const ignored = s.node.parameters.filter((p) => p.in === 'query' && !reads.has(p.name)).map((p) => `\`${p.name}\``);
  if (ignored.length === 0) return [];
  return [{
    code: 'RSL_MOCK_LIST_PARAM',
    severity: 'info',
    message: `plugin-mocks: ${clientNaming.method(s.op)} (GET ${s.node.path}) ignores the query parameter${ignored.length > 1 ? 's' : ''} ${ignored.join(', ')}: the store cannot honour ${ignored.length > 1 ? 'them' : 'it'}`,
    location: s.node.pointer,
    hint: 'See `reslayer explain RSL_MOCK_LIST_PARAM`; in a test, answer the operation with an own resolver (`<r>OperationHandlers.<op>(resolver)`).',
  }];
}

/**
 * The operations of CRUD resources with state to keep (a read operation and a list or a write, or a list and a create) that the mocks'
 * in-memory store cannot serve (they answer a fixed fixture), as `RSL_MOCK_STATELESS` warnings naming the
 * operation and the reason: the same structural rules the store plan
 * follows (a read operation with an item key, an entity of one object type, a list holding the entity or a
 * summary of it in whatever envelope, an update by `PUT` or `PATCH`); and for each store-backed list, the query
 * parameters it ignores, as one `RSL_MOCK_LIST_PARAM` info.
 * @param model the API model
 * @returns the diagnostics, in resource and operation order
 */
export function statelessDiagnostics(model: ApiModel): Diagnostic[] {
  const ctx = createPlanContext(model);
  const out: Diagnostic[] = [];
  for (const resource of model.resources) {
    if (resource.resourceKind !== 'crud') continue;
    // State to keep: items read by key that another operation lists or changes, or a list that creates add to (a
    // lone `POST /embeddings` or a read-only `GET /things/{id}` keeps none).
    const roles = new Set(resource.operations.map((op) => op.role));
    const writes = roles.has('create') || roles.has('update') || roles.has('delete');
    if (!(roles.has('read') && (writes || roles.has('list'))) && !(roles.has('list') && roles.has('create'))) continue;
    const sigs = resource.operations.map((op) => describeOperation(model, resource, op));
    const whole = storeProblem(sigs, ctx, resource);
    for (const s of sigs) {
      if (!CRUD.has(s.op.role)) continue;
      const { reason, plan } = whole !== undefined ? { reason: whole } : operationProblem(s, sigs, ctx, resource);
      if (reason === undefined) {
        if (plan) out.push(...ignoredParams(s, plan));
        continue;
      }
      out.push({
        code: 'RSL_MOCK_STATELESS',
        severity: 'warning',
        message: `plugin-mocks: ${clientNaming.method(s.op)} (${s.node.method.toUpperCase()} ${s.node.path}) answers a fixed fixture, not the store of \`${resource.resource}\`: ${reason}`,
        location: s.node.pointer,
        hint: 'See `reslayer explain RSL_MOCK_STATELESS`; in a test, answer the operation with an own resolver (`<r>OperationHandlers.<op>(resolver)`).',
      });
    }
  }
  return out;
}
