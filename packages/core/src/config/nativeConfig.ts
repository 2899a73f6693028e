// Node's own TypeScript loading (type stripping, Node 22.18+ / 23.6+) for config files. A run with a
// `generator.config.ts` then loads no transpiler: jiti (through cosmiconfig-typescript-loader) is imported only
// when Node cannot load the config itself (docs/benchmark.md, "Start-up: lazy loading"). Each load is a new
// generation: the config and every relative module it imports, outside node_modules, get a `?reslayer-load=<n>`
// query, so a config loaded again (`generate --watch`) runs its own files again, as jiti without a module cache
// did, while packages load once per process.
import module from 'node:module';
import { pathToFileURL } from 'node:url';

/** The URL query that tags a module with the config load it belongs to. */
const GENERATION = 'reslayer-load';
let hooked = false;
let generation = 0;

/** Registers the resolve hook that carries a load's tag from a module to its relative imports (once per process). */
function tagRelativeImports(): boolean {
  const register = (module as { registerHooks?: typeof module.registerHooks }).registerHooks;
  if (!process.features.typescript || typeof register !== 'function') return false;
  if (hooked) return true;
  try {
    register({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        const parent = context.parentURL;
        if (!specifier.startsWith('.') || parent === undefined || !parent.includes(`${GENERATION}=`)) return resolved;
        if (!resolved.url.startsWith('file:') || resolved.url.includes('/node_modules/')) return resolved;
        const tag = new URL(parent).searchParams.get(GENERATION);
        if (tag === null) return resolved;
        const url = new URL(resolved.url);
        url.searchParams.set(GENERATION, tag);
        return { ...resolved, url: url.href };
      },
    });
  } catch {
    return false; // a host that refuses loader hooks (Jest's sandbox): jiti loads the config
  }
  hooked = true;
  return true;
}

/**
 * A loader of config modules by Node itself, or undefined when this Node cannot load TypeScript
 * (`process.features.typescript`), has no `module.registerHooks`, or refuses loader hooks (Jest's sandbox).
 * @returns a function from an absolute file path to the module's default export (or the module, when it has none),
 *   as cosmiconfig-typescript-loader returns it; it rejects with Node's own error when Node cannot load the file
 *   (TypeScript that type stripping does not take, an import without its extension, CommonJS globals), and the caller
 *   then loads it with jiti
 */
export function nativeConfigLoader(): ((file: string) => Promise<unknown>) | undefined {
  if (!tagRelativeImports()) return undefined;
  return async (file) => {
    const url = pathToFileURL(file);
    url.searchParams.set(GENERATION, String(++generation));
    const loaded = (await import(url.href)) as { default?: unknown };
    return loaded.default || loaded;
  };
}
