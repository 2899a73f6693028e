// Type-checks generated output with TypeScript 5.9 and TypeScript 7, the settings of scripts/corpus.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TSC_59, TSC_7 } from './paths.js';

/** Errors reported by each compiler (one entry per `error TS…` line), and the files 5.9 checked. */
export interface TypecheckResult {
  tsc59: string[];
  tsc7: string[];
  /** Absolute paths of the project's own files TypeScript 5.9 compiled (from `--listFiles`), sorted. */
  checkedFiles: string[];
}

/** Include patterns of the client and hooks output only (no config-meta, no mocks). */
export const CLIENT_HOOKS_INCLUDE = ['src/shared/api/generated/**/*.ts', 'src/features/*/api/**/*.ts'];
/** Include pattern of the whole output. */
export const FULL_INCLUDE = ['src/**/*.ts'];

/**
 * Writes `<outDir>/<tsconfigName>` (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, NodeNext,
 * ES2023 + DOM, `types: []`) and runs `tsc -p` with TypeScript 5.9 and 7.
 * @param outDir generated output root (inside the repository, so `@reslayer/runtime` and `msw` resolve)
 * @param options tsconfig file name and include patterns
 * @returns the error lines of each compiler and the files 5.9 checked
 */
export function typecheck(outDir: string, options: { tsconfigName?: string; include?: string[] } = {}): TypecheckResult {
  const tsconfig = path.join(outDir, options.tsconfigName ?? 'tsconfig.json');
  writeFileSync(
    tsconfig,
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: options.include ?? FULL_INCLUDE,
      },
      null,
      2,
    )}\n`,
  );
  const run = (bin: string, extra: string[]): { errors: string[]; stdout: string } => {
    if (!existsSync(bin)) return { errors: [`compiler missing: ${bin}`], stdout: '' };
    const r = spawnSync(process.execPath, [bin, '-p', tsconfig, '--pretty', 'false', ...extra], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 180_000 });
    const stdout = r.stdout ?? '';
    const errors = stdout.split('\n').filter((l) => /error TS\d+/.test(l));
    if (errors.length === 0 && r.status !== 0) errors.push(`exit ${String(r.status)} ${String(r.signal)}: ${stdout.slice(0, 500)} ${(r.stderr ?? '').slice(0, 500)}`);
    return { errors, stdout };
  };
  const t59 = run(TSC_59, ['--listFiles']);
  const t7 = run(TSC_7, []);
  const root = path.resolve(outDir) + path.sep;
  const checkedFiles = t59.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(root))
    .sort();
  return { tsc59: t59.errors, tsc7: t7.errors, checkedFiles };
}
