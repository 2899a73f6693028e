import { existsSync, readFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GeneratorError, RUNTIME_MODULE_RULE } from '@reslayer/core';
import { type ResolvedConfig, typeScriptModuleLoader } from '@reslayer/core/host';
import { readManifest } from '@reslayer/engine';
import { PLUGIN_MOCKS, mocksNaming } from '@reslayer/plugin-mocks';
import { displayPath } from '../format/resolveCliConfig.js';
import type { GetResponse } from './mockServer.js';

/** The generated mocks of an output root, loaded and ready to serve. */
export interface LoadedMocks {
  /** The folder the mocks were loaded from (absolute). */
  dir: string;
  /** The resources served, by name. */
  resources: string[];
  /** Every resource's handlers, the most precise path first. */
  handlers: unknown[];
  /** Restores every resource's store to its fixtures. */
  reset: () => void;
  /** MSW's `getResponse`, from the msw the runtime imports. */
  getResponse: GetResponse;
}

/** Options of the handler factories (`create<Resource>Handlers`) and where the mocks are. */
export interface FactoryOptions {
  /** The scenario (`success`, `empty`, `error`, `slow`). */
  scenario: string;
  /** The output root to load the mocks from, when not the config's (`mock --seed` generates them anew elsewhere). */
  outputRoot?: string | undefined;
}

/** A module that defines a resource's handlers: `export const { …, createHandlers: createContactsHandlers } = mockResource<…>(`. */
const DEFINES_HANDLERS = /=\s*mockResource\s*[<(]/;
/** A generated file in a `mocks` folder, or a layout's `mocks.ts` (the single-file layout joins every resource's mocks there). */
const MOCKS_PATH = /(^|\/)mocks(\/|\.ts$)/;

/**
 * The generated modules that define mock handlers, in any `output.layout`: the files the output root's manifest lists
 * under a `mocks` folder (or named `mocks.ts`) that call the runtime's `mockResource`, sorted by path.
 * @param root the output root (absolute)
 * @returns absolute paths; none when the root has no manifest or no mocks
 */
function handlerModules(root: string): string[] {
  const defines = (file: string): boolean => {
    try {
      return DEFINES_HANDLERS.test(readFileSync(file, 'utf8'));
    } catch {
      return false; // listed but gone: not served
    }
  };
  return readManifest(root)
    .files.filter((f) => f.endsWith('.ts') && MOCKS_PATH.test(f))
    .sort()
    .map((f) => path.join(root, f))
    .filter(defines);
}

/** The folder that holds every one of the files (their longest common ancestor). */
function commonDir(files: readonly string[]): string {
  return files.map(path.dirname).reduce((a, b) => {
    while (a !== b && !`${b}${path.sep}`.startsWith(`${a}${path.sep}`)) a = path.dirname(a);
    return a;
  });
}

/**
 * Resolves a module from the project first (the output root's folder), else from the CLI's own dependencies.
 * @returns the absolute file, or undefined when neither has it
 */
function resolveFrom(specifier: string, fromFile: string, fallback: string): string | undefined {
  for (const [base, spec] of [[fromFile, specifier], [import.meta.url, fallback]] as const) {
    try {
      return createRequire(base).resolve(spec);
    } catch {
      // try the next place
    }
  }
  return undefined;
}

/** The runtime's mocks module and the msw it imports, as files, for the loader's aliases. */
function runtimeFiles(config: ResolvedConfig): { spec: string; runtime: string; msw: string } {
  const plugin = config.plugins.find((p) => p.name === PLUGIN_MOCKS) as { options?: { runtimeModule?: string } } | undefined;
  const spec = mocksNaming.supportModule(plugin?.options?.runtimeModule ?? RUNTIME_MODULE_RULE.default);
  const runtime = resolveFrom(spec, path.join(config.outputRoot, 'index.js'), '@reslayer/runtime/mocks');
  if (!runtime) throw new GeneratorError('RSL_CONFIG_INVALID', `cannot find ${spec}, which the generated mocks import`, { hint: 'Install the runtime in the project (npm i @reslayer/runtime).' });
  const msw = resolveFrom('msw', runtime, 'msw');
  if (!msw) throw new GeneratorError('RSL_CONFIG_INVALID', 'cannot find msw, which the generated mocks need', { hint: 'Install msw 3 in the project (npm i -D msw).' });
  return { spec, runtime, msw };
}

/** Module specifiers already redirected by {@link nativeLoader}'s hook (the hook is registered once per process). */
const aliases = new Map<string, string>();

/**
 * Node's own loader of TypeScript (type stripping, Node 22.18+ / 23.6+), with a resolve hook (`module.registerHooks`)
 * that maps the generated imports' `./x.js` to `./x.ts` and the aliased modules to their files. It is much faster
 * than a transpiler on large outputs (GitHub's contract: 11 MB of mocks). Undefined when this Node has neither.
 */
function nativeLoader(alias: Readonly<Record<string, string>>): ((file: string) => Promise<unknown>) | undefined {
  const register = (module as { registerHooks?: typeof module.registerHooks }).registerHooks;
  if (!process.features.typescript || !register) return undefined;
  if (aliases.size === 0) {
    register({
      resolve(specifier, context, next) {
        const target = aliases.get(specifier);
        if (target) return next(pathToFileURL(target).href, context);
        if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
          const url = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
          if (existsSync(fileURLToPath(url))) return { url: url.href, format: 'module-typescript', shortCircuit: true };
        }
        return next(specifier, context);
      },
    });
  }
  for (const [name, file] of Object.entries(alias)) aliases.set(name, file);
  return (file) => import(pathToFileURL(file).href);
}

/** Sort rank of a path segment: a literal before a parameter before a wildcard. */
const segmentRank = (s: string): number => (s.startsWith(':') ? 1 : s.includes('*') ? 2 : 0);

/**
 * Orders handlers the most precise path first across resources (`/contacts/archive` before `/contacts/:id`),
 * segment by segment; the order within a resource, already most precise first, is kept for equal paths.
 * @param handlers MSW handlers (their `info.path`, a string path)
 */
export function byPrecision<T>(handlers: readonly T[]): T[] {
  const segments = (h: T) => String((h as { info?: { path?: unknown } }).info?.path ?? '').split('/');
  const compare = (a: T, b: T) => {
    const sa = segments(a);
    const sb = segments(b);
    for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
      const d = segmentRank(sa[i] as string) - segmentRank(sb[i] as string);
      if (d !== 0) return d;
    }
    return 0;
  };
  return [...handlers].sort(compare);
}

/**
 * Loads the mocks `generate` wrote, in any `output.layout` (the modules {@link handlerModules} finds): every
 * `create<Resource>Handlers` and `reset<Resource>Store` they export, through Node's own type stripping where it has
 * it, else the TypeScript loader configs use (jiti), with the runtime's mocks module taken from the project or,
 * failing that, from the CLI's own dependencies.
 * @param config the resolved config
 * @param options the scenario for the handler factories (the base URL is always `*`: any origin and base path), and
 *   the output root to load from when not the config's (the runtime is still found from the config's)
 * @throws GeneratorError `RSL_OUTPUT_MISSING` when there are no generated mocks ("run `reslayer generate` first"),
 *   `RSL_CONFIG_INVALID` when the config has no plugin-mocks, or the runtime or msw is missing
 */
export async function loadMocks(config: ResolvedConfig, options: FactoryOptions): Promise<LoadedMocks> {
  if (!config.plugins.some((p) => p.name === PLUGIN_MOCKS)) {
    throw new GeneratorError('RSL_CONFIG_INVALID', 'the config has no pluginMocks(), so there are no mocks to serve', { hint: 'Add pluginMocks() to the plugins of the config, then run `reslayer generate`.' });
  }
  const root = options.outputRoot ?? config.outputRoot;
  const modules = handlerModules(root);
  if (modules.length === 0) {
    throw new GeneratorError('RSL_OUTPUT_MISSING', `there are no generated mocks in ${displayPath(root, process.cwd())}: run \`reslayer generate\` first`, {
      hint: 'Run `reslayer generate` with the same config (or contract and --output) first, then `reslayer mock` again.',
    });
  }
  const files = runtimeFiles(config);
  const alias = { [files.spec]: files.runtime, msw: files.msw };
  const load = nativeLoader(alias) ?? (await typeScriptModuleLoader(alias));
  const msw = (await load(files.msw)) as { getResponse: GetResponse };
  const factory = { baseUrl: '*', scenario: options.scenario };
  const handlers: unknown[] = [];
  const resets: Array<() => unknown> = [];
  const resources: string[] = [];
  for (const file of modules) {
    const module = (await load(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (typeof value !== 'function') continue;
      const resource = /^create(\w+)Handlers$/.exec(name)?.[1];
      if (resource) {
        handlers.push(...((value as (o: typeof factory) => unknown[])(factory)));
        resources.push(`${resource.charAt(0).toLowerCase()}${resource.slice(1)}`);
      } else if (/^reset\w+Store$/.test(name)) resets.push(value as () => unknown);
    }
  }
  return { dir: commonDir(modules), resources: resources.sort(), handlers: byPrecision(handlers), reset: () => resets.forEach((r) => r()), getResponse: msw.getResponse };
}
