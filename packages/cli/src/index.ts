// Entry of the `reslayer` CLI. First it checks the Node.js version (nodeVersion.ts: exit 2 below 22.12, before
// anything heavy is loaded). Then, before anything else is loaded, it turns on Node's compile cache (V8's code
// cache on disk, in the system's temporary folder unless NODE_COMPILE_CACHE names another;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later runs skip compiling the CLI's modules: about 15 ms of a
// no-change `generate` on GitHub's contract, a twentieth of it. Where Node has synchronous module hooks
// (`module.registerHooks`, Node 22.15 and later), imports of `string-width` get the lazy one of
// lazyStringWidth.ts, which loads the real module only for text that is not printable ASCII. Then it runs the
// CLI (main.ts).
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
  const lazyWidth = new URL('./lazyStringWidth.js', import.meta.url).href;
  module.registerHooks?.({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (specifier !== 'string-width' || context.parentURL?.startsWith(lazyWidth)) return resolved;
      return { ...resolved, url: `${lazyWidth}?real=${encodeURIComponent(resolved.url)}`, shortCircuit: true };
    },
  });
  ignoreClosedReader(process.stdout);
  ignoreClosedReader(process.stderr);
  await import('./main.js');
}
