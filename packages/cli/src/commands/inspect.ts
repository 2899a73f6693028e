import type { CommandModule } from 'yargs';
import { type Done, inputOptions, pickInput } from './shared.js';

/**
 * `reslayer inspect`: prints a summary of the detected resources and the totals; `--operations` adds every
 * operation with its method name, role and why.
 * @param done receives the exit code
 */
export function inspectCommand(done: Done): CommandModule {
  return {
    command: 'inspect [contract]',
    describe: 'Print the detected resources of a contract',
    builder: (y) =>
      inputOptions(y)
        .option('operations', { type: 'boolean', default: false, describe: 'Also list every operation with its method name, role and why detection gave it (--json always has them)' })
        .example('$0 inspect --config examples/public-crm/generator.config.ts', 'Inspect with a config file')
        .example('$0 inspect ./openapi.yaml --operations', 'Every operation, its role and why')
        .example('$0 inspect ./openapi.yaml --json', 'Detection records as JSON'),
    handler: async (argv) => {
      const { runInspect } = await import('../runners/inspect.js');
      done(await runInspect({ ...pickInput(argv), operations: argv['operations'] === true }));
    },
  };
}
