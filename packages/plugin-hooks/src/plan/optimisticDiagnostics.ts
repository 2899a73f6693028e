import type { ApiModel, Diagnostic, OperationSignature } from '@reslayer/core';
import { describeOperation, getSchemaTypeNames, objectProperties } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { crudTarget } from './cacheTargets.js';
import { cacheProblem, planCache } from './planCache.js';
import { planMutation } from './planMutation.js';

/** Why an update or delete with a cache plan gets no optimistic helper, read from what {@link planMutation} needs. */
function mutationProblem(model: ApiModel, s: OperationSignature, hasCache: boolean): string {
  if (!hasCache) return 'the resource has no cache helpers';
  const target = crudTarget(model, s, s.resource);
  if (target.listArgs === undefined) return 'the list\'s key cannot be named from the path';
  if (s.pathArgs.length === 0) return 'its path names no item';
  if (target.detailArgs === undefined && target.detailPrefixArgs === undefined) return "the detail's key needs more than the path's parameters (the read takes other path parameters, or required query or header parameters)";
  const payload = s.op.role === 'update' ? s.payload : undefined;
  if (s.op.role === 'update' && !payload) return 'it sends no payload to merge into the cached copies';
  if (payload && payload.bodyKind !== 'json') return `its payload is ${payload.content.mediaType}, not JSON, so it cannot be merged into the cached copies`;
  const schema = payload?.content.schema;
  if (payload && !(schema && objectProperties(schema, getSchemaTypeNames(model))?.props.length)) return 'its JSON payload is no object with properties (a JSON Patch document, an array), so it cannot be merged into the cached copies';
  return 'its JSON payload has no property that both a list item and the detail have, so it cannot be merged into them';
}

/**
 * `RSL_HOOKS_NOT_OPTIMISTIC`: the update and delete operations of CRUD resources with a list and a read that get
 * no optimistic helper (their mutation options only invalidate), each with why: the list's items are not found or
 * have no key property, the detail's key needs more than the path, or an update's payload merges into neither
 * cached copy. One `info` each, so that `lint` says what the contract would need.
 * @param model the API model (after detection)
 * @returns the diagnostics, in resource and operation order
 */
export function optimisticDiagnostics(model: ApiModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const resource of model.resources) {
    const roles = new Set(resource.operations.map((o) => o.role));
    if (resource.resourceKind !== 'crud' || !roles.has('list') || !roles.has('read')) continue;
    const cache = planCache(model, resource, '');
    const whole = cache === undefined ? cacheProblem(model, resource) : undefined;
    for (const op of resource.operations) {
      if (op.role !== 'update' && op.role !== 'delete') continue;
      const s = describeOperation(model, resource, op);
      if (planMutation(model, s, false, cache).optimistic !== undefined) continue;
      out.push({
        code: 'RSL_HOOKS_NOT_OPTIMISTIC',
        severity: 'info',
        message: `plugin-hooks: ${clientNaming.method(op)} (${s.node.method.toUpperCase()} ${s.node.path}) gets no optimistic helper: ${whole ?? mutationProblem(model, s, cache !== undefined)}`,
        location: s.node.pointer,
        hint: 'See `reslayer explain RSL_HOOKS_NOT_OPTIMISTIC`; its mutation options still invalidate the lists and the detail.',
      });
    }
  }
  return out;
}
