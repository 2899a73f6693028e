import type { ApiModel, CrudRole, ResourceNode } from '../model/types.js';
import type { Diagnostics } from '../diagnostics/Diagnostics.js';

/** Below this share of structural CRUD operations with their role, `lint` warns that the model is weak. */
export const WEAK_MODEL_SHARE = 0.5;
/** Contracts with fewer structural CRUD operations than this are not judged. */
const MIN_STRUCTURAL = 5;

const trimSlash = (p: string): string => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/**
 * The operations whose CRUD role is plain from the paths alone (docs/corpus.md, "Role recall"): for a path `P`
 * with an item path `P/{x}` beside it, `GET P` is list, `POST P` create, `GET P/{x}` read, `PUT|PATCH P/{x}`
 * update and `DELETE P/{x}` delete.
 * @param model the model (its operations)
 * @returns the structural role of each such operation, by operation key (`GET /pets`)
 */
export function structuralCrudRoles(model: Pick<ApiModel, 'operations'>): Map<string, CrudRole> {
  const paths = new Set(model.operations.map((o) => trimSlash(o.path)));
  /** `P` of an item path `P/{x}`, when the item path's parent is a path itself. */
  const parentOf = (path: string): string | undefined => {
    const cut = path.lastIndexOf('/');
    const parent = path.slice(0, cut) || '/';
    return cut >= 0 && /^\{[^/{}]+\}$/.test(path.slice(cut + 1)) && parent !== path && paths.has(parent) ? parent : undefined;
  };
  const withItems = new Set([...paths].map(parentOf).filter((p): p is string => p !== undefined));
  const out = new Map<string, CrudRole>();
  for (const op of model.operations) {
    const path = trimSlash(op.path);
    const role: CrudRole | undefined =
      parentOf(path) !== undefined
        ? ({ get: 'read', put: 'update', patch: 'update', delete: 'delete' } as const)[op.method as 'get']
        : withItems.has(path)
          ? ({ get: 'list', post: 'create' } as const)[op.method as 'get']
          : undefined;
    if (role !== undefined) out.set(op.key, role);
  }
  return out;
}

/**
 * Warns (`RSL_MODEL_WEAK`) when fewer than half of the contract's structural CRUD operations got their role, so
 * the cache effects, infinite queries and stateful mocks that hang on roles are mostly missing.
 * @param model the model
 * @param resources the detected resources
 * @param diagnostics where the warning goes
 */
export function reportWeakModel(model: ApiModel, resources: readonly ResourceNode[], diagnostics: Diagnostics): void {
  const structural = structuralCrudRoles(model);
  if (structural.size < MIN_STRUCTURAL) return;
  const given = new Map(resources.flatMap((r) => r.operations.map((o) => [o.operationKey, o.role] as const)));
  const missed = [...structural].filter(([key, role]) => given.get(key) !== role);
  const hit = structural.size - missed.length;
  if (hit >= WEAK_MODEL_SHARE * structural.size) return;
  diagnostics.add({
    code: 'RSL_MODEL_WEAK',
    severity: 'warning',
    message: `only ${hit} of ${structural.size} operations whose CRUD role the paths make plain got it (e.g. ${missed.slice(0, 3).map(([k, r]) => `${k} as ${r}`).join(', ')})`,
    location: missed[0]?.[0] ?? '',
    hint: 'Run `reslayer inspect --operations` to see why; give roles with overrides.operations.<operationId>.role in the config.',
  });
}
