import type { ResourceNode, ResourceOperation } from '@reslayer/core';
import { noLeadingDigit, pascalName } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { isQueryOperation } from './plan/isQueryOperation.js';

/** Name of plugin-hooks: its tap name, the name that starts its option errors, and what other plugins list in `requires`. */
export const PLUGIN_HOOKS = 'plugin-hooks';

/** `useContactQuery` → `contactQuery`: the hook name without `use`, first letter lower-cased, never a leading digit. */
const stem = (hookName: string): string => noLeadingDigit(`${hookName.charAt(3).toLowerCase()}${hookName.slice(4)}`);
/** `useContactsQuery` → `Contacts`, `useCreateContactMutation` → `CreateContact`. */
const middle = (hookName: string): string => hookName.slice(3).replace(/(Query|Mutation)$/, '');

/**
 * File and symbol names of plugin-hooks (architecture guide G6): pure functions of names other plugins may
 * import through `@reslayer/plugin-hooks/naming`. Every function returns a string and throws nothing.
 */
export const hooksNaming = {
  /** Folder of a resource's hooks: `features/<resource>/api`. */
  apiDir: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api`,
  /** File of one operation: `features/<resource>/api/<hookName>.ts`. */
  hookFile: (r: Pick<ResourceNode, 'resource'>, hookName: string): string => `features/${r.resource}/api/${hookName}.ts`,
  /** `features/<resource>/api/index.ts`. */
  indexFile: (r: Pick<ResourceNode, 'resource'>): string => `features/${r.resource}/api/index.ts`,
  /**
   * Base hook name of an operation, before de-duplication within the resource; it also names the operation's
   * file. A `GET` or a search (`role: 'search'`, whatever its method; `method` is the lower-case HTTP method)
   * is a query, any other operation a mutation. `useContactsQuery` (list), `useContactQuery` (read),
   * `useCreateContactMutation`, `useArchiveContactMutation` (action), `useDownloadFileQuery` (download),
   * `useSearchQuery`, `useDashboardSummaryQuery` (a leading `get` is dropped for queries).
   */
  hookName: (r: Pick<ResourceNode, 'entity' | 'plural'>, op: Pick<ResourceOperation, 'name' | 'role'>, method: string): string => {
    if (op.role === 'list') return `use${r.plural}Query`;
    if (op.role === 'read') return `use${r.entity}Query`;
    if (isQueryOperation(op, method)) return `use${pascalName(op.name.replace(/^get(?=[A-Z])/, '')) || pascalName(op.name)}Query`;
    return `use${pascalName(op.name)}Mutation`;
  },
  /** Framework-free query options factory: `useContactQuery` → `contactQueryOptions`. */
  queryOptions: (hookName: string): string => `${stem(hookName)}Options`,
  /** Framework-free infinite query options factory: `useContactsQuery` → `contactsInfiniteQueryOptions`. */
  infiniteQueryOptions: (hookName: string): string => noLeadingDigit(`${stem(hookName).replace(/Query$/, '')}InfiniteQueryOptions`),
  /** Infinite query hook (adapters only): `useContactsQuery` → `useContactsInfiniteQuery`. */
  infiniteHook: (hookName: string): string => `use${middle(hookName)}InfiniteQuery`,
  /** Suspense query hook (`react-query` only): `useContactQuery` → `useSuspenseContactQuery`. */
  suspenseHook: (hookName: string): string => `useSuspense${hookName.slice(3)}`,
  /** Framework-free mutation options factory: `useCreateContactMutation` → `createContactMutationOptions`. */
  mutationOptions: (hookName: string): string => `${stem(hookName)}Options`,
  /** The cache effects of a mutation, as data: `useCreateContactMutation` → `createContactInvalidates`. */
  invalidates: (hookName: string): string => noLeadingDigit(`${stem(hookName).replace(/Mutation$/, '')}Invalidates`),
  /** Optimistic cache helpers of a CRUD resource, exported by its list file: `contactsCache`. */
  cache: (r: Pick<ResourceNode, 'resource'>): string => `${r.resource}Cache`,
  /** Type of a mutation's variables: `UpdateContactVariables`. */
  variablesType: (op: Pick<ResourceOperation, 'name'>): string => `${clientNaming.typeBase(op)}Variables`,
} as const;
