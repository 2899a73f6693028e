import { type ApiModel, noLeadingDigit, pascalName } from '@reslayer/core';
import { type OperationRole, pascalCase } from '@reslayer/core/host';
import type { NameRename } from './compareOutputs.js';

/** An operation as the generated layer names it. */
export interface IndexedOperation {
  /** `METHOD path`. */
  key: string;
  operationId?: string;
  /** Resource it belongs to (`contacts`). */
  resource: string;
  /** Its client method name within the resource (`listContacts`). */
  name: string;
  role: OperationRole;
}

/**
 * The model's operations by key (`METHOD path`), with the resource and name detection gave them.
 * @param model a model after `detect`
 */
export function indexOperations(model: ApiModel): Map<string, IndexedOperation> {
  const ids = new Map(model.operations.map((o) => [o.key, o.operationId] as const));
  const out = new Map<string, IndexedOperation>();
  for (const r of model.resources) {
    for (const op of r.operations) {
      const operationId = ids.get(op.operationKey);
      out.set(op.operationKey, { key: op.operationKey, ...(operationId !== undefined ? { operationId } : {}), resource: r.resource, name: op.name, role: op.role });
    }
  }
  return out;
}

/** An operation whose generated names changed while it stayed the same operation. */
export interface OperationRename {
  /** `METHOD path` in the old contract. */
  from: string;
  /** `METHOD path` in the new contract (the same unless the path or method moved). */
  to: string;
  /** Old and new `resource.method` (`contacts.listContacts` → `contacts.getContacts`). */
  before: string;
  after: string;
}

/**
 * Operations that the old and new models both have (the same `operationId`, or else the same method and
 * path) under another generated name or resource: their symbols are reported as renamed, not as removed
 * and added.
 * @param before old model
 * @param after new model
 */
export function operationRenames(before: Map<string, IndexedOperation>, after: Map<string, IndexedOperation>): Array<OperationRename & { rewrite: NameRename }> {
  const byId = new Map([...after.values()].filter((o) => o.operationId !== undefined).map((o) => [o.operationId as string, o] as const));
  const out: Array<OperationRename & { rewrite: NameRename }> = [];
  for (const o of before.values()) {
    const n = (o.operationId !== undefined ? byId.get(o.operationId) : undefined) ?? after.get(o.key);
    if (!n || (n.name === o.name && n.resource === o.resource)) continue;
    const rewrite: Array<[string, string]> = [];
    if (n.name !== o.name) rewrite.push([o.name, n.name], [typeBase(o.name), typeBase(n.name)]);
    if (n.resource !== o.resource) rewrite.push([o.resource, n.resource], [pascalCase(o.resource), pascalCase(n.resource)]);
    out.push({ from: o.key, to: n.key, before: `${o.resource}.${o.name}`, after: `${n.resource}.${n.name}`, rewrite });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from));
}

/** plugin-client's type base of an operation name (`listContacts` → `ListContacts`, `2fa` → `_2fa`): core's rules. */
const typeBase = (name: string): string => noLeadingDigit(pascalName(name));

/** Type names plugin-client derives from an operation name: `ListContacts…`. */
export function operationTypePrefix(name: string): string {
  return typeBase(name);
}
