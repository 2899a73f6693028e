// Entry of the `reslayer` CLI. First it checks the Node.js version (nodeVersion.ts: exit 2 below 22.12, before
// anything heavy is loaded). Then, before anything else is loaded, it turns on Node's compile cache (V8's code
// cache on disk, in the system's temporary folder unless NODE_COMPILE_CACHE names another;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later runs skip compiling the CLI's modules. Then it runs the
// CLI (main.ts), or, for `reslayer --version` (or `-v`) alone, prints the version without loading yargs. Before
// main.ts loads yargs, it points yargs' string-width at a lazy one (lazyStringWidth.ts).
import module from 'node:module';
import { ignoreClosedReader } from './closedReader.js';
import { nodeVersionError } from './nodeVersion.js';

const tooOld = nodeVersionError(process.versions.node);
if (tooOld) {
  process.stderr.write(`reslayer: error ${tooOld.code}: ${tooOld.message}\n  hint: ${tooOld.hint}\n`);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ ok: false, error: tooOld }, null, 2)}\n`);
  process.exitCode = 2;
} else {
  module.enableCompileCache?.();
  ignoreClosedReader(process.stdout);
  ignoreClosedReader(process.stderr);
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
    const { CLI_VERSION } = await import('./version.js');
    process.stdout.write(`${CLI_VERSION}\n`);
  } else {
    lazyStringWidthForYargs();
    await import('./main.js');
  }
}

/**
 * Points the `string-width` imports of yargs, cliui and wrap-ansi at lazyStringWidth.ts (see there), when this Node
 * has `module.registerHooks` and loads ES modules with `require`; else they load string-width as usual.
 */
function lazyStringWidthForYargs(): void {
  const register = (module as { registerHooks?: typeof module.registerHooks }).registerHooks;
  if (typeof register !== 'function' || !(process.features as { require_module?: boolean }).require_module) return;
  const shim = new URL('./lazyStringWidth.js', import.meta.url).href;
  register({
    resolve(specifier, context, next) {
      const from = context.parentURL;
      // Imports only: the shim's own `require` of the real string-width passes through.
      const redirect = specifier === 'string-width' && from !== undefined && !context.conditions.includes('require') && /\/node_modules\/(?:yargs|cliui|wrap-ansi)\//.test(from);
      if (!redirect) return next(specifier, context);
      return { url: `${shim}?from=${encodeURIComponent(from)}`, format: 'module', shortCircuit: true };
    },
  });
}
