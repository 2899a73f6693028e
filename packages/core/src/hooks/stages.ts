/**
 * Named tapable `stage` values. Taps with a lower stage run first; equal stages run in plugin
 * apply order (requirements first, then by name), never in the order of the user's `plugins` array.
 */
export const EmitStage = {
  /** Shared types every other emitter may import (components.types.ts). */
  Types: -100,
  /** Clients, operation types and query keys. */
  Client: 0,
  /** Files derived from the client: hooks, mocks, third-party files. */
  Derived: 100,
  /** Files that summarize others: config metadata, index files. */
  Summarize: 1000,
} as const;

/** Stages of the `detect` waterfall. */
export const DetectStage = {
  /** Core's built-in resource detector: always first. */
  Core: -1000,
  /** Plugins that refine the detected resources. */
  Refine: 0,
} as const;
