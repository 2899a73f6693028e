// Types of directory-typecheck.mjs (the type-check of `pnpm corpus:directory --tsc`).

/** One output's type-check figures. */
export interface OutputTypecheck {
  /** `error TS…` lines of TypeScript 5.9. */
  tsc59: number;
  /** `error TS…` lines of TypeScript 7. */
  tsc7: number;
  /** Types collapsed to `never`; -1 when that check did not run to its end. */
  collapsed: number;
  /** Error lines of both compilers per code (`TS2322`). */
  codes: Record<string, number>;
  /** The first error lines (clipped), paths from `src/`. */
  first: string[];
}

/** Type-checks the outputs `<base>/<name>/src/` together; undefined when a finding could not be tied to one output. */
export declare function typecheckBatch(base: string, names: string[], tag?: string): Map<string, OutputTypecheck> | undefined;
