import type { CommandModule } from 'yargs';
import { type Done, inputOptions, pickInput } from './shared.js';

/**
 * `reslayer inspect`: prints the detected resources (detection records) and totals.
 * @param done receives the exit code
 */
export function inspectCommand(done: Done): CommandModule {
  return {
    command: 'inspect [contract]',
    describe: 'Print the detected resources of a contract',
    builder: (y) =>
      inputOptions(y)
        .example('$0 inspect --config examples/public-crm/generator.config.ts', 'Inspect with a config file')
        .example('$0 inspect ./openapi.yaml --json', 'Detection records as JSON'),
    handler: async (argv) => {
      const { runInspect } = await import('../runners/inspect.js');
      done(await runInspect(pickInput(argv)));
    },
  };
}
