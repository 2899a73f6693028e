// The opt-in formatter step: the generated files formatted, before `generate` writes them and before `check`
// compares them, by the formatter the project installed (never one of reslayer's own), with the project's config.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GeneratorError } from '@reslayer/core';
import type { FormatterName, GeneratedFile, ResolvedConfig } from '@reslayer/core/host';
import { rootRelative } from './output/paths.js';

/** Formats the files given (absolute path → text); a file left out of the answer stays as generated. */
type FormatAll = (files: ReadonlyMap<string, string>, root: string) => Promise<Map<string, string>>;

/** How many files prettier formats at once. */
const CONCURRENCY = 4;

/** The package each formatter is resolved as, and how the install hint names it. */
const PACKAGES: Record<FormatterName, { resolve: string; install: string }> = {
  prettier: { resolve: 'prettier', install: 'prettier' },
  biome: { resolve: '@biomejs/biome/package.json', install: '@biomejs/biome' },
};

/** Biome's config file names, nearest first in each folder. */
const BIOME_CONFIGS = ['biome.json', 'biome.jsonc', '.biome.json', '.biome.jsonc'] as const;

/** The config files each formatter reads, looked for in the output root's folders and the config's, up to `/`. */
export const FORMATTER_CONFIG_FILES: Record<FormatterName, readonly string[]> = {
  prettier: ['package.json', '.prettierrc', '.prettierrc.json', '.prettierrc.yaml', '.prettierrc.yml', '.prettierrc.json5', '.prettierrc.js', '.prettierrc.cjs', '.prettierrc.mjs', '.prettierrc.ts', '.prettierrc.cts', '.prettierrc.mts', '.prettierrc.toml', 'prettier.config.js', 'prettier.config.cjs', 'prettier.config.mjs', 'prettier.config.ts', 'prettier.config.cts', 'prettier.config.mts', '.prettierignore', '.gitignore'],
  biome: BIOME_CONFIGS,
};

/**
 * The generated files as the config's formatter writes them, or the files themselves when the config sets no
 * `format`. The formatter is resolved from the config file's folder (the working directory without one) and
 * runs with the project's own config: prettier's `resolveConfig` and ignore files for each file's place under the
 * output root; biome's `biome.json` found from the config's folder. A file the formatter ignores or cannot parse
 * by its name (prettier: no inferred parser) is kept as generated.
 * @param config the resolved config (`format`, `configFile`, `outputRoot`, `srcDir`)
 * @param generated the files a pipeline run generated (core's `RunResult.files`)
 * @returns the files by root-relative POSIX path (see `rootRelative`), formatted
 * @throws GeneratorError `RSL_FORMATTER_MISSING` when the formatter cannot be resolved (with an install hint);
 *   `RSL_FORMAT_FAILED` naming the file when the formatter fails on one
 */
export async function formatOutput(config: ResolvedConfig, generated: readonly GeneratedFile[]): Promise<Map<string, string>> {
  const files = new Map(generated.map((f) => [rootRelative(config, f), f.contents] as const));
  if (config.format === undefined) return files;
  const base = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const formatAll = await loadFormatter(config.format, base);
  const byFile = new Map([...files].map(([rel, text]) => [path.join(config.outputRoot, ...rel.split('/')), text] as const));
  const formatted = await formatAll(byFile, config.outputRoot);
  return new Map([...files].map(([rel, text]) => [rel, formatted.get(path.join(config.outputRoot, ...rel.split('/'))) ?? text]));
}

/** The formatter's entry point resolved from `base`, loaded. */
async function loadFormatter(name: FormatterName, base: string): Promise<FormatAll> {
  const entry = resolveFormatter(name, base);
  if (entry === undefined) {
    const where = path.join(base, 'node_modules');
    throw new GeneratorError('RSL_FORMATTER_MISSING', `format: '${name}' is set, but ${PACKAGES[name].install} is not installed where ${where} (or a parent folder's) can resolve it`, {
      hint: `Install it in the project: \`npm install --save-dev ${PACKAGES[name].install}\` (or pnpm/yarn add -D), or remove \`format\` from the config.`,
    });
  }
  return name === 'prettier' ? prettierFormatter(entry, name) : biomeFormatter(path.join(path.dirname(entry), 'bin', 'biome'), base);
}

/** The formatter's entry point (biome: its package.json) as resolved from `base`, or undefined when it is not installed. */
function resolveFormatter(name: FormatterName, base: string): string | undefined {
  try {
    return createRequire(path.join(base, 'package.json')).resolve(PACKAGES[name].resolve);
  } catch {
    return undefined;
  }
}

/**
 * What the formatter's output depends on besides the generated text, for the no-change cache's key: the version of
 * the installed formatter and the bytes of every formatter config file ({@link FORMATTER_CONFIG_FILES}) in the
 * folders from the output root and from the config's folder up to the file system's root.
 * @param config the resolved config (`format`, `configFile`, `outputRoot`)
 * @returns undefined when the config sets no `format`; else path → sha256 of each config file found, and the
 *   formatter's version under the key `version` (`missing` when it is not installed)
 */
export function formatterIdentity(config: ResolvedConfig): Record<string, string> | undefined {
  if (config.format === undefined) return undefined;
  const base = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const entry = resolveFormatter(config.format, base);
  const pkg = entry === undefined ? undefined : findUp(path.dirname(entry), ['package.json'])[0];
  const id: Record<string, string> = { version: pkg === undefined ? 'missing' : String((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: unknown }).version) };
  for (const file of [...findUp(config.outputRoot, FORMATTER_CONFIG_FILES[config.format]), ...findUp(base, FORMATTER_CONFIG_FILES[config.format])]) {
    id[file] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return id;
}

/** The files of these names in `dir` and every folder above it. */
function findUp(dir: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    for (const name of names) if (statSync(path.join(d, name), { throwIfNoEntry: false })?.isFile()) found.push(path.join(d, name));
    if (path.dirname(d) === d) return found;
  }
}

/** Prettier's API as far as it is used (prettier 3: `format` returns a promise). */
interface Prettier {
  format(text: string, options: Record<string, unknown>): Promise<string> | string;
  resolveConfig(file: string): Promise<Record<string, unknown> | null>;
  getFileInfo(file: string): Promise<{ ignored: boolean; inferredParser: string | null }>;
}

/** Prettier's API on each file, a few at a time. */
async function prettierFormatter(entry: string, name: FormatterName): Promise<FormatAll> {
  const loaded = (await import(pathToFileURL(entry).href)) as Prettier & { default?: Prettier };
  const prettier = typeof loaded.format === 'function' ? loaded : (loaded.default as Prettier);
  return async (files, root) => {
    const entries = [...files];
    const out = new Map<string, string>();
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < entries.length; i = next++) {
        const [file, text] = entries[i] as [string, string];
        try {
          const info = await prettier.getFileInfo(file);
          if (info.ignored || info.inferredParser === null) continue;
          const options = (await prettier.resolveConfig(file)) ?? {};
          out.set(file, await prettier.format(text, { ...options, filepath: file }));
        } catch (error) {
          throw failed(name, root, file, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
    return out;
  };
}

/**
 * Biome's CLI once over the whole output (`biome format --write`): the files are written to a temporary folder
 * under the same paths relative to the nearest biome config (copied beside them; the config's folder when there is
 * none), so its `files.includes` and `overrides` match as in the project, formatted there, read back and removed.
 */
function biomeFormatter(bin: string, base: string): FormatAll {
  return async (files, root) => {
    const configFile = findUp(base, BIOME_CONFIGS)[0];
    const home = configFile === undefined ? base : path.dirname(configFile);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'reslayer-biome-'));
    try {
      // Without a config of the project's, an empty one: biome's defaults, and no search above the temporary folder.
      if (configFile !== undefined) copyFileSync(configFile, path.join(tmp, path.basename(configFile)));
      else writeFileSync(path.join(tmp, 'biome.json'), '{}\n');
      // A root outside the config's folder is staged under its own name, away from the config's `includes`.
      const under = (file: string) => (isInside(home, file) ? path.relative(home, file) : path.join('.reslayer-outside', path.relative(root, file)));
      const staged = new Map([...files.keys()].map((file) => [file, path.join(tmp, under(file))] as const));
      for (const [file, at] of staged) {
        mkdirSync(path.dirname(at), { recursive: true });
        writeFileSync(at, files.get(file) as string);
      }
      const args = [bin, 'format', '--write', '--no-errors-on-unmatched', '--max-diagnostics=5', `--config-path=${tmp}`, tmp];
      const run = spawnSync(process.execPath, args, { cwd: tmp, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (run.status !== 0) {
        const message = `${run.stderr}\n${run.stdout}`.replaceAll(tmp + path.sep, '') || `biome exited with code ${String(run.status)}`;
        const rel = [...staged.values()].map((at) => path.relative(tmp, at)).find((r) => message.includes(r));
        const file = [...staged].find(([, at]) => rel !== undefined && at === path.join(tmp, rel))?.[0] ?? root;
        throw failed('biome', root, file, new Error(message.trim()));
      }
      return new Map([...staged].map(([file, at]) => [file, readFileSync(at, 'utf8')] as const));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  };
}

/** `RSL_FORMAT_FAILED` naming the file the formatter failed on. */
function failed(name: FormatterName, root: string, file: string, error: unknown): GeneratorError {
  const rel = path.relative(root, file).split(path.sep).join('/') || '.';
  return new GeneratorError('RSL_FORMAT_FAILED', `${name} failed on ${rel}: ${firstLine(error)}`, { file, cause: error });
}

/** Whether `file` is `dir` or below it. */
function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((l) => l.trim() !== '')?.trim() ?? message;
}
