// Types of neverTypes.mjs (the finder of generated types that collapsed to `never`).
import type { Project } from 'ts-morph';

/** One type that collapsed to `never`. */
export interface NeverFinding {
  /** File, relative to the project's root folder (POSIX). */
  file: string;
  line: number;
  kind: 'type alias' | 'union member' | 'property' | 'array element' | 'type argument';
  /** Where: `Alias`, `Alias.prop.sub`, `Alias | #2` (second union member), `Alias.list[]`. */
  name: string;
  /** The type as written (clipped). */
  text: string;
  /**
   * True for the items of an intersection of arrays (`A[] & B[]`, from `allOf` members) that collapsed: only an empty
   * array fits. The contract's members allow no item (e.g. disjoint enums), so this is the contract's `never`, not an
   * accidental one.
   */
  contract?: true;
}

/** Options of {@link findNeverTypes}. */
export interface NeverTypesOptions {
  /** Only declarations in files under this folder are checked (default: every file of the project that is not a declaration file or in node_modules). */
  root?: string;
  /** Files (absolute paths) left out of the check, e.g. a usage probe. */
  exclude?: (file: string) => boolean;
}

/** Every exported type alias, union member, property (and array element or type argument) whose type is assignable to `never`, in file and line order. */
export declare function findNeverTypes(project: Project, options?: NeverTypesOptions): NeverFinding[];
/** Generated output in one ts-morph project (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext, skipLibCheck). */
export declare function loadGeneratedProject(outDir: string, include?: readonly string[]): Project;
/** The collapsed types of generated output. */
export declare function neverTypesIn(outDir: string, include?: readonly string[], exclude?: (file: string) => boolean): NeverFinding[];
/** One line per finding, for a failure message. */
export declare function formatNeverFindings(findings: readonly NeverFinding[]): string[];
