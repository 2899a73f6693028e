import { banner, docComment, objectKey, stringLiteral } from '@reslayer/core';
import type { ResourceMeta } from '../plan/types.js';
import { configMetaNaming } from '../naming.js';
import { printValue } from './printValue.js';

/**
 * Emits `<resource>.permissions.ts`: `<resource>Permissions`, one entry per operation keyed by its
 * CRUD role or operation name, and the `<Resource>PermissionKey` type.
 * @param meta the resource description
 * @param runtimeModule module the `ResourcePermissions` type is imported from
 * @returns the file contents
 */
export function emitPermissions(meta: ResourceMeta, runtimeModule: string): string {
  const r = { resource: meta.resource };
  const name = configMetaNaming.permissionsObject(r);
  const lines = [
    banner(),
    `import type { ResourcePermissions } from ${stringLiteral(runtimeModule)};`,
    '',
    docComment({ description: [
      `Permissions of the \`${meta.resource}\` operations: a stable permission string per operation, the`,
      'security scopes the contract declares for it, and its method and path.',
    ].join('\n') }, 0),
  ];
  if (meta.operations.length === 0) lines.push(`export const ${name} = {} as const satisfies ResourcePermissions;`);
  else {
    lines.push(`export const ${name} = {`);
    for (const op of meta.operations) {
      const entry = { permission: op.permission, scopes: op.scopes, method: op.method, path: op.path };
      lines.push(docComment({ description: `${op.label} (${op.method} ${op.path})` }, 1));
      lines.push(`  ${objectKey(op.key)}: ${printValue(entry, 1, 0, objectKey(op.key).length + 2, 120)},`);
    }
    lines.push('} as const satisfies ResourcePermissions;');
  }
  lines.push('', `/** A key of {@link ${name}}. */`, `export type ${configMetaNaming.permissionKeyType(r)} = keyof typeof ${name};`);
  return lines.join('\n');
}
