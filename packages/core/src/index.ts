// Public API of @reslayer/core: the domain and the plugin API (docs/plugins.md). Named exports only. Core reads the
// contract and the config; it writes no file and starts no thread (the runs are @reslayer/engine's).

// Plugins and the hook bus.
export { definePlugin, type Plugin, type PluginContext } from './plugin/definePlugin.js';
export type { DetectContext, EmitContext, GeneratorHooks, HookTiming, PluginHooks, ReportSection, RunInfo, RunReport } from './hooks/types.js';
export { createHooks } from './hooks/createHooks.js';
export { DetectStage, EmitStage } from './hooks/stages.js';
export { runGenerator, CORE_PLUGIN, type RunOptions, type RunResult } from './run/createGenerator.js';

// Generated files.
export { FileSet } from './emit/FileSet.js';
export { createGeneratedFile, type GeneratedFile } from './emit/GeneratedFile.js';
export { banner, GENERATED_MARKER } from './emit/banner.js';
export { importPath } from './emit/importPath.js';
export { createWriter, type CodeBlockWriter } from './emit/createWriter.js';

// Config.
export { defineConfig } from './config/defineConfig.js';
export { CONFIG_SEARCH_PLACES, findConfig, loadConfig, loadConfigs, resolveConfig, type NamedPluginFactory } from './config/loadConfig.js';
export { describeLoadError, typeScriptModuleLoader } from './config/configModule.js';
export { resolvePluginOptions, RUNTIME_MODULE_RULE, type BooleanRule, type EnumRule, type IntegerRule, type OptionRule, type StringRule } from './config/pluginOptions.js';
export { LAYOUTS } from './config/types.js';
export type { DateMode, FormatterName, Layout, NamingOverrides, OperationOverride, OverridableRole, OutputConfig, ResolvedConfig, UserConfig } from './config/types.js';

// The contract and its model.
export { loadContract, parseDocumentText, resolvePointer, escapePointerToken, type LoadedContract } from './contract/loadContract.js';
export { normalizeContract } from './contract/normalize.js';
export { detectResources, pathShape } from './detect/detectResources.js';
export type {
  ApiMeta,
  ApiModel,
  ArraySchema,
  CrudRole,
  FixedHttpMethod,
  HttpMethod,
  IntersectionSchema,
  MediaContent,
  NamedSchema,
  NumberSchema,
  ObjectSchema,
  OperationNode,
  OperationRole,
  ParameterNode,
  PropertyNode,
  RefSchema,
  RequestBodyNode,
  ResourceKind,
  ResourceNode,
  ResourceOperation,
  ResponseNode,
  SchemaNode,
  StringSchema,
  UnionSchema,
} from './model/types.js';
export { CRUD_ROLES, HTTP_METHODS } from './model/types.js';
export { errorResponses, isJsonMediaType, operationUrl, requestBodyKind, responseBodyKind, successResponses } from './model/queries.js';
export { createApiModel, createOperation, createResource, createSchema } from './model/factory.js';

// Diagnostics.
export { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostics/codes.js';
export { DIAGNOSTIC_EXPLANATIONS, explainCode } from './diagnostics/explanations.js';
export { Diagnostics, HEALTH_POINTS, healthDeductions, healthScore, cmp, type Diagnostic, type HealthDeduction, type Severity } from './diagnostics/Diagnostics.js';
export { GeneratorError, PluginError } from './diagnostics/GeneratorError.js';
export { closestMatches, editDistance } from './diagnostics/suggest.js';

// Naming and escaping: every contract string that goes into generated code passes through one of these.
export { camelCase, kebabCase, pascalCase, pascalName, plural, singular } from './naming/casing.js';
export { RESERVED_TYPE_NAMES, RESERVED_WORDS, isIdentifierName, isReservedTypeName, noLeadingDigit, safeIdentifier, safeTypeName, UniqueNames } from './naming/identifiers.js';
export { commentLines, objectKey, propertyKey, stringLiteral, valueLiteral, valueLiteralWithin } from './naming/literals.js';

// Analysis and printing: what plugins ask of the model.
export { reachable } from './analysis/reach.js';
export { memoOnModel } from './analysis/memo.js';
export { describeOperation, type OperationSignature } from './analysis/signature.js';
export { getSchemaTypeNames, type SchemaTypeNames, type TypeMode } from './analysis/schemaTypeNames.js';
export { tupleShape } from './analysis/tupleShape.js';
export { arrayItemSchemas, deref, enumValues, objectProperties } from './analysis/schemaQueries.js';
export { jsonValue, resolveSchema } from './analysis/resolveSchema.js';
export { listEnvelope, listItemsOf, pathNames, type ListEnvelope, type PropertyPath } from './analysis/listEnvelope.js';
export { listIdentity, listIdentityProblem, listItemType, type ListIdentity } from './analysis/identity.js';
export { isPagedList, listPagination, type ListPagination } from './analysis/listPagination.js';
export { printType, docComment } from './print/printType.js';
export { declareArguments, printKeyPartType, printPathArgumentType, type ArgumentDeclaration } from './print/arguments.js';
export { dateShape, datedSchemas, isDateString, type DateShapeNode } from './analysis/dates.js';
