// The host API of @reslayer/core (`@reslayer/core/host`): what the engine, the CLI and diff use to load a
// config and a contract, run the plugins and report, and what tests use to build a model by hand. Plugins and
// configs import `@reslayer/core` (./index.ts) instead. Named exports only.

// Runs and the hook bus.
export type { DetectContext, GeneratorHooks, HookTiming, ReportSection, RunReport } from './hooks/types.js';
export { createHooks } from './hooks/createHooks.js';
export { runGenerator, type RunResult } from './run/createGenerator.js';

// Generated files.
export { FileSet } from './emit/FileSet.js';
export { createGeneratedFile, type GeneratedFile } from './emit/GeneratedFile.js';

// Config.
export { CONFIG_SEARCH_PLACES, findConfig, loadConfig, loadConfigs, resolveConfig, type NamedPluginFactory } from './config/loadConfig.js';
export { typeScriptModuleLoader } from './config/configModule.js';
export type { FormatterName, ResolvedConfig } from './config/types.js';

// The contract and its model.
export { loadContract, resolvePointer, escapePointerToken } from './contract/loadContract.js';
export { normalizeContract } from './contract/normalize.js';
export { detectResources } from './detect/detectResources.js';
export type { OperationRole, ResourceKind } from './model/types.js';
export { createApiModel, createOperation, createResource, createSchema } from './model/factory.js';
export { reachable } from './analysis/reach.js';

// Diagnostics.
export { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostics/codes.js';
export { DIAGNOSTIC_EXPLANATIONS, explainCode } from './diagnostics/explanations.js';
export { Diagnostics, healthDeductions, healthScore, type HealthDeduction, type Severity } from './diagnostics/Diagnostics.js';
export { PluginError } from './diagnostics/GeneratorError.js';
export { closestMatches } from './diagnostics/suggest.js';
export { pascalCase } from './naming/casing.js';
