import path from 'node:path';
import { type ResolvedConfig, type RunResult, loadContract, runGenerator } from '@reslayer/core/host';
import { rootRelative } from '@reslayer/engine';
import { type ChangeLevel, CHANGE_LEVELS, worseLevel } from './codes.js';
import { compareContracts } from './contract/compareContracts.js';
import { type OutputImpact, compareOutputs, worstSymbolLevel } from './impact/compareOutputs.js';
import { type LinkedChange, linkChanges } from './impact/linkChanges.js';
import { type OperationRename, indexOperations, operationRenames } from './impact/operationIndex.js';

/** One side of a diff, as the reports show it. */
export interface DiffSideInfo {
  /** `info.title` and `info.version`. */
  title: string;
  version: string;
  /** Absolute path of the contract's entry file. */
  contract: string;
  /** Number of resources detected and files generated. */
  resources: number;
  files: number;
}

/** Counts for the summary line and the exit code. */
export interface DiffSummary {
  contract: Record<ChangeLevel, number>;
  /** Documentation changes (`RSL_DIFF_DOCUMENTATION_CHANGED`) left out of `changes` (without `docs`). */
  hiddenDocs: number;
  symbols: { added: number; removed: number; renamed: number; changed: number; breaking: number };
  files: { created: number; changed: number; removed: number };
}

/** Everything `reslayer diff` reports. */
export interface DiffResult {
  before: DiffSideInfo;
  after: DiffSideInfo;
  /** Contract changes (our codes), breaking first, each with the generated symbols and files it affects. */
  changes: LinkedChange[];
  /** The generated layer: files and symbols. */
  impact: OutputImpact;
  /** Operations whose generated names changed (same operationId, or same method and path). */
  renames: OperationRename[];
  /** The worst level found (contract changes and generated symbols), or `none` when nothing changed. */
  level: ChangeLevel | 'none';
  summary: DiffSummary;
  /** Milliseconds: the two generations, the contract comparison, the impact (checker included), all. */
  timings: { generateMs: number; contractMs: number; impactMs: number; totalMs: number };
}

/** Options of {@link diffContracts}. */
export interface DiffOptions {
  /** Called when a phase starts, for progress output. */
  onPhase?: (phase: 'generate' | 'contract' | 'impact') => void;
  /**
   * Keep documentation changes (`RSL_DIFF_DOCUMENTATION_CHANGED`: descriptions, examples, summaries, titles) in
   * `changes`. Default false: they are only counted (`summary.hiddenDocs`), as `reslayer diff` without `--docs`.
   */
  docs?: boolean;
}

/**
 * Diffs two contracts and the layers generated from them. Both sides run the pipeline in memory
 * (`runGenerator`, nothing is written) with their configs (normally the same plugins and output, with another
 * `input`); the contracts are compared with api-smart-diff under our codes (`compareContracts`), the
 * generated files and exported symbols with the TypeScript checker (`compareOutputs`), and each contract
 * change is linked to the symbols it affects.
 * @param before config of the old side
 * @param after config of the new side
 * @param options see {@link DiffOptions}
 * @returns the changes, the impact, renames, the worst level, counts and timings
 * @throws GeneratorError when a contract cannot be loaded or a plugin fails (as `generate` would)
 */
export async function diffContracts(before: ResolvedConfig, after: ResolvedConfig, options: DiffOptions = {}): Promise<DiffResult> {
  const start = performance.now();
  options.onPhase?.('generate');
  const oldRun = await runGenerator(before);
  const newRun = await runGenerator(after);
  const generateMs = performance.now() - start;

  options.onPhase?.('contract');
  const contractStart = performance.now();
  const [oldDoc, newDoc] = await Promise.all([
    loadContract(before.input, { allowRemoteRefs: before.allowRemoteRefs, refRoots: before.refRoots, maxInputSize: before.maxInputSize }),
    loadContract(after.input, { allowRemoteRefs: after.allowRemoteRefs, refRoots: after.refRoots, maxInputSize: after.maxInputSize }),
  ]);
  const all = compareContracts(oldDoc.document, newDoc.document);
  const contract = options.docs === true ? all : all.filter((c) => c.code !== 'RSL_DIFF_DOCUMENTATION_CHANGED');
  const contractMs = performance.now() - contractStart;

  options.onPhase?.('impact');
  const impactStart = performance.now();
  const oldOps = indexOperations(oldRun.model);
  const newOps = indexOperations(newRun.model);
  const renames = operationRenames(oldOps, newOps);
  const impact = compareOutputs(filesOf(before, oldRun), filesOf(after, newRun), {
    base: path.join(after.outputRoot, '.reslayer-diff'),
    renames: renames.map((r) => r.rewrite),
  });
  const changes = linkChanges(contract, impact.symbols, oldOps, newOps);
  const impactMs = performance.now() - impactStart;

  const level = changes.length === 0 && impact.symbols.length === 0 && impact.files.length === 0
    ? 'none'
    : worseLevel(changes.reduce<ChangeLevel>((w, c) => worseLevel(w, c.level), 'non-breaking'), worstSymbolLevel(impact.symbols));
  return {
    before: sideInfo(before, oldRun),
    after: sideInfo(after, newRun),
    changes,
    impact,
    renames: renames.map(({ rewrite: _rewrite, ...r }) => r),
    level,
    summary: { ...summarize(changes, impact), hiddenDocs: all.length - contract.length },
    timings: { generateMs, contractMs, impactMs, totalMs: performance.now() - start },
  };
}

/** The generated files of a run, keyed by their path relative to the output root. */
function filesOf(config: ResolvedConfig, run: RunResult): Map<string, string> {
  const location = { outputRoot: config.outputRoot, srcDir: config.srcDir };
  return new Map(run.files.map((f) => [rootRelative(location, f), f.contents] as const));
}

function sideInfo(config: ResolvedConfig, run: RunResult): DiffSideInfo {
  return { title: run.model.meta.title, version: run.model.meta.version, contract: config.input, resources: run.model.resources.length, files: run.files.length };
}

function summarize(changes: readonly LinkedChange[], impact: OutputImpact): Omit<DiffSummary, 'hiddenDocs'> {
  const contract = Object.fromEntries(CHANGE_LEVELS.map((l) => [l, changes.filter((c) => c.level === l).length])) as Record<ChangeLevel, number>;
  const count = (status: string) => impact.symbols.filter((s) => s.status === status).length;
  const files = (status: string) => impact.files.filter((f) => f.status === status).length;
  return {
    contract,
    symbols: { added: count('added'), removed: count('removed'), renamed: count('renamed'), changed: count('changed'), breaking: impact.symbols.filter((s) => s.level === 'breaking').length },
    files: { created: files('created'), changed: files('changed'), removed: files('removed') },
  };
}
