// Type-checks generated output with TypeScript 5.9 and 7 under strict, noUncheckedIndexedAccess and
// exactOptionalPropertyTypes. A typed wrapper of scripts/lib/typecheck.mjs, the harness the bench and
// corpus scripts use too: one tsconfig, one way to run tsc, one way to read its output.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPILERS, generatedTsconfig, listedFiles, runTsc, TSC_59, TSC_7, writeTsconfig, type GeneratedTsconfigOptions, type Tsconfig } from '../../scripts/lib/typecheck.mjs';

export {
  COMPILERS,
  errorLines,
  generatedTsconfig,
  listedFiles,
  ROOT,
  runTsc,
  STRICT_OPTIONS,
  STRICTER_OPTIONS,
  TSC_59,
  TSC_7,
  tscArgs,
  writeTsconfig,
  type GeneratedTsconfigOptions,
  type Tsconfig,
  type TscRun,
} from '../../scripts/lib/typecheck.mjs';

/** Label of a compiler in {@link COMPILERS}. */
export type CompilerLabel = keyof typeof COMPILERS;
/** The compilers as `[label, path]` pairs, for `it.each`. */
export const COMPILER_LIST = Object.entries(COMPILERS) as Array<[CompilerLabel, string]>;

/** Include patterns of the client and hooks output only (no config-meta, no mocks). */
export const CLIENT_HOOKS_INCLUDE = ['src/shared/api/generated/**/*.ts', 'src/features/*/api/**/*.ts'];
/** Include pattern of the whole output. */
export const FULL_INCLUDE = ['src/**/*.ts'];

/** One compiler's verdict on a project. */
export interface CompilerCheck {
  /** `error TS…` lines (plus one line for a run that failed without any). */
  errors: string[];
  /** Absolute POSIX paths of every file in the program (from `--listFiles`). */
  listed: string[];
}

/**
 * Writes `<dir>/<tsconfigName>` (and, with `module`, a `{ "type": "module" }` package.json) and checks the
 * project with each compiler, listing its files.
 * @param dir project folder
 * @param options the tsconfig (default: {@link generatedTsconfig} of `tsconfig`), its file name, the compilers
 * @returns each compiler's errors and files, by label
 */
export function typecheckProject(
  dir: string,
  options: { tsconfig?: GeneratedTsconfigOptions; config?: Tsconfig; tsconfigName?: string; compilers?: Partial<typeof COMPILERS>; module?: boolean } = {},
): Record<string, CompilerCheck> {
  const file = writeTsconfig(path.join(dir, options.tsconfigName ?? 'tsconfig.json'), options.config ?? generatedTsconfig(options.tsconfig));
  if (options.module) writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n', 'utf8');
  const out: Record<string, CompilerCheck> = {};
  for (const [label, compiler] of Object.entries(options.compilers ?? COMPILERS)) {
    const run = runTsc(compiler, file, { args: ['--listFiles'] });
    out[label] = { errors: run.errors, listed: listedFiles(run.stdout) };
  }
  return out;
}

/** Errors reported by each compiler, and the files 5.9 checked. */
export interface TypecheckResult {
  tsc59: string[];
  tsc7: string[];
  /** Absolute paths of the project's own files TypeScript 5.9 compiled (from `--listFiles`), sorted. */
  checkedFiles: string[];
}

/**
 * Writes `<outDir>/<tsconfigName>` ({@link generatedTsconfig}: strict, noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, NodeNext, ES2023 + DOM, `types: []`) and runs `tsc -p` with TypeScript 5.9 and 7.
 * @param outDir generated output root (inside the repository, so `@reslayer/runtime` and `msw` resolve)
 * @param options tsconfig file name and include patterns
 * @returns the error lines of each compiler and the files 5.9 checked
 */
export function typecheck(outDir: string, options: { tsconfigName?: string; include?: string[] } = {}): TypecheckResult {
  const checks = typecheckProject(outDir, {
    tsconfig: { include: options.include ?? FULL_INCLUDE },
    ...(options.tsconfigName ? { tsconfigName: options.tsconfigName } : {}),
    compilers: { 'tsc 5.9': TSC_59, 'TypeScript 7': TSC_7 },
  });
  const root = `${path.resolve(outDir).split(path.sep).join('/')}/`;
  const t59 = checks['tsc 5.9'] ?? { errors: ['tsc 5.9 did not run'], listed: [] };
  const t7 = checks['TypeScript 7'] ?? { errors: ['TypeScript 7 did not run'], listed: [] };
  return { tsc59: t59.errors, tsc7: t7.errors, checkedFiles: t59.listed.filter((f) => f.startsWith(root)).sort() };
}
