import type { ResourceNode, ResourceOperation } from '@reslayer/core';
import { pascalCase } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';

/**
 * File and symbol names of plugin-hooks (architecture guide G6): pure functions other plugins may import.
 */
export const hooksNaming = {
  /** Folder of a resource's hooks: `features/<resource>/api`. */
  apiDir: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api`,
  /** File of one hook: `features/<resource>/api/<hookName>.ts`. */
  hookFile: (r: Pick<ResourceNode, 'resource'>, hookName: string): string => `features/${r.resource}/api/${hookName}.ts`,
  /** `features/<resource>/api/index.ts`. */
  indexFile: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api/index.ts`,
  /** True when the operation gets a query hook (GET), false for a mutation hook. */
  isQuery: (method: string): boolean => method === 'get',
  /**
   * Base hook name of an operation, before de-duplication within the resource:
   * `useContactsQuery` (list), `useContactQuery` (read), `useCreateContactMutation`, `useUpdateContactMutation`,
   * `useDeleteContactMutation`, `useArchiveContactMutation` (action), `useDownloadFileQuery` (download),
   * `useSearchQuery`, `useDashboardSummaryQuery` (a leading `get` is dropped for queries).
   */
  hookName: (r: Pick<ResourceNode, 'entity' | 'plural'>, op: Pick<ResourceOperation, 'name' | 'role'>, method: string): string => {
    if (op.role === 'list') return `use${r.plural}Query`;
    if (op.role === 'read') return `use${r.entity}Query`;
    if (method === 'get') return `use${pascalCase(op.name.replace(/^get(?=[A-Z])/, '')) || pascalCase(op.name)}Query`;
    return `use${pascalCase(op.name)}Mutation`;
  },
  /**
   * Framework-free option factory exported next to an adapter's hook (`vue-query`, `react-query`):
   * `useContactsQueryOptions`, `useUpdateContactMutationOptions`.
   */
  optionsFactory: (hookName: string): string => `${hookName}Options`,
  /** Type of a mutation's variables: `UpdateContactVariables`. */
  variablesType: (op: Pick<ResourceOperation, 'name'>): string => `${clientNaming.typeBase(op)}Variables`,
} as const;
