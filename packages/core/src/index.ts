// Public API of @reslayer/core. Named exports only (no `export *` for values).
export type {
  ApiMeta,
  ApiModel,
  ArraySchema,
  BooleanSchema,
  ConditionalNode,
  CrudRole,
  DiscriminatorNode,
  HttpMethod,
  IntersectionSchema,
  MediaContent,
  NamedSchema,
  NullSchema,
  NumberSchema,
  ObjectSchema,
  OperationNode,
  OperationRole,
  ParameterLocation,
  ParameterNode,
  PropertyNode,
  RefSchema,
  RequestBodyNode,
  ResourceKind,
  ResourceNode,
  ResourceOperation,
  ResponseNode,
  SchemaMeta,
  SchemaNode,
  SecurityRequirementNode,
  StringSchema,
  UnionSchema,
  UnknownSchema,
} from './model/types.js';
export { CRUD_ROLES, HTTP_METHODS } from './model/types.js';
export {
  errorResponses,
  isBinaryMediaType,
  isJsonMediaType,
  isTextMediaType,
  operationUrl,
  requestBodyKind,
  responseBodyKind,
  successResponses,
  type OperationUrl,
} from './model/queries.js';
export { createApiModel, createOperation, createResource, createSchema } from './model/factory.js';
export { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostics/codes.js';
export { DIAGNOSTIC_EXPLANATIONS, EXPLANATION_SECTIONS, defaultHint, explainCode, type Explanation, type ExplanationSection } from './diagnostics/explanations.js';
export { renderDiagnosticEntry, renderDiagnosticsDoc } from './diagnostics/diagnosticsDoc.js';
export { Diagnostics, healthScore, cmp, type Diagnostic, type Severity } from './diagnostics/Diagnostics.js';
export { GeneratorError, PluginError } from './diagnostics/GeneratorError.js';
export type {
  DetectContext,
  EmitContext,
  GeneratorHooks,
  HookTiming,
  PluginHooks,
  ReportSection,
  RunInfo,
  RunReport,
  TapOnly,
} from './hooks/types.js';
export { createHooks, interceptHooks } from './hooks/createHooks.js';
export { DetectStage, EmitStage } from './hooks/stages.js';
export { definePlugin, type Plugin, type PluginContext } from './plugin/definePlugin.js';
export { orderPlugins } from './plugin/applyPlugins.js';
export { loadContract, parseDocumentText, resolvePointer, escapePointerToken, type LoadContractOptions, type LoadedContract, type EntryRead, type ReadFile } from './contract/loadContract.js';
export { normalizeContract } from './contract/normalize.js';
export { ModelReuse, type ModelReuseOutcome } from './contract/modelReuse.js';
export { LookaheadHost } from './emit/lookahead.js';
export { JsonReparse, type Reparsed } from './contract/jsonReparse.js';
export { detectResources, pathShape, type DetectOptions } from './detect/detectResources.js';
export { createGeneratedFile, type GeneratedFile } from './emit/GeneratedFile.js';
export { FileSet, assertSafeRelativePath } from './emit/FileSet.js';
export { EmitUnits, unitKey, type EmitUnitsOptions, type ReusingSink, type UnitRecord, type UnitScope, type UnitTarget, type VerifiedFile } from './emit/units.js';
export { banner, GENERATED_MARKER } from './emit/banner.js';
export { importPath } from './emit/importPath.js';
export { createWriter, type CodeBlockWriter } from './emit/createWriter.js';
export {
  diffFileSet,
  planFileSet,
  writeFileSet,
  rootRelative,
  recoverInterruptedWrite,
  JOURNAL_NAME,
  MANIFEST_NAME,
  type DriftEntry,
  type OutputLocation,
  type WriteOptions,
  type WritePlan,
} from './emit/writeFileSet.js';
export { CACHE_RECORD_NAME, fileStatOf, recordPathFor, statMatches, type CacheRecord, type FileStamp, type FileStat, type RunSummary } from './emit/cacheRecord.js';
export { camelCase, kebabCase, pascalCase, pascalName, plural, singular } from './naming/casing.js';
export { RESERVED_WORDS, RESERVED_TYPE_NAMES, isIdentifierName, noLeadingDigit, safeIdentifier, safeTypeName, UniqueNames } from './naming/identifiers.js';
export { commentLines, objectKey, propertyKey, stringLiteral, valueLiteral, valueLiteralWithin } from './naming/literals.js';
export { reachable } from './analysis/reach.js';
export { memoOnModel, memoOnSchemas } from './analysis/memo.js';
export { describeOperation, RESERVED_ARGUMENT_NAMES, type OperationArgument, type OperationSignature, type ParamsMember, type PathArgument } from './analysis/signature.js';
export { getSchemaTypeNames, schemaTypeNames, type SchemaTypeNames, type TypeMode } from './analysis/schemaTypeNames.js';
export { tupleShape, type TupleShape } from './analysis/tupleShape.js';
export { arrayItemSchemas, containsRef, deref, enumValues, inlineRefs, objectProperties, unconstrained, type ObjectProperties } from './analysis/schemaQueries.js';
export { allOfConflicts, findAllOfConflicts, isBareObject, type AllOfConflict, type AllOfConflictReport } from './analysis/allOfConflicts.js';
export { jsonValue, resolveSchema, type ResolvedSchema } from './analysis/resolveSchema.js';
export { listEnvelope, listItemsOf, pathNames, type ListEnvelope, type PropertyPath } from './analysis/listEnvelope.js';
export { listPagination, type ListPagination } from './analysis/listPagination.js';
export { printType, docComment, type PrintOptions } from './print/printType.js';
export { declareArguments, paramsAccess, printPathArgumentType, type ArgumentDeclaration, type ArgumentSpec } from './print/arguments.js';
export { defineConfig } from './config/defineConfig.js';
export {
  CONFIG_SEARCH_PLACES,
  assertDistinctOutputs,
  findConfig,
  loadConfig,
  loadConfigs,
  resolveConfig,
  type LoadConfigOptions,
  type NamedPluginFactory,
  type ResolveConfigOptions,
} from './config/loadConfig.js';
export {
  resolvePluginOptions,
  RUNTIME_MODULE_RULE,
  type BooleanRule,
  type EnumRule,
  type IntegerRule,
  type OptionRule,
  type ResolvedOptions,
  type StringRule,
} from './config/pluginOptions.js';
export { dateShape, datedSchemas, isDateString, type DateShapeNode } from './analysis/dates.js';
export type { DateMode, NamingOverrides, OperationOverride, OutputConfig, ResolvedConfig, ResourceOverride, UserConfig } from './config/types.js';
export { runGenerator, CORE_PLUGIN, type RunOptions, type RunResult } from './run/createGenerator.js';
export { computeRunKey, stableJson, type BuiltinPlugin, type RunKey, type RunKeyOptions } from './run/runKey.js';
export { readBuildIdentity, type BuildIdentity } from './run/buildInfo.js';
export { cacheRecordFor, probeNoChangeCache, refreshRecord, type CacheHit, type CacheProbe, type CacheStatus } from './run/noChangeCache.js';
export { generate, type GenerateOptions, type GenerateResult } from './run/generate.js';
export { check, type CheckOptions, type CheckResult } from './run/check.js';
export type { CacheOutcome, ProtocolOptions, ProtocolPhase, RunProfileData } from './run/protocol.js';
export { findInterruptedWrite, type InterruptedWrite } from './emit/journal.js';
export { swapPaths, type SwapPaths } from './emit/swap.js';
