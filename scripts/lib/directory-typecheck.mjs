// The type-check of `pnpm corpus:directory --tsc`: generated outputs under TypeScript 5.9 and 7 (strict,
// noUncheckedIndexedAccess, exactOptionalPropertyTypes: scripts/lib/typecheck.mjs) and the types that collapsed
// to `never` (scripts/lib/neverTypes.mjs, in a child process). Several contracts' outputs are checked in one
// program per compiler, which pays the compilers' start and the DOM library once for all of them: each output
// is a folder `<name>/src/` of ES modules (the repository's package.json says "type": "module", so NodeNext reads
// every file as a module), imports only its own files and installed packages, and declares nothing global (the
// caller checks an output that does on its own), so no output can change how another one checks. Every error
// line and finding names its file, and so its contract; a line that names none fails the whole batch, which the
// caller then checks one contract at a time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedTsconfig, runTsc, TSC_59, TSC_7, writeTsconfig } from './typecheck.mjs';

const NEVER_TYPES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'neverTypes.mjs');

/** `src/x.ts(3,5): error TS2554: …` → `TS2554`. */
const codeOf = (line) => /error (TS\d+)/.exec(line)?.[1] ?? 'other';

/**
 * Type-checks the outputs in the folders `<base>/<name>/src/` together.
 * @param {string} base folder holding the outputs (inside the repository, so `@tanstack/*`, msw and
 *   `@reslayer/runtime` resolve from its node_modules)
 * @param {string[]} names the outputs' folder names (no slashes)
 * @param {string} [tag] distinguishes this batch's tsconfig from others' in `base`
 * @returns {Map<string, { tsc59: number, tsc7: number, collapsed: number, codes: Record<string, number>, first: string[] }> | undefined}
 *   per name: error counts per compiler, collapsed types (-1: the check did not run to its end), `never`s the contract
 *   forces (`forced`: array items that only an empty array fits, not counted as collapsed), error codes of
 *   both compilers counted once per line, and the first errors (clipped, paths from `src/`); undefined when an
 *   error line or the `never` check could not be tied to one output
 */
export function typecheckBatch(base, names, tag = names[0]) {
  const include = names.map((n) => `${n}/src/**/*.ts`);
  const tsconfig = writeTsconfig(path.join(base, `tsconfig.${tag}.json`), generatedTsconfig({ include }));
  const runs = [TSC_59, TSC_7].map((compiler) => runTsc(compiler, tsconfig, { timeoutMs: 1_800_000 }).errors);
  const never = spawnSync(process.execPath, ['--max-old-space-size=8192', NEVER_TYPES, base, ...include.flatMap((g) => ['--include', g])], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let findings;
  try {
    findings = JSON.parse(never.stdout).findings;
  } catch {
    findings = undefined;
  }
  if (findings === undefined && names.length > 1) return undefined;
  const results = new Map(names.map((n) => [n, { tsc59: 0, tsc7: 0, collapsed: findings === undefined ? -1 : 0, forced: 0, codes: {}, first: [] }]));
  const owner = (file) => results.get(file.replace(/\\/g, '/').split('/')[0]);
  for (const [i, lines] of runs.entries()) {
    for (const line of lines) {
      const named = owner(line);
      const r = named ?? (names.length === 1 ? results.get(names[0]) : undefined);
      if (!r) return undefined;
      r[i === 0 ? 'tsc59' : 'tsc7']++;
      r.codes[codeOf(line)] = (r.codes[codeOf(line)] ?? 0) + 1;
      if (r.first.length < 3) r.first.push((named ? line.replace(/^[^/\\]+[/\\]/, '') : line).slice(0, 300));
    }
  }
  for (const f of findings ?? []) {
    const r = owner(f.file);
    if (!r) return undefined;
    if (f.contract) r.forced++;
    else r.collapsed++;
  }
  return results;
}
