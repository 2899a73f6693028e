import type { PermissionMeta } from '@reslayer/runtime';

/** The roles of the role switch and the OAuth scopes each one is granted. */
export const roles = {
  viewer: ['crm:read'],
  editor: ['crm:read', 'crm:write'],
} as const satisfies Record<string, readonly string[]>;

/** A role of the role switch. */
export type Role = keyof typeof roles;

/**
 * Whether the granted scopes allow an operation: every scope the contract requires for it (the
 * generated permission's `scopes`) must be granted. An operation without scopes is always allowed.
 * @param permission an entry of a generated `<resource>Permissions` map
 * @param granted the scopes of the current user
 */
export function can(permission: PermissionMeta, granted: readonly string[]): boolean {
  return permission.scopes.every((scope) => granted.includes(scope));
}
