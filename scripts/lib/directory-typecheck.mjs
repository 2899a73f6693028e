// The type-check of `pnpm corpus:directory --tsc`: one contract's generated output under TypeScript 5.9 and 7
// (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes: scripts/lib/typecheck.mjs) and the types that
// collapsed to `never` (scripts/lib/neverTypes.mjs, in a child process).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedTsconfig, runTsc, TSC_59, TSC_7, writeTsconfig } from './typecheck.mjs';

const NEVER_TYPES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'neverTypes.mjs');

/** `src/x.ts(3,5): error TS2554: …` → `TS2554`. */
const codeOf = (line) => /error (TS\d+)/.exec(line)?.[1] ?? 'other';

/**
 * Type-checks a generated output root (it must lie inside the repository, so `@tanstack/*`, msw and
 * `@reslayer/runtime` resolve from its node_modules).
 * @param {string} outDir the output root (holds `src/`)
 * @returns {{ tsc59: number, tsc7: number, collapsed: number, codes: Record<string, number>, first: string[] }}
 *   error counts per compiler, collapsed types, error codes of both compilers counted once per line, and the
 *   first errors (clipped)
 */
export function typecheckOutput(outDir) {
  const tsconfig = writeTsconfig(path.join(outDir, 'tsconfig.json'), generatedTsconfig());
  const r59 = runTsc(TSC_59, tsconfig, { timeoutMs: 600_000 });
  const r7 = runTsc(TSC_7, tsconfig, { timeoutMs: 600_000 });
  const never = spawnSync(process.execPath, ['--max-old-space-size=8192', NEVER_TYPES, outDir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let collapsed = -1;
  try {
    collapsed = JSON.parse(never.stdout).findings.length;
  } catch {
    // -1: the check did not run to its end
  }
  const codes = {};
  for (const line of [...r59.errors, ...r7.errors]) codes[codeOf(line)] = (codes[codeOf(line)] ?? 0) + 1;
  return { tsc59: r59.errors.length, tsc7: r7.errors.length, collapsed, codes, first: [...r59.errors, ...r7.errors].slice(0, 3).map((l) => l.slice(0, 300)) };
}
