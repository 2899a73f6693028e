// Runs the built CLI as a child process and generates fixtures into `.fixtures-out/<case>/`.
import { runCli as runShared, type CliRun } from '../utils/cli.js';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { OUT_BASE } from './paths.js';

export type { CliRun } from '../utils/cli.js';

/**
 * Runs the built CLI synchronously (the shared runner of `test/utils/cli.ts`).
 * @param args command-line arguments
 * @param options working directory and timeout
 */
export function runCli(args: readonly string[], options: { cwd?: string; timeoutMs?: number } = {}): CliRun {
  return runShared(args, options);
}

/** The `generate --json` output. */
export interface GenerateJson {
  ok: boolean;
  files: string[];
  created: string[];
  updated: string[];
  unchanged: string[];
  removed: string[];
  diagnostics: Array<{ code: string; severity: string; message: string; location: string; plugin?: string }>;
}

/** One generation of a fixture. */
export interface Generation {
  /** Absolute output root, `.fixtures-out/<case>`. */
  outDir: string;
  run: CliRun;
  /** Parsed stdout, when it was JSON. */
  json: GenerateJson | undefined;
  /** Every file under the output root (absolute, sorted), manifest included. */
  files: string[];
}

/**
 * Absolute output root of a case.
 * @param caseName folder name under `.fixtures-out`
 */
export function outDirOf(caseName: string): string {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(caseName)) throw new Error(`bad case name ${caseName}`);
  return path.join(OUT_BASE, caseName);
}

/**
 * Generates a contract with the CLI (contract mode: the four built-in plugins) into a fresh
 * `.fixtures-out/<case>/`.
 * @param caseName output folder name
 * @param contract absolute path of the contract
 * @param options keep an existing output folder instead of removing it first
 */
export function generate(caseName: string, contract: string, options: { keep?: boolean } = {}): Generation {
  const outDir = outDirOf(caseName);
  if (!options.keep) rmSync(outDir, { recursive: true, force: true });
  const run = runCli(['generate', contract, '--output', outDir, '--json']);
  let json: GenerateJson | undefined;
  try {
    json = JSON.parse(run.stdout) as GenerateJson;
  } catch {
    json = undefined;
  }
  return { outDir, run, json, files: listFiles(outDir) };
}

/**
 * Every file under a folder, recursively, as sorted absolute paths (empty when the folder is missing).
 * Symbolic links are listed, not followed.
 * @param dir folder
 */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p));
    // The no-change cache record is machine-local state (stat stamps), not part of the generated output.
    else if (entry.name !== '.reslayer-cache.json') out.push(p);
  }
  return out.sort();
}

/**
 * A snapshot of a folder tree (folder names; files with size and mtime), to prove a run left it untouched.
 * @param dir folder (may be missing: then the snapshot is `missing`)
 */
export function snapshotTree(dir: string): string {
  if (!existsSync(dir)) return 'missing';
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      const s = statSync(p);
      const rel = path.relative(dir, p);
      // Folders by name only (their mtime changes whenever an entry is added, which the entries themselves show).
      return e.isDirectory() ? [`${rel}/`, ...walk(p)] : [`${rel} ${s.size} ${s.mtimeMs}`];
    });
  return walk(dir).sort().join('\n');
}

/**
 * Operations reachable as client methods: `method: 'X'` + `path: '…'` pairs in the generated `*.client.ts` files.
 * @param files generated files
 * @returns `METHOD path` keys
 */
export function clientOperations(files: readonly string[], read: (file: string) => string): Set<string> {
  const found = new Set<string>();
  const re = /method: '([A-Z]+)',\s*path: ('(?:[^'\\\n]|\\.)*')/g;
  for (const f of files.filter((x) => x.endsWith('.client.ts'))) {
    for (const m of read(f).matchAll(re)) found.add(`${m[1]} ${evalStringLiteral(m[2] ?? "''")}`);
  }
  return found;
}

/**
 * Decodes a single-quoted string literal the generator wrote (escapes `\\`, `\'`, `\n`, `\r`, `\t`, `\uXXXX`).
 * Written out rather than `eval`ed: the literal comes from a hostile contract.
 * @param literal the literal with its quotes
 */
export function evalStringLiteral(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_m, esc: string) => {
    if (esc.startsWith('u') && esc.length === 5) return String.fromCharCode(parseInt(esc.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[esc] ?? esc;
  });
}
