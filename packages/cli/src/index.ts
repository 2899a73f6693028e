// Entry of the `reslayer` CLI. Before anything else is loaded, it turns on Node's compile cache (V8's code
// cache on disk, in the system's temporary folder unless NODE_COMPILE_CACHE names another;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later runs skip compiling the CLI's modules. Then it runs the
// CLI (main.ts).
import module from 'node:module';
import { ignoreClosedReader } from './closedReader.js';

module.enableCompileCache?.();
ignoreClosedReader(process.stdout);
ignoreClosedReader(process.stderr);
await import('./main.js');
