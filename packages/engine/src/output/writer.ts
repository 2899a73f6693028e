import { existsSync } from 'node:fs';
import { type Diagnostic, GeneratorError, cmp } from '@reslayer/core';
import type { HeldLock } from './lock.js';
import { type ManifestContract, readManifest, serializeManifest } from './manifest.js';
import type { OutputPaths } from './paths.js';
import { type WritePlan, planOutput } from './plan.js';
import { scanRoot } from './scan.js';
import { buildStaging } from './staging.js';
import { type Leftovers, findLeftovers, recoverLeftovers, settlePrevious, swapIn } from './swap.js';
import { fsw } from './fsOps.js';

/** What a write did, or (dry run, check) would do. */
export interface OutputOutcome {
  plan: WritePlan;
  /** Warnings about the root (special files, a folder owner that could not be kept). */
  notices: Diagnostic[];
  /** What a killed run had left beside the root: repaired before a write, only found by a dry run or a check. */
  interrupted?: Leftovers | undefined;
}

/**
 * Compares the generated files with the output root without changing anything (a dry run, `check`).
 * @param paths the root and its siblings
 * @param files the generated files' texts by root-relative path
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` (see `planOutput`)
 */
export function readOutput(paths: OutputPaths, files: ReadonlyMap<string, string>): OutputOutcome {
  const interrupted = findLeftovers(paths);
  // Between the swap's renames a killed run left the previous root beside it: that is the output on disk.
  const root = interrupted?.rootMissing ? paths.previous : paths.real;
  const { plan, notices } = planOutput(root, files, scanRoot(root), readManifest(root));
  return { plan, notices, ...(interrupted ? { interrupted } : {}) };
}

/**
 * The one writer. Under the run's lock: repairs what a killed run left, lists the root, plans, and, when anything
 * changed, builds the complete new root in the staging folder beside it and swaps it in (see `buildStaging`,
 * `swapIn`): a reader sees the complete old or the complete new output at every moment, the user's files and
 * folders are carried over (folders with their bits and owner), and the manifest records what the run wrote. Then
 * the previous root is settled and removed. Nothing but the manifest of the engine's own is ever put in the root.
 * @param paths the root and its siblings
 * @param files the generated files' texts by root-relative path
 * @param lock the run's lock: checked to be still this run's right before the swap
 * @param contract the contract's title and version, for the manifest
 * @returns the plan, the notices and the repaired leftovers
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` before anything is written; `RSL_WRITE_FAILED` when a call fails
 *   (the staging folder is removed and the root is as it was); `RSL_OUTPUT_LOCKED` when the lock was lost
 */
export async function writeOutput(paths: OutputPaths, files: ReadonlyMap<string, string>, lock: HeldLock | undefined, contract: ManifestContract): Promise<OutputOutcome> {
  let interrupted: Leftovers | undefined;
  try {
    interrupted = recoverLeftovers(paths);
  } catch (error) {
    throw writeFailed(paths, error);
  }
  const scan = scanRoot(paths.real);
  const manifest = readManifest(paths.real);
  const { plan, notices } = planOutput(paths.real, files, scan, manifest);
  const manifestText = serializeManifest([...files.keys()].sort(cmp), contract);
  const changed = plan.created.length + plan.updated.length + plan.removed.length > 0 || manifest.text !== manifestText || !existsSync(paths.real);
  if (!changed) return { plan, notices, ...(interrupted ? { interrupted } : {}) };
  try {
    const staged = await buildStaging(paths, files, plan, scan, manifestText);
    notices.push(...staged.notices);
    if (lock && !lock.held()) throw new GeneratorError('RSL_OUTPUT_LOCKED', `the lock of the output root ${paths.root} was taken by another run during this one; nothing was written`);
    swapIn(paths);
    settlePrevious(paths, { owned: new Set([...files.keys(), ...plan.removed]), carried: staged.carried, listed: scan.dirs });
  } catch (error) {
    try {
      fsw.removeTree(paths.staging);
      if (existsSync(paths.previous) && !existsSync(paths.real)) fsw.rename(paths.previous, paths.real);
    } catch {
      // the next run repairs what is left (recoverLeftovers)
    }
    throw error instanceof GeneratorError ? error : writeFailed(paths, error);
  }
  return { plan, notices, ...(interrupted ? { interrupted } : {}) };
}

function writeFailed(paths: OutputPaths, error: unknown): GeneratorError {
  return new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${paths.root}: ${(error as Error).message}`, { cause: error });
}
