// Types of directory-metrics.mjs (the measures of `pnpm corpus:directory`, docs/corpus.md).

/** A structural CRUD role: plain from the paths alone. */
export type StructuralRole = 'list' | 'read' | 'create' | 'update' | 'delete';

/** One operation whose CRUD role is plain from the paths alone. */
export interface StructuralOperation {
  /** Lower-case HTTP method. */
  method: string;
  /** The path template as the contract writes it. */
  path: string;
  role: StructuralRole;
}

/** What reslayer gave one operation. */
export interface GivenRole {
  role: string;
  name: string;
  resource: string;
  reason: string;
}

/** The operations whose CRUD role is plain from the paths alone (docs/corpus.md, "Role recall"). */
export function structuralCrud(doc: unknown): StructuralOperation[];

/** The role and method name reslayer gave each operation, by `METHOD path`, from `inspect --json`. */
export function rolesByOperation(model: {
  resources: Array<{ resource: string; operations: Array<{ role: string; name: string; operationKey: string; reason?: string }> }>;
}): Map<string, GivenRole>;

/** True when a method name ends in a hash instead of the contract's words. */
export function isHashedName(name: string): boolean;

/** The median (the lower middle for an even count); 0 for an empty list. */
export function median(values: number[]): number;

/** Role recall of one contract: of the structural CRUD operations, how many reslayer gave that role. */
export function roleRecall(
  expected: StructuralOperation[],
  roles: Map<string, GivenRole>,
): { total: number; hit: number; misses: Array<{ method: string; path: string; want: string; got: string; name: string; reason: string }> };

/** Measures read off the generated files of one run (paths relative to the output root). */
export function outputMeasures(files: Array<{ path: string; contents: string }>): { pagedWithoutInfinite: string[]; mutations: number; emptyEffects: string[] };
