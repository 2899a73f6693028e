import { memoOnModel } from '../analysis/memo.js';
import { operationIndex } from '../analysis/signature.js';
import type { Diagnostic } from '../diagnostics/Diagnostics.js';
import type { RunInfo } from '../hooks/types.js';
import type { ApiModel, OperationNode, ResourceNode } from '../model/types.js';
import { type FileStamp, type FileStat, sha256 } from './cacheRecord.js';
import type { FileSink } from './FileSet.js';
import type { GeneratedFile } from './GeneratedFile.js';

/**
 * What an emit unit depends on (see `EmitContext.unit`):
 * - a resource: its slice of the model, that is the model's structure (everything but the operations'
 *   `summary` and `description`) plus the resource's own operations in full;
 * - `'model'`: the model's structure only (e.g. the types of the named schemas).
 */
export type UnitScope = ResourceNode | 'model';

/** One emit unit as the cache record keeps it: its key, its files and what its emit reported. */
export interface UnitRecord {
  /** sha256 (hex) of the run key, the plugin, the unit's name and its scope's slice of the model (see {@link unitKey}). */
  key: string;
  /** Root-relative POSIX paths of the files the unit emitted, in the order it emitted them. */
  files: string[];
  /** Every diagnostic the unit's emit reported, in order (duplicates included: the run's `Diagnostics` drops them again). */
  diagnostics: Diagnostic[];
}

/** A file of the output root found to hold a unit's recorded text: its stat (taken before it was verified) and digest. */
export interface VerifiedFile {
  stats: FileStat;
  /** `Date.now()` before the stat. */
  at: number;
  /** sha256 (hex) of the file's text, the recorded one. */
  sha256: string;
}

/** A {@link FileSink} that can also take files the run did not emit again: the output stream of `generate`. */
export interface ReusingSink extends FileSink {
  /**
   * Checks that a file of the output root still holds the text its stamp records: its stat equals the stamp,
   * or its bytes hash to the stamp's sha256.
   * @param rel root-relative path
   * @param stamp the file's stamp in the cache record
   * @returns what {@link adopt} needs, or undefined when the file is missing, not listed or changed
   */
  verify(rel: string, stamp: FileStamp): VerifiedFile | undefined;
  /**
   * Takes a verified file as generated and unchanged, without its text (it stays as it is on disk).
   * @param rel root-relative path
   * @param file what {@link verify} returned for it
   */
  adopt(rel: string, file: VerifiedFile): void;
  /** Root-relative path of a generated path (which is relative to the source folder). */
  rootRelative(file: Pick<GeneratedFile, 'path'>): string;
}

/** Where a reused unit goes in the run: the file set (by generated path) and the run's diagnostics. */
export interface UnitTarget {
  /** Registers a reused file in the run's file set (conflicts are checked as for an emitted one). */
  adopt(path: string, plugin: string): void;
  /** Reports a recorded diagnostic again. */
  report(diagnostic: Diagnostic): void;
}

/** Options of {@link EmitUnits}. */
export interface EmitUnitsOptions {
  /** The run key without the contract's path (`RunKey.emitKey`): config, plugins and their options, generator build. */
  runKey: string;
  /** The output stream the run's files go to. */
  sink: ReusingSink;
  /** Root-relative prefix of generated paths (the source folder and `/`, or empty). */
  prefix: string;
  /** The units of the output root's cache record, by key (none on a first run). */
  previous?: ReadonlyMap<string, UnitRecord> | undefined;
  /** The record's file stamps, to verify a recorded unit's files. */
  stamps?: ReadonlyMap<string, FileStamp> | undefined;
}

/**
 * The emit units of one `generate` run: the per-resource cache. A plugin emits its output in units
 * (`EmitContext.unit`); a unit whose key equals one in the output root's cache record, and whose recorded
 * files all still hold their recorded text, is not emitted again: its files are taken from the disk as they
 * are (hard-linked into the staging folder like any unchanged file) and its recorded diagnostics are
 * reported again. Every unit of the run, reused or emitted, goes into the new record ({@link records}).
 *
 * A unit inside another one is part of it. Two units of a run with the same key are both left out of
 * the record (neither is reused next time).
 */
export class EmitUnits {
  /** Units reused from the record. */
  reused = 0;
  /** Units emitted (not found in the record, or a file of theirs changed). */
  emitted = 0;
  readonly #recorded = new Map<string, UnitRecord>();
  readonly #duplicate = new Set<string>();
  #open: UnitRecord | undefined;
  /** The sink to give the run's `FileSet`: records each file in the open unit, then hands it to the output stream. */
  readonly sink: FileSink;

  /** @param options see {@link EmitUnitsOptions} */
  constructor(readonly options: EmitUnitsOptions) {
    const { sink } = options;
    this.sink = {
      accept: (file) => {
        this.#open?.files.push(sink.rootRelative(file));
        sink.accept(file);
      },
    };
  }

  /**
   * Notes a diagnostic the run reported (after the tap's plugin was filled in), for the open unit.
   * @param diagnostic the diagnostic
   */
  observe(diagnostic: Diagnostic): void {
    this.#open?.diagnostics.push(diagnostic);
  }

  /**
   * Runs one unit: reuses its recorded files, or calls `emit` and records what it added.
   * @param model the run's final model
   * @param run the run's facts (part of the key)
   * @param plugin the plugin whose tap is running
   * @param name the unit's name, unique within the plugin for a scope
   * @param scope what the unit depends on (see {@link UnitScope})
   * @param emit adds the unit's files to the run's file set
   * @param target the run's file set and diagnostics, for a reused unit
   * @throws what `emit` or `target.adopt` throws (e.g. `RSL_FILE_CONFLICT`)
   */
  run(model: ApiModel, run: RunInfo, plugin: string, name: string, scope: UnitScope, emit: () => void, target: UnitTarget): void {
    if (this.#open) {
      emit();
      return;
    }
    const key = unitKey(model, this.options.runKey, run, plugin, name, scope);
    if (this.#recorded.has(key) || this.#duplicate.has(key)) {
      this.#recorded.delete(key);
      this.#duplicate.add(key);
      emit();
      return;
    }
    const previous = this.options.previous?.get(key);
    const verified = previous && this.#verify(previous);
    if (previous && verified) {
      const { prefix, sink } = this.options;
      for (const [rel, file] of verified) {
        target.adopt(rel.slice(prefix.length), plugin);
        sink.adopt(rel, file);
      }
      for (const d of previous.diagnostics) target.report(d);
      this.#recorded.set(key, previous);
      this.reused++;
      return;
    }
    const unit: UnitRecord = { key, files: [], diagnostics: [] };
    this.#open = unit;
    try {
      emit();
    } finally {
      this.#open = undefined;
    }
    this.#recorded.set(key, unit);
    this.emitted++;
  }

  /** Every unit of the run (reused or emitted), in the order they ran, for the cache record. */
  records(): UnitRecord[] {
    return [...this.#recorded.values()];
  }

  /** The recorded files of a unit, each verified against its stamp; undefined when one is missing or changed. */
  #verify(unit: UnitRecord): Array<[string, VerifiedFile]> | undefined {
    const { prefix, sink, stamps } = this.options;
    const out: Array<[string, VerifiedFile]> = [];
    for (const rel of unit.files) {
      const stamp = stamps?.get(rel);
      const file = stamp && rel.startsWith(prefix) ? sink.verify(rel, stamp) : undefined;
      if (!file) return undefined;
      out.push([rel, file]);
    }
    return out;
  }
}

/**
 * The key of an emit unit: sha256 (hex) over the run key, the run's facts, the plugin, the unit's name and
 * its scope's slice of the model (see {@link UnitScope}). The contract's path is left out (of the run key,
 * the run's facts and the model's meta): the same contract under another name keeps its units.
 * @param model the run's final model
 * @param runKey `RunKey.emitKey`
 * @param run the run's facts
 * @param plugin the plugin's name
 * @param name the unit's name
 * @param scope a resource, or `'model'`
 * @returns 64 hex digits
 */
export function unitKey(model: ApiModel, runKey: string, run: RunInfo, plugin: string, name: string, scope: UnitScope): string {
  // One-shot hashes of the joined texts (the same digests as incremental ones, without a Hash object per call).
  return sha256(`${JSON.stringify([runKey, { ...run, input: undefined }, plugin, name])}\n${scope === 'model' ? modelStructure(model) : resourceSlice(model, scope)}`);
}

/**
 * sha256 (hex) of a resource's slice of the model: the model's structure, the resource, and its operations'
 * `summary` and `description`. Computed once per model and resource (each plugin's unit of the resource shares it).
 */
function resourceSlice(model: ApiModel, resource: ResourceNode): string {
  const slices = memoOnModel(model, 'core.emitUnits.slices', () => new Map<ResourceNode, string>());
  let digest = slices.get(resource);
  if (digest === undefined) {
    const parts = [modelStructure(model), nodeDigest(resource, () => JSON.stringify(resource))];
    const byKey = operationIndex(model);
    for (const o of resource.operations) {
      const node = byKey.get(o.operationKey);
      parts.push(JSON.stringify([o.operationKey, node?.summary ?? null, node?.description ?? null]));
    }
    digest = sha256(parts.join('\n'));
    slices.set(resource, digest);
  }
  return digest;
}

/**
 * sha256 (hex) of the model's structure: its meta (without the contract's path), date mode, named schemas
 * and resources, and every operation without its `summary` and `description`. Computed once per model, from
 * one digest per schema and per operation, so the model's JSON (about 15 MB on GitHub's contract) is never
 * one string.
 */
function modelStructure(model: ApiModel): string {
  return memoOnModel(model, 'core.emitUnits.structure', () => {
    const parts = [JSON.stringify([{ ...model.meta, sourceFile: undefined }, model.dates ?? null])];
    for (const s of model.schemas) parts.push('\ns', nodeDigest(s, () => JSON.stringify(s)));
    for (const r of model.resources) parts.push('\nr', nodeDigest(r, () => JSON.stringify(r)));
    for (const o of model.operations) parts.push('\no', nodeDigest(o, () => JSON.stringify(withoutProse(o))));
    return sha256(parts.join(''));
  });
}

/**
 * Digests of model nodes by node object. A model is read-only once built, and `generate --watch` reuses the
 * unchanged schemas and operations of its last model and, after a prose edit, its resources (see `ModelReuse`),
 * so their digests are not computed again; a resource's digest also serves both the model's structure and its slice.
 * Held weakly: a node's digest goes with the node.
 */
const nodeDigests = new WeakMap<object, string>();

/** sha256 (hex) of `text()`, the JSON of a node, memoized by node. */
function nodeDigest(node: object, text: () => string): string {
  let digest = nodeDigests.get(node);
  if (digest === undefined) {
    digest = sha256(text());
    nodeDigests.set(node, digest);
  }
  return digest;
}

/** An operation without its `summary` and `description` (left out of the model's structure). */
function withoutProse(op: OperationNode): Omit<OperationNode, 'summary' | 'description'> {
  const { summary: _summary, description: _description, ...rest } = op;
  return rest;
}
