// Public API of @reslayer/engine: the runs of the commands (generate, check) over core's pipeline, with the output
// root's lock, the one writer and the no-change cache. See docs/engine.md.
export { generate, type GenerateOptions, type GenerateResult } from './generate.js';
export { check, type CheckResult } from './check.js';
export type { CacheOutcome, RunOptions, RunPhase, RunProfileData } from './run.js';
export type { RunSummary } from './cache/record.js';
export type { LockHolder } from './output/lock.js';
export type { DriftEntry, WritePlan } from './output/plan.js';
export type { Leftovers } from './output/swap.js';
export { MANIFEST_NAME, readManifest, type Manifest } from './output/manifest.js';
export { outputPaths, rootRelative, type OutputLocation, type OutputPaths } from './output/paths.js';
export { cacheDirOf } from './cache/cacheDir.js';
