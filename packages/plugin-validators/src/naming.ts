import type { ResourceNode } from '@reslayer/core';
import { CLIENT_ROOT } from '@reslayer/plugin-client/naming';

/** Name of plugin-validators: its tap name. */
export const PLUGIN_VALIDATORS = 'plugin-validators';

/**
 * The names plugin-validators gives to files and symbols. Other plugins and tests import these pure
 * functions instead of rebuilding the strings.
 */
export const validatorNaming = {
  /** `shared/api/generated/components.schemas.ts`: the schemas of the named component schemas. */
  componentsFile: (): string => `${CLIENT_ROOT}/components.schemas.ts`,
  /** `shared/api/generated/<resource>/<resource>.schemas.ts`, beside `<resource>.types.ts`. */
  schemasFile: (r: Pick<ResourceNode, 'resource'>): string => `${CLIENT_ROOT}/${r.resource}/${r.resource}.schemas.ts`,
  /** Constant of a type's schema: `Contact` → `ContactSchema`, `ListContactsParams` → `ListContactsParamsSchema`. */
  schemaConst: (typeName: string): string => `${typeName}Schema`,
  /** Constant of an operation's path parameters schema: `GetContact` → `GetContactPathSchema`. */
  pathConst: (typeBase: string): string => `${typeBase}PathSchema`,
  /** The registry object of a resource's operations: `contactsValidators`. */
  registryObject: (r: Pick<ResourceNode, 'resource'>): string => `${r.resource}Validators`,
  /** Namespace a resource file imports the component schemas under. */
  componentsNamespace: 'C',
  /** Namespace a schemas file imports the generated types under. */
  typesNamespace: 'T',
} as const;
