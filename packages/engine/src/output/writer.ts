import { existsSync } from 'node:fs';
import { type Diagnostic, GeneratorError, cmp } from '@reslayer/core';
import type { HeldLock } from './lock.js';
import { type ManifestContract, readManifest, serializeManifest } from './manifest.js';
import type { OutputPaths } from './paths.js';
import { type Digests, type WritePlan, planOutput } from './plan.js';
import { scanRoot } from './scan.js';
import { applySteps, dropStaging, pruneEmptied } from './commit.js';
import { assertWritable } from './permissions.js';
import { type Staged, buildStaging } from './staging.js';
import { type Leftovers, findLeftovers, recoverLeftovers } from './swap.js';

/** What a write did, or (dry run, check) would do. */
export interface OutputOutcome {
  plan: WritePlan;
  /** Warnings about the root (special files). */
  notices: Diagnostic[];
  /** What a killed run had left beside the root: repaired before a write, only found by a dry run or a check. */
  interrupted?: Leftovers | undefined;
}

/**
 * Compares the generated files with the output root without changing anything (a dry run, `check`).
 * @param paths the root and its siblings
 * @param files the generated files' texts by root-relative path
 * @param digests what a recorded write left (see `planOutput`)
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` (see `planOutput`)
 */
export function readOutput(paths: OutputPaths, files: ReadonlyMap<string, string>, digests?: Digests): OutputOutcome {
  const interrupted = findLeftovers(paths);
  // Between the swap's renames a killed run left the previous root beside it: that is the output on disk.
  const root = interrupted?.rootMissing ? paths.previous : paths.real;
  // The record describes the root, not the previous root a killed run left beside it.
  const { plan, notices } = planOutput(root, files, scanRoot(root), readManifest(root), root === paths.real ? digests : undefined);
  return { plan, notices, ...(interrupted ? { interrupted } : {}) };
}

/**
 * The one writer. Under the run's lock: repairs what a killed run left, lists the root, plans, and, when anything
 * changed, stages the new files with a journal (see `buildStaging`), checks that every folder the commit renames
 * into can be written, then commits by renames into the root, the manifest last (see `applySteps`). The root
 * folder itself, every folder it has, and every entry the run does not own are never renamed, linked or opened:
 * the root keeps its inode, a mount point stays where it is. Readers see a mix of the old and the new set only
 * while the commit's renames run (one rename per changed file, no writes). A failure rolls the commit back.
 * @param paths the root and its siblings
 * @param files the generated files' texts by root-relative path
 * @param lock the run's lock: checked to be still this run's right before the commit
 * @param contract the contract's title and version, for the manifest
 * @param digests what a recorded write left (see `planOutput`)
 * @returns the plan, the notices and the repaired leftovers
 * @throws GeneratorError `RSL_OUTPUT_NOT_DIRECTORY` before anything is written; `RSL_WRITE_FAILED` when a folder
 *   cannot be written (before anything changes, naming it) or a call fails (the root is as it was);
 *   `RSL_OUTPUT_LOCKED` when the lock was lost
 */
export async function writeOutput(paths: OutputPaths, files: ReadonlyMap<string, string>, lock: HeldLock | undefined, contract: ManifestContract, digests?: Digests): Promise<OutputOutcome> {
  let interrupted: Leftovers | undefined;
  try {
    interrupted = recoverLeftovers(paths);
  } catch (error) {
    throw writeFailed(paths, error);
  }
  const scan = scanRoot(paths.real);
  const manifest = readManifest(paths.real);
  const { plan, notices } = planOutput(paths.real, files, scan, manifest, digests);
  const manifestText = serializeManifest([...files.keys()].sort(cmp), contract);
  const changed = plan.created.length + plan.updated.length + plan.removed.length > 0 || manifest.text !== manifestText || !existsSync(paths.real);
  if (!changed) return { plan, notices, ...(interrupted ? { interrupted } : {}) };
  let staged: Staged | undefined;
  try {
    staged = await buildStaging(paths, files, plan, scan, manifestText);
    assertWritable(paths, staged.steps);
    if (lock && !lock.held()) throw new GeneratorError('RSL_OUTPUT_LOCKED', `the lock of the output root ${paths.root} was taken by another run during this one; nothing was written`);
    applySteps(paths.staging, staged.steps);
  } catch (error) {
    try {
      dropStaging(paths.staging, staged?.steps ?? []);
    } catch {
      // the next run repairs what is left (recoverLeftovers)
    }
    throw error instanceof GeneratorError ? error : writeFailed(paths, error);
  }
  try {
    dropStaging(paths.staging, staged.steps);
    pruneEmptied(paths.real, staged.taken);
  } catch {
    // the new output is in; the next run removes what is left beside it
  }
  return { plan, notices, ...(interrupted ? { interrupted } : {}) };
}

function writeFailed(paths: OutputPaths, error: unknown): GeneratorError {
  return new GeneratorError('RSL_WRITE_FAILED', `cannot write into ${paths.root}: ${(error as Error).message}`, { cause: error });
}
