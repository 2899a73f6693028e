// Public API of @reslayer/diff: `reslayer diff` without the command line. Named exports only.
// This package loads the TypeScript compiler (ts-morph); `@reslayer/core` and `reslayer generate` never import it.
export { CHANGE_LEVELS, DIFF_CODES, diffCode, reaches, settleLevel, worseLevel, type ChangeLevel, type DiffCode, type DiffCodeInfo } from './codes.js';
export { compareContracts, type ContractChange } from './contract/compareContracts.js';
export type { ChangeSite } from './contract/classifyDiff.js';
export { readGitContract, type GitContract } from './contract/readGitContract.js';
export { compareOutputs, type FileChange, type NameRename, type OutputImpact, type SymbolChange } from './impact/compareOutputs.js';
export type { SymbolKind } from './impact/outputSymbols.js';
export type { LinkedChange } from './impact/linkChanges.js';
export type { OperationRename } from './impact/operationIndex.js';
export { diffContracts, type DiffOptions, type DiffResult, type DiffSideInfo, type DiffSummary } from './diffContracts.js';
