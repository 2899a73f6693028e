/** A fixture constant of a generated fixtures file. */
export interface FixtureBinding {
  name: string;
  type: string;
  array: boolean;
  /** True when plugin-mocks cast the sample (`as unknown as T`: T has no possible value). */
  cast: boolean;
}
/** One fixture value a schema rejected. */
export interface FixtureFailure {
  fixture: string;
  type: string;
  path: string;
  message: string;
}
/** What {@link checkFixtures} found. */
export interface FixtureCheck {
  checked: number;
  values: number;
  skipped: number;
  casts: number;
  failures: FixtureFailure[];
}
export function fixtureBindings(text: string): FixtureBinding[];
export function typeOrigins(text: string): Map<string, string>;
export function checkFixtures(srcDir: string, load: (file: string) => Promise<Record<string, unknown>>): Promise<FixtureCheck>;
export function transpileTree(dir: string): number;
/** Writes a generator config (.mjs) with the four built-in plugins and plugin-validators, imported from `root`'s built packages, beside the output root as `<output>.generator.config.mjs`; returns its path. */
export function writeValidatorsConfig(root: string, output: string, input: string, library: 'zod' | 'valibot'): string;
