// The opt-in formatter step: the generated files formatted, before `generate` writes them and before `check`
// compares them, by the formatter the project installed (never one of reslayer's own), with the project's config.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GeneratorError } from '@reslayer/core';
import type { FormatterName, ResolvedConfig } from '@reslayer/core/host';

/** Formats one file's text; `undefined` leaves it as it is (a file the formatter ignores or has no parser for). */
type FormatOne = (text: string, file: string) => Promise<string | undefined>;

/** How many files are formatted at once. */
const CONCURRENCY = 4;

/** The package each formatter is resolved as, and how the install hint names it. */
const PACKAGES: Record<FormatterName, { resolve: string; install: string }> = {
  prettier: { resolve: 'prettier', install: 'prettier' },
  biome: { resolve: '@biomejs/biome/package.json', install: '@biomejs/biome' },
};

/**
 * The generated files as the config's formatter writes them, or the files themselves when the config sets no
 * `format`. The formatter is resolved from the config file's folder (the working directory without one) and
 * runs with the project's own config: prettier's `resolveConfig` and ignore files for each file's place under the
 * output root; biome's `biome.json` found from the config's folder. A file the formatter ignores or cannot parse
 * by its name (prettier: no inferred parser) is kept as generated.
 * @param config the resolved config (`format`, `configFile`, `outputRoot`)
 * @param files the generated files by root-relative POSIX path
 * @returns the files by the same paths, formatted
 * @throws GeneratorError `RSL_FORMATTER_MISSING` when the formatter cannot be resolved (with an install hint);
 *   `RSL_FORMAT_FAILED` naming the file when the formatter fails on one
 */
export async function formatOutput(config: ResolvedConfig, files: Map<string, string>): Promise<Map<string, string>> {
  if (config.format === undefined) return files;
  const base = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const formatOne = await loadFormatter(config.format, base);
  const entries = [...files];
  const formatted: string[] = new Array<string>(entries.length);
  let next = 0;
  // A few files at a time: biome runs one process per file.
  const worker = async (): Promise<void> => {
    for (let i = next++; i < entries.length; i = next++) {
      const [rel, text] = entries[i] as [string, string];
      const file = path.join(config.outputRoot, ...rel.split('/'));
      try {
        formatted[i] = (await formatOne(text, file)) ?? text;
      } catch (error) {
        throw new GeneratorError('RSL_FORMAT_FAILED', `${String(config.format)} failed on ${rel}: ${firstLine(error)}`, { file, cause: error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
  return new Map(entries.map(([rel], i) => [rel, formatted[i] as string]));
}

/** The formatter's entry point resolved from `base`, loaded. */
async function loadFormatter(name: FormatterName, base: string): Promise<FormatOne> {
  const requireFrom = createRequire(path.join(base, 'package.json'));
  let entry: string;
  try {
    entry = requireFrom.resolve(PACKAGES[name].resolve);
  } catch {
    const where = path.join(base, 'node_modules');
    throw new GeneratorError('RSL_FORMATTER_MISSING', `format: '${name}' is set, but ${PACKAGES[name].install} is not installed where ${where} (or a parent folder's) can resolve it`, {
      hint: `Install it in the project: \`npm install --save-dev ${PACKAGES[name].install}\` (or pnpm/yarn add -D), or remove \`format\` from the config.`,
    });
  }
  return name === 'prettier' ? prettierFormatter(entry) : biomeFormatter(path.join(path.dirname(entry), 'bin', 'biome'), base);
}

/** Prettier's API as far as it is used (prettier 3: `format` returns a promise). */
interface Prettier {
  format(text: string, options: Record<string, unknown>): Promise<string> | string;
  resolveConfig(file: string): Promise<Record<string, unknown> | null>;
  getFileInfo(file: string): Promise<{ ignored: boolean; inferredParser: string | null }>;
}

async function prettierFormatter(entry: string): Promise<FormatOne> {
  const loaded = (await import(pathToFileURL(entry).href)) as Prettier & { default?: Prettier };
  const prettier = typeof loaded.format === 'function' ? loaded : (loaded.default as Prettier);
  return async (text, file) => {
    const info = await prettier.getFileInfo(file);
    if (info.ignored || info.inferredParser === null) return undefined;
    const options = (await prettier.resolveConfig(file)) ?? {};
    return prettier.format(text, { ...options, filepath: file });
  };
}

/** Biome's CLI on one file through stdin (`biome format --stdin-file-path`), run from the config's folder. */
function biomeFormatter(bin: string, cwd: string): FormatOne {
  return (text, file) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bin, 'format', `--stdin-file-path=${file}`], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else reject(new Error(Buffer.concat(err).toString('utf8').trim() || `biome exited with code ${String(code)}`));
      });
      child.stdin.end(text);
    });
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((l) => l.trim() !== '')?.trim() ?? message;
}
