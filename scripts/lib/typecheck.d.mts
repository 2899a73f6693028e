// Types of typecheck.mjs (the shared type-check harness of generated output).

/** Repository root. */
export declare const ROOT: string;
/** TypeScript 5.9 (the repository's compiler). */
export declare const TSC_59: string;
/** TypeScript 7 (installed for the demo). */
export declare const TSC_7: string;
/** The compilers generated output must satisfy, by label. */
export declare const COMPILERS: Readonly<{ 'tsc 5.9': string; 'TypeScript 7': string }>;
/** The strict settings every check of generated output uses. */
export declare const STRICT_OPTIONS: Readonly<{ strict: true; noUncheckedIndexedAccess: true; exactOptionalPropertyTypes: true }>;
/** Stricter still, as an application may set them. */
export declare const STRICTER_OPTIONS: Readonly<{ noUnusedLocals: true; noImplicitReturns: true; verbatimModuleSyntax: true }>;

/** A tsconfig as written to disk. */
export interface Tsconfig {
  compilerOptions: Record<string, unknown>;
  include: string[];
  exclude?: string[];
}

/** Options of {@link generatedTsconfig}. */
export interface GeneratedTsconfigOptions {
  /** Include patterns (default `src/**\/*.ts`). */
  include?: string[];
  exclude?: string[];
  /** Module resolution (default NodeNext). */
  resolution?: 'NodeNext' | 'Bundler';
  /** Added to, or overriding, the default compiler options. */
  compilerOptions?: Record<string, unknown>;
}

export declare function generatedTsconfig(options?: GeneratedTsconfigOptions): Tsconfig;
export declare function writeTsconfig(file: string, config: Tsconfig): string;
export declare function tscArgs(tsconfig: string, extra?: readonly string[]): string[];
export declare function errorLines(output: string): string[];

/** One compiler run. */
export interface TscRun {
  /** Exit code; null when the compiler is missing or the run was killed. */
  status: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** `error TS…` lines, plus one line for a run that failed without any. */
  errors: string[];
}

export declare function runTsc(compiler: string, tsconfig: string, options?: { args?: readonly string[]; cwd?: string; timeoutMs?: number }): TscRun;
export declare function listedFiles(stdout: string): string[];
