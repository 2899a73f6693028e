import type { ResourceNode, ResourceOperation } from '@reslayer/core';
import { pascalCase } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { isQueryMethod } from './plan/isQueryMethod.js';

/** Name of plugin-hooks: its tap name, the name that starts its option errors, and what other plugins list in `requires`. */
export const PLUGIN_HOOKS = 'plugin-hooks';

/**
 * File and symbol names of plugin-hooks (architecture guide G6): pure functions of names other plugins may
 * import through `@reslayer/plugin-hooks/naming`. Every function returns a string and throws nothing.
 */
export const hooksNaming = {
  /** Folder of a resource's hooks: `features/<resource>/api`. */
  apiDir: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api`,
  /** File of one hook: `features/<resource>/api/<hookName>.ts`. */
  hookFile: (r: Pick<ResourceNode, 'resource'>, hookName: string): string => `features/${r.resource}/api/${hookName}.ts`,
  /** `features/<resource>/api/index.ts`. */
  indexFile: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api/index.ts`,
  /**
   * Base hook name of an operation, before de-duplication within the resource: a `GET` (`method` is the
   * lower-case HTTP method) gets a query hook, any other method a mutation hook.
   * `useContactsQuery` (list), `useContactQuery` (read), `useCreateContactMutation`, `useUpdateContactMutation`,
   * `useDeleteContactMutation`, `useArchiveContactMutation` (action), `useDownloadFileQuery` (download),
   * `useSearchQuery`, `useDashboardSummaryQuery` (a leading `get` is dropped for queries).
   */
  hookName: (r: Pick<ResourceNode, 'entity' | 'plural'>, op: Pick<ResourceOperation, 'name' | 'role'>, method: string): string => {
    if (op.role === 'list') return `use${r.plural}Query`;
    if (op.role === 'read') return `use${r.entity}Query`;
    if (isQueryMethod(method)) return `use${pascalCase(op.name.replace(/^get(?=[A-Z])/, '')) || pascalCase(op.name)}Query`;
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
