// The one type-check harness for generated output: the tsconfig it is checked with (strict,
// noUncheckedIndexedAccess, exactOptionalPropertyTypes) and the runs of TypeScript 5.9 and 7 over it.
// Used by scripts/bench.mjs and scripts/corpus.mjs directly, and by the tests through test/utils/typecheck.ts.
// Types: typecheck.d.mts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** TypeScript 5.9 (the repository's compiler). */
export const TSC_59 = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** TypeScript 7 (installed for the demo). */
export const TSC_7 = path.join(ROOT, 'examples/public-crm/node_modules/typescript-7/bin/tsc');
/** The compilers generated output must satisfy, by label. */
export const COMPILERS = Object.freeze({ 'tsc 5.9': TSC_59, 'TypeScript 7': TSC_7 });

/** The strict settings every check of generated output uses. */
export const STRICT_OPTIONS = Object.freeze({ strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true });
/** Stricter still, as an application may set them (the plugin type-check tests use these too). */
export const STRICTER_OPTIONS = Object.freeze({ noUnusedLocals: true, noImplicitReturns: true, verbatimModuleSyntax: true });

/**
 * A tsconfig for generated output: ES2022 + DOM, NodeNext (or Bundler) resolution, {@link STRICT_OPTIONS},
 * skipLibCheck, noEmit, `types: []`; `compilerOptions` adds to or overrides that.
 * @param {{ include?: string[], exclude?: string[], resolution?: 'NodeNext' | 'Bundler', compilerOptions?: Record<string, unknown> }} [options]
 */
export function generatedTsconfig({ include = ['src/**/*.ts'], exclude, resolution = 'NodeNext', compilerOptions = {} } = {}) {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      ...(resolution === 'NodeNext' ? { module: 'NodeNext', moduleResolution: 'NodeNext' } : { module: 'ESNext', moduleResolution: 'Bundler' }),
      ...STRICT_OPTIONS,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      ...compilerOptions,
    },
    include,
    ...(exclude ? { exclude } : {}),
  };
}

/**
 * Writes a tsconfig (two-space JSON, final newline), creating its folder.
 * @param {string} file path of the tsconfig
 * @param {object} config its contents, e.g. from {@link generatedTsconfig}
 * @returns {string} the path
 */
export function writeTsconfig(file, config) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/**
 * Arguments of a `tsc -p` run (plain output, so errors come one per line).
 * @param {string} tsconfig path of the tsconfig
 * @param {string[]} [extra] more arguments, e.g. `--listFiles`
 */
export function tscArgs(tsconfig, extra = []) {
  return ['-p', tsconfig, '--pretty', 'false', ...extra];
}

/**
 * The `error TS…` lines of a tsc output.
 * @param {string} output stdout (and stderr)
 */
export function errorLines(output) {
  return output.split(/\r?\n/).filter((l) => /error TS\d+/.test(l));
}

/**
 * Runs one compiler on a tsconfig.
 * @param {string} compiler path of a `tsc` entry (e.g. {@link TSC_59})
 * @param {string} tsconfig path of the tsconfig
 * @param {{ args?: string[], cwd?: string, timeoutMs?: number }} [options]
 * @returns {{ status: number | null, timedOut: boolean, stdout: string, stderr: string, errors: string[] }} `errors`: the
 *   `error TS…` lines, plus one line for a run that failed without any (missing compiler, crash, timeout)
 */
export function runTsc(compiler, tsconfig, { args = [], cwd = path.dirname(tsconfig), timeoutMs = 180_000 } = {}) {
  if (!existsSync(compiler)) return { status: null, timedOut: false, stdout: '', stderr: '', errors: [`compiler missing: ${compiler}`] };
  const r = spawnSync(process.execPath, [compiler, ...tscArgs(tsconfig, args)], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs });
  const stdout = r.stdout ?? '';
  const stderr = r.stderr ?? '';
  const timedOut = r.error?.code === 'ETIMEDOUT';
  const errors = errorLines(stdout);
  if (errors.length === 0 && r.status !== 0) {
    errors.push(`${timedOut ? `timed out after ${timeoutMs} ms` : `exit ${r.status} ${r.signal ?? ''}`.trim()}: ${stdout.slice(0, 500)} ${stderr.slice(0, 500)}`.trim());
  }
  return { status: r.status, timedOut, stdout, stderr, errors };
}

/**
 * The files a `--listFiles` / `--listFilesOnly` run printed, as absolute POSIX paths.
 * @param {string} stdout the run's output
 */
export function listedFiles(stdout) {
  return stdout
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/error TS\d+/.test(l) && path.isAbsolute(l))
    .map((l) => path.resolve(l).split(path.sep).join('/'));
}
