/**
 * `@reslayer/plugin-validators` (experimental): zod 4 or valibot 1 schemas of the contract's request
 * bodies, parameters and success responses, typed against plugin-client's types, and registered with
 * `@reslayer/runtime` for opt-in run-time validation.
 *
 * @packageDocumentation
 */
export { pluginValidators } from './plugin.js';
export { pluginValidators as default } from './plugin.js';
export { PLUGIN_VALIDATORS, validatorNaming } from './naming.js';
export { resolveValidatorsOptions, VALIDATORS_OPTION_RULES } from './options.js';
export type { ResolvedValidatorsOptions, ValidatorLibrary, ValidatorsOptions } from './options.js';
