import type { ApiModel, OperationSignature, ResourceNode } from '@reslayer/core';
import { describeOperation, memoOnModel, pathShape } from '@reslayer/core';

/** A resource whose query keys a mutation makes stale, with the arguments of its `detail` key. */
export interface InvalidationTarget {
  resource: ResourceNode;
  /**
   * Names of the mutation's path arguments (in order) that identify the target's item, passed to its
   * `detail(...)` key; undefined when the mutation cannot name one item (invalidate `details()` instead).
   */
  detailArgs?: string[];
  /** True when the target resource has a `detail` key (a read operation). */
  hasDetail: boolean;
}

/**
 * The resources a mutation makes stale: its own first, then, for an operation of a non-CRUD resource under an
 * item of a CRUD resource (`POST /contacts/{contactId}/archive`), that CRUD resource.
 * @param model the API model (the CRUD item paths are indexed once per model)
 * @param s the mutation's signature
 * @returns one or two targets, the operation's own resource first
 */
export function invalidationTargets(model: ApiModel, s: OperationSignature): InvalidationTarget[] {
  const target = (resource: ResourceNode): InvalidationTarget => {
    const read = resource.operations.find((o) => o.role === 'read');
    const readArgs = read ? describeOperation(model, resource, read).pathArgs.length : 0;
    const detailArgs = read && readArgs <= s.pathArgs.length ? s.pathArgs.slice(0, readArgs).map((a) => a.ident) : undefined;
    return { resource, hasDetail: read !== undefined, ...(detailArgs && readArgs > 0 ? { detailArgs } : {}) };
  };
  const out = [target(s.resource)];
  if (s.resource.resourceKind !== 'crud') {
    const parents = crudItemShapes(model);
    const segments = shapeKey(s.node.path);
    for (let n = segments.length - 1; n > 0; n--) {
      const parent = parents.get(segments.slice(0, n).join('/'));
      if (parent && parent !== s.resource) {
        out.push(target(parent));
        break;
      }
    }
  }
  return out;
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
