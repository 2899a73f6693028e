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
 * Loads a TypeScript config module (`.ts`, `.mts`) with jiti and returns its default export (or the module).
 * The compiled code is cached in {@link CONFIG_CACHE_DIR}; the module itself is not cached, so `--watch` sees edits.
 * @param file absolute path of the config file
 * @returns what the module exports by default
 * @throws whatever loading the module throws (see {@link describeLoadError})
 */
export async function loadTypeScriptModule(file: string): Promise<unknown> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { interopDefault: true, moduleCache: false, fsCache: CONFIG_CACHE_DIR });
  return jiti.import(file, { default: true });
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
  const e: Error & { code?: unknown } = error instanceof Error ? error : new Error(String(error));
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
