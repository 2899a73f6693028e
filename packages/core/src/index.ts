// The plugin API of @reslayer/core (docs/plugins.md): what plugins and configs import. Named exports only; at
// most 90 names (`node scripts/core-names.mjs`, run by `pnpm lint`). What only the engine, the CLI, diff and
// tests use is on `@reslayer/core/host` (./host.ts). Core reads the contract and the config; it writes no file
// and starts no thread (the runs are @reslayer/engine's).

// Plugins and the hook bus.
export { definePlugin, type Plugin } from './plugin/definePlugin.js';
export type { EmitContext, PluginHooks } from './hooks/types.js';
export { DetectStage, EmitStage } from './hooks/stages.js';

// Generated files.
export { banner } from './emit/banner.js';
export { importPath } from './emit/importPath.js';
export { createWriter } from './emit/createWriter.js';

// Config and plugin options.
export { defineConfig } from './config/defineConfig.js';
export { resolvePluginOptions, RUNTIME_MODULE_RULE, type BooleanRule, type EnumRule, type IntegerRule, type OptionRule, type StringRule } from './config/pluginOptions.js';

// The contract and its model.
export { parseDocumentText } from './contract/loadContract.js';
export { pathShape } from './detect/detectResources.js';
export type {
  ApiModel,
  ArraySchema,
  CrudRole,
  IntersectionSchema,
  MediaContent,
  NamedSchema,
  NumberSchema,
  ObjectSchema,
  OperationNode,
  ParameterNode,
  PropertyNode,
  RefSchema,
  ResourceNode,
  ResourceOperation,
  ResponseNode,
  SchemaNode,
  StringSchema,
  UnionSchema,
} from './model/types.js';
export { CRUD_ROLES } from './model/types.js';
export { isJsonMediaType, operationUrl } from './model/queries.js';

// Diagnostics.
export { cmp, type Diagnostic } from './diagnostics/Diagnostics.js';
export { GeneratorError } from './diagnostics/GeneratorError.js';

// Naming and escaping: every contract string that goes into generated code passes through one of these.
export { camelCase, pascalName } from './naming/casing.js';
export { isReservedTypeName, noLeadingDigit, safeIdentifier, safeTypeName, UniqueNames } from './naming/identifiers.js';
export { commentLines, objectKey, propertyKey, stringLiteral, valueLiteral, valueLiteralWithin } from './naming/literals.js';

// Analysis and printing: what plugins ask of the model.
export { memoOnModel } from './analysis/memo.js';
export { describeOperation, type OperationSignature } from './analysis/signature.js';
export { getSchemaTypeNames, type SchemaTypeNames, type TypeMode } from './analysis/schemaTypeNames.js';
export { tupleShape } from './analysis/tupleShape.js';
export { arrayItemSchemas, deref, enumValues, objectProperties } from './analysis/schemaQueries.js';
export { jsonValue, resolveSchema } from './analysis/resolveSchema.js';
export { listEnvelope, listItemsOf, pathNames, type PropertyPath } from './analysis/listEnvelope.js';
export { keyWord, listIdentity, listIdentityProblem, listItemType } from './analysis/identity.js';
export { isPagedList, listPagination, type ListPagination } from './analysis/listPagination.js';
export { printType, docComment } from './print/printType.js';
export { declareArguments, printKeyPartType, printPathArgumentType, type ArgumentDeclaration } from './print/arguments.js';
export { dateShape, datedSchemas, isDateString, type DateShapeNode } from './analysis/dates.js';
