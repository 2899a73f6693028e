import os from 'node:os';
import path from 'node:path';

/**
 * Where the TypeScript config loader (jiti) caches the JavaScript it compiles a `generator.config.ts` to: a
 * folder of the system's temporary folder (like Node's compile cache), never the project's `node_modules/.cache`.
 * Compiling again on every run costs about half a second (the demo's config: 650–1,100 ms without the cache,
 * 80–190 ms with it).
 */
export const CONFIG_CACHE_DIR = path.join(os.tmpdir(), 'reslayer-jiti');

/**
 * The cosmiconfig loader of TypeScript configs (`.ts`, `.mts`): cosmiconfig-typescript-loader, which runs jiti, with
 * jiti's compile cache in {@link CONFIG_CACHE_DIR} and no module cache, so `--watch` sees edits.
 * @returns a cosmiconfig loader resolving to the module's default export (or the module)
 * @throws the loader's `TypeScriptCompileError` when the module fails to load (see {@link describeLoadError})
 */
export async function typeScriptLoader(): Promise<(file: string, content: string) => Promise<unknown>> {
  const { TypeScriptLoader } = await import('cosmiconfig-typescript-loader');
  return TypeScriptLoader({ moduleCache: false, fsCache: CONFIG_CACHE_DIR });
}

/**
 * A loader of TypeScript (and JavaScript) modules outside a config, with the same library and compile cache as
 * {@link typeScriptLoader}: `reslayer mock` loads the generated mocks with it. One loader keeps one module cache,
 * so modules several files import (the runtime, msw, shared fixtures) load once.
 * @param alias module specifiers to load from another path, e.g. `{ '@reslayer/runtime/mocks': '/abs/mocks.js' }`
 * @returns a function from an absolute file path to the module (its default export when it has one)
 * @throws the loader's `TypeScriptCompileError` when a module fails to load (see {@link describeLoadError})
 */
export async function typeScriptModuleLoader(alias: Readonly<Record<string, string>> = {}): Promise<(file: string) => Promise<unknown>> {
  const { TypeScriptLoader } = await import('cosmiconfig-typescript-loader');
  const load = TypeScriptLoader({ moduleCache: true, fsCache: CONFIG_CACHE_DIR, alias: { ...alias } });
  return (file) => load(file, '');
}

/** The prefix cosmiconfig-typescript-loader puts before the message of any error a config module throws. */
const LOADER_PREFIX = /^TypeScriptLoader failed to compile TypeScript:\n/;

/**
 * The error a config module really threw: cosmiconfig-typescript-loader wraps every one in a
 * `TypeScriptCompileError` whose message is a prefix and the original message, and drops its name and code.
 */
function unwrapLoaderError(error: Error & { code?: unknown }): { name: string; message: string; code: unknown } {
  if (!LOADER_PREFIX.test(error.message)) return { name: error.name, message: error.message, code: error.code };
  const message = error.message.replace(LOADER_PREFIX, '');
  // The loader keeps the original stack, whose first line is `<name>: <message>`.
  const name = /^(\w+)(?=: )/.exec(error.stack ?? '')?.[1] ?? 'Error';
  const code = /Cannot find (?:module|package) '/.test(message) ? 'MODULE_NOT_FOUND' : undefined;
  return { name, message, code };
}

/** Why a config module failed to load, in words, and what to do about it. */
export interface LoadErrorDescription {
  /** E.g. `syntax error at generator.config.ts:3:10: Unexpected token`. */
  cause: string;
  hint: string;
}

/**
 * Names the real cause of a config module that failed to load: a syntax error (with its line), a module it
 * imports that is not found, or an error its own code (or a plugin factory it calls) threw.
 * @param error what loading threw
 * @param configPath the config as the user named it, for the hints
 */
export function describeLoadError(error: unknown, configPath: string): LoadErrorDescription {
  const e = unwrapLoaderError(error instanceof Error ? error : new Error(String(error)));
  const parse = /^ParseError: ([^\n]*?)\s*\n\s*(\S+:\d+:\d+)/.exec(e.message);
  if (parse || e.name === 'SyntaxError' || e.name === 'JSONError') {
    const where = parse ? ` at ${path.basename(parse[2] as string)}` : '';
    return { cause: `syntax error${where}: ${parse ? (parse[1] as string) : (e.message.split('\n')[0] ?? '')}`, hint: `Fix the syntax of ${configPath} at the place named; \`reslayer init\` writes a working config to compare with.` };
  }
  if (e.code === 'MODULE_NOT_FOUND' || e.code === 'ERR_MODULE_NOT_FOUND') {
    const name = /Cannot find (?:module|package) '([^']+)'/.exec(e.message)?.[1];
    const bare = name !== undefined && !name.startsWith('.') && !path.isAbsolute(name);
    return {
      cause: `it imports ${name !== undefined ? `'${name}'` : 'a module'}, which is not found`,
      hint: bare ? `Install it in the project (e.g. npm i -D ${name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] as string)}).` : `Check the path of the import in ${configPath}.`,
    };
  }
  return {
    cause: `its code threw ${e.name}: ${e.message.split('\n')[0] ?? ''}`,
    hint: `The error comes from ${configPath} itself or from a plugin factory it calls: check the options it passes.`,
  };
}
