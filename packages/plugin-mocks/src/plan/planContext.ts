import type { ApiModel, NamedSchema, ResourceNode, SchemaNode, SchemaTypeNames } from '@reslayer/core';
import { datedSchemas, getSchemaTypeNames } from '@reslayer/core';
import type { Patterns } from '../values/satisfies.js';
import type { FakedValues } from '../values/fakeString.js';
import type { FixtureDecl, StorePlan } from './mockPlan.js';
import type { ConvertedSchemas } from './requestSchema.js';

/** What every sample of a run shares: the model's schemas and the run's bookkeeping (see `sampleSchema`). */
export interface SampleScope {
  /** Named schemas by key (`ApiModel.schemas`), to follow references. */
  schemas: ReadonlyMap<string, NamedSchema>;
  /** Schema nodes the client types as `unknown` (plugin-client's cut `$ref`s); intersections leave them out. */
  unknownNodes?: ReadonlySet<SchemaNode>;
  /**
   * Receives, for each sampled object or array that stands where the client types it as a named schema's type,
   * that schema's key (see `SharedSamples`). Not recorded when absent.
   */
  origins?: WeakMap<object, string>;
  /** Compiled `pattern`s, filled as samples need them. Compiled on every use when absent. */
  patterns?: Patterns;
  /** With `dates: 'Date'`, the named schemas holding dates (core's `datedSchemas`): samples then hold `DateSample`s. */
  dated?: ReadonlySet<string>;
  /** Receives each sample cut at `MAX_SAMPLE_NODES` (see `sampleLimit.ts`; such a sample is inexact). Not recorded when absent. */
  cut?: WeakSet<object>;
  /** The run's seed of faker's values (the `seed` option); 0 or absent: the schema's place alone seeds them. */
  seed?: number;
  /** The run's values faker already made (see `FakedValues`); every value is made again when absent. */
  faked?: FakedValues;
}

/** A resource's store plan, undefined when it has none, and the fixtures its planning declared (`planStore`). */
export interface PlannedStore {
  readonly store: StorePlan | undefined;
  readonly fixtures: readonly FixtureDecl[];
}

/**
 * The state of planning one model's mocks, created once per run and passed down (no module-level state):
 * the model's naming table, the sampling scope and the printed type texts `sameType` compares.
 */
export interface PlanContext {
  /** The API model being planned. */
  readonly model: ApiModel;
  /** The model's schema naming table (named schemas, cut references, type names). */
  readonly names: SchemaTypeNames;
  /** The sampling scope every sample of the run shares. */
  readonly scope: Required<SampleScope>;
  /** Read-mode type text of a schema node, as plugin-client prints it (filled by `typeText`). */
  readonly typeTexts: WeakMap<SchemaNode, string>;
  /** Store plans and seed fixtures by resource, planned once and kept while the resources that use them are planned (see `storeOf`). */
  readonly stores: Map<ResourceNode, PlannedStore>;
  /** The named schemas converted to JSON Schema for request validation so far (see `requestSchema`). */
  readonly requestSchemas: ConvertedSchemas;
  /**
   * The printed text of each converted named schema as an entry of a handlers file's `definitions`, by schema object:
   * converted once a run, it is printed by many resources' handlers files, always at the same place.
   */
  readonly definitionTexts: WeakMap<object, string>;
}

/**
 * A fresh planning context for a model.
 * @param model the API model
 * @param seed the seed of faker's values (the `seed` option; 0: none)
 * @param faked faker's values already made, which the run reads and adds to (each is a pure function of its key, so
 *   a plugin keeps them from run to run); a new map when absent
 * @returns the context; use one per run (the origins it records belong to that run's samples)
 */
export function createPlanContext(model: ApiModel, seed = 0, faked: FakedValues = new Map()): PlanContext {
  const names = getSchemaTypeNames(model);
  const scope = { schemas: names.byName, unknownNodes: names.cut, origins: new WeakMap(), patterns: new Map(), dated: datedSchemas(model), cut: new WeakSet<object>(), seed, faked };
  return { model, names, scope, typeTexts: new WeakMap(), stores: new Map(), requestSchemas: new Map(), definitionTexts: new WeakMap() };
}
