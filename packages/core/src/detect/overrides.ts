import type { ApiModel } from '../model/types.js';
import type { NamingOverrides, OperationOverride } from '../config/types.js';
import { cmp, type Diagnostics } from '../diagnostics/Diagnostics.js';
import type { Group, NamedGroup } from './group.js';

/** Applies `overrides.resources`: renames and entity names; an entry that matches nothing or clashes is an error diagnostic. */
export function applyResourceOverrides(named: NamedGroup[], overrides: NamingOverrides | undefined, diagnostics: Diagnostics): NamedGroup[] {
  const entries = Object.entries(overrides?.resources ?? {}).sort(([a], [b]) => cmp(a, b));
  if (entries.length === 0) return named;
  const out = named.map((n) => ({ ...n }));
  const detected = named.map((n) => n.name);
  for (const [key, override] of entries) {
    const i = detected.indexOf(key);
    const target = out[i];
    if (i < 0 || !target) {
      const near = detected.find((d) => d.toLowerCase() === key.toLowerCase());
      diagnostics.add({
        code: 'RSL_OVERRIDE_INVALID',
        severity: 'error',
        message: `overrides.resources.${key} matches no detected resource${near !== undefined ? ` (did you mean "${near}"?)` : ''}`,
        location: `overrides.resources.${key}`,
        hint: 'Key it by a resource name as `reslayer inspect` prints it.',
      });
      continue;
    }
    if (override.entity !== undefined) target.entity = override.entity;
    if (override.name !== undefined && override.name !== key) {
      target.name = override.name;
      target.overriddenFrom = key;
    }
  }
  // A new name must not clash (case-insensitively) with another resource's name.
  const byLower = new Map<string, number[]>();
  out.forEach((n, i) => byLower.set(n.name.toLowerCase(), [...(byLower.get(n.name.toLowerCase()) ?? []), i]));
  for (const indexes of byLower.values()) {
    if (indexes.length < 2) continue;
    for (const i of indexes) {
      const n = out[i];
      if (!n || n.overriddenFrom === undefined) continue;
      const other = indexes.map((j) => out[j]).find((m) => m !== n);
      diagnostics.add({
        code: 'RSL_OVERRIDE_INVALID',
        severity: 'error',
        message: `overrides.resources.${n.overriddenFrom}.name "${n.name}" is also the name of resource "${other?.overriddenFrom ?? other?.name ?? ''}"`,
        location: `overrides.resources.${n.overriddenFrom}.name`,
        hint: 'Resource names become folder names and must differ, also in case.',
      });
      n.name = n.overriddenFrom;
      delete n.overriddenFrom;
    }
  }
  return out;
}

/**
 * Applies `overrides.operations.<operationId>.role`: the member takes the role, its reason says so. A CRUD role
 * on an operation outside a CRUD resource is an `RSL_OVERRIDE_INVALID` error and is not applied.
 * @param groups the detected groups (their members are changed in place)
 * @param overrides `overrides.operations` of the config
 * @param diagnostics where invalid overrides go
 */
export function applyRoleOverrides(groups: readonly Group[], overrides: Record<string, OperationOverride>, diagnostics: Diagnostics): void {
  for (const g of groups) {
    for (const member of g.members) {
      const id = member.op.operationId;
      const role = id !== undefined && Object.hasOwn(overrides, id) ? overrides[id]?.role : undefined;
      if (role === undefined || role === member.role) continue;
      if (!g.collection && role !== 'action' && role !== 'other') {
        diagnostics.add({
          code: 'RSL_OVERRIDE_INVALID',
          severity: 'error',
          message: `overrides.operations.${id ?? ''}.role "${role}" is a CRUD role, but ${member.op.key} is in no CRUD resource`,
          location: `overrides.operations.${id ?? ''}.role`,
          hint: 'A CRUD role needs a collection path (`P` or `P/{id}`); use action or other here.',
        });
        continue;
      }
      member.why = `${role}: set by overrides.operations.${id ?? ''}.role (detected ${member.why})`;
      member.role = role;
    }
  }
}

/** Reports each `overrides.operations` key that is no operationId of the contract. */
export function reportUnmatchedOperationOverrides(model: ApiModel, overrides: Record<string, OperationOverride>, diagnostics: Diagnostics): void {
  const ids = new Set(model.operations.map((o) => o.operationId).filter((id): id is string => id !== undefined));
  for (const key of Object.keys(overrides).sort(cmp)) {
    if (ids.has(key)) continue;
    const near = [...ids].find((id) => id.toLowerCase() === key.toLowerCase());
    diagnostics.add({
      code: 'RSL_OVERRIDE_INVALID',
      severity: 'error',
      message: `overrides.operations.${key} matches no operationId of the contract${near !== undefined ? ` (did you mean "${near}"?)` : ''}`,
      location: `overrides.operations.${key}`,
      hint: 'Key it by an operationId exactly as the contract writes it.',
    });
  }
}
