import type { ApiModel, CrudRole, OperationSignature, ResourceNode } from '@reslayer/core';
import { CRUD_ROLES, cmp, describeOperation, getSchemaTypeNames, isPagedList, listPagination, UniqueNames } from '@reslayer/core';
import type { OperationInfo, ResourceMeta } from './types.js';
import { formFields } from './formFields.js';
import { collectionOperation, listColumns, listFilters } from './listing.js';
import { cleanLabel, humanize } from './humanize.js';
import { configMetaNaming } from '../naming.js';
import { withDateValues } from './dateValues.js';

const CRUD: ReadonlySet<string> = new Set<CrudRole>(CRUD_ROLES);

/**
 * Everything the four metadata files of a resource are printed from. Reads the contract through core's
 * analysis layer: the operation signatures (`describeOperation`) and the schema table
 * (`getSchemaTypeNames`) every plugin shares, so all of them choose the same request body and response.
 * @param model the API model
 * @param resource the resource
 * @param textareaThreshold see the `textareaThreshold` option
 * @returns the resource description
 */
export function describeResource(model: ApiModel, resource: ResourceNode, textareaThreshold: number): ResourceMeta {
  const names = getSchemaTypeNames(model);
  const signatures = resource.operations.map((op) => describeOperation(model, resource, op));
  const collection = collectionOperation(signatures);
  const detected = listPagination(collection, names);
  // The collection pages only as core's one rule says (`isPagedList`), as its hooks read it.
  const pagination: typeof detected.pagination = collection?.op.role === 'list' && isPagedList(collection, names) ? detected.pagination : { mode: 'none' };
  const params = detected.params;
  const { fields, bodyWrapper } = formFields(signatures, names, textareaThreshold);
  const columns = listColumns(signatures, names);
  const labels = new Map<string, string>();
  for (const f of [...fields, ...columns]) if (!labels.has(f.name)) labels.set(f.name, f.label);
  return {
    resource: resource.resource,
    title: humanize(resource.resource),
    config: withDateValues({ fields, ...(bodyWrapper !== undefined ? { bodyWrapper } : {}), filters: listFilters(collection, params, names.byName, textareaThreshold), columns, pagination }, model.dates),
    operations: describeOperations(resource, signatures),
    fieldLabels: [...labels].sort(([a], [b]) => cmp(a, b)),
  };
}

/**
 * Permission and action entries, one per operation, in resource order. The key is the CRUD role for
 * the first operation of each role (reserved before any other name), else the operation name (`op.name`,
 * also the client method's name), made unique with a numeric suffix (`list2`) when it equals a key already taken.
 */
function describeOperations(resource: ResourceNode, signatures: readonly OperationSignature[]): OperationInfo[] {
  const keys = new UniqueNames();
  const roleKeys = new Map<OperationSignature, string>();
  for (const s of signatures) {
    if (CRUD.has(s.op.role) && !keys.has(s.op.role)) {
      keys.reserve(s.op.role);
      roleKeys.set(s, s.op.role);
    }
  }
  return signatures.map((s) => {
    const key = roleKeys.get(s) ?? keys.take(s.op.name);
    return {
      key,
      permission: configMetaNaming.permission(resource, key),
      scopes: [...new Set(s.node.security.flatMap((r) => r.scopes))].sort(cmp),
      method: s.node.method.toUpperCase(),
      path: s.node.path,
      label: cleanLabel(s.node.summary) ?? humanize(s.op.name),
    };
  });
}
