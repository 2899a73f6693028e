import type { CommandModule } from 'yargs';
import { type Done, inputOptions, pickInput } from './shared.js';

/**
 * `reslayer lint`: runs the pipeline in memory (writing nothing) and prints the diagnostics of every phase.
 * @param done receives the exit code
 */
export function lintCommand(done: Done): CommandModule {
  return {
    command: 'lint [contract]',
    describe: 'Print the diagnostics of a contract (exit 1 on errors)',
    builder: (y) =>
      inputOptions(y)
        .option('strict', { type: 'boolean', default: false, describe: 'Treat warnings as failures' })
        .option('all', { type: 'boolean', default: false, describe: 'List every finding (by default the first three of each code)' })
        .example('$0 lint --config examples/public-crm/generator.config.ts --strict', 'Fail on warnings too')
        .example('$0 lint ./openapi.yaml --json', 'Diagnostics as JSON'),
    handler: async (argv) => {
      const { runLint } = await import('../runners/lint.js');
      done(await runLint({ ...pickInput(argv), strict: argv['strict'] === true, all: argv['all'] === true }));
    },
  };
}
